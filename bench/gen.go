package bench

import (
	"fmt"
	"strings"
	"time"
)

// Storm returns a scenario of n nodes in three zones and p pods spread
// over them, over the virtual time until: every 5th node's kubelet stops
// and starts again (the node-lifecycle controller marks it unreachable,
// taints it NoExecute through the zone's rate limiter, and removes the
// taint when it comes back), and a maintenance NoExecute taint sweeps over
// every 10th node and is removed. Pods carry varied tolerationSeconds for
// the unreachable and maintenance taints, so eviction timers are set,
// fire and are cancelled throughout; a third of the pods belong to
// Deployments, whose ReplicaSets replace the evicted ones.
func Storm(n, p int, until time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: Scenario\nname: storm-%dx%d\noptions: {seed: 7}\nuntil: %s\nsteps:\n", n, p, until)
	type step struct {
		at  time.Duration
		run string
	}
	var steps []step
	failing := 0
	for i := 0; i < n; i += 5 {
		failing++
	}
	for k, i := 0, 0; i < n; i, k = i+5, k+1 {
		down := time.Duration(k) * until / 2 / time.Duration(failing+1)
		down = down.Truncate(time.Second) + 10*time.Second
		up := down + until/4
		steps = append(steps, step{down, fmt.Sprintf("node n%d stop", i)})
		if up < until {
			steps = append(steps, step{up.Truncate(time.Second), fmt.Sprintf("node n%d start", i)})
		}
	}
	for k, i := 0, 1; i < n; i, k = i+10, k+1 {
		at := (until/3 + time.Duration(k)*time.Second).Truncate(time.Second)
		steps = append(steps, step{at, fmt.Sprintf("kubectl taint nodes n%d maintenance=true:NoExecute", i)})
		steps = append(steps, step{at + until/3, fmt.Sprintf("kubectl taint nodes n%d maintenance=true:NoExecute-", i)})
	}
	// Steps must be in time order (stable: file order for equal times).
	for i := 1; i < len(steps); i++ {
		for j := i; j > 0 && steps[j].at < steps[j-1].at; j-- {
			steps[j], steps[j-1] = steps[j-1], steps[j]
		}
	}
	for _, s := range steps {
		fmt.Fprintf(&b, "- {at: %ds, run: %s}\n", int64(s.at/time.Second), s.run)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata: {name: n%d, labels: {topology.kubernetes.io/zone: z%d}}\nstatus: {allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\"}}\n", i, i%3)
	}
	bare := p - p/3
	for i := 0; i < bare; i++ {
		fmt.Fprintf(&b, "---\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 256Mi}}}]\n", i)
		switch i % 4 {
		case 1:
			fmt.Fprintf(&b, "  tolerations: [{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: %d}]\n", 60*(i%11))
		case 2:
			fmt.Fprintf(&b, "  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: %d}]\n", 30*(i%7))
		case 3:
			b.WriteString("  tolerations: [{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}, {key: maintenance, operator: Exists}]\n")
		}
	}
	deploys := 10
	per := (p - bare) / deploys
	for d := 0; d < deploys && per > 0; d++ {
		fmt.Fprintf(&b, `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web%d}
spec:
  replicas: %d
  selector: {matchLabels: {app: web%d}}
  template:
    metadata: {labels: {app: web%d}}
    spec:
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 256Mi}}}]
      tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: %d}]
`, d, per, d, d, 20*d)
	}
	return b.String()
}

// Cluster returns a scenario of n nodes and p pods with taints (every 10th
// node NoSchedule, every 7th PreferNoSchedule) and pods that tolerate some
// of them, and a few steps: the page benchmark's board.
func Cluster(n, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: Scenario\nname: cluster-%dx%d\noptions: {seed: 1}\nsteps:\n", n, p)
	for k := 0; k < 6; k++ {
		fmt.Fprintf(&b, "- {at: %ds, run: kubectl taint nodes n%d step%d=true:NoExecute}\n", 10*(k+1), k*7, k)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata: {name: n%d, labels: {zone: z%d}}\n", i, i%3)
		switch {
		case i%10 == 0:
			b.WriteString("spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}\n")
		case i%7 == 0:
			b.WriteString("spec: {taints: [{key: spot, value: \"true\", effect: PreferNoSchedule}]}\n")
		}
		b.WriteString("status: {allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\"}}\n")
	}
	for i := 0; i < p; i++ {
		fmt.Fprintf(&b, "---\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m, memory: 1Gi}}}]\n", i)
		switch i % 5 {
		case 0:
			b.WriteString("  tolerations: [{key: spot, operator: Exists, effect: PreferNoSchedule}]\n")
		case 1:
			b.WriteString("  tolerations: [{key: dedicated, operator: Equal, value: db, effect: NoSchedule}]\n")
		}
	}
	return b.String()
}

// Paste returns a cluster of n nodes and p pods in the shape of
// `kubectl get nodes -o yaml` and `kubectl get pods -o yaml` pasted into
// the editor (a NodeList and a PodList), written as compactly as the
// scenario size cap (1 MiB) needs for 5,000 nodes and 10,000 pods: flow
// style, the items' kinds left to their lists. Nodes are in three zones;
// every 10th is tainted dedicated:NoSchedule and every 10th pod
// tolerates it; two steps taint a node NoExecute and cordon another, so the
// run has frames to step through.
func Paste(n, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: Scenario\nname: paste-%dx%d\noptions: {seed: 1}\nsteps:\n", n, p)
	b.WriteString("- {at: 10s, run: kubectl taint nodes n1 maintenance=true:NoExecute}\n")
	b.WriteString("- {at: 20s, run: kubectl cordon n2}\n")
	b.WriteString("---\nkind: NodeList\nitems:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- {metadata: {name: n%d, labels: {zone: z%d}}", i, i%3)
		if i%10 == 0 {
			b.WriteString(", spec: {taints: [{key: dedicated, effect: NoSchedule}]}")
		}
		b.WriteString("}\n")
	}
	b.WriteString("---\nkind: PodList\nitems:\n")
	for i := 0; i < p; i++ {
		fmt.Fprintf(&b, "- {metadata: {name: p%d}, spec: {containers: [{name: c, image: app}]", i)
		if i%10 == 0 {
			b.WriteString(", tolerations: [{key: dedicated, operator: Exists}]")
		}
		b.WriteString("}}\n")
	}
	return b.String()
}
