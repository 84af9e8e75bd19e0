package kubectl

import (
	"strings"
)

var drainFlags = []flagSpec{
	{name: "ignore-daemonsets", bool: true},
	{name: "delete-emptydir-data", bool: true},
	{name: "delete-local-data", bool: true},
	{name: "force", bool: true},
	{name: "disable-eviction", bool: true},
	{name: "grace-period"},
	{name: "timeout"},
	{name: "skip-wait-for-delete-timeout"},
	{name: "pod-selector"},
	{name: "selector", short: "l"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "chunk-size"},
	{name: "help", short: "h", bool: true},
}

// DrainOptions are the flags of `kubectl drain` the playground acts on.
type DrainOptions struct {
	Node               string
	IgnoreDaemonSets   bool
	DeleteEmptyDirData bool
	Force              bool
	// DisableEviction deletes pods directly (no PodDisruptionBudget check).
	DisableEviction bool
}

// ParseDrain reads `kubectl drain NODE [flags]` (the words after "drain").
// --grace-period, --timeout, --skip-wait-for-delete-timeout and
// --chunk-size are accepted and have no effect (deletion takes no virtual
// time; a refused eviction is retried until the scenario ends, as with the
// default --timeout=0); --dry-run and the pod/node selectors are refused.
func ParseDrain(args []string) (DrainOptions, error) {
	p, msg := parseFlags(args, drainFlags)
	if msg != "" {
		return DrainOptions{}, plainError(msg + "\nSee 'kubectl drain --help' for usage.")
	}
	if len(p.positional) != 1 {
		return DrainOptions{}, plainError("USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples")
	}
	for _, f := range []string{"dry-run", "pod-selector", "selector"} {
		if p.has(f) {
			return DrainOptions{}, plainError("the playground does not simulate kubectl drain --" + f)
		}
	}
	return DrainOptions{
		Node:               p.positional[0],
		IgnoreDaemonSets:   p.boolean("ignore-daemonsets"),
		DeleteEmptyDirData: p.boolean("delete-emptydir-data") || p.boolean("delete-local-data"),
		Force:              p.boolean("force"),
		DisableEviction:    p.boolean("disable-eviction"),
	}, nil
}

// DrainPod is what drain's filters look at for one pod on the node.
type DrainPod struct {
	Namespace, Name string
	// DaemonSet: controlled by a DaemonSet that exists.
	DaemonSet bool
	// Mirror: a static pod's mirror (annotation kubernetes.io/config.mirror).
	Mirror bool
	// LocalStorage: has an emptyDir volume.
	LocalStorage bool
	// Controlled: has a controller ownerReference.
	Controlled bool
	// Terminal: phase Succeeded or Failed.
	Terminal bool
}

// Ref is namespace/name.
func (p DrainPod) Ref() string { return p.Namespace + "/" + p.Name }

// Filter messages of k8s.io/kubectl pkg/drain/filters.go.
const (
	daemonSetFatal      = "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)"
	daemonSetWarning    = "ignoring DaemonSet-managed Pods"
	localStorageFatal   = "Pods with local storage (use --delete-emptydir-data to override)"
	localStorageWarning = "deleting Pods with local storage"
	unmanagedFatal      = "Pods that declare no controller (use --force to override)"
	unmanagedWarning    = "deleting Pods that declare no controller"
)

// DrainPlan is the result of drain's pod filters.
type DrainPlan struct {
	// Evict are the pods to evict, in the node's pod order.
	Evict []DrainPod
	// Warning is the "Warning: ..." line ("" when none).
	Warning string
	// Errors are the "cannot delete <message>: <pods>" groups; when any
	// exists nothing is evicted.
	Errors []string
}

// FilterDrainPods runs the filters of GetPodsForDeletion in upstream order
// (deleted-pod skip, DaemonSet, mirror, local storage, unreplicated); each
// pod stops at the first filter that refuses it and keeps the status of the
// last filter that ran (so a later "okay" drops an earlier warning, as
// upstream). Groups and warnings are listed in filter order.
func FilterDrainPods(pods []DrainPod, o DrainOptions) DrainPlan {
	errs := map[string][]string{}
	warns := map[string][]string{}
	var plan DrainPlan
	for _, p := range pods {
		st := filterDrainPod(p, o)
		if st.fatal != "" {
			errs[st.fatal] = append(errs[st.fatal], p.Ref())
		}
		if st.warns != "" {
			warns[st.warns] = append(warns[st.warns], p.Ref())
		}
		if st.del {
			plan.Evict = append(plan.Evict, p)
		}
	}
	for _, m := range []string{daemonSetFatal, localStorageFatal, unmanagedFatal} {
		if len(errs[m]) > 0 {
			plan.Errors = append(plan.Errors, "cannot delete "+m+": "+strings.Join(errs[m], ", "))
		}
	}
	var w []string
	for _, m := range []string{daemonSetWarning, localStorageWarning, unmanagedWarning} {
		if len(warns[m]) > 0 {
			w = append(w, m+": "+strings.Join(warns[m], ", "))
		}
	}
	if len(w) > 0 {
		plan.Warning = "Warning: " + strings.Join(w, "; ")
	}
	if len(plan.Errors) > 0 {
		plan.Evict = nil
	}
	return plan
}

// drainStatus is a filter's verdict on a pod (PodDeleteStatus): delete
// it or not, with an error or a warning message.
type drainStatus struct {
	del          bool
	fatal, warns string
}

// drainFilter is one filter; cont reports whether the next one runs.
type drainFilter func(p DrainPod, o DrainOptions) (st drainStatus, cont bool)

// drainFilters are GetPodsForDeletion's filters after the deleted-pod
// skip, in upstream order.
var drainFilters = []drainFilter{daemonSetFilter, mirrorPodFilter, localStorageFilter, unreplicatedFilter}

// filterDrainPod runs the filters until one refuses the pod and returns
// the status of the last one that ran.
func filterDrainPod(p DrainPod, o DrainOptions) drainStatus {
	st := drainStatus{del: true}
	for _, f := range drainFilters {
		var cont bool
		if st, cont = f(p, o); !cont {
			break
		}
	}
	return st
}

func daemonSetFilter(p DrainPod, o DrainOptions) (drainStatus, bool) {
	if !p.DaemonSet {
		return drainStatus{del: true}, true
	}
	if !o.IgnoreDaemonSets {
		return drainStatus{fatal: daemonSetFatal}, false
	}
	return drainStatus{warns: daemonSetWarning}, false
}

func mirrorPodFilter(p DrainPod, _ DrainOptions) (drainStatus, bool) {
	if p.Mirror {
		return drainStatus{}, false
	}
	return drainStatus{del: true}, true
}

func localStorageFilter(p DrainPod, o DrainOptions) (drainStatus, bool) {
	if !p.LocalStorage || p.Terminal {
		return drainStatus{del: true}, true
	}
	if !o.DeleteEmptyDirData {
		return drainStatus{fatal: localStorageFatal}, false
	}
	return drainStatus{del: true, warns: localStorageWarning}, true
}

func unreplicatedFilter(p DrainPod, o DrainOptions) (drainStatus, bool) {
	if p.Controlled || p.Terminal {
		return drainStatus{del: true}, true
	}
	if !o.Force {
		return drainStatus{fatal: unmanagedFatal}, false
	}
	return drainStatus{del: true, warns: unmanagedWarning}, true
}

// DrainErrorText is what drain prints to stderr when the filters refuse
// pods (the node stays cordoned, nothing is evicted; exit code 1).
func DrainErrorText(node string, groups []string) string {
	agg := strings.Join(groups, ", ")
	if len(groups) > 1 {
		agg = "[" + agg + "]"
	}
	var b strings.Builder
	b.WriteString("error: unable to drain node \"" + node + "\" due to error: " + agg + ", continuing command...\n")
	b.WriteString("There are pending nodes to be drained:\n " + node)
	for _, g := range groups {
		b.WriteString("\n" + g)
	}
	return b.String()
}

// EvictionRetryText is drain's line when the eviction API refuses a pod.
func EvictionRetryText(namespace, name, err string) string {
	return "error when evicting pods/\"" + name + "\" -n \"" + namespace + "\" (will retry after 5s): " + err
}
