package defaulttolerationseconds

import "github.com/taints-playground/playground/core"

// PluginName is the admission plugin's name.
const PluginName = "DefaultTolerationSeconds"

// DefaultSeconds is the flags' default.
const DefaultSeconds int64 = 300

// Admit returns the tolerations after the plugin and how many were
// appended (at the end of the list).
func Admit(tols []core.Toleration, notReadySeconds, unreachableSeconds int64) (out []core.Toleration, added int) {
	out = append([]core.Toleration(nil), tols...)
	for _, k := range []struct {
		key  string
		secs int64
	}{{core.TaintNodeNotReady, notReadySeconds}, {core.TaintNodeUnreachable, unreachableSeconds}} {
		if covered(tols, k.key) {
			continue
		}
		s := k.secs
		out = append(out, core.Toleration{Key: k.key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s})
		added++
	}
	return out, added
}

func covered(tols []core.Toleration, key string) bool {
	for _, t := range tols {
		if (t.Key == key || t.Key == "") && (t.Effect == core.TaintEffectNoExecute || t.Effect == "") {
			return true
		}
	}
	return false
}
