package scengen

import (
	"fmt"
	"slices"
	"strings"
)

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
