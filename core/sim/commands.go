package sim

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
)

// runCommand runs one step command and returns what it printed. An error is
// what the command printed to stderr; the cluster is then unchanged (for
// kubectl: as far as the command got before failing).
func (s *simulator) runCommand(cmd string) (string, error) {
	args, err := kubectl.Split(cmd)
	if err != nil {
		return "", err
	}
	if len(args) == 0 {
		return "", fmt.Errorf("error: empty command")
	}
	switch args[0] {
	case "kubectl":
		if len(args) < 2 {
			return "", fmt.Errorf("error: kubectl needs a command")
		}
		return s.kubectl(args[1], args[2:])
	case "node":
		return s.nodeCommand(args[1:])
	case "wait":
		d, err := scenario.WaitDuration(cmd)
		if err != nil {
			return "", err
		}
		s.note("waiting %s", fmtSecs(d))
		return "", nil
	case "create":
		if len(args) == 3 && isNodeKind(args[1]) {
			return s.addNode(args[2])
		}
		return s.createPod(args[1:])
	}
	return "", fmt.Errorf("error: unknown command %q", args[0])
}

// kubectl runs a kubectl verb against the simulated cluster.
func (s *simulator) kubectl(verb string, args []string) (string, error) {
	switch verb {
	case "delete":
		return s.deletePods(args)
	case "describe":
		return s.describe(args)
	case "get":
		return s.get(args)
	case "drain":
		return s.drain(args)
	case "scale":
		return s.scale(args)
	case "apply":
		return s.apply(args)
	}
	store := &nodeStore{s: s, before: map[string]*core.Node{}}
	before := store.before
	var out string
	var err error
	switch verb {
	case "taint":
		out, err = kubectl.Taint(store, args)
	case "cordon":
		out, err = kubectl.Cordon(store, args)
	case "uncordon":
		out, err = kubectl.Uncordon(store, args)
	case "label":
		out, err = kubectl.Label(store, args)
	default:
		return "", fmt.Errorf("error: unknown command %q for \"kubectl\"", verb)
	}
	seen := map[string]bool{}
	for _, name := range store.updated {
		if seen[name] {
			continue
		}
		seen[name] = true
		n := s.node(name)
		if n == nil {
			continue
		}
		switch verb {
		case "taint":
			s.note("%s taints: %s", name, taintList(n.Spec.Taints))
		case "label":
			s.note("%s labels: %s", name, labelList(n.Labels))
		}
		// The node-lifecycle controller reacts to spec.unschedulable at once.
		s.reconcileNoSchedule(n)
		s.afterNodeChange(before[name], n)
	}
	return strings.TrimRight(out, "\n"), err
}

// deletePods is `kubectl delete pod NAME... [-n NAMESPACE]`.
func (s *simulator) deletePods(args []string) (string, error) {
	ns := "default"
	var kind string
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-n" || a == "--namespace":
			if i+1 >= len(args) {
				return "", fmt.Errorf("error: flag needs an argument: %s", a)
			}
			ns = args[i+1]
			i++
		case strings.HasPrefix(a, "--namespace="):
			ns = strings.TrimPrefix(a, "--namespace=")
		case strings.HasPrefix(a, "-n="):
			ns = strings.TrimPrefix(a, "-n=")
		case strings.HasPrefix(a, "-"):
			// Flags such as --now or --grace-period change nothing here.
		case kind == "" && strings.Contains(a, "/"):
			k, name, _ := strings.Cut(a, "/")
			if !isPodKind(k) {
				return "", fmt.Errorf("error: the playground deletes pods only, not %q", k)
			}
			names = append(names, name)
		case kind == "":
			if !isPodKind(a) {
				return "", fmt.Errorf("error: the playground deletes pods only, not %q", a)
			}
			kind = a
		default:
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return "", fmt.Errorf("error: resource(s) were provided, but no name was specified")
	}
	var out []string
	for _, name := range names {
		var found *podRec
		for _, p := range s.pods {
			// Evicted pods are gone upstream; kubelet-rejected ones remain as
			// Failed objects until someone deletes them.
			if !p.deleted && !p.notYet && (p.phase != PhaseEvicted || p.failed) && p.pod.Name == name && p.pod.Namespace == ns {
				found = p
			}
		}
		if found == nil {
			return strings.Join(out, "\n"), fmt.Errorf("Error from server (NotFound): pods %q not found", name)
		}
		wasRunning := found.node != "" && found.phase == PhaseRunning
		s.touch(found)
		s.markDeleted(found)
		found.q = qNone
		s.ctrlDirty = true
		// The taint-eviction controller drops (and reports) a pending timer.
		s.cancelEviction(found)
		if wasRunning {
			s.podGone(found)
		}
		s.note("%s deleted", name)
		out = append(out, fmt.Sprintf("pod %q deleted", name))
	}
	return strings.Join(out, "\n"), nil
}

// createPod is `create pod NAME`: the Pod manifest of that name enters the
// cluster now, goes through the scheduler (or is bound by spec.nodeName).
func (s *simulator) createPod(args []string) (string, error) {
	if len(args) != 2 || !isPodKind(args[0]) {
		return "", fmt.Errorf("usage: create pod NAME")
	}
	for _, p := range s.pods {
		if p.notYet && p.pod.Name == args[1] {
			s.touch(p)
			p.notYet = false
			if p.admitErr != "" {
				return "", fmt.Errorf("%s", admissionErrorText(p, fmt.Sprintf("%q", p.pod.Name)))
			}
			p.createdAt = s.now
			if p.direct {
				s.bindDirect(p)
			} else if s.forUs(p) {
				s.enqueue(p)
			}
			return fmt.Sprintf("pod/%s created", p.pod.Name), nil
		}
	}
	return "", fmt.Errorf("Error from server (AlreadyExists): pods %q already exists", args[1])
}

// addNode is `create node NAME`: the Node manifest of that name joins the
// cluster now. The queue sees a Node Add event (every plugin registered
// for it; TaintToleration, NodeUnschedulable, NodeAffinity and
// NodeResourcesFit hints decide), and pods whose spec.nodeName names the
// node are started by its kubelet.
func (s *simulator) addNode(name string) (string, error) {
	if s.node(name) != nil {
		return "", fmt.Errorf("Error from server (AlreadyExists): nodes %q already exists", name)
	}
	for _, n := range s.scen.Nodes {
		if n.Name != name {
			continue
		}
		node := n.DeepCopy()
		s.createNode(node)
		s.nodeEvent(nil, node)
		s.note("node %s joined the cluster", name)
		for _, p := range s.pods {
			if p.missing && !p.deleted && !p.notYet && p.pod.Spec.NodeName == name {
				s.touch(p)
				p.missing = false
				s.bindDirect(p)
			}
		}
		return fmt.Sprintf("node/%s created", name), nil
	}
	return "", fmt.Errorf("error: this scenario has no Node manifest named %q", name)
}

// taintList prints taints for captions: "a=b:NoSchedule, c:NoExecute" or
// "none".
func taintList(ts []core.Taint) string {
	if len(ts) == 0 {
		return "none"
	}
	out := make([]string, len(ts))
	for i := range ts {
		out[i] = ts[i].ToString()
	}
	return strings.Join(out, ", ")
}

// labelList prints labels sorted by key: "a=1, b=2" or "none".
func labelList(m map[string]string) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + m[k]
	}
	return strings.Join(keys, ", ")
}

func isPodKind(k string) bool {
	switch k {
	case "pod", "pods", "po", "Pod":
		return true
	}
	return false
}

// nodeCommand is `node NODE not-ready|unreachable|ready` and
// `node NODE condition TYPE=STATUS`.
func (s *simulator) nodeCommand(args []string) (string, error) {
	if len(args) < 2 {
		return "", fmt.Errorf("usage: node NODE not-ready|unreachable|ready|stop, or node NODE condition TYPE=STATUS")
	}
	n := s.node(args[0])
	if n == nil {
		return "", fmt.Errorf("Error from server (NotFound): nodes %q not found", args[0])
	}
	before := n.DeepCopy()
	var out string
	switch args[1] {
	case "not-ready":
		s.stopGen[n.Name]++
		delete(s.silent, n.Name)
		s.kubeletPosting(n.Name)
		s.setCondition(n, core.NodeReady, core.ConditionFalse, "KubeletNotReady", "container runtime is down")
		s.readyEvent(before, n)
		s.reconcileNoSchedule(n)
		s.queuePass(n)
		out = fmt.Sprintf("node/%s: the kubelet reports Ready=False", n.Name)
	case "unreachable":
		s.markUnknown(before, n)
		out = fmt.Sprintf("node/%s: the node-lifecycle controller marks it Unknown (%s)", n.Name, unknownMessage)
	case "stop":
		grace := s.gracePeriod()
		at := nodelifecycle.UnknownAt(s.now, grace)
		s.stopGen[n.Name]++
		s.silent[n.Name] = true
		s.kubeletStopped(n.Name)
		s.push(&item{at: at, kind: itemUnknown, node: n.Name, gen: s.stopGen[n.Name]})
		s.note("the kubelet on %s stopped posting status; the node-lifecycle controller will mark it Unknown at %s (node-monitor-grace-period %s)", n.Name, fmtT(at), fmtSecs(grace))
		out = fmt.Sprintf("node/%s: the kubelet stops posting node status (last heartbeat observed at %s)", n.Name, fmtT(s.now))
		return out, nil
	case "ready", "start":
		s.stopGen[n.Name]++ // the kubelet posts again: no Unknown transition pending
		delete(s.silent, n.Name)
		s.kubeletPosting(n.Name)
		s.setCondition(n, core.NodeReady, core.ConditionTrue, "KubeletReady", "kubelet is posting ready status")
		for _, t := range []core.NodeConditionType{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
			if c := condition(n, t); c != nil && c.Status == core.ConditionUnknown {
				s.setCondition(n, t, core.ConditionFalse, "KubeletHasNo"+string(t), "")
			}
		}
		s.readyEvent(before, n)
		s.reconcileNoSchedule(n)
		s.queuePass(n)
		out = fmt.Sprintf("node/%s: the kubelet reports Ready=True", n.Name)
		if args[1] == "start" {
			out = fmt.Sprintf("node/%s: the kubelet starts posting node status again (Ready=True)", n.Name)
		}
	case "condition":
		if len(args) != 3 {
			return "", fmt.Errorf("usage: node NODE condition TYPE=STATUS")
		}
		typ, st, ok := strings.Cut(args[2], "=")
		status := core.ConditionStatus(st)
		if !ok || (status != core.ConditionTrue && status != core.ConditionFalse && status != core.ConditionUnknown) {
			return "", fmt.Errorf("condition must be TYPE=True, TYPE=False or TYPE=Unknown, got %q", args[2])
		}
		ct := core.NodeConditionType(typ)
		switch ct {
		case core.NodeReady, core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure, core.NodeNetworkUnavailable:
		default:
			return "", fmt.Errorf("unknown node condition %q: use Ready, MemoryPressure, DiskPressure, PIDPressure or NetworkUnavailable", typ)
		}
		s.setCondition(n, ct, status, "", "")
		s.readyEvent(before, n)
		s.pressureEvent(before, n, ct)
		s.reconcileNoSchedule(n)
		if ct == core.NodeReady {
			if status == core.ConditionUnknown {
				s.reconcileNoExecute(n)
			} else {
				s.queuePass(n)
			}
		}
		out = fmt.Sprintf("node/%s: condition %s=%s", n.Name, typ, st)
	default:
		return "", fmt.Errorf("unknown node state %q: use not-ready, unreachable, ready, stop, or condition TYPE=STATUS", args[1])
	}
	s.afterNodeChange(before, n)
	return out, nil
}

// unknownMessage is the node-lifecycle controller's condition message for
// a node whose kubelet went silent.
const unknownMessage = "Kubelet stopped posting node status."

// markUnknown is the node-lifecycle pass that finds the kubelet silent
// for longer than the grace period: Ready, MemoryPressure, DiskPressure
// and PIDPressure all become Unknown with reason NodeStatusUnknown
// (tryUpdateNodeHealth; NetworkUnavailable is left alone). A simulated
// node's kubelet has run and posted all four, even when the manifest
// lists fewer, so a missing one is added the same way rather than as
// upstream's NodeStatusNeverUpdated, which is for a kubelet that never
// posted at all. unreachable:NoSchedule
// follows at once; unreachable:NoExecute is added in the same pass from
// 1.34 (PR #120816) and at the next 5 s pass before.
func (s *simulator) markUnknown(before, n *core.Node) {
	const reason = "NodeStatusUnknown"
	for _, t := range []core.NodeConditionType{core.NodeReady, core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
		if c := condition(n, t); c == nil || c.Status != core.ConditionUnknown {
			s.setCondition(n, t, core.ConditionUnknown, reason, unknownMessage)
		}
	}
	s.readyEvent(before, n)
	s.reconcileNoSchedule(n)
	if s.version().AtLeast(noExecuteSamePassSince) {
		s.reconcileNoExecute(n)
	} else {
		s.queueNextPass(n)
	}
}

// gracePeriod is --node-monitor-grace-period: 50 s from 1.32 (PR #126287),
// 40 s before.
func (s *simulator) gracePeriod() time.Duration {
	if s.version().AtLeast(nodeMonitorGracePeriod50Since) {
		return nodeMonitorGracePeriod
	}
	return nodeMonitorGracePeriodBefore32
}

// readyEvent emits NodeReady / NodeNotReady when the Ready condition
// changes between True and not True.
func (s *simulator) readyEvent(before, after *core.Node) {
	was := condition(before, core.NodeReady)
	now := condition(after, core.NodeReady)
	wasReady := was == nil || was.Status == core.ConditionTrue
	isReady := now == nil || now.Status == core.ConditionTrue
	if wasReady == isReady {
		return
	}
	status := "NodeNotReady"
	if isReady {
		status = "NodeReady"
	}
	s.emit(EventNormal, status, "node/"+after.Name, fmt.Sprintf("Node %s status is now: %s", after.Name, status))
}

// pressureEvent emits the kubelet's pressure events when a pressure
// condition turns True or stops being True.
func (s *simulator) pressureEvent(before, after *core.Node, t core.NodeConditionType) {
	names := map[core.NodeConditionType][2]string{
		core.NodeMemoryPressure: {"NodeHasInsufficientMemory", "NodeHasSufficientMemory"},
		core.NodeDiskPressure:   {"NodeHasDiskPressure", "NodeHasNoDiskPressure"},
		core.NodePIDPressure:    {"NodeHasInsufficientPID", "NodeHasSufficientPID"},
	}
	pair, ok := names[t]
	if !ok {
		return
	}
	was := condition(before, t)
	now := condition(after, t)
	wasOn := was != nil && was.Status == core.ConditionTrue
	isOn := now != nil && now.Status == core.ConditionTrue
	if wasOn == isOn {
		return
	}
	status := pair[1]
	if isOn {
		status = pair[0]
	}
	s.emit(EventNormal, status, "node/"+after.Name, fmt.Sprintf("Node %s status is now: %s", after.Name, status))
}
