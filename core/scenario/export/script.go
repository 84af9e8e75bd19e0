package export

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
)

// Quote returns s as one bash word: unchanged when it holds only
// characters bash never treats specially, otherwise in single quotes with
// every ' written as '\”.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i := 0; i < len(s) && safe; i++ {
		c := s[i]
		safe = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-./:=,@%+", c) >= 0
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

// comment writes text as comment lines.
func comment(b *strings.Builder, text string) {
	text = strings.ReplaceAll(text, "\r", "")
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		l = strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' || r == 0x7f || r == 0x2028 || r == 0x2029 {
				return ' '
			}
			return r
		}, l)
		line := "#"
		for _, w := range strings.Fields(l) {
			if len(line) > 1 && len(line)+1+len(w) > 76 {
				b.WriteString(line + "\n")
				line = "#"
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
}

// nodeSteps are the script of `node NODE STATE`: a comment, the kind
// cluster's docker command ("" where kind's real kubelet reports by
// itself) and the Ready status patched otherwise (KWOK).
var nodeSteps = map[string]struct{ comment, docker, ready string }{
	"stop":        {"# No kubectl equivalent: the kubelet stops posting status. On kind, stop the node's\n# container; on KWOK, mark it Unknown (KWOK's node heartbeat stage, when enabled,\n# posts Ready again: disable it for this node to keep the patch).\n", "stop", "Unknown"},
	"start":       {"# No kubectl equivalent: the kubelet posts Ready=True again.\n", "start", "True"},
	"not-ready":   {"# No kubectl equivalent: the kubelet reports Ready=False (on kind the real kubelet reports its own state).\n", "", "False"},
	"unreachable": {"# No kubectl equivalent: the node stops answering. On kind, stop its container; on KWOK, mark it Unknown.\n", "stop", "Unknown"},
	"ready":       {"# No kubectl equivalent: the kubelet reports Ready=True.\n", "start", "True"},
}

// heredoc writes `kubectl apply -f - <<'DELIM'` with body; the delimiter
// is one no line of the body equals.
func heredoc(b *strings.Builder, body string) {
	body = strings.ReplaceAll(body, "\r", "")
	delim := "PLAYGROUND_EOF"
	lines := map[string]bool{}
	for _, l := range strings.Split(body, "\n") {
		lines[strings.TrimLeft(l, "\t")] = true
	}
	for n := 1; lines[delim]; n++ {
		delim = fmt.Sprintf("PLAYGROUND_EOF_%d", n)
	}
	fmt.Fprintf(b, "kubectl apply -f - <<'%s'\n", delim)
	b.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		b.WriteString("\n")
	}
	b.WriteString(delim + "\n")
}

// Script returns a bash script that replays the scenario on a real cluster.
func Script(s *scenario.Scenario) ([]byte, error) {
	return write(s, func(b *strings.Builder) error { return script(b, s) })
}

func script(b *strings.Builder, s *scenario.Scenario) error {
	b.WriteString("#!/usr/bin/env bash\n")
	comment(b, "Replays the playground scenario "+oneLine(s.Name)+" on a real cluster.")
	if s.Title != "" {
		comment(b, oneLine(s.Title))
	}
	if s.Description != "" {
		b.WriteString("#\n")
		comment(b, s.Description)
	}
	b.WriteString(`#
# CLUSTER=kwok (the default): run against a KWOK cluster (kwokctl create
#   cluster); the Node manifests below are applied and KWOK plays their
#   kubelets: capacity and allocatable come from the manifests, conditions
#   from KWOK's stages and the status patches of this script.
# CLUSTER=kind: run against a kind cluster whose nodes already carry the
#   scenario's node names (a kind config with one node per name, or rename
#   them below); the script labels and taints them instead of creating them.
#   Real kubelets report their own status and conditions.
# Times are the scenario's virtual seconds; controllers on a real cluster
# take their own time (taint eviction, node-monitor-grace-period), so
# compare outcomes, not exact moments.
set -euo pipefail
CLUSTER="${CLUSTER:-kwok}"
case "$CLUSTER" in kwok|kind) ;; *) echo "CLUSTER must be kwok or kind" >&2; exit 2 ;; esac
`)
	if v := s.Options.KubernetesVersion; v.Minor != 0 {
		comment(b, "The scenario simulates Kubernetes "+v.String()+"; use a cluster of that release.")
	}
	if len(s.Options.FeatureGates) > 0 {
		var gates []string
		for _, g := range slices.Sorted(maps.Keys(s.Options.FeatureGates)) {
			gates = append(gates, fmt.Sprintf("%s=%t", g, s.Options.FeatureGates[g]))
		}
		comment(b, "Feature gates the scenario sets (on kube-apiserver and kube-scheduler): "+oneLine(strings.Join(gates, ",")))
	}
	if a := s.Options.Admission; a.PodTolerationRestriction || a.DisableDefaultTolerationSeconds || a.NotReadySeconds != nil || a.UnreachableSeconds != nil {
		nr, un := a.DefaultTolerationSeconds()
		comment(b, fmt.Sprintf("kube-apiserver admission as in the scenario: PodTolerationRestriction %s, DefaultTolerationSeconds %s (--default-not-ready-toleration-seconds=%d --default-unreachable-toleration-seconds=%d).",
			onOff(a.PodTolerationRestriction), onOff(!a.DisableDefaultTolerationSeconds), nr, un))
	}
	if s.Options.Admission.ExtendedResourceToleration {
		comment(b, "The scenario enables the ExtendedResourceToleration admission plugin (kube-apiserver --enable-admission-plugins=ExtendedResourceToleration).")
	}

	b.WriteString("\n# The cluster at t=0.\n")
	all := items(s)
	for _, it := range all {
		if it.kind != "Node" || it.later {
			continue
		}
		if err := nodeBlock(b, it); err != nil {
			return err
		}
	}
	var objs []string
	for _, it := range all {
		if it.kind == "Node" || it.later {
			continue
		}
		y, err := objectYAML(it)
		if err != nil {
			return err
		}
		objs = append(objs, string(y))
	}
	if len(objs) > 0 {
		heredoc(b, strings.Join(objs, "---\n"))
	}

	prev := 0.0
	for i, st := range s.Steps {
		at := st.At.Seconds()
		b.WriteString("\n")
		fmt.Fprintf(b, "# Step %d at t=%ss: %s\n", i+1, seconds(st.At), oneLine(st.Run))
		if st.Caption != "" {
			comment(b, st.Caption)
		}
		if at > prev {
			fmt.Fprintf(b, "sleep %s\n", strings.TrimSuffix(fmt.Sprintf("%.3f", at-prev), ".000"))
			prev = at
		}
		if err := stepBlock(b, s, st); err != nil {
			return err
		}
	}
	if until := s.Until.Seconds(); until > prev {
		fmt.Fprintf(b, "\n# The scenario runs until t=%ss.\nsleep %s\n", seconds(s.Until), strings.TrimSuffix(fmt.Sprintf("%.3f", until-prev), ".000"))
	}
	b.WriteString("\nkubectl get pods -A -o wide\n")
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// nodeBlock creates a node (KWOK) or makes an existing one match (kind).
func nodeBlock(b *strings.Builder, it item) error {
	n, ok := it.obj.(*core.Node)
	if !ok {
		return fmt.Errorf("export: node %s", it.name)
	}
	y, err := objectYAML(it)
	if err != nil {
		return err
	}
	b.WriteString("if [ \"$CLUSTER\" = kwok ]; then\n")
	heredoc(b, string(y))
	b.WriteString("else\n")
	fmt.Fprintf(b, "  kubectl get node %s >/dev/null\n", Quote(n.Name))
	if len(n.Labels) > 0 {
		words := []string{"kubectl", "label", "node", n.Name, "--overwrite"}
		for _, k := range slices.Sorted(maps.Keys(n.Labels)) {
			words = append(words, k+"="+n.Labels[k])
		}
		b.WriteString("  " + quoteAll(words) + "\n")
	}
	for _, t := range n.Spec.Taints {
		b.WriteString("  " + quoteAll([]string{"kubectl", "taint", "node", n.Name, t.ToString(), "--overwrite"}) + "\n")
	}
	if n.Spec.Unschedulable {
		b.WriteString("  " + quoteAll([]string{"kubectl", "cordon", n.Name}) + "\n")
	}
	b.WriteString("fi\n")
	return nil
}

// conditionPatch is the kubectl command that sets a node condition through
// the status subresource (strategic merge: conditions merge by type).
func conditionPatch(node, typ, status string) string {
	patch, err := json.Marshal(map[string]any{"status": map[string]any{"conditions": []map[string]string{{"type": typ, "status": status, "reason": "PlaygroundScript"}}}})
	if err != nil {
		patch = []byte("{}")
	}
	return quoteAll([]string{"kubectl", "patch", "node", node, "--subresource=status", "--type=strategic", "-p", string(patch)})
}

// stepBlock writes the commands of one step, each word quoted for bash.
// A kubectl patch is split as the step runner splits it (its JSON patch
// in single quotes is one word); other commands at blanks.
func stepBlock(b *strings.Builder, s *scenario.Scenario, st scenario.Step) error {
	f := strings.Fields(st.Run)
	if len(f) > 1 && f[0] == "kubectl" && f[1] == "patch" {
		if words, err := kubectl.Split(st.Run); err == nil {
			f = words
		}
	}
	if len(f) == 0 {
		return nil
	}
	switch {
	case scenario.IsApply(st.Run):
		heredoc(b, st.Manifest)
		return nil
	case f[0] == "kubectl":
		b.WriteString(quoteAll(f) + "\n")
		return nil
	case f[0] == "wait":
		// The simulation only shows a frame that much later; the final
		// sleep covers it, and later steps keep their own times.
		b.WriteString("# Nothing to run: the simulation shows the cluster again after this wait.\n")
		return nil
	}
	if name, ok := scenario.CreatePodName(st.Run); ok {
		for _, it := range items(s) {
			if it.kind == "Pod" && it.name == name && it.namespace == scenario.DefaultNamespace {
				y, err := objectYAML(it)
				if err != nil {
					return err
				}
				heredoc(b, string(y))
			}
		}
		return nil
	}
	if name, ok := scenario.CreateNodeName(st.Run); ok {
		for _, it := range items(s) {
			if it.kind == "Node" && it.name == name {
				b.WriteString("# On kind a node joins by starting its container (docker start NAME) or kind's node tooling; on KWOK it is applied.\n")
				if err := nodeBlock(b, it); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if len(f) == 2 && f[0] == "restart" && f[1] == "kube-controller-manager" {
		b.WriteString("# No kubectl equivalent: stop the kube-controller-manager container and its kubelet starts it again\n# (on kind: docker exec kind-control-plane sh -c 'crictl stop $(crictl ps -q --name kube-controller-manager)').\n")
		return nil
	}
	if f[0] == "node" && len(f) >= 3 {
		node := f[1]
		q := Quote(node)
		if ns, ok := nodeSteps[f[2]]; ok {
			b.WriteString(ns.comment)
			patch := conditionPatch(node, "Ready", ns.ready)
			if ns.docker == "" {
				b.WriteString(patch + "\n")
			} else {
				fmt.Fprintf(b, "if [ \"$CLUSTER\" = kind ]; then docker %s %s; else %s; fi\n", ns.docker, q, patch)
			}
			return nil
		}
		switch f[2] {
		case "condition":
			if len(f) == 4 {
				typ, status, _ := strings.Cut(f[3], "=")
				b.WriteString("# No kubectl equivalent: the kubelet reports this condition (on kind it overwrites the patch).\n")
				b.WriteString(conditionPatch(node, typ, status) + "\n")
			}
		default:
			comment(b, "No kubectl equivalent for: "+oneLine(st.Run))
		}
		return nil
	}
	comment(b, "No kubectl equivalent for: "+oneLine(st.Run))
	return nil
}
