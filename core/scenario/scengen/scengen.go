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
	"slices"
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

func (g *gen) node(name string) {
	fmt.Fprintf(&g.b, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %s\n  labels:\n    kubernetes.io/hostname: %s\n", name, name)
	if g.chance(0.8) {
		z := g.pick(zones)
		if g.profile == profileOutage && g.chance(0.8) {
			z = "za"
		}
		fmt.Fprintf(&g.b, "    topology.kubernetes.io/zone: %s\n", z)
		if g.chance(0.3) {
			g.b.WriteString("    topology.kubernetes.io/region: r1\n")
		}
	}
	for _, k := range labelKs {
		if g.chance(0.3) {
			fmt.Fprintf(&g.b, "    %s: %s\n", k, g.pick(labelVs))
		}
	}
	if g.chance(0.05) {
		g.b.WriteString("    node.kubernetes.io/exclude-disruption: \"\"\n")
	}
	var spec []string
	if g.chance(0.1) {
		spec = append(spec, "  unschedulable: true")
	}
	taintChance := 0.6
	if g.profile == profilePreempt {
		taintChance = 0.1
	}
	if n := g.r.Intn(4); n > 0 && g.chance(taintChance) {
		spec = append(spec, "  taints:")
		seen := map[string]bool{}
		for i := 0; i < n; i++ {
			t := g.taintSpec()
			kv, eff, _ := strings.Cut(t, ":")
			k, v, _ := strings.Cut(kv, "=")
			if seen[k+eff] {
				continue
			}
			seen[k+eff] = true
			line := fmt.Sprintf("  - {key: %s, effect: %s", k, eff)
			if v != "" {
				line += fmt.Sprintf(", value: %q", v)
			}
			spec = append(spec, line+"}")
		}
	}
	if len(spec) > 0 {
		g.b.WriteString("spec:\n" + strings.Join(spec, "\n") + "\n")
	}
	g.b.WriteString("status:\n")
	switch g.r.Intn(5) {
	case 0:
		// Neither: the default allocatable.
	case 1:
		fmt.Fprintf(&g.b, "  capacity: {cpu: \"%d\", memory: %dGi}\n", 1+g.r.Intn(4), 2+g.r.Intn(8))
	default:
		cpus := 1 + g.r.Intn(4)
		if g.profile == profilePreempt {
			cpus = 1 + g.r.Intn(2)
		}
		fmt.Fprintf(&g.b, "  allocatable: {cpu: \"%d\", memory: %dGi, pods: \"%d\"", cpus, 2+g.r.Intn(8), 3+g.r.Intn(108))
		if g.chance(0.2) {
			fmt.Fprintf(&g.b, ", nvidia.com/gpu: \"%d\"", g.r.Intn(3))
		}
		g.b.WriteString("}\n")
	}
	if g.chance(0.25) {
		g.b.WriteString("  conditions:\n")
		fmt.Fprintf(&g.b, "  - {type: Ready, status: \"%s\"}\n", g.pick([]string{"True", "True", "False", "Unknown"}))
		if g.chance(0.4) {
			fmt.Fprintf(&g.b, "  - {type: %s, status: \"%s\"}\n", g.pick([]string{"MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"}), g.pick([]string{"True", "False"}))
		}
	}
}

func (g *gen) toleration() string {
	var parts []string
	op := g.pick([]string{"Equal", "Exists", "", "Exists"})
	if g.gate && g.chance(0.2) {
		op = g.pick([]string{"Lt", "Gt"})
	}
	k := g.pick(keys)
	if op == "Lt" || op == "Gt" {
		k = "num"
	}
	if !(op == "Exists" && g.chance(0.15)) {
		parts = append(parts, "key: "+k)
	}
	if op != "" {
		parts = append(parts, "operator: "+op)
	}
	if op != "Exists" {
		v := g.pick(values)
		if op == "Lt" || op == "Gt" || k == "num" {
			v = fmt.Sprint(g.r.Intn(10))
		}
		parts = append(parts, fmt.Sprintf("value: %q", v))
	}
	eff := ""
	if g.chance(0.85) {
		eff = g.pick(effects)
		parts = append(parts, "effect: "+eff)
	}
	if eff == "NoExecute" && g.chance(0.5) {
		parts = append(parts, fmt.Sprintf("tolerationSeconds: %d", g.pick3(-5, 0, 10*g.r.Intn(40))))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (g *gen) pick3(a, b, c int) int {
	switch g.r.Intn(10) {
	case 0:
		return a
	case 1:
		return b
	}
	return c
}

func (g *gen) tolerationsYAML(indent string) string {
	n := g.r.Intn(4)
	if n == 0 {
		return ""
	}
	tols := make([]string, n)
	for i := range tols {
		tols[i] = g.toleration()
	}
	return indent + "tolerations: [" + strings.Join(tols, ", ") + "]\n"
}

func (g *gen) podDoc(name, ns string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: %s\n", name)
	if ns != "default" {
		fmt.Fprintf(&b, "  namespace: %s\n", ns)
	}
	fmt.Fprintf(&b, "  labels: {app: %s}\n", g.pick([]string{"web0", "solo", "api"}))
	b.WriteString("spec:\n")
	switch {
	case g.chance(0.1):
		fmt.Fprintf(&b, "  nodeName: %s\n", g.pick(append(append([]string(nil), g.nodes...), "nowhere")))
	case g.chance(0.03):
		b.WriteString("  schedulerName: my-scheduler\n")
	}
	if g.chance(0.2) && g.profile != profilePreempt {
		fmt.Fprintf(&b, "  nodeSelector: {%s: %s}\n", g.pick(labelKs), g.pick(labelVs))
	}
	if g.chance(0.15) {
		fmt.Fprintf(&b, "  affinity:\n    nodeAffinity:\n")
		if g.chance(0.6) {
			fmt.Fprintf(&b, "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [%s, %s]}]\n", g.pick(zones), g.pick(zones))
		}
		fmt.Fprintf(&b, "      preferredDuringSchedulingIgnoredDuringExecution:\n      - weight: %d\n        preference: {matchExpressions: [{key: %s, operator: Exists}]}\n", 1+g.r.Intn(100), g.pick(labelKs))
	}
	switch {
	case g.profile == profilePreempt:
		// Low-priority pods first; the pods created later preempt them.
		class := "low"
		if slices.Contains(g.laterPods, name) || g.chance(0.15) {
			class = "high"
		}
		fmt.Fprintf(&b, "  priorityClassName: %s\n", class)
	case len(g.pcs) > 0 && g.chance(0.4):
		fmt.Fprintf(&b, "  priorityClassName: %s\n", g.pick(append(g.pcs, "missing", "system-node-critical")))
	case g.chance(0.15):
		fmt.Fprintf(&b, "  priority: %d\n", 100*g.r.Intn(5))
		if g.chance(0.3) {
			b.WriteString("  preemptionPolicy: Never\n")
		}
	}
	if g.chance(0.1) {
		b.WriteString("  hostNetwork: true\n")
	}
	if g.chance(0.15) {
		b.WriteString("  volumes: [{name: scratch, emptyDir: {}}]\n")
	}
	b.WriteString(g.tolerationsYAML("  "))
	b.WriteString("  containers:\n  - name: c\n    image: nginx\n")
	if g.chance(0.8) {
		cpu := 100 * (1 + g.r.Intn(15))
		if g.profile == profilePreempt {
			cpu = 500 * (1 + g.r.Intn(4))
		}
		fmt.Fprintf(&b, "    resources:\n      requests: {cpu: %dm, memory: %dMi", cpu, 128*(1+g.r.Intn(16)))
		if g.chance(0.1) {
			b.WriteString(", nvidia.com/gpu: \"1\"")
		}
		b.WriteString("}\n")
	}
	if g.chance(0.1) {
		b.WriteString("  initContainers: [{name: init, image: busybox, resources: {requests: {cpu: \"1\"}}}]\n")
	}
	return b.String()
}

func (g *gen) pod(name, ns string) {
	g.b.WriteString("---\n" + g.podDoc(name, ns))
}

func (g *gen) workload(kind, name string, replicas int) {
	fmt.Fprintf(&g.b, "---\napiVersion: apps/v1\nkind: %s\nmetadata: {name: %s}\nspec:\n  replicas: %d\n  selector: {matchLabels: {app: %s}}\n  template:\n    metadata: {labels: {app: %s}}\n    spec:\n", kind, name, replicas, name, name)
	if len(g.pcs) > 0 && g.chance(0.3) {
		fmt.Fprintf(&g.b, "      priorityClassName: %s\n", g.pick(g.pcs))
	}
	if g.chance(0.2) {
		fmt.Fprintf(&g.b, "      nodeSelector: {%s: %s}\n", g.pick(labelKs), g.pick(labelVs))
	}
	g.b.WriteString(g.tolerationsYAML("      "))
	fmt.Fprintf(&g.b, "      containers: [{name: c, image: nginx, resources: {requests: {cpu: %dm, memory: 256Mi}}}]\n", 100*(1+g.r.Intn(10)))
}

func (g *gen) daemonSet(name string) {
	fmt.Fprintf(&g.b, "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: %s}\nspec:\n  selector: {matchLabels: {app: %s}}\n  template:\n    metadata: {labels: {app: %s}}\n    spec:\n", name, name, name)
	if g.chance(0.3) {
		g.b.WriteString("      hostNetwork: true\n")
	}
	if g.chance(0.2) {
		fmt.Fprintf(&g.b, "      nodeSelector: {%s: %s}\n", g.pick(labelKs), g.pick(labelVs))
	}
	g.b.WriteString(g.tolerationsYAML("      "))
	g.b.WriteString("      containers: [{name: c, image: fluentd, resources: {requests: {cpu: 50m}}}]\n")
}

func (g *gen) namespace(name string) {
	fmt.Fprintf(&g.b, "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: %s\n", name)
	if g.chance(0.7) {
		g.b.WriteString("  annotations:\n")
		g.b.WriteString("    scheduler.alpha.kubernetes.io/defaultTolerations: '[{\"key\": \"dedicated\", \"operator\": \"Exists\"}]'\n")
		if g.chance(0.5) {
			g.b.WriteString("    scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{\"key\": \"dedicated\", \"operator\": \"Exists\"}]'\n")
		}
	}
}

func (g *gen) priorityClasses() {
	for i, name := range g.pcs {
		fmt.Fprintf(&g.b, "---\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: %s}\nvalue: %d\n", name, 1000*(len(g.pcs)-i))
		if i == len(g.pcs)-1 && g.chance(0.5) {
			g.b.WriteString("globalDefault: true\n")
		}
		if g.chance(0.2) {
			g.b.WriteString("preemptionPolicy: Never\n")
		}
	}
}

func (g *gen) pdb(app string) {
	fmt.Fprintf(&g.b, "---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: budget}\nspec:\n")
	if g.chance(0.5) {
		fmt.Fprintf(&g.b, "  minAvailable: %d\n", g.r.Intn(3))
	} else {
		fmt.Fprintf(&g.b, "  maxUnavailable: %s\n", g.pick([]string{"0", "1", "\"50%\"", "\"0%\""}))
	}
	fmt.Fprintf(&g.b, "  selector: {matchLabels: {app: %s}}\n", app)
}
