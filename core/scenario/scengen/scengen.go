// Package scengen writes random scenario files for differential tests:
// the same seed always gives the same text. A scenario mixes what the
// simulator models — nodes with taints of every effect, conditions,
// zones and cordons; pods with tolerations (every operator, effect and
// tolerationSeconds), priorities, nodeSelector and node affinity,
// spec.nodeName and other schedulers; Deployments, ReplicaSets,
// DaemonSets, PodDisruptionBudgets, PriorityClasses and Namespaces; and
// steps of every kind (taint, cordon, label, delete, drain, scale, apply,
// describe, get, node conditions, stop and start, create, wait).
//
// Start with Generate; cmd/simcheck records the simulator's output for
// thousands of these before and after a change.
package scengen

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
)

// Generate returns the scenario file of seed.
func Generate(seed int64) string {
	g := &gen{r: rand.New(rand.NewSource(seed)), seed: seed}
	return g.scenario()
}

type gen struct {
	r    *rand.Rand
	seed int64
	b    strings.Builder
	// profile leans the scenario toward one story: an outage of many
	// nodes of a zone, preemption on small nodes, or drains under budgets.
	profile int

	nodes     []string // node names, in file order
	later     []string // nodes created by a step
	pods      []string // bare pod names (namespace default)
	laterPods []string
	deploys   []string
	rsets     []string
	dsets     []string
	nss       []string
	pcs       []string
	gate      bool
	added     []string // taints steps added, for removals
}

func (g *gen) pick(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return list[g.r.Intn(len(list))]
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// Vocabulary shared by taints, tolerations and labels, small on purpose so
// that they meet.
var (
	keys    = []string{"dedicated", "gpu", "maint", "spot", "team", "node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable", "node.kubernetes.io/disk-pressure", "node.kubernetes.io/memory-pressure", "node.kubernetes.io/unschedulable", "example.com/zone-down", "num"}
	values  = []string{"", "true", "db", "a", "b", "5"}
	effects = []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}
	zones   = []string{"za", "zb", "zc"}
	labelKs = []string{"disk", "tier", "team", "pool"}
	labelVs = []string{"ssd", "hdd", "web", "gpu", "a", "b"}
)

// Profiles of gen.profile (the rest are mixed).
const (
	profileOutage = iota
	profilePreempt
	profileDrain
)

func (g *gen) scenario() string {
	g.profile = g.r.Intn(8)
	nNodes := 1 + g.r.Intn(6)
	if g.profile == profileOutage {
		nNodes = 4 + g.r.Intn(6)
	}
	if g.chance(0.03) {
		nNodes = 100 + g.r.Intn(20) // percentageOfNodesToScore and large frames
	}
	for i := 0; i < nNodes; i++ {
		g.nodes = append(g.nodes, fmt.Sprintf("n%d", i))
	}
	if g.chance(0.2) {
		g.later = append(g.later, fmt.Sprintf("n%d", nNodes))
	}
	nPods := g.r.Intn(9)
	if nNodes >= 100 {
		nPods = 60 + g.r.Intn(40)
	}
	for i := 0; i < nPods; i++ {
		g.pods = append(g.pods, fmt.Sprintf("p%d", i))
	}
	if g.chance(0.25) || g.profile == profilePreempt {
		g.laterPods = append(g.laterPods, fmt.Sprintf("p%d", nPods))
	}
	for i := 0; i < g.r.Intn(3); i++ {
		g.deploys = append(g.deploys, fmt.Sprintf("web%d", i))
	}
	if g.chance(0.3) {
		g.rsets = append(g.rsets, "rs0")
	}
	if g.chance(0.3) {
		g.dsets = append(g.dsets, "agent")
	}
	if g.chance(0.2) {
		g.nss = append(g.nss, "team-a")
	}
	if g.chance(0.3) || g.profile == profilePreempt {
		g.pcs = append(g.pcs, "high", "low")
	}
	if g.profile == profileDrain && len(g.deploys) == 0 {
		g.deploys = append(g.deploys, "web0")
	}
	g.gate = g.chance(0.2)
	g.header()
	for _, n := range append(append([]string(nil), g.nodes...), g.later...) {
		g.node(n)
	}
	for _, p := range append(append([]string(nil), g.pods...), g.laterPods...) {
		g.pod(p, "default")
	}
	if len(g.nss) > 0 && g.chance(0.7) {
		g.pod("tp", "team-a")
	}
	for _, d := range g.deploys {
		g.workload("Deployment", d, 1+g.r.Intn(4))
	}
	for _, rs := range g.rsets {
		g.workload("ReplicaSet", rs, 1+g.r.Intn(3))
	}
	for _, ds := range g.dsets {
		g.daemonSet(ds)
	}
	for _, ns := range g.nss {
		g.namespace(ns)
	}
	g.priorityClasses()
	if g.chance(0.35) || g.profile == profileDrain {
		g.pdb(g.pick(append(append([]string(nil), g.deploys...), "web0")))
	}
	return g.b.String()
}

func (g *gen) header() {
	fmt.Fprintf(&g.b, "kind: Scenario\nname: random-%d\n", g.seed)
	g.b.WriteString("options:\n")
	fmt.Fprintf(&g.b, "  seed: %d\n", g.r.Intn(5))
	switch {
	case g.gate:
		// The Lt/Gt gate exists from 1.35.
		fmt.Fprintf(&g.b, "  kubernetesVersion: \"1.%d\"\n", 35+g.r.Intn(3))
	case g.chance(0.5):
		fmt.Fprintf(&g.b, "  kubernetesVersion: \"1.%d\"\n", 26+g.r.Intn(12))
	}
	if g.gate {
		g.b.WriteString("  featureGates: {TaintTolerationComparisonOperators: true}\n")
	}
	if g.chance(0.1) {
		g.b.WriteString("  disableAdmissionPlugins: [DefaultTolerationSeconds]\n")
	}
	if g.chance(0.15) {
		fmt.Fprintf(&g.b, "  defaultNotReadyTolerationSeconds: %d\n  defaultUnreachableTolerationSeconds: %d\n", 10*g.r.Intn(40), 10*g.r.Intn(40))
	}
	if len(g.nss) > 0 && g.chance(0.6) {
		g.b.WriteString("  enableAdmissionPlugins: [PodTolerationRestriction]\n")
		if g.chance(0.5) {
			g.b.WriteString("  podTolerationRestriction:\n    default: [{key: team, operator: Exists, effect: NoSchedule}]\n")
		}
	}
	g.steps()
}

type step struct {
	at  int
	run string
	man string
}

func (g *gen) steps() {
	n := g.r.Intn(12)
	if len(g.nodes) >= 100 {
		n = 6
	}
	var steps []step
	for i := 0; i < n; i++ {
		at := 5 * g.r.Intn(240)
		if g.chance(0.15) {
			at = 0
		}
		run, man := g.command()
		steps = append(steps, step{at, run, man})
	}
	switch g.profile {
	case profileOutage:
		at := 5 * g.r.Intn(30)
		for _, nd := range g.nodes {
			if g.chance(0.7) {
				steps = append(steps, step{at: at + 5*g.r.Intn(3), run: "node " + nd + " " + g.pick([]string{"stop", "stop", "not-ready", "unreachable"})})
			}
		}
		if g.chance(0.6) {
			steps = append(steps, step{at: at + 60 + 10*g.r.Intn(40), run: "node " + g.pick(g.nodes) + " start"})
		}
	case profileDrain:
		for i := 0; i < 1+g.r.Intn(2); i++ {
			steps = append(steps, step{at: 5 * g.r.Intn(40), run: "kubectl drain " + g.pick(g.nodes) + " --ignore-daemonsets --force --delete-emptydir-data"})
		}
		steps = append(steps, step{at: 5 * g.r.Intn(80), run: "kubectl uncordon " + g.pick(g.nodes)})
	}
	for _, p := range g.laterPods {
		steps = append(steps, step{at: 5 * g.r.Intn(60), run: "create pod " + p})
	}
	for _, nd := range g.later {
		steps = append(steps, step{at: 5 * g.r.Intn(60), run: "create node " + nd})
	}
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].at < steps[j].at })
	if g.chance(0.5) {
		// until, never before the last step.
		last := 0
		if len(steps) > 0 {
			last = steps[len(steps)-1].at
		}
		fmt.Fprintf(&g.b, "until: %ds\n", last+60*g.r.Intn(6))
	}
	if len(steps) == 0 {
		return
	}
	g.b.WriteString("steps:\n")
	for _, s := range steps {
		fmt.Fprintf(&g.b, "- at: %ds\n  run: %q\n", s.at, s.run)
		if s.man != "" {
			g.b.WriteString("  manifest: |\n")
			for _, line := range strings.Split(strings.TrimRight(s.man, "\n"), "\n") {
				g.b.WriteString("    " + line + "\n")
			}
		}
	}
}

func (g *gen) taintSpec() string {
	k := g.pick(keys)
	v := g.pick(values)
	if k == "num" {
		v = fmt.Sprint(g.r.Intn(10))
	}
	s := k
	if v != "" {
		s += "=" + v
	}
	return s + ":" + g.pick(effects)
}

func (g *gen) nodeRef() string {
	if g.chance(0.05) {
		return "ghost"
	}
	return g.pick(g.nodes)
}

func (g *gen) podRef() string {
	all := append(append([]string(nil), g.pods...), g.laterPods...)
	if g.chance(0.1) || len(all) == 0 {
		return "ghost"
	}
	return g.pick(all)
}

// command returns a step command and, for apply, its manifest.
func (g *gen) command() (string, string) {
	switch g.r.Intn(22) {
	case 0, 1, 2, 3:
		n := 1 + g.r.Intn(2)
		specs := make([]string, n)
		for i := range specs {
			specs[i] = g.taintSpec()
			if len(g.added) > 0 && g.chance(0.3) {
				specs[i] = g.pick(g.added) + "-"
				continue
			}
			g.added = append(g.added, specs[i])
			if g.chance(0.3) {
				specs[i] = strings.SplitN(specs[i], "=", 2)[0]
				if !strings.Contains(specs[i], ":") {
					specs[i] += ":" + g.pick(effects)
				}
				specs[i] += "-"
			}
		}
		target := g.nodeRef()
		switch {
		case g.chance(0.08):
			target = "--all"
		case g.chance(0.08):
			target = "-l topology.kubernetes.io/zone=" + g.pick(zones)
		}
		cmd := "kubectl taint nodes " + target + " " + strings.Join(specs, " ")
		if g.chance(0.2) {
			cmd += " --overwrite"
		}
		return cmd, ""
	case 4:
		return "kubectl cordon " + g.nodeRef(), ""
	case 5:
		return "kubectl uncordon " + g.nodeRef(), ""
	case 6:
		return fmt.Sprintf("kubectl label nodes %s %s=%s --overwrite", g.nodeRef(), g.pick(labelKs), g.pick(labelVs)), ""
	case 7:
		return "kubectl delete pod " + g.podRef(), ""
	case 8:
		flags := []string{"--ignore-daemonsets", "--delete-emptydir-data", "--force", "--disable-eviction"}
		cmd := "kubectl drain " + g.nodeRef()
		for _, f := range flags {
			if g.chance(0.5) {
				cmd += " " + f
			}
		}
		return cmd, ""
	case 9:
		if len(g.deploys) > 0 && g.chance(0.7) {
			return fmt.Sprintf("kubectl scale deployment %s --replicas=%d", g.pick(g.deploys), g.r.Intn(6)), ""
		}
		return fmt.Sprintf("kubectl scale replicaset %s --replicas=%d", g.pick(append(g.rsets, "rs0")), g.r.Intn(5)), ""
	case 10:
		return "kubectl apply -f -", g.applyManifest()
	case 11:
		if g.chance(0.5) {
			return "kubectl describe pod " + g.podRef(), ""
		}
		return "kubectl describe node " + g.nodeRef(), ""
	case 12:
		if g.chance(0.5) {
			return "kubectl get pods -o wide", ""
		}
		return "kubectl get events", ""
	case 13, 14:
		return "node " + g.nodeRef() + " " + g.pick([]string{"not-ready", "unreachable", "ready"}), ""
	case 15, 16:
		return "node " + g.nodeRef() + " " + g.pick([]string{"stop", "start"}), ""
	case 17:
		c := g.pick([]string{"Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"})
		return fmt.Sprintf("node %s condition %s=%s", g.nodeRef(), c, g.pick([]string{"True", "False", "Unknown"})), ""
	case 18:
		return fmt.Sprintf("wait %ds", 5*g.r.Intn(80)), ""
	case 19:
		return "kubectl taint nodes " + g.nodeRef() + " " + g.pick(keys) + "-", ""
	case 20:
		return "kubectl describe pod " + g.pick(append(g.deploys, "web")), ""
	}
	return "kubectl get pods", ""
}

func (g *gen) applyManifest() string {
	var b strings.Builder
	switch g.r.Intn(7) {
	case 0:
		// A new pod, or new tolerations for an existing one.
		name := "applied"
		if g.chance(0.5) && len(g.pods) > 0 {
			name = g.pick(g.pods)
		}
		b.WriteString(g.podDoc(name, "default"))
	case 1:
		fmt.Fprintf(&b, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: %s}\nspec:\n  replicas: %d\n  selector: {matchLabels: {app: %s}}\n  template:\n    metadata: {labels: {app: %s}}\n    spec:\n      containers: [{name: c, image: nginx, resources: {requests: {cpu: 200m}}}]\n%s",
			g.pick(append(g.deploys, "api")), g.r.Intn(5), "api", "api", g.tolerationsYAML("      "))
	case 2:
		fmt.Fprintf(&b, "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: pdb-%d}\nspec:\n  minAvailable: %d\n  selector: {matchLabels: {app: %s}}\n", g.r.Intn(2), g.r.Intn(3), g.pick(append(g.deploys, "web0")))
	case 3:
		fmt.Fprintf(&b, "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: %s}\nvalue: %d\n", g.pick([]string{"high", "urgent"}), 1000*g.r.Intn(5))
	case 4:
		fmt.Fprintf(&b, "apiVersion: v1\nkind: Node\nmetadata: {name: %s, labels: {topology.kubernetes.io/zone: %s}}\nstatus: {allocatable: {cpu: \"2\", memory: 4Gi, pods: \"110\"}}\n", g.pick([]string{"extra", g.pick(g.nodes)}), g.pick(zones))
	case 5:
		fmt.Fprintf(&b, "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: %s}\nspec:\n  replicas: %d\n  selector: {matchLabels: {app: rs}}\n  template:\n    metadata: {labels: {app: rs}}\n    spec:\n      containers: [{name: c, image: nginx}]\n", g.pick(append(g.rsets, "rs1")), g.r.Intn(4))
	default:
		fmt.Fprintf(&b, "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: %s}\nspec:\n  selector: {matchLabels: {app: logs}}\n  template:\n    metadata: {labels: {app: logs}}\n    spec:\n      containers: [{name: c, image: fluentd}]\n%s", g.pick(append(g.dsets, "logs")), g.tolerationsYAML("      "))
	}
	return b.String()
}
