package sim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers/kubelet"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/store"
)

// runCommand runs one step's command and returns what it printed. An error
// is what the command printed to stderr; the cluster is then unchanged
// (for kubectl: as far as the command got before failing).
func (s *simulator) runCommand(st *scenario.Step) (string, error) {
	args, err := kubectl.Split(st.Run)
	if err != nil {
		return "", err
	}
	if len(args) == 0 {
		return "", fmt.Errorf("error: empty command")
	}
	switch args[0] {
	case "kubectl":
		return s.kubectl(st.Run, args[1:], st.Manifest)
	case "node":
		return s.nodeCommand(args[1:])
	case "wait":
		d, err := scenario.WaitDuration(st.Run)
		if err != nil {
			return "", err
		}
		s.note("waiting %s", clock.Format(d))
		return "", nil
	case "restart":
		return s.restart(args[1:])
	case "create":
		if len(args) == 3 && kubectl.Kind(args[1]) == "Node" {
			return s.createNode(args[2])
		}
		return s.createPod(args[1:])
	}
	return "", fmt.Errorf("error: unknown command %q", args[0])
}

// kubectl runs a kubectl command (the step command run, its arguments
// after "kubectl") against the simulated API server; a drain that waits
// for its pods or a PodDisruptionBudget looks again every DrainPoll.
func (s *simulator) kubectl(run string, args []string, stdin string) (string, error) {
	api := &apiServer{s: s, verb: ""}
	if len(args) > 0 {
		api.verb = args[0]
	}
	out, wait, err := kubectl.Run(api, args, stdin)
	api.flush()
	if wait != nil {
		s.retryDrain(run, wait)
	}
	return out, err
}

// retryDrain sets the next look of a waiting drain (every DrainPoll); what
// it prints later is the output of the step command run, continued.
func (s *simulator) retryDrain(run string, w *kubectl.DrainWait) {
	s.clk.At(s.clk.Now()+kubectl.DrainPoll, clock.Work, func() {
		api := &apiServer{s: s}
		lines, done := w.Tick(api)
		api.flush()
		if len(lines) > 0 {
			s.timerOutput = append(s.timerOutput, lines...)
			if !slices.Contains(s.timerRuns, run) {
				s.timerRuns = append(s.timerRuns, run)
			}
		}
		if !done {
			s.retryDrain(run, w)
		}
	})
}

// createPod is `create pod NAME`: the Pod manifest of that name enters the
// cluster now and goes to the scheduler (or its kubelet, by spec.nodeName).
// A pod admission refuses fails the step with the text a refused `kubectl
// apply -f -` of it gives.
func (s *simulator) createPod(args []string) (string, error) {
	if len(args) != 2 || kubectl.Kind(args[0]) != "Pod" {
		return "", fmt.Errorf("usage: create pod NAME")
	}
	for _, p := range s.st.Pods() {
		if !p.Reserved || p.Name() != args[1] {
			continue
		}
		if p.AdmitErr != "" {
			s.st.UpdatePod(p, "", func(p *store.Pod) { p.Reserved = false })
			return "", fmt.Errorf("%s", admissionErrorText(p))
		}
		now := s.clk.Now()
		s.st.UpdatePod(p, "", func(p *store.Pod) { p.Reserved, p.CreatedAt = false, now })
		return fmt.Sprintf("pod/%s created", p.Name()), nil
	}
	return "", fmt.Errorf("Error from server (AlreadyExists): pods %q already exists", args[1])
}

// admissionErrorText is kubectl's line for a pod admission refused, as
// `kubectl apply -f -` prints it (the source is "STDIN", for an apply
// step, a `create pod` step and the file's pods alike: the exported
// script applies each of them through stdin). Forbidden statuses (the
// Priority plugin) carry their reason, plain admission errors
// (PodTolerationRestriction) have none.
func admissionErrorText(p *store.Pod) string {
	const source = `"STDIN"`
	if p.AdmitForbidden {
		return "Error from server (Forbidden): error when creating " + source + ": " + p.AdmitErr
	}
	return "Error from server: error when creating " + source + ": " + p.AdmitErr
}

// restart is `restart COMPONENT`: the component's process starts anew.
//
// kube-controller-manager: its new leader takes over at once (as when the
// old one released its Lease; without that, alpha
// ControllerManagerReleaseLeaderElectionLockOnExit in 1.37, the new one
// waits up to --leader-elect-lease-duration, 15 s). Each controller loses
// its memory and rebuilds it from the informers
// (controllers.Manager.Restart). The LeaderElection event the new leader
// records on the kube-system Lease ("HOSTNAME_UUID became leader") is not
// shown: its identity is a random UUID of the new process.
//
// kube-scheduler: see scheduler.Scheduler.Restart for what it forgets and
// keeps.
func (s *simulator) restart(args []string) (string, error) {
	if len(args) != 1 || !slices.Contains(scenario.RestartComponents, args[0]) {
		return "", fmt.Errorf("usage: restart %s", strings.Join(scenario.RestartComponents, "|"))
	}
	switch args[0] {
	case "kube-scheduler":
		s.sched.Restart()
		s.note("kube-scheduler restarted: its scheduling queue starts empty and lists every pending pod again")
	default:
		s.note("kube-controller-manager restarted: its controllers start again from the cluster's objects")
		s.mgr.Restart()
	}
	return "", nil
}

// refuse reports a pod of the scenario file that admission refused at
// the start as the API server answers the `kubectl apply -f -` that
// creates the starting cluster (the exported script's): kubectl's error
// text in the first frame's output and in Result.Refused, and a note. The
// API server records no Event for a refused create (admission errors go
// back to the client only), so none is emitted.
func (s *simulator) refuse(p *store.Pod) {
	s.note("pod %s was not created: %s", p.Name(), p.AdmitErr)
	s.refused = append(s.refused, Refusal{Kind: "Pod", Namespace: p.Namespace(), Name: p.Name(), Error: admissionErrorText(p)})
}

// createNode is `create node NAME`: the Node manifest of that name joins
// the cluster now (a Node Add event for the scheduling queue), and its
// kubelet starts the pods whose spec.nodeName names it.
func (s *simulator) createNode(name string) (string, error) {
	if s.st.Node(name) != nil {
		return "", fmt.Errorf("Error from server (AlreadyExists): nodes %q already exists", name)
	}
	for _, n := range s.scen.Nodes {
		if n.Name != name {
			continue
		}
		s.addNode(n.DeepCopy())
		s.kubelet.NodeJoined(name)
		return fmt.Sprintf("node/%s created", name), nil
	}
	return "", fmt.Errorf("error: this scenario has no Node manifest named %q", name)
}

// addNode registers a new node: its kubelet's report, the node-lifecycle
// controller's first look, then the store.
func (s *simulator) addNode(n *core.Node) {
	kubelet.Register(n)
	s.nlc.Register(n)
	s.st.CreateNode(n, false)
	s.note("node %s joined the cluster", n.Name)
}

// nodeCommand is `node NODE not-ready|unreachable|ready|start|stop` and
// `node NODE condition TYPE=STATUS`: the node's kubelet reporting (or
// going silent), with the node-lifecycle controller's reaction in the
// same change.
func (s *simulator) nodeCommand(args []string) (string, error) {
	if len(args) < 2 {
		return "", fmt.Errorf("usage: node NODE not-ready|unreachable|ready|stop, or node NODE condition TYPE=STATUS")
	}
	name := args[0]
	if s.st.Node(name) == nil {
		return "", fmt.Errorf("Error from server (NotFound): nodes %q not found", name)
	}
	switch args[1] {
	case "stop":
		s.kubelet.Stop(name)
		at := s.nlc.KubeletStopped(name)
		s.note("the kubelet on %s stopped posting status; the node-lifecycle controller will mark it Unknown at %s (node-monitor-grace-period %s)", name, clock.FormatAt(at), clock.Format(s.nlc.GracePeriod()))
		return fmt.Sprintf("node/%s: the kubelet stops posting node status (last heartbeat observed at %s)", name, clock.FormatAt(s.clk.Now())), nil
	case "not-ready", "unreachable", "ready", "start":
	case "condition":
		return s.nodeCondition(name, args)
	default:
		return "", fmt.Errorf("unknown node state %q: use not-ready, unreachable, ready, stop, or condition TYPE=STATUS", args[1])
	}
	s.st.Hold(name)
	defer s.st.Release(name)
	if args[1] == "unreachable" {
		s.nlc.MarkUnknown(name)
		return fmt.Sprintf("node/%s: the node-lifecycle controller marks it Unknown (%s)", name, nodelifecycle.UnknownMessage), nil
	}
	s.nlc.Heartbeat(name) // the kubelet posts again: no Unknown transition pending
	if args[1] == "not-ready" {
		s.kubelet.ReportConditions(name, func(n *core.Node) {
			n.SetCondition(core.NodeReady, core.ConditionFalse, "KubeletNotReady", "container runtime is down")
		})
	} else {
		s.kubelet.ReportConditions(name, func(n *core.Node) {
			n.SetCondition(core.NodeReady, core.ConditionTrue, "KubeletReady", "kubelet is posting ready status")
			for _, t := range []core.NodeConditionType{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
				if c := n.Condition(t); c != nil && c.Status == core.ConditionUnknown {
					n.SetCondition(t, core.ConditionFalse, "KubeletHasNo"+string(t), "")
				}
			}
		})
	}
	s.nlc.ReconcileNoSchedule(name)
	s.nlc.ReadyReported(name)
	s.kubelet.Resume(name)
	switch args[1] {
	case "not-ready":
		return fmt.Sprintf("node/%s: the kubelet reports Ready=False", name), nil
	case "start":
		return fmt.Sprintf("node/%s: the kubelet starts posting node status again (Ready=True)", name), nil
	}
	return fmt.Sprintf("node/%s: the kubelet reports Ready=True", name), nil
}

// nodeCondition is `node NODE condition TYPE=STATUS`.
func (s *simulator) nodeCondition(name string, args []string) (string, error) {
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
	s.st.Hold(name)
	defer s.st.Release(name)
	before, after := s.kubelet.ReportConditions(name, func(n *core.Node) { n.SetCondition(ct, status, "", "") })
	s.kubelet.PressureEvent(before, after, ct)
	s.nlc.ReconcileNoSchedule(name)
	if ct == core.NodeReady {
		if status == core.ConditionUnknown {
			s.nlc.ReconcileNoExecute(name)
		} else {
			s.nlc.ReadyReported(name)
		}
	}
	return fmt.Sprintf("node/%s: condition %s=%s", name, typ, st), nil
}
