package sim

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// readArgs splits kubectl arguments into positional words, the namespace
// (-n/--namespace) and the output format (-o/--output).
func readArgs(args []string) (words []string, ns, output string, err error) {
	ns = "default"
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-n" || a == "--namespace" || a == "-o" || a == "--output":
			if i+1 >= len(args) {
				return nil, "", "", fmt.Errorf("error: flag needs an argument: %s", a)
			}
			if a == "-o" || a == "--output" {
				output = args[i+1]
			} else {
				ns = args[i+1]
			}
			i++
		case strings.HasPrefix(a, "--namespace="), strings.HasPrefix(a, "-n="):
			ns = a[strings.IndexByte(a, '=')+1:]
		case strings.HasPrefix(a, "--output="), strings.HasPrefix(a, "-o="):
			output = a[strings.IndexByte(a, '=')+1:]
		case a == "-A" || a == "--all-namespaces":
			return nil, "", "", fmt.Errorf("error: the playground lists one namespace at a time; use -n NAMESPACE")
		case strings.HasPrefix(a, "-"):
			return nil, "", "", fmt.Errorf("error: unknown flag: %s", a)
		default:
			words = append(words, a)
		}
	}
	return words, ns, output, nil
}

// splitKind reads "pod NAME", "pods/NAME", "node NAME"….
func splitKind(words []string) (kind string, names []string) {
	if len(words) == 0 {
		return "", nil
	}
	if k, n, ok := strings.Cut(words[0], "/"); ok {
		return k, append([]string{n}, words[1:]...)
	}
	return words[0], words[1:]
}

func isNodeKind(k string) bool {
	switch k {
	case "node", "nodes", "no", "Node":
		return true
	}
	return false
}

func isEventKind(k string) bool {
	switch k {
	case "event", "events", "ev", "Event":
		return true
	}
	return false
}

// describe is `kubectl describe pod|node NAME...`.
func (s *simulator) describe(args []string) (string, error) {
	words, ns, _, err := readArgs(args)
	if err != nil {
		return "", err
	}
	kind, names := splitKind(words)
	if kind == "" {
		return "", fmt.Errorf("error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.")
	}
	if len(names) == 0 {
		return "", fmt.Errorf("error: the playground describes one named object: kubectl describe %s NAME", kind)
	}
	var out []string
	for _, name := range names {
		switch {
		case isPodKind(kind):
			p := s.livePod(ns, name)
			if p == nil {
				// kubectl describe falls back to a name prefix: `kubectl
				// describe pods web` describes every pod named web….
				var matches []*podRec
				for _, q := range s.pods {
					if strings.HasPrefix(q.pod.Name, name) && s.livePod(ns, q.pod.Name) == q {
						matches = append(matches, q)
					}
				}
				sort.Slice(matches, func(i, j int) bool { return matches[i].pod.Name < matches[j].pod.Name })
				if len(matches) == 0 {
					return strings.Join(out, "\n\n"), fmt.Errorf("Error from server (NotFound): pods %q not found", name)
				}
				for _, q := range matches {
					out = append(out, strings.TrimRight(s.describePod(q), "\n"))
				}
				continue
			}
			out = append(out, strings.TrimRight(s.describePod(p), "\n"))
		case isNodeKind(kind):
			n := s.node(name)
			if n == nil {
				return strings.Join(out, "\n\n"), fmt.Errorf("Error from server (NotFound): nodes %q not found", name)
			}
			out = append(out, strings.TrimRight(s.describeNode(n), "\n"))
		default:
			return "", fmt.Errorf("error: the playground describes pods and nodes, not %q", kind)
		}
	}
	return strings.Join(out, "\n\n"), nil
}

// describePod is `kubectl describe pod` for one live pod.
func (s *simulator) describePod(p *podRec) string {
	return kubectl.DescribePod(s.apiPod(p), s.describeEvents("pod/"+p.ref()), s.now)
}

// describeNode is `kubectl describe node` for one node.
func (s *simulator) describeNode(n *core.Node) string {
	var pods []kubectl.NodePod
	for _, p := range append(s.running(n.Name), s.terminatingOn(n.Name)...) {
		pods = append(pods, kubectl.NodePod{Namespace: p.pod.Namespace, Name: p.pod.Name,
			Requests: PodRequests(p.pod), Limits: podLimits(p.pod), Created: p.createdAt})
	}
	sort.Slice(pods, func(i, j int) bool {
		if pods[i].Namespace != pods[j].Namespace {
			return pods[i].Namespace < pods[j].Namespace
		}
		return pods[i].Name < pods[j].Name
	})
	return kubectl.DescribeNode(s.withConditionTimes(n), pods, s.describeEvents("node/"+n.Name), s.now)
}

// get is `kubectl get pods [-o wide]` and `kubectl get events`.
func (s *simulator) get(args []string) (string, error) {
	words, ns, output, err := readArgs(args)
	if err != nil {
		return "", err
	}
	kind, names := splitKind(words)
	if len(names) > 0 {
		return "", fmt.Errorf("error: the playground lists all %s of a namespace; use kubectl describe for one object", kind)
	}
	switch output {
	case "", "wide":
	default:
		return "", fmt.Errorf("error: the playground prints tables only (-o wide), not -o %s", output)
	}
	switch {
	case isPodKind(kind):
		var rows []kubectl.PodRow
		for _, p := range s.pods {
			switch {
			case p.pod.Namespace == ns && s.livePod(ns, p.pod.Name) == p:
				rows = append(rows, kubectl.PodRow{Pod: s.apiPod(p), Created: p.createdAt})
			case p.pod.Namespace == ns && s.terminating(p):
				// Deleted, but its kubelet has not confirmed: the object
				// stays as the kubelet last reported it, Running.
				api := s.apiPod(p)
				api.Status = core.PodStatus{Phase: core.PodRunning, NominatedNodeName: api.Status.NominatedNodeName}
				rows = append(rows, kubectl.PodRow{Pod: api, Created: p.createdAt, Deleting: true})
			}
		}
		sort.SliceStable(rows, func(i, j int) bool { return rows[i].Pod.Name < rows[j].Pod.Name })
		return kubectl.GetPods(rows, ns, output == "wide", s.now), nil
	case isEventKind(kind):
		evs := s.seriesOf(func(e *Event) bool { return eventNamespace(e) == ns })
		return kubectl.GetEvents(evs, ns, s.now), nil
	}
	return "", fmt.Errorf("error: the playground lists pods and events, not %q", kind)
}

// eventNamespace is the namespace an event is stored in: the pod's, and
// "default" for node events.
func eventNamespace(e *Event) string {
	// Namespaced objects are written kind/namespace/name.
	if parts := strings.SplitN(e.Object, "/", 3); len(parts) == 3 {
		return parts[1]
	}
	return "default"
}

// livePod finds a pod that still exists as an API object: not deleted,
// created, and not removed by eviction or preemption (a pod the kubelet
// rejected stays as a Failed object).
func (s *simulator) livePod(ns, name string) *podRec {
	for _, p := range s.byName[podName{ns, name}] {
		if p.deleted || p.notYet {
			continue
		}
		if p.phase == PhaseEvicted && !p.failed {
			continue
		}
		return p
	}
	return nil
}

// apiPod is the pod as the API server would return it now: phase,
// reason, message, nominatedNodeName and conditions filled in.
func (s *simulator) apiPod(p *podRec) *core.Pod {
	out := p.pod.DeepCopy()
	out.Status = core.PodStatus{NominatedNodeName: p.pod.Status.NominatedNodeName}
	switch {
	case p.phase == PhaseEvicted:
		out.Spec.NodeName = p.node
		out.Status.Phase = core.PodFailed
		out.Status.Reason, out.Status.Message = p.statusReason, p.statusMessage
	case p.phase == PhaseRunning:
		out.Spec.NodeName = p.node
		out.Status.Phase = core.PodRunning
		ready := core.ConditionTrue
		if c := condition(s.node(p.node), core.NodeReady); c != nil && c.Status != core.ConditionTrue {
			// The node-lifecycle controller's MarkPodsNotReady.
			ready = core.ConditionFalse
		}
		var conds []core.PodCondition
		if s.version().AtLeast(podReadyToStartContainersSince) {
			conds = append(conds, core.PodCondition{Type: "PodReadyToStartContainers", Status: core.ConditionTrue})
		}
		conds = append(conds,
			core.PodCondition{Type: "Initialized", Status: core.ConditionTrue},
			core.PodCondition{Type: "Ready", Status: ready},
			core.PodCondition{Type: "ContainersReady", Status: core.ConditionTrue},
			core.PodCondition{Type: "PodScheduled", Status: core.ConditionTrue})
		out.Status.Conditions = conds
	default:
		out.Status.Phase = core.PodPending
		if p.attempts > 0 {
			out.Status.Conditions = []core.PodCondition{{Type: "PodScheduled", Status: core.ConditionFalse, Reason: "Unschedulable", Message: p.failedMsg}}
		}
	}
	return out
}

// podReadyToStartContainersSince: the kubelet reports the
// PodReadyToStartContainers condition from 1.29 (beta, on by default).
const podReadyToStartContainersSince = 29

// describeEvents are the events of one object as event series.
func (s *simulator) describeEvents(object string) []kubectl.DescribeEvent {
	return s.seriesOf(func(e *Event) bool { return e.Object == object })
}

// seriesOf groups the matching events into series: repeats of the same
// object, type, reason, source and message become one event with a count
// (the event recorder's series), first and last seen.
func (s *simulator) seriesOf(match func(*Event) bool) []kubectl.DescribeEvent {
	var out []kubectl.DescribeEvent
	index := map[string]int{}
	for i := range s.events {
		e := &s.events[i]
		if !match(e) {
			continue
		}
		at := time.Duration(e.At * float64(time.Second))
		key := strings.Join([]string{e.Object, e.Type, e.Reason, e.Source, e.Message}, "\x00")
		if j, ok := index[key]; ok {
			out[j].Count++
			out[j].Last = at
			continue
		}
		index[key] = len(out)
		out = append(out, kubectl.DescribeEvent{Type: e.Type, Reason: e.Reason, Object: kubectlObject(e.Object),
			From: e.Source, Message: e.Message, First: at, Last: at, Count: 1})
	}
	return out
}

// kubectlObject turns "pod/default/web" into kubectl's "pod/web".
func kubectlObject(o string) string {
	if parts := strings.SplitN(o, "/", 3); len(parts) == 3 {
		return parts[0] + "/" + parts[2]
	}
	return o
}

// podLimits is the pod's limits per resource, in board units.
func podLimits(p *core.Pod) map[core.ResourceName]int64 {
	out := map[core.ResourceName]int64{}
	for _, c := range p.Spec.Containers {
		for name, q := range c.Resources.Limits {
			out[name] += quantityValue(name, q)
		}
	}
	return out
}
