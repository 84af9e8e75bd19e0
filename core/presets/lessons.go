package presets

// Lessons are presets built on the common misconceptions about taints and
// tolerations (shared/reference/PEERS.md §6). Each is an ordinary scenario
// file in scenarios/ whose description states the misconception and ends
// with the "predict, then run" question, and whose last step's caption
// reveals the answer, so a share link carries both. The Question and
// Answer below repeat them for a UI that asks first and reveals after the
// run.

// CategoryMisconception is the Category of the misconception lessons.
const CategoryMisconception = "misconception"

type lesson struct {
	name string
	// misconception is the PEERS.md §6 row the lesson answers; rows past
	// the table's 22 are misconceptions issue reports brought: 24 is "a
	// NoExecute taint evicts every pod it does not tolerate" (static pods,
	// issue 13).
	misconception int
	// ask is the lesson's neutral title: the question it asks, in a few
	// words, without its answer (the scenario's title states the
	// misconception). The picker and the library show it until the
	// learner has seen the answer.
	ask      string
	question string
	answer   string
}

// lessons is the order lessons are offered in: placement first, then
// eviction, then matching rules, then the scheduler's reporting.
var lessons = []lesson{
	{"mc-toleration-attracts", 1,
		"Does a toleration pull a pod onto the tainted node?",
		"gpu-1 is tainted gpu=true:NoSchedule and ml-job tolerates it; plain-1 has no taint and more room. Where does ml-job land? And ml-job-pinned, which adds nodeSelector gpu=true?",
		"ml-job lands on plain-1: a toleration only permits, and the scores prefer the emptier node. ml-job-pinned lands on gpu-1, because its nodeSelector leaves no other candidate."},
	{"mc-untainted-node", 2,
		"Does a pod with a toleration run only on tainted nodes?",
		"The only node has no taints. Does batch-job, which tolerates dedicated=batch:NoSchedule, stay Pending until a batch node appears?",
		"No. batch-job runs on plain-1 from t=0: a node without taints accepts every pod, whatever its tolerations."},
	{"mc-noschedule-evicts", 3,
		"Does a NoSchedule taint evict the pods already running?",
		"web runs on node-1. node-1 is tainted maint=true:NoSchedule at 10 s and maint=true:NoExecute at 40 s. When does web leave?",
		"At 40 s, when the NoExecute taint arrives. The NoSchedule taint at 10 s evicts nothing; it only keeps the new pod web-new Pending."},
	{"mc-noexecute-pdb", 4,
		"Does NoExecute eviction respect PodDisruptionBudgets?",
		"A PodDisruptionBudget allows no disruption of web's two replicas. What happens to the replica on n1 when n1 is tainted maint=now:NoExecute at 30 s?",
		"It is deleted at 30 s anyway: the taint-eviction controller deletes pods without the eviction API, so the PDB is not consulted. The ReplicaSet's replacement lands on n2."},
	{"mc-tolerationseconds-scheduling", 5,
		"Does tolerationSeconds delay scheduling?",
		"db-1 is tainted workload=db:NoExecute. timed tolerates it for 60 s, zero for 0 s. When is each scheduled, and when deleted?",
		"Both are scheduled at 0 s, since the scheduler ignores tolerationSeconds. zero is deleted at once (0 s means now), timed at 60 s."},
	{"mc-node-death-timing", 6,
		"When do the pods of a dead node go away?",
		"n1's kubelet stops at 10 s. api has only the default tolerations; fast-failover tolerates unreachable for 30 s. When is each pod deleted?",
		"n1 turns Unknown and gets the unreachable NoExecute taint at 65 s (50 s grace, next 5 s pass); fast-failover is deleted at 95 s and api at 365 s, after the 300 s DefaultTolerationSeconds toleration."},
	// Row 23 is new in this round (PEERS.md §6 stops at 22): "pods on a
	// shut-down node can only wait out their 300 s".
	{"mc-out-of-service", 23,
		"Must pods on a shut-down node wait out their 300 s?",
		"web's two pods run on n1, which stops at 10 s; they tolerate unreachable for the default 300 s. At 110 s the operator taints n1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute. When are the old pods gone, and when do the replacements run?",
		"The taint evicts both at 110 s (nobody tolerates it) and the ReplicaSet's replacements run on n2 at once. The old pods stay Terminating, with no kubelet to confirm, until the pod garbage collector's next 20 s pass force-deletes them at 120 s. Without the taint they would be evicted at 365 s and stay Terminating until n1 returns."},
	{"mc-extend-tolerationseconds", 7,
		"Does raising tolerationSeconds postpone a scheduled eviction?",
		"n1 is tainted maint=true:NoExecute at 10 s; worker and hurry tolerate it for 60 s. At 30 s worker's toleration is raised to 3600 s and hurry's lowered to 5 s. When is each deleted?",
		"Both at 70 s, the deadline set at 10 s: once a deletion is scheduled, changing tolerationSeconds moves it neither later nor earlier."},
	{"mc-remove-taint-cancels", 8,
		"Does removing the taint cancel the eviction?",
		"n1 gets maint (10 s) and evac (20 s), both NoExecute; maint is removed at 30 s. keeper tolerates maint for 60 s and evac forever; leaver tolerates both for 60 s. Which pod survives?",
		"keeper: its deletion is cancelled at 30 s because it tolerates every remaining NoExecute taint forever. leaver is still deleted at 70 s."},
	{"mc-static-pod-noexecute", 24,
		"Does a NoExecute taint evict every pod it does not tolerate?",
		"cp-1 runs web and the static pod kube-scheduler-cp-1 (its mirror pod carries kubernetes.io/config.mirror); neither tolerates maint=true:NoExecute, added at 10 s and removed at 15 s. What happens to each?",
		"web is deleted at 10 s for good. The static pod never stops: the kubelet admits static pods whatever the taints. Only its mirror pod churns: the taint-eviction controller deletes it and the kubelet creates a new one (here 1 s later, upstream at once), at 10, 11, 12, 13 and 14 s; the one created at 15 s stays."},
	{"mc-exists-with-key", 9,
		"Does operator Exists tolerate every taint?",
		"gpu-1 carries gpu=a100:NoSchedule and team=ml:NoSchedule. gpu-any tolerates {key: gpu, operator: Exists}, anything tolerates {operator: Exists}. Which runs on gpu-1?",
		"Only anything. Exists with a key matches that key alone, so team=ml stays untolerated and gpu-any is Pending; only the empty key matches every taint."},
	{"mc-empty-effect", 10,
		"Which effects does a toleration without effect cover?",
		"node-1 carries gpu=true as NoSchedule and as NoExecute. ns-only tolerates gpu=true:NoSchedule, any-effect tolerates gpu=true with no effect. Which is placed on node-1?",
		"any-effect: an empty effect matches all effects. ns-only stays Pending, because the NoExecute taint also blocks scheduling."},
	{"mc-operator-default", 11,
		"Does the value matter in a toleration without operator?",
		"ml-1 carries dedicated=ml:NoSchedule. key-only tolerates {key: dedicated, effect: NoSchedule} with no operator; exists adds operator Exists. Which runs, and what happens when the taint's value is cleared at 30 s?",
		"exists runs from 0 s; key-only is Pending because the default operator Equal with no value matches only an empty value. Once the taint is dedicated:NoSchedule, key-only lands at 30 s."},
	{"mc-one-toleration-enough", 12,
		"Is one matching toleration enough?",
		"gpu-1 has nvidia.com/gpu=present:NoSchedule and, from 0 s to 40 s, disk pressure. trainer tolerates only the GPU taint. Where is trainer at 10 s, and after 40 s?",
		"Pending from 10 s (the disk-pressure taint is untolerated), then on gpu-1 at 40 s, once the controller removes the pressure taint. Every NoSchedule/NoExecute taint must be tolerated."},
	{"mc-prefer-blocks", 13,
		"Does PreferNoSchedule keep pods off while other nodes exist?",
		"plain-1 has 2 CPUs; soft-1 has 4 and spot=true:PreferNoSchedule. p1, p2, p3 each need 1 CPU and arrive at 1, 2 and 3 s. Where does each land? Is any Pending?",
		"p1 and p2 on plain-1, p3 on soft-1; none is Pending. PreferNoSchedule only lowers a score, and the lower-scored node is used when it is the only one with room."},
	{"mc-nodename-bypass", 14,
		"Does a NoSchedule taint keep every pod off the node?",
		"pinned-quiet sets spec.nodeName to quiet-1 (maint=true:NoSchedule), pinned-gone to gone-1 (maint=true:NoExecute); neither tolerates anything. Which runs?",
		"pinned-quiet runs: spec.nodeName skips the scheduler, which is what enforces NoSchedule. pinned-gone is rejected by the kubelet (Failed, reason TaintToleration) and deleted, because NoExecute is checked on the node."},
	{"mc-daemonset-cordon", 15,
		"Do cordoned and tainted nodes get DaemonSet pods?",
		"n2 is cordoned, n3 carries dedicated=db:NoSchedule. Where does the log-agent DaemonSet run, and what happens to n1's agent when n1 is tainted NoSchedule at 30 s?",
		"On n1 and n2 (the controller adds an unschedulable toleration), never on n3, where no pod is even created. n1's agent keeps running after the NoSchedule taint."},
	{"mc-conditions-taints", 16,
		"Does the scheduler read node conditions such as MemoryPressure?",
		"mem-1 reports MemoryPressure=True. tolerant tolerates node.kubernetes.io/memory-pressure, plain does not. Which runs, what does plain's message blame, and what happens when the pressure ends at 30 s?",
		"tolerant runs from 0 s: the scheduler sees only the taint the controller made from the condition, and tolerant tolerates it. plain is Pending for an untolerated taint, then scheduled at 30 s when the taint goes."},
	{"mc-first-failure-only", 17,
		"Does FailedScheduling list every reason for every node?",
		"node-1 is cordoned, tainted team=red:NoSchedule and too small for big. What does big's FailedScheduling message say, after the uncordon at 30 s, and after the taint removal at 60 s?",
		"\"1 node(s) were unschedulable\", then \"1 node(s) had untolerated taint(s)\", then \"1 Insufficient cpu\": one reason per node, from the first filter that fails."},
	{"mc-message-braces", 18,
		"What does {key: value} in FailedScheduling show of the taint?",
		"On Kubernetes 1.33, gpu-1 carries nvidia.com/gpu:NoSchedule (no value) and db-1 team=db:NoExecute. What does app's FailedScheduling message print for each node?",
		"\"{nvidia.com/gpu: }\" and \"{team: db}\": the taint's key and value, never its effect. From 1.35 the message says only \"had untolerated taint(s)\"."},
	{"mc-edit-tolerations", 21,
		"Can a running pod's tolerations be edited freely?",
		"worker runs on n1 tolerating maint=true:NoSchedule. At 10 s an apply removes that toleration, at 20 s another adds maint=true:NoExecute, at 30 s n1 is tainted maint=true:NoExecute. What happens to worker?",
		"It keeps running. The removal is refused (existing tolerations can only have their tolerationSeconds changed), the addition is accepted, and the added toleration covers the NoExecute taint with no time limit."},
	{"mc-numeric-values", 22,
		"Can taint values be compared as numbers?",
		"With the TaintTolerationComparisonOperators gate on, picky tolerates {key: sla, operator: Gt, value: \"950\"}; nodes carry sla=999, sla=900 and sla=high. Where does picky land, and picky-2 after sla=999 becomes sla=high?",
		"picky lands on n-999 (999 > 950; 900 is not greater and \"high\" is not an integer). picky-2 stays Pending: no taint value is an integer above 950 any more."},
	{"mc-master-toleration", 19,
		"Which toleration lets a pod run on a kubeadm control plane?",
		"cp-1 is a kubeadm control plane. legacy tolerates node-role.kubernetes.io/master, equal-true tolerates control-plane=\"true\", current tolerates control-plane with Exists. Which run?",
		"Only current. kubeadm applies node-role.kubernetes.io/control-plane:NoSchedule with an empty value and no master taint since 1.25."},
}

// Lessons returns the misconception lessons in their offered order, with
// Category, Question, Answer and Misconception set.
func Lessons() []Preset {
	out := make([]Preset, 0, len(lessons))
	for _, l := range lessons {
		p, err := loadLesson(l)
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

// LessonNames lists the lesson names in Lessons order.
func LessonNames() []string {
	out := make([]string, len(lessons))
	for i, l := range lessons {
		out[i] = l.name
	}
	return out
}

func getLesson(name string) (Preset, bool) {
	for _, l := range lessons {
		if l.name == name {
			p, err := loadLesson(l)
			return p, err == nil
		}
	}
	return Preset{}, false
}

func loadLesson(l lesson) (Preset, error) {
	p, err := load(l.name)
	if err != nil {
		return Preset{}, err
	}
	p.Category = CategoryMisconception
	p.Misconception = l.misconception
	p.Ask = l.ask
	p.Question = l.question
	p.Answer = l.answer
	return p, nil
}
