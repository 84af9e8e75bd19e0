package kubectl

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/taints-playground/playground/core"
)

// DescribeEvent is one event as `kubectl describe` and `kubectl get
// events` show it. Times are virtual durations since the scenario started;
// Count > 1 is an event series (the same event repeated), First and Last
// its first and last occurrence.
type DescribeEvent struct {
	Type    string // Normal or Warning
	Reason  string
	Object  string // "pod/NAME" or "node/NAME", as kubectl get events prints it
	From    string // the reporting component: default-scheduler, kubelet, …
	Message string
	First   time.Duration
	Last    time.Duration
	Count   int
}

// DescribeEpoch is core.Epoch, the wall-clock moment the playground's
// virtual t=0 stands for in timestamps kubectl prints absolutely
// (CreationTimestamp, node condition times).
var DescribeEpoch = core.Epoch

// HumanDuration is apimachinery's duration.HumanDuration, the "Age" and
// "Last Seen" text of kubectl: "45s", "2m5s", "12m", "3h20m", "2d4h", ….
func HumanDuration(d time.Duration) string {
	if seconds := int(d.Seconds()); seconds < -1 {
		return "<invalid>"
	} else if seconds < 0 {
		return "0s"
	} else if seconds < 60*2 {
		return fmt.Sprintf("%ds", seconds)
	}
	minutes := int(d / time.Minute)
	if minutes < 10 {
		s := int(d/time.Second) % 60
		if s == 0 {
			return fmt.Sprintf("%dm", minutes)
		}
		return fmt.Sprintf("%dm%ds", minutes, s)
	} else if minutes < 60*3 {
		return fmt.Sprintf("%dm", minutes)
	}
	hours := int(d / time.Hour)
	if hours < 8 {
		m := int(d/time.Minute) % 60
		if m == 0 {
			return fmt.Sprintf("%dh", hours)
		}
		return fmt.Sprintf("%dh%dm", hours, m)
	} else if hours < 48 {
		return fmt.Sprintf("%dh", hours)
	} else if hours < 24*8 {
		h := hours % 24
		if h == 0 {
			return fmt.Sprintf("%dd", hours/24)
		}
		return fmt.Sprintf("%dd%dh", hours/24, h)
	} else if hours < 24*365*2 {
		return fmt.Sprintf("%dd", hours/24)
	} else if hours < 24*365*8 {
		dy := (hours / 24) % 365
		if dy == 0 {
			return fmt.Sprintf("%dy", hours/24/365)
		}
		return fmt.Sprintf("%dy%dd", hours/24/365, dy)
	}
	return fmt.Sprintf("%dy", hours/24/365)
}

// describeWriter is kubectl describe's tabbedString + PrefixWriter:
// tabwriter (minwidth 0, tabwidth 8, padding 2, ' '), two spaces per level.
type describeWriter struct {
	buf bytes.Buffer
	tw  *tabwriter.Writer
}

func newDescribeWriter() *describeWriter {
	w := &describeWriter{}
	w.tw = tabwriter.NewWriter(&w.buf, 0, 8, 2, ' ', 0)
	return w
}

func (w *describeWriter) write(level int, format string, args ...any) {
	fmt.Fprintf(w.tw, strings.Repeat("  ", level)+format, args...)
}

func (w *describeWriter) flush() { w.tw.Flush() }

func (w *describeWriter) String() string {
	w.tw.Flush()
	return w.buf.String()
}

// printLabels is printLabelsMultilineWithIndent: "<none>" or sorted
// key=value lines, continuation lines starting with a tab.
func (w *describeWriter) printLabels(title string, labels map[string]string) {
	w.write(0, "%s:\t", title)
	if len(labels) == 0 {
		w.write(0, "<none>\n")
		return
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i != 0 {
			w.write(0, "\t")
		}
		w.write(0, "%s=%s\n", k, labels[k])
	}
}

// printEvents is DescribeEvents: "Events:\t<none>" or the table sorted by
// last occurrence; a series shows "AGE (xN over FIRST)".
func (w *describeWriter) printEvents(events []DescribeEvent, now time.Duration) {
	if len(events) == 0 {
		w.write(0, "Events:\t<none>\n")
		return
	}
	// kubectl flushes the tabwriter first, so the table aligns on its own.
	w.flush()
	evs := append([]DescribeEvent(nil), events...)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Last < evs[j].Last })
	w.write(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	w.write(1, "----\t------\t----\t----\t-------\n")
	for _, e := range evs {
		interval := HumanDuration(now - e.First)
		if e.Count > 1 {
			interval = fmt.Sprintf("%s (x%d over %s)", HumanDuration(now-e.Last), e.Count, HumanDuration(now-e.First))
		}
		w.write(1, "%v\t%v\t%s\t%v\t%v\n", e.Type, e.Reason, interval, e.From, strings.TrimSpace(e.Message))
	}
}

// DescribePod renders `kubectl describe pod` (k8s.io/kubectl
// pkg/describe describePod) for the fields the playground models: Name,
// Namespace, Priority, Priority Class Name, Runtime Class Name, Service
// Account, Node ("<none>" while unscheduled, else "NODE/" + host IP, which the
// playground has none of), Labels, Annotations, Status (status.phase),
// Reason, Message, IP, IPs, NominatedNodeName, Containers (image, ports,
// limits, requests), Conditions, Volumes, QoS Class, Node-Selectors,
// Tolerations (core.DescribeTolerations), Topology Spread Constraints and
// Events. now is the virtual
// time the ages are measured at.
func DescribePod(p *core.Pod, events []DescribeEvent, now time.Duration) string {
	if p == nil {
		return ""
	}
	w := newDescribeWriter()
	w.write(0, "Name:\t%s\n", p.Name)
	w.write(0, "Namespace:\t%s\n", p.Namespace)
	if p.Spec.Priority != nil {
		w.write(0, "Priority:\t%d\n", *p.Spec.Priority)
	}
	if p.Spec.PriorityClassName != "" {
		w.write(0, "Priority Class Name:\t%s\n", p.Spec.PriorityClassName)
	}
	if p.Spec.RuntimeClassName != nil && *p.Spec.RuntimeClassName != "" {
		w.write(0, "Runtime Class Name:\t%s\n", *p.Spec.RuntimeClassName)
	}
	// The ServiceAccount admission plugin fills in "default".
	w.write(0, "Service Account:\t%s\n", "default")
	if p.Spec.NodeName == "" {
		w.write(0, "Node:\t<none>\n")
	} else {
		w.write(0, "Node:\t%s\n", p.Spec.NodeName+"/")
	}
	w.printLabels("Labels", p.Labels)
	w.printLabels("Annotations", p.Annotations)
	if p.DeletionTimestamp != nil && p.Status.Phase != core.PodFailed && p.Status.Phase != core.PodSucceeded {
		// translateTimestampSince of a deletionTimestamp still ahead is
		// negative: "<invalid>" while the grace period runs.
		w.write(0, "Status:\tTerminating (lasts %s)\n", HumanDuration(now-p.DeletionTimestamp.Sub(DescribeEpoch)))
		if p.DeletionGracePeriodSeconds != nil {
			w.write(0, "Termination Grace Period:\t%ds\n", *p.DeletionGracePeriodSeconds)
		}
	} else {
		w.write(0, "Status:\t%s\n", string(p.Status.Phase))
	}
	if p.Status.Reason != "" {
		w.write(0, "Reason:\t%s\n", p.Status.Reason)
	}
	if p.Status.Message != "" {
		w.write(0, "Message:\t%s\n", p.Status.Message)
	}
	w.write(0, "IP:\t%s\n", "")
	w.write(0, "IPs:\t<none>\n")
	if p.Status.NominatedNodeName != "" {
		w.write(0, "NominatedNodeName:\t%s\n", p.Status.NominatedNodeName)
	}
	if len(p.Spec.InitContainers) > 0 {
		describeContainers(w, "Init Containers", p.Spec.InitContainers)
	}
	describeContainers(w, "Containers", p.Spec.Containers)
	if len(p.Status.Conditions) > 0 {
		w.write(0, "Conditions:\n  Type\tStatus\n")
		for _, c := range p.Status.Conditions {
			w.write(1, "%v \t%v \n", c.Type, c.Status)
		}
	}
	w.write(0, "Volumes:\t<none>\n")
	w.write(0, "QoS Class:\t%s\n", core.PodQOSClass(p))
	w.printLabels("Node-Selectors", p.Spec.NodeSelector)
	w.write(0, "%s", core.DescribeTolerations(p.Spec.Tolerations))
	describeTopologySpreadConstraints(w, p.Spec.TopologySpreadConstraints)
	w.printEvents(events, now)
	return w.String()
}

// describeTopologySpreadConstraints prints "Topology Spread Constraints:"
// with one line per constraint, sorted by topologyKey,
// "KEY:WHEN when max skew N is exceeded[ for selector S]"; nothing when
// the pod has none (describeTopologySpreadConstraints).
func describeTopologySpreadConstraints(w *describeWriter, tscs []core.TopologySpreadConstraint) {
	if len(tscs) == 0 {
		return
	}
	sorted := append([]core.TopologySpreadConstraint(nil), tscs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].TopologyKey < sorted[j].TopologyKey })
	w.write(0, "Topology Spread Constraints:\t")
	for i, c := range sorted {
		if i != 0 {
			w.write(0, "\t")
		}
		w.write(0, "%s:%s when max skew %d is exceeded", c.TopologyKey, c.WhenUnsatisfiable, c.MaxSkew)
		if c.LabelSelector != nil {
			w.write(0, " for selector %s", FormatLabelSelector(c.LabelSelector))
		}
		w.write(0, "\n")
	}
}

func describeContainers(w *describeWriter, label string, cs []core.Container) {
	none := ""
	if len(cs) == 0 {
		none = " <none>"
	}
	w.write(0, "%s:%s\n", label, none)
	for _, c := range cs {
		w.write(1, "%v:\n", c.Name)
		w.write(2, "Image:\t%s\n", c.Image)
		var ports, hostPorts []string
		for _, p := range c.Ports {
			ports = append(ports, fmt.Sprintf("%d/%s", p.ContainerPort, protocol(p.Protocol)))
			hostPorts = append(hostPorts, fmt.Sprintf("%d/%s", p.HostPort, protocol(p.Protocol)))
		}
		if len(ports) > 1 {
			w.write(2, "Ports:\t%s\n", strings.Join(ports, ", "))
			w.write(2, "Host Ports:\t%s\n", strings.Join(hostPorts, ", "))
		} else {
			w.write(2, "Port:\t%s\n", orNone(strings.Join(ports, "")))
			w.write(2, "Host Port:\t%s\n", orNone(strings.Join(hostPorts, "")))
		}
		if len(c.Resources.Limits) > 0 {
			w.write(2, "Limits:\n")
		}
		for _, name := range sortedNames(c.Resources.Limits) {
			q := c.Resources.Limits[name]
			w.write(3, "%s:\t%s\n", name, q.Canonical())
		}
		if len(c.Resources.Requests) > 0 {
			w.write(2, "Requests:\n")
		}
		for _, name := range sortedNames(c.Resources.Requests) {
			q := c.Resources.Requests[name]
			w.write(3, "%s:\t%s\n", name, q.Canonical())
		}
		w.write(2, "Environment:\t<none>\n")
		w.write(2, "Mounts:\t<none>\n")
	}
}

func protocol(p string) string {
	if p == "" {
		return "TCP"
	}
	return p
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

func sortedNames(l core.ResourceList) []core.ResourceName {
	out := make([]core.ResourceName, 0, len(l))
	for name := range l {
		out = append(out, name)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// NodePod is one pod of `kubectl describe node`'s "Non-terminated Pods"
// table: its requests and limits per resource (cpu in millicores, the
// rest in units) and when it was created.
type NodePod struct {
	Namespace, Name string
	Requests        map[core.ResourceName]int64
	Limits          map[core.ResourceName]int64
	Created         time.Duration
}

// DescribeNode renders `kubectl describe node` (pkg/describe describeNode)
// for the modelled fields: Name, Roles (from node-role.kubernetes.io/*
// labels), Labels, Annotations, CreationTimestamp (DescribeEpoch), Taints
// (core.DescribeTaints), Unschedulable, Conditions, Capacity, Allocatable,
// Non-terminated Pods, Allocated resources and Events. Condition times
// print as set (core/sim fills them from virtual time); unset ones print
// as DescribeEpoch.
func DescribeNode(n *core.Node, pods []NodePod, events []DescribeEvent, now time.Duration) string {
	if n == nil {
		return ""
	}
	w := newDescribeWriter()
	w.write(0, "Name:\t%s\n", n.Name)
	if roles := nodeRoles(n); len(roles) > 0 {
		w.write(0, "Roles:\t%s\n", strings.Join(roles, ","))
	} else {
		w.write(0, "Roles:\t%s\n", "<none>")
	}
	w.printLabels("Labels", n.Labels)
	w.printLabels("Annotations", n.Annotations)
	w.write(0, "CreationTimestamp:\t%s\n", DescribeEpoch.Format(time.RFC1123Z))
	w.write(0, "%s", core.DescribeTaints(n.Spec.Taints))
	w.write(0, "Unschedulable:\t%v\n", n.Spec.Unschedulable)
	if len(n.Status.Conditions) > 0 {
		w.write(0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, c := range n.Status.Conditions {
			w.write(1, "%v \t%v \t%s \t%s \t%v \t%v\n", c.Type, c.Status, stamp(c.LastHeartbeatTime), stamp(c.LastTransitionTime), c.Reason, c.Message)
		}
	}
	if len(n.Status.Capacity) > 0 {
		w.write(0, "Capacity:\n")
		w.printResourceList(n.Status.Capacity)
	}
	if len(n.Status.Allocatable) > 0 {
		w.write(0, "Allocatable:\n")
		w.printResourceList(n.Status.Allocatable)
	}
	alloc := nodeAlloc{list: n.Status.Capacity}
	if len(n.Status.Allocatable) > 0 {
		alloc.list = n.Status.Allocatable
	}
	reqs, lims := w.printNodePods(pods, alloc, now)
	w.printAllocated(reqs, lims, alloc)
	w.printEvents(events, now)
	return w.String()
}

func (w *describeWriter) printResourceList(l core.ResourceList) {
	for _, name := range sortedNames(l) {
		q := l[name]
		w.write(0, "  %s:\t%s\n", name, q.Canonical())
	}
}

// nodeAlloc is what describe node measures the pods against: the
// allocatable resources (the capacity when none are reported).
type nodeAlloc struct{ list core.ResourceList }

// value is a resource in board units (millicores for cpu), 0 when absent.
func (a nodeAlloc) value(name core.ResourceName) int64 {
	q, ok := a.list[name]
	if !ok {
		return 0
	}
	if name == core.ResourceCPU {
		return q.MilliValue()
	}
	return q.Value()
}

// pct is v as a whole percentage of the node's name, 0 when the node has
// none.
func (a nodeAlloc) pct(v int64, name core.ResourceName) int64 {
	of := a.value(name)
	if of == 0 {
		return 0
	}
	return int64(float64(v) / float64(of) * 100)
}

// printNodePods is the Non-terminated Pods table; it returns the sums of
// the pods' requests and limits.
func (w *describeWriter) printNodePods(pods []NodePod, alloc nodeAlloc, now time.Duration) (reqs, lims map[core.ResourceName]int64) {
	cpu, mem := core.ResourceCPU, core.ResourceMemory
	w.write(0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	reqs, lims = map[core.ResourceName]int64{}, map[core.ResourceName]int64{}
	for _, p := range pods {
		cpuR, cpuL := p.Requests[cpu], p.Limits[cpu]
		memR, memL := p.Requests[mem], p.Limits[mem]
		w.write(1, "%s\t%s\t\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s\n", p.Namespace, p.Name,
			FormatCPU(cpuR), alloc.pct(cpuR, cpu), FormatCPU(cpuL), alloc.pct(cpuL, cpu),
			FormatBytes(memR), alloc.pct(memR, mem), FormatBytes(memL), alloc.pct(memL, mem),
			HumanDuration(now-p.Created))
		for k, v := range p.Requests {
			reqs[k] += v
		}
		for k, v := range p.Limits {
			lims[k] += v
		}
	}
	return reqs, lims
}

// printAllocated is the Allocated resources table: cpu, memory,
// ephemeral-storage, then the extended resources the node has.
func (w *describeWriter) printAllocated(reqs, lims map[core.ResourceName]int64, alloc nodeAlloc) {
	w.write(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	w.write(1, "Resource\tRequests\tLimits\n")
	w.write(1, "--------\t--------\t------\n")
	w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", core.ResourceCPU, FormatCPU(reqs[core.ResourceCPU]), alloc.pct(reqs[core.ResourceCPU], core.ResourceCPU),
		FormatCPU(lims[core.ResourceCPU]), alloc.pct(lims[core.ResourceCPU], core.ResourceCPU))
	for _, name := range []core.ResourceName{core.ResourceMemory, core.ResourceEphemeralStorage} {
		w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", name, FormatBytes(reqs[name]), alloc.pct(reqs[name], name),
			FormatBytes(lims[name]), alloc.pct(lims[name], name))
	}
	var ext []string
	for name := range alloc.list {
		switch name {
		case core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage, core.ResourcePods:
		default:
			if !strings.HasPrefix(string(name), "hugepages-") {
				ext = append(ext, string(name))
			}
		}
	}
	sort.Strings(ext)
	for _, e := range ext {
		name := core.ResourceName(e)
		w.write(1, "%s\t%d\t%d\n", e, reqs[name], lims[name])
	}
}

func stamp(t *core.Time) string {
	if t == nil {
		return DescribeEpoch.Format(time.RFC1123Z)
	}
	return t.Time.Format(time.RFC1123Z)
}

// nodeRoles is findNodeRoles: node-role.kubernetes.io/ROLE labels and
// kubernetes.io/role=ROLE, sorted.
func nodeRoles(n *core.Node) []string {
	set := map[string]bool{}
	for k, v := range n.Labels {
		switch {
		case strings.HasPrefix(k, "node-role.kubernetes.io/"):
			if role := strings.TrimPrefix(k, "node-role.kubernetes.io/"); role != "" {
				set[role] = true
			}
		case k == "kubernetes.io/role" && v != "":
			set[v] = true
		}
	}
	out := make([]string, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// FormatCPU prints millicores as a canonical quantity: "1", "3500m", "0".
func FormatCPU(milli int64) string {
	if milli%1000 == 0 {
		return fmt.Sprintf("%d", milli/1000)
	}
	return fmt.Sprintf("%dm", milli)
}

// FormatBytes prints bytes as a canonical binary quantity: the largest
// of Ki, Mi, Gi, Ti, Pi, Ei that divides the value exactly ("1Gi",
// "1536Mi"), else the plain number ("0", "1000").
func FormatBytes(b int64) string {
	if b < 1024 && b > -1024 {
		return fmt.Sprintf("%d", b)
	}
	suffixes := []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}
	i := 0
	for i < len(suffixes)-1 && b%1024 == 0 {
		b /= 1024
		i++
	}
	return fmt.Sprintf("%d%s", b, suffixes[i])
}

// PodRow is one pod of `kubectl get pods`.
type PodRow struct {
	Pod     *core.Pod
	Created time.Duration
	// Deleting: metadata.deletionTimestamp is set (the pod is deleted but
	// its kubelet has not confirmed yet).
	Deleting bool
}

// GetPods renders `kubectl get pods` (wide adds IP, NODE, NOMINATED NODE,
// READINESS GATES) with kubectl's table printer (pkg/printers printPod;
// tabwriter minwidth 6, tabwidth 4, padding 3). READY counts every
// container ready for a Running pod; STATUS is status.reason when set
// (e.g. TaintToleration, OutOfcpu), else status.phase, and SchedulingGated
// for a pod whose PodScheduled condition has that reason; a deleted pod whose
// phase is not terminal prints Terminating, or Unknown when its reason is
// NodeLost (printPod's deletionTimestamp rules). The playground has
// no pod IPs, so IP is "<none>". With no pods it prints kubectl's
// "No resources found in NAMESPACE namespace.".
func GetPods(rows []PodRow, namespace string, wide bool, now time.Duration) string {
	if len(rows) == 0 {
		return fmt.Sprintf("No resources found in %s namespace.", namespace)
	}
	return strings.TrimRight(podTable(rows, wide, false, false, now), "\n")
}

// GetEvents renders `kubectl get events` (pkg/printers printEvent): LAST
// SEEN, TYPE, REASON, OBJECT, MESSAGE, in the API server's list order —
// by event name, which is "<object name>.<timestamp>", so by object name,
// then time. With no events: "No resources found in NAMESPACE namespace.".
func GetEvents(events []DescribeEvent, namespace string, now time.Duration) string {
	if len(events) == 0 {
		return fmt.Sprintf("No resources found in %s namespace.", namespace)
	}
	evs := append([]DescribeEvent(nil), events...)
	name := func(e DescribeEvent) string {
		_, n, _ := strings.Cut(e.Object, "/")
		return n
	}
	sort.SliceStable(evs, func(i, j int) bool {
		if a, b := name(evs[i]), name(evs[j]); a != b {
			return a < b
		}
		return evs[i].First < evs[j].First
	})
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 6, 4, 3, ' ', 0)
	fmt.Fprintln(tw, "LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE")
	for _, e := range evs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", HumanDuration(now-e.Last), e.Type, e.Reason, e.Object, strings.TrimSpace(e.Message))
	}
	tw.Flush()
	return strings.TrimRight(buf.String(), "\n")
}
