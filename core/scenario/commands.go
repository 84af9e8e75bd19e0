package scenario

import (
	"slices"
	"strings"

	"github.com/taints-playground/playground/core/kubectl"
)

// Command is one step command form the parser accepts: its usage as the
// README and docs write it and what it does.
type Command struct {
	Usage string
	Doc   string
}

// RestartComponents are the components `restart COMPONENT` restarts.
var RestartComponents = []string{"kube-controller-manager", "kube-scheduler"}

// nodeStates are the words of `node NODE STATE`.
var nodeStates = []string{"stop", "start", "not-ready", "unreachable", "ready"}

// Commands lists every step command CheckCommand accepts. It is the one
// source of truth for the parser's messages and the README's table (a test
// checks the README lists each Usage).
var Commands = []Command{
	{"kubectl taint nodes NODE KEY[=VALUE]:EFFECT[-] … [--overwrite] [--all] [-l SELECTOR]", "kubectl's own grammar; a trailing `-` removes"},
	{"kubectl cordon NODE", "set `spec.unschedulable`"},
	{"kubectl uncordon NODE", "clear `spec.unschedulable`"},
	{"kubectl drain NODE [--ignore-daemonsets] [--delete-emptydir-data] [--force] [--disable-eviction]", "cordon, then evict the node's pods through the eviction API (PodDisruptionBudgets respected, retried)"},
	{"kubectl label nodes NODE KEY=VALUE … [--overwrite]", "change node labels"},
	{"kubectl delete pod NAME [-n NAMESPACE] [--grace-period=N] [--force] [--now]", "delete a pod: Terminating for its grace period (`--grace-period=N`, else spec.terminationGracePeriodSeconds, default 30 s) on a live node, until its kubelet returns on one that is not; `--now` is 1 s, `--grace-period=0` without `--force` is 1 s, `--force --grace-period=0` removes it at once, `--force` with a longer period is refused"},
	{"kubectl delete node NAME", "delete a node; its pods stay bound to the missing node until the pod garbage collector deletes them (the node gone for 40 s, at its next 20 s pass)"},
	{"kubectl scale deployment|replicaset NAME --replicas=N", "change a workload's replicas"},
	{"kubectl patch pod NAME -p PATCH [--type strategic|merge|json] [-n NAMESPACE]", "patch a live pod as the API server does (ValidatePodUpdate): remove its `spec.schedulingGates` (e.g. `-p '{\"spec\":{\"schedulingGates\":null}}'`) or add tolerations"},
	{"kubectl apply -f -", "create the objects of the step's `manifest`; for existing ones, Deployment and ReplicaSet replicas, a pod's added tolerations and removed scheduling gates (the playground models no other pod change), PodDisruptionBudgets, PriorityClasses, RuntimeClasses and Namespaces are updated; existing nodes are refused (use `kubectl taint`, `label` or `cordon`)"},
	{"kubectl describe pod|node NAME", "print, as kubectl would, into the step's output"},
	{"kubectl get nodes|pods [NAME …] [-n NAMESPACE|-A] [-l SELECTOR] [--field-selector FIELD=VALUE] [-o wide|name|json|yaml|jsonpath=TEMPLATE|custom-columns=SPEC]", "print, as kubectl would, into the step's output (`k` works for `kubectl` in every command)"},
	{"kubectl get events", "print, as kubectl would, into the step's output"},
	{"node NODE not-ready|unreachable|ready", "the node-lifecycle controller's condition taints"},
	{"node NODE stop", "the kubelet goes silent: after the grace period its conditions become Unknown and the unreachable taints follow"},
	{"node NODE start", "the kubelet posts Ready=True again"},
	{"node NODE condition TYPE=STATUS", "e.g. `DiskPressure=True`, which brings its condition taint"},
	{"create pod NAME", "a Pod of this file appears at this step instead of at t=0"},
	{"create node NAME", "a Node of this file joins the cluster at this step"},
	{"wait DURATION", "a frame DURATION later; the scenario runs at least that long"},
	{"restart kube-controller-manager", "kube-controller-manager restarts and its new leader takes over at once: pending NoExecute evictions are timed again from now, node grace periods restart, the node-lifecycle controller removes and re-adds its NoExecute taints, the workload controllers resync"},
	{"restart kube-scheduler", "a new kube-scheduler process: the scheduling queue is rebuilt (every pending pod back in activeQ, attempts and backoff forgotten), nominations kept from `status.nominatedNodeName`"},
}

// listWords joins words as "a, b, c or d".
func listWords(words []string, last string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + last + " " + words[len(words)-1]
}

// unknownCommandHelp is the tail of the unknown-command message, built from
// the same lists CheckCommand switches on.
func unknownCommandHelp() string {
	return "steps run kubectl (" + strings.Join(kubectl.Verbs, ", ") + "), node NODE " +
		strings.Join(nodeStates, "|") + ", node NODE condition TYPE=STATUS, wait DURATION, create pod NAME, create node NAME, or restart " + strings.Join(RestartComponents, "|")
}

// readOnlyVerbs are the kubectl commands that only ask the cluster.
var readOnlyVerbs = []string{"describe", "get"}

// Mutates reports whether a step command changes the cluster (the console
// turns such a command into a step of the scenario; the others it asks of
// the frame on the board): every command but kubectl describe and get.
// kubectl apply is left out too: the console has no manifest to give it.
func Mutates(command string) bool {
	f, err := kubectl.Split(command)
	if err != nil {
		f = strings.Fields(command)
	}
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "kubectl":
		return len(f) > 1 && slices.Contains(kubectl.Verbs, f[1]) && f[1] != "apply" && !slices.Contains(readOnlyVerbs, f[1])
	case "node", "create", "wait", "restart":
		return true
	}
	return false
}
