package kubectl

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
)

// readFlags are the flags of describe and get: kubectl's global
// --namespace and -o.
var readFlags = []flagSpec{
	{name: "output", short: "o"},
	{name: "all-namespaces", short: "A", bool: true},
	{name: "help", short: "h", bool: true},
}

// parseRead reads the words and flags of describe or get: the resource
// kind and names (KIND NAME… or KIND/NAME), the namespace (default
// "default") and the output format.
func parseRead(cmd string, args []string) (kind string, names []string, ns, output string, err error) {
	p, msg := parseFlags(args, readFlags)
	if msg != "" {
		return "", nil, "", "", flagError(cmd, msg)
	}
	if p.boolean("all-namespaces") {
		return "", nil, "", "", plainError("the playground lists one namespace at a time; use -n NAMESPACE")
	}
	ns = p.str("namespace")
	if ns == "" {
		ns = "default"
	}
	words := p.positional
	if len(words) == 0 {
		return "", nil, ns, p.str("output"), nil
	}
	if k, n, ok := strings.Cut(words[0], "/"); ok {
		return k, append([]string{n}, words[1:]...), ns, p.str("output"), nil
	}
	return words[0], words[1:], ns, p.str("output"), nil
}

// Describe runs `kubectl describe pod|node NAME…`: kubectl describe's text
// for each object, blank-line separated. A pod name that matches no pod
// describes every pod whose name starts with it, as kubectl does.
func Describe(c Cluster, args []string) (string, error) {
	kind, names, ns, _, err := parseRead("describe", args)
	if err != nil {
		return "", err
	}
	if kind == "" {
		return "", plainError("You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.")
	}
	if len(names) == 0 {
		return "", plainError("the playground describes one named object: kubectl describe " + kind + " NAME")
	}
	k, _ := kindFor(kind)
	var out []string
	for _, name := range names {
		var text string
		var err error
		switch k {
		case "Pod":
			text, err = describePods(c, ns, name)
		case "Node":
			text, err = describeNode(c, name)
		default:
			return "", plainError("the playground describes pods and nodes, not " + quote(kind))
		}
		if err != nil {
			return strings.Join(out, "\n\n"), err
		}
		out = append(out, text)
	}
	return strings.Join(out, "\n\n"), nil
}

func quote(s string) string { return strconv.Quote(s) }

// describePods describes the pod ns/name, or every pod whose name starts
// with name.
func describePods(c Cluster, ns, name string) (string, error) {
	if p, ok := c.Pod(ns, name); ok {
		return describePod(c, p), nil
	}
	var matches []*core.Pod
	seen := map[string]bool{}
	for _, p := range c.Pods(ns) {
		if p.DeletionTimestamp == nil && strings.HasPrefix(p.Name, name) && !seen[p.Name] {
			seen[p.Name] = true
			matches = append(matches, p)
		}
	}
	if len(matches) == 0 {
		return "", fail("Error from server (NotFound): pods " + quote(name) + " not found")
	}
	sort.Slice(matches, func(i, j int) bool { return matches[i].Name < matches[j].Name })
	var out []string
	for _, p := range matches {
		out = append(out, describePod(c, p))
	}
	return strings.Join(out, "\n\n"), nil
}

func describePod(c Cluster, p *core.Pod) string {
	return strings.TrimRight(PodDescription(c, p), "\n")
}

// PodDescription is `kubectl describe pod` of p (a pod c returned), as
// kubectl prints it. Its events are those of this object: describe
// searches by the pod's UID, so the events of an earlier pod of the same
// name (before p's creationTimestamp) are not among them.
func PodDescription(c Cluster, p *core.Pod) string {
	since := -1.0
	if p.CreationTimestamp != nil {
		since = p.CreationTimestamp.Sub(DescribeEpoch).Seconds()
	}
	events := Series(objectEvents(c, "pod/"+p.Namespace+"/"+p.Name, since), func(*core.Event) bool { return true })
	return DescribePod(p, events, c.Now())
}

// EventIndex is a Cluster that lists one object's events without a scan
// of all (the simulated API server's field selector on involvedObject).
type EventIndex interface {
	// EventsOf lists the events of object ("pod/ns/name", "node/name")
	// at or after since (virtual seconds).
	EventsOf(object string, since float64) []core.Event
}

// objectEvents lists object's events at or after since, through c's
// index when it has one.
func objectEvents(c Cluster, object string, since float64) []core.Event {
	if x, ok := c.(EventIndex); ok {
		return x.EventsOf(object, since)
	}
	var out []core.Event
	for _, e := range c.Events() {
		if e.Object == object && e.At >= since {
			out = append(out, e)
		}
	}
	return out
}

func describeNode(c Cluster, name string) (string, error) {
	text, ok := NodeDescription(c, name)
	if !ok {
		return "", fail("Error from server (NotFound): nodes " + quote(name) + " not found")
	}
	return strings.TrimRight(text, "\n"), nil
}

// NodeDescription is `kubectl describe node NAME` as kubectl prints it;
// false when there is no such node.
func NodeDescription(c Cluster, name string) (string, bool) {
	n, pods, ok := c.DescribedNode(name)
	if !ok {
		return "", false
	}
	sort.Slice(pods, func(i, j int) bool {
		if pods[i].Namespace != pods[j].Namespace {
			return pods[i].Namespace < pods[j].Namespace
		}
		return pods[i].Name < pods[j].Name
	})
	events := Series(objectEvents(c, "node/"+name, math.Inf(-1)), func(*core.Event) bool { return true })
	return DescribeNode(n, pods, events, c.Now()), true
}

// eventNamespace is the namespace an event is stored in: the pod's, and
// "default" for node events.
func eventNamespace(e *core.Event) string {
	// Namespaced objects are written kind/namespace/name.
	if parts := strings.SplitN(e.Object, "/", 3); len(parts) == 3 {
		return parts[1]
	}
	return "default"
}

// Series groups the matching events into series: repeats of the same
// object, type, reason, source and message become one event with a count
// (the event recorder's series), first and last seen.
func Series(events []core.Event, match func(*core.Event) bool) []DescribeEvent {
	var out []DescribeEvent
	index := map[string]int{}
	for i := range events {
		e := &events[i]
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
		out = append(out, DescribeEvent{Type: e.Type, Reason: e.Reason, Object: kubectlObject(e.Object),
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
