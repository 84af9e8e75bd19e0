package lint

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/daemonset"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// The old control-plane key and its replacement.
const (
	masterKey       = "node-role.kubernetes.io/master"
	controlPlaneKey = "node-role.kubernetes.io/control-plane"
)

var effects = []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}
var operators = []string{"Exists", "Equal", "Lt", "Gt"}

// canonicalCase returns the spelling among want that s matches ignoring case.
func canonicalCase(s string, want []string) (string, bool) {
	for _, w := range want {
		if strings.EqualFold(s, w) {
			return w, true
		}
	}
	return "", false
}

func (l *linter) checkObject(o *object) {
	l.checkNotModelled(o)
	switch o.kind {
	case "Node":
		l.checkNode(o)
		return
	}
	at, ok := podSpecAt[o.kind]
	if !ok {
		return
	}
	l.misplaced(o, at)
	spec, _ := get(o.raw, at...).(map[string]any)
	if spec == nil {
		return
	}
	base := strings.Join(at, ".")
	tols, _ := spec["tolerations"].([]any)
	for i, t := range tols {
		tm, ok := t.(map[string]any)
		if !ok {
			continue
		}
		l.checkToleration(o, fmt.Sprintf("%s.tolerations[%d]", base, i), tm)
	}
}

// misplaced reports tolerations (and node selection) written where the API
// has no such field, which a typed decode silently drops.
func (l *linter) misplaced(o *object, at []string) {
	right := strings.Join(at, ".")
	type spot struct {
		path []string
		what string
	}
	var spots []spot
	switch o.kind {
	case "Pod":
		spots = []spot{{nil, "the Pod's top level"}, {[]string{"metadata"}, "metadata"}}
	case "CronJob":
		spots = []spot{{[]string{"spec"}, "the CronJob's spec"}, {[]string{"spec", "jobTemplate", "spec"}, "the Job template's spec"}, {[]string{"spec", "jobTemplate", "spec", "template"}, "the pod template (outside its spec)"}}
	default:
		spots = []spot{{[]string{"spec"}, "the " + o.kind + "'s spec"}, {[]string{"spec", "template"}, "the pod template (outside its spec)"}, {[]string{"spec", "template", "metadata"}, "the pod template's metadata"}}
	}
	for _, field := range []string{"tolerations", "nodeSelector", "affinity"} {
		for _, s := range spots {
			m := o.raw
			if s.path != nil {
				m, _ = get(o.raw, s.path...).(map[string]any)
			}
			if m == nil {
				continue
			}
			if _, ok := m[field]; !ok {
				continue
			}
			path := strings.Join(append(append([]string(nil), s.path...), field), ".")
			l.add(o, Error, field+"-misplaced", path,
				fmt.Sprintf("%s is not a field of %s: kubectl's default strict field validation (1.27+) rejects it as an unknown field, and where it is let through (--validate=false, older clients, this playground's decoder) it is dropped, so the pods get no %s", field, s.what, field),
				fmt.Sprintf("move it to %s.%s", right, field))
		}
		spec, _ := get(o.raw, at...).(map[string]any)
		for _, list := range []string{"containers", "initContainers"} {
			cs, _ := spec[list].([]any)
			for i, c := range cs {
				cm, ok := c.(map[string]any)
				if !ok {
					continue
				}
				if _, ok := cm[field]; ok {
					l.add(o, Error, field+"-under-container", fmt.Sprintf("%s.%s[%d].%s", right, list, i, field),
						fmt.Sprintf("%s belongs to the pod, not to a container: the container field is unknown (kubectl's strict field validation rejects it; elsewhere it is dropped and the pod has no %s)", field, field),
						fmt.Sprintf("move it up to %s.%s, beside containers", right, field))
				}
			}
		}
	}
}

// checkCase reports a value of field (operator, effect) that is one of
// allowed but for its case, with what the API server answers, and returns
// the spelling to go on checking with.
func (l *linter) checkCase(o *object, path, field, value string, allowed []string, answer string) string {
	c, ok := canonicalCase(value, allowed)
	if value == "" || !ok || c == value {
		return value
	}
	l.add(o, Error, field+"-case", path+"."+field,
		fmt.Sprintf("%s %q is not valid: %ss are case-sensitive (the API server answers %s)", field, value, field, answer),
		fmt.Sprintf("write %s: %s", field, c))
	return c
}

func (l *linter) checkToleration(o *object, path string, t map[string]any) {
	key, _ := t["key"].(string)
	op, _ := t["operator"].(string)
	value, _ := t["value"].(string)
	effect, _ := t["effect"].(string)
	_, hasSeconds := t["tolerationSeconds"]
	op = l.checkCase(o, path, "operator", op, operators, `Unsupported value: supported values: "Equal", "Exists"`)
	effect = l.checkCase(o, path, "effect", effect, effects, `Unsupported value: supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`)
	if op == "Exists" && value != "" {
		l.add(o, Error, "exists-with-value", path+".value",
			fmt.Sprintf("operator Exists takes no value, but value is %q: the API server rejects it (value must be empty when `operator` is 'Exists')", value),
			fmt.Sprintf("remove the value to tolerate every value of %q, or use operator: Equal with value: %s", key, value))
	}
	if hasSeconds && effect != "NoExecute" {
		shown := effect
		if shown == "" {
			shown = "empty (every effect)"
		}
		l.add(o, Error, "toleration-seconds-without-noexecute", path+".tolerationSeconds",
			fmt.Sprintf("tolerationSeconds only applies to NoExecute, and this toleration's effect is %s: the API server rejects it (effect must be 'NoExecute' when `tolerationSeconds` is set)", shown),
			"set effect: NoExecute, or remove tolerationSeconds (NoSchedule and PreferNoSchedule never evict, so there is nothing to time)")
	}
	if key == masterKey {
		l.add(o, Warning, "master-key", path+".key",
			"node-role.kubernetes.io/master is the old control-plane key: kubeadm stopped adding the master label in 1.24 and the master taint in 1.25 (PR #110095), so this toleration matches nothing on current clusters",
			"use key: node-role.kubernetes.io/control-plane (keep both while clusters older than 1.25 remain)")
	}
	if effect == "NoExecute" && !hasSeconds && (op == "Exists" || op == "Equal" || op == "") {
		switch key {
		case core.TaintNodeNotReady, core.TaintNodeUnreachable:
			l.add(o, Warning, "noexecute-forever", path,
				fmt.Sprintf("tolerates %s:NoExecute with no tolerationSeconds, so the pod never leaves a failed node (DefaultTolerationSeconds would have given it 300 s); fine for a DaemonSet, a trap for a workload that should move", key),
				"add tolerationSeconds (e.g. 60) so the pod is evicted and recreated elsewhere after that long")
		case "":
			if op == "Exists" {
				l.add(o, Info, "noexecute-forever", path,
					"tolerates every NoExecute taint forever: the pod is never evicted, not even from a node that stopped answering",
					"give it a key, or add tolerationSeconds if the pod should move away")
			}
		default:
			l.add(o, Info, "noexecute-forever", path,
				fmt.Sprintf("tolerates %s:NoExecute with no tolerationSeconds: the pod stays on a node with that taint for good", key),
				"if the pod should move away when the taint arrives, add tolerationSeconds (how long it may stay)")
		}
	}
}

func (l *linter) checkNode(o *object) {
	taints, _ := get(o.raw, "spec", "taints").([]any)
	for i, t := range taints {
		tm, ok := t.(map[string]any)
		if !ok {
			continue
		}
		path := fmt.Sprintf("spec.taints[%d]", i)
		effect, _ := tm["effect"].(string)
		l.checkCase(o, path, "effect", effect, effects, "Unsupported value")
		if key, _ := tm["key"].(string); key == masterKey {
			l.add(o, Warning, "master-key", path+".key",
				"node-role.kubernetes.io/master is the old control-plane taint: kubeadm taints control-plane nodes with node-role.kubernetes.io/control-plane:NoSchedule since 1.25 (the master taint is gone since PR #110095)",
				"use key: node-role.kubernetes.io/control-plane")
		}
	}
	if _, ok := get(o.raw, "metadata", "taints").([]any); ok {
		l.add(o, Error, "taints-misplaced", "metadata.taints", "taints are not metadata: the field is unknown and dropped", "move them to spec.taints")
	}
	if labels, ok := get(o.raw, "metadata", "labels").(map[string]any); ok {
		if _, ok := labels[masterKey]; ok {
			if _, cp := labels[controlPlaneKey]; !cp {
				l.add(o, Warning, "master-key", "metadata.labels", "node-role.kubernetes.io/master is the old control-plane label, removed by kubeadm in 1.24", "label the node node-role.kubernetes.io/control-plane: \"\"")
			}
		}
	}
}

// checkCluster looks across objects: tolerations that match no taint,
// taints no pod tolerates, selectors that match no node.
func (l *linter) checkCluster() {
	var nodes []*core.Node
	var nodeObjs []*object
	for i := range l.objects {
		o := &l.objects[i]
		if o.kind != "Node" {
			continue
		}
		n, ok := decode[core.Node](o.raw)
		if !ok {
			continue
		}
		if extra := l.stepLabels[n.Name]; len(extra) > 0 {
			labels := map[string]string{}
			for k, v := range n.Labels {
				labels[k] = v
			}
			for k, v := range extra {
				labels[k] = v
			}
			n.Labels = labels
		}
		nodes = append(nodes, &n)
		nodeObjs = append(nodeObjs, o)
	}
	type taintAt struct {
		node      string
		obj       *object
		path      string
		taint     core.Taint
		doc, line int
	}
	var taints []taintAt
	for i, n := range nodes {
		for k, t := range n.Spec.Taints {
			taints = append(taints, taintAt{node: n.Name, obj: nodeObjs[i], path: fmt.Sprintf("spec.taints[%d]", k), taint: t})
		}
	}
	for _, st := range l.stepTaints {
		taints = append(taints, taintAt{node: st.node, taint: st.taint, doc: st.doc, line: st.line, path: st.path})
	}
	type podAt struct {
		obj  *object
		base string
		pod  core.Pod
	}
	var pods []podAt
	for i := range l.objects {
		o := &l.objects[i]
		at, ok := podSpecAt[o.kind]
		if !ok {
			continue
		}
		spec, ok := decode[core.PodSpec](get(o.raw, at...))
		if !ok {
			continue
		}
		if o.kind == "DaemonSet" {
			// The DaemonSet controller adds the node-condition and
			// unschedulable tolerations to every pod it creates.
			spec.Tolerations = daemonset.DaemonSetTolerations(spec.Tolerations, spec.HostNetwork)
		}
		pods = append(pods, podAt{o, strings.Join(at, "."), core.Pod{Spec: spec}})
	}
	if len(nodes) == 0 {
		return
	}
	for _, p := range pods {
		for i := range p.pod.Spec.Tolerations {
			t := &p.pod.Spec.Tolerations[i]
			if t.Key == "" || strings.HasPrefix(t.Key, "node.kubernetes.io/") {
				continue // tolerates everything, or a taint the controllers add as nodes change
			}
			if !valid(string(t.Operator), operators) || !valid(string(t.Effect), effects) {
				continue // already reported
			}
			matched := false
			for k := 0; k < len(taints) && !matched; k++ {
				matched = t.ToleratesTaint(&taints[k].taint, l.gate)
			}
			if !matched {
				l.add(p.obj, Info, "toleration-matches-nothing", fmt.Sprintf("%s.tolerations[%d]", p.base, i),
					fmt.Sprintf("this toleration (%s) matches no taint of the file's nodes or of the steps: it changes nothing here. A toleration permits, it does not attract", describeToleration(t)),
					"compare key, value and effect with the node's taints (kubectl describe node NAME shows them); to send the pod to a node, add a nodeSelector or node affinity")
			}
		}
		if p.pod.Spec.NodeName != "" {
			continue
		}
		req := nodeaffinity.GetRequiredNodeAffinity(&p.pod)
		if len(p.pod.Spec.NodeSelector) == 0 && (p.pod.Spec.Affinity == nil || p.pod.Spec.Affinity.NodeAffinity == nil || p.pod.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil) {
			continue
		}
		found := false
		for k := 0; k < len(nodes) && !found; k++ {
			found = req.Match(nodes[k])
		}
		if !found {
			field := "nodeSelector"
			if len(p.pod.Spec.NodeSelector) == 0 {
				field = "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
			}
			l.add(p.obj, Warning, "selector-matches-no-node", p.base+"."+field,
				"no node of the file (with the labels the steps add) matches this node selection, so the pods stay Pending",
				"check the label keys and values against the nodes' metadata.labels, or label a node: kubectl label nodes NODE KEY=VALUE")
		}
	}
	for _, ta := range taints {
		tolerated := false
		for k := 0; k < len(pods) && !tolerated; k++ {
			tolerated = core.TolerationsTolerateTaint(pods[k].pod.Spec.Tolerations, &ta.taint, l.gate)
		}
		if tolerated {
			continue
		}
		msg := fmt.Sprintf("no pod in the file tolerates %s on node %s", ta.taint.ToString(), ta.node)
		switch ta.taint.Effect {
		case core.TaintEffectNoSchedule:
			msg += ": no pod of this file can be scheduled there"
		case core.TaintEffectNoExecute:
			msg += ": no pod of this file can run there, and pods already there are evicted"
		default:
			msg += ": the scheduler avoids the node for every pod of this file while others have room"
		}
		fix := taintFix(ta.taint, ta.node, ta.obj != nil && ta.obj.raw != nil && get(ta.obj.raw, "spec", "unschedulable") == true)
		if ta.obj == nil {
			f := Finding{Severity: Info, Code: "taint-tolerated-by-none", Document: ta.doc, Line: ta.line, Object: "Scenario", Path: ta.path, Message: msg + " (added by this step)", Fix: fix}
			l.findings = append(l.findings, f)
			continue
		}
		l.add(ta.obj, Info, "taint-tolerated-by-none", ta.path, msg, fix)
	}
}

func valid(s string, want []string) bool {
	if s == "" {
		return true
	}
	for _, w := range want {
		if s == w {
			return true
		}
	}
	return false
}

func describeToleration(t *core.Toleration) string {
	op := string(t.Operator)
	if op == "" {
		op = "Equal"
	}
	s := "key " + t.Key + ", " + op
	if t.Value != "" {
		s += " " + t.Value
	}
	if t.Effect != "" {
		s += ", effect " + string(t.Effect)
	} else {
		s += ", every effect"
	}
	return s
}

// taintFix is the advice for a taint no pod tolerates. The taints the
// control plane manages are not fixed with tolerations: the unschedulable
// taint follows spec.unschedulable (kubectl cordon; the node lifecycle
// controller's taintNodeByCondition keeps the two in step), and the
// condition taints follow the node's conditions (doNoScheduleTaintingPass
// and the NoExecute taints of the node lifecycle controller). Only the
// DaemonSet controller's pods tolerate them, by design.
func taintFix(t core.Taint, node string, cordoned bool) string {
	switch {
	case t.Key == core.TaintNodeUnschedulable && cordoned:
		return fmt.Sprintf("the node is cordoned (spec.unschedulable: true) and the control plane keeps this taint in step with it: to let pods schedule there, uncordon it (kubectl uncordon %s), which removes the taint. DaemonSet pods tolerate it already; do not add this toleration to other pods", node)
	case t.Key == core.TaintNodeUnschedulable:
		return fmt.Sprintf("this is the cordon taint: the control plane adds and removes it with spec.unschedulable (kubectl cordon / kubectl uncordon %s). DaemonSet pods tolerate it already; do not add this toleration to other pods", node)
	case managedConditionTaint(t.Key):
		return "the node lifecycle controller adds this taint from the node's conditions and removes it when the node is healthy again: fix the node's condition rather than adding tolerations. DaemonSet pods tolerate it already"
	}
	return "if the node is set aside for some pods, give them a matching toleration (and a nodeSelector to bring them there)"
}

// managedConditionTaint reports whether key is one of the taints the node
// lifecycle controller derives from node conditions.
func managedConditionTaint(key string) bool {
	switch key {
	case core.TaintNodeNotReady, core.TaintNodeUnreachable, core.TaintNodeMemoryPressure,
		core.TaintNodeDiskPressure, core.TaintNodePIDPressure, core.TaintNodeNetworkUnavailable:
		return true
	}
	return false
}
