package scenario

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// APIVersion is the apiVersion of the Scenario document; it is also what an
// omitted apiVersion means.
const APIVersion = "playground.k8s.io/v1alpha1"

// Kind is the kind of the Scenario document.
const Kind = "Scenario"

// DefaultNamespace is the namespace of a pod that names none.
const DefaultNamespace = "default"

// DefaultSeed is the tie-break seed when options.seed is not given.
const DefaultSeed int64 = 1

// GateComparisonOperators is the alpha feature gate that enables the Lt and
// Gt toleration operators (off by default in v1.37).
const GateComparisonOperators = "TaintTolerationComparisonOperators"

// knownGates lists the feature gates options.featureGates may set.
var knownGates = []string{GateComparisonOperators}

// Scenario is a parsed scenario file: the cluster at t=0 and the timeline.
type Scenario struct {
	// Name identifies the scenario (a preset name, a share link's title).
	Name string
	// Title and Description are for people; both may be empty.
	Title       string
	Description string
	// Objects are the manifests.
	Objects
	// Steps are the timeline, sorted by At (ties keep file order).
	Steps []Step
	// Until is the last moment simulated, inclusive: the file's `until`, or
	// the last step's time when the file gives none (0 without steps).
	Until time.Duration
	// UntilSet reports whether the file gave `until` explicitly.
	UntilSet bool
	// Options are the simulation options.
	Options Options
}

// Objects are the manifests of a file or a manifest stream, each kind in
// document order. Pods and the namespaced kinds have their namespace
// defaulted to "default"; nothing else is changed (admission defaults
// such as DefaultTolerationSeconds are applied by the simulator).
type Objects struct {
	Nodes                []*core.Node
	Pods                 []*core.Pod
	Deployments          []*core.Deployment
	ReplicaSets          []*core.ReplicaSet
	DaemonSets           []*core.DaemonSet
	PodDisruptionBudgets []*core.PodDisruptionBudget
	PriorityClasses      []*core.PriorityClass
	RuntimeClasses       []*core.RuntimeClass
	Namespaces           []*core.Namespace
	// NotModelled lists, in document order, the fields of these objects
	// that upstream acts on and the playground does not model.
	NotModelled []ObjectGap
}

// Step is one timeline entry: at virtual time At, run the command Run.
type Step struct {
	// At is the virtual time of the step since the start (≥ 0).
	At time.Duration
	// Run is the command: `kubectl taint nodes …`, `kubectl cordon NODE`,
	// `kubectl uncordon NODE`, `kubectl drain NODE [flags]`, `kubectl label
	// nodes NODE k=v`, `kubectl delete pod NAME`, `kubectl scale
	// deployment|replicaset NAME --replicas=N`, `kubectl apply -f -` (reads
	// Manifest), `node NODE stop|start|not-ready|unreachable|ready` (stop:
	// the kubelet stops posting status, Unknown after
	// node-monitor-grace-period; start: it posts Ready=True again), `node
	// NODE condition TYPE=STATUS`, `kubectl describe pod|node NAME`,
	// `kubectl get nodes|pods|events …` (any output format; `k` is
	// kubectl), `wait DURATION`, `create node NAME` (the
	// Node manifest of that name joins the cluster at this step), and
	// `create pod NAME`, which creates the Pod manifest of that name from
	// the file at this step instead of at t=0.
	Run string
	// Caption explains the step for people; may be empty.
	Caption string
	// Manifest is the YAML that `kubectl apply -f -` reads (the step's
	// manifest field, or the lines after the command in a block scalar).
	Manifest string
}

// Options configure a simulation run.
type Options struct {
	// Seed seeds the generator that breaks scheduler score ties.
	Seed int64
	// FeatureGates holds the gates the file set, by name.
	FeatureGates map[string]bool
	// KubernetesVersion is the release whose behaviour is simulated
	// (options.kubernetesVersion, "1.26" … "1.37"); the zero Version means
	// core.DefaultVersion (1.37).
	KubernetesVersion core.Version
	// Admission configures the admission plugins that add tolerations.
	Admission Admission
}

// Admission is the kube-apiserver admission configuration the scenario
// sets (options.enableAdmissionPlugins, options.disableAdmissionPlugins,
// options.defaultNotReadyTolerationSeconds,
// options.defaultUnreachableTolerationSeconds,
// options.podTolerationRestriction).
type Admission struct {
	// DisableDefaultTolerationSeconds turns DefaultTolerationSeconds off
	// (it is on by default).
	DisableDefaultTolerationSeconds bool
	// NotReadySeconds and UnreachableSeconds are the flags
	// --default-not-ready-toleration-seconds and
	// --default-unreachable-toleration-seconds; nil means 300.
	NotReadySeconds, UnreachableSeconds *int64
	// PodTolerationRestriction turns that plugin on (off by default).
	PodTolerationRestriction bool
	// ClusterDefaultTolerations and ClusterTolerationsWhitelist are the
	// plugin's configuration file (used where a namespace has no annotation).
	ClusterDefaultTolerations   []core.Toleration
	ClusterTolerationsWhitelist []core.Toleration
}

// DefaultTolerationSeconds returns the not-ready and unreachable seconds
// DefaultTolerationSeconds puts on the tolerations it adds.
func (a Admission) DefaultTolerationSeconds() (notReady, unreachable int64) {
	notReady, unreachable = 300, 300
	if a.NotReadySeconds != nil {
		notReady = *a.NotReadySeconds
	}
	if a.UnreachableSeconds != nil {
		unreachable = *a.UnreachableSeconds
	}
	return notReady, unreachable
}

// Version returns the simulated Kubernetes release (1.37 when unset).
func (o Options) Version() core.Version { return o.KubernetesVersion.OrDefault() }

// ComparisonOperators reports whether the TaintTolerationComparisonOperators
// gate is on (Lt/Gt tolerations).
// The gate exists from 1.35 (KEP-5471); Parse rejects it for older
// releases, and this reports false for them.
func (o Options) ComparisonOperators() bool {
	return o.FeatureGates[GateComparisonOperators] && o.Version().AtLeast(ComparisonOperatorsSince)
}

// ComparisonOperatorsSince is the first minor release that has the
// TaintTolerationComparisonOperators gate (alpha in 1.35, KEP-5471;
// SCHEDULER.md §8).
const ComparisonOperatorsSince = 35

// CreatedLater reports whether a step `create pod NAME` creates the pod
// (namespace/name) during the run rather than at t=0.
func (s *Scenario) CreatedLater(namespace, name string) bool {
	for _, st := range s.Steps {
		if n, ok := CreatePodName(st.Run); ok && n == name && namespace == DefaultNamespace {
			return true
		}
	}
	return false
}

// NodeCreatedLater reports whether a step `create node NAME` adds the node
// during the run rather than at t=0.
func (s *Scenario) NodeCreatedLater(name string) bool {
	for _, st := range s.Steps {
		if n, ok := CreateNodeName(st.Run); ok && n == name {
			return true
		}
	}
	return false
}

// CreateNodeName returns NAME for a step `create node NAME`.
func CreateNodeName(run string) (string, bool) { return createName(run, "Node") }

// CreatePodName returns NAME for a step `create pod NAME`.
func CreatePodName(run string) (string, bool) { return createName(run, "Pod") }

// createName returns NAME for a step `create KIND NAME` of this kind.
func createName(run, kind string) (string, bool) {
	if !strings.HasPrefix(strings.TrimLeft(run, " \t"), "create") {
		return "", false // the common case, without splitting
	}
	f, err := kubectl.Split(run)
	if err == nil && len(f) == 3 && f[0] == "create" && kubectl.Kind(f[1]) == kind {
		return f[2], true
	}
	return "", false
}

// Duration is a step time as written in a file: a Go duration string
// ("30s", "1m30s") or a plain number of seconds (30, 2.5).
type Duration struct {
	time.Duration
	// bad is the text that did not parse; reported with its field path.
	bad string
	err error
}

// maxSeconds bounds times so that seconds always convert to a Duration
// without overflow (about 292 years fit; we allow 100).
const maxSeconds = 100 * 365 * 24 * 3600

// UnmarshalJSON reads a duration string or a number of seconds. A value
// that does not parse is kept and reported by Parse with its field path.
func (d *Duration) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		s = str
	}
	if err := d.parse(s); err != nil {
		d.bad, d.err = s, err
	}
	return nil
}

// check returns the parse problem of a duration as a field error text.
func (d *Duration) check(field string) error {
	if d.err == nil {
		return nil
	}
	return fmt.Errorf("%s: Invalid value: %q: %v", field, d.bad, d.err)
}

func (d *Duration) parse(s string) error {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxSeconds {
			return fmt.Errorf("out of range")
		}
		d.Duration = time.Duration(math.Round(f * float64(time.Second)))
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("must be a duration such as 30s or 1m30s, or a number of seconds")
	}
	if v > maxSeconds*time.Second || v < -maxSeconds*time.Second {
		return fmt.Errorf("out of range")
	}
	d.Duration = v
	return nil
}

// MarshalJSON writes the duration as a Go duration string ("30s").
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(FormatDuration(d.Duration))
}

// FormatDuration prints a virtual time the way scenario files write it:
// Go's duration syntax ("0s", "30s", "5m0s", "1.5s").
func FormatDuration(d time.Duration) string { return d.String() }

// scenarioDoc is the Scenario document as written.
type scenarioDoc struct {
	APIVersion  string      `json:"apiVersion,omitempty"`
	Kind        string      `json:"kind"`
	Name        string      `json:"name"`
	Title       string      `json:"title,omitempty"`
	Description string      `json:"description,omitempty"`
	Until       *Duration   `json:"until,omitempty"`
	Options     *optionsDoc `json:"options,omitempty"`
	Steps       []stepDoc   `json:"steps,omitempty"`
}

type optionsDoc struct {
	Seed                                *int64                       `json:"seed,omitempty"`
	KubernetesVersion                   string                       `json:"kubernetesVersion,omitempty"`
	FeatureGates                        map[string]bool              `json:"featureGates,omitempty"`
	EnableAdmissionPlugins              []string                     `json:"enableAdmissionPlugins,omitempty"`
	DisableAdmissionPlugins             []string                     `json:"disableAdmissionPlugins,omitempty"`
	DefaultNotReadyTolerationSeconds    *int64                       `json:"defaultNotReadyTolerationSeconds,omitempty"`
	DefaultUnreachableTolerationSeconds *int64                       `json:"defaultUnreachableTolerationSeconds,omitempty"`
	PodTolerationRestriction            *podTolerationRestrictionDoc `json:"podTolerationRestriction,omitempty"`
}

// podTolerationRestrictionDoc is the plugin's cluster-level configuration.
type podTolerationRestrictionDoc struct {
	Default   []core.Toleration `json:"default,omitempty"`
	Whitelist []core.Toleration `json:"whitelist,omitempty"`
}

type stepDoc struct {
	At       *Duration `json:"at"`
	Run      string    `json:"run"`
	Caption  string    `json:"caption,omitempty"`
	Manifest string    `json:"manifest,omitempty"`
}

// CheckCommand reports whether run is a step command the simulator knows,
// by its leading words; the arguments themselves are checked when the step
// runs, like a real kubectl would.
func CheckCommand(run string) error {
	f, err := kubectl.Split(run)
	if err != nil {
		return err
	}
	if len(f) == 0 {
		return fmt.Errorf("empty command")
	}
	switch f[0] {
	case "kubectl":
		return checkKubectl(f)
	case "create":
		if len(f) == 3 && (kubectl.Kind(f[1]) == "Pod" || kubectl.Kind(f[1]) == "Node") {
			return nil
		}
		return fmt.Errorf("usage: create pod NAME or create node NAME (a manifest of this file, created at this step instead of at t=0)")
	case "wait":
		if len(f) != 2 {
			return fmt.Errorf("usage: wait DURATION (e.g. wait 30s)")
		}
		_, err := WaitDuration(run)
		return err
	case "node":
		return checkNode(f)
	case "restart":
		if len(f) != 2 || !slices.Contains(RestartComponents, f[1]) {
			return fmt.Errorf("usage: restart %s", strings.Join(RestartComponents, "|"))
		}
		return nil
	}
	return fmt.Errorf("unknown command %q: %s", f[0], unknownCommandHelp())
}

// checkKubectl checks the words of a kubectl step.
func checkKubectl(f []string) error {
	if len(f) < 2 {
		return fmt.Errorf("kubectl needs a command: %s", listWords(kubectl.Verbs, "or"))
	}
	switch {
	case f[1] == "apply":
		if len(f) != 4 || f[2] != "-f" || f[3] != "-" {
			return fmt.Errorf("usage: kubectl apply -f - (the manifest comes in the step's manifest field or in the lines after the command)")
		}
		return nil
	case slices.Contains(kubectl.Verbs, f[1]):
		return nil
	}
	return fmt.Errorf("unsupported kubectl command %q: supported are %s", f[1], strings.Join(kubectl.Verbs, ", "))
}

// checkNode checks the words of a `node NODE …` step.
func checkNode(f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("usage: node NODE %s, or node NODE condition TYPE=STATUS", strings.Join(nodeStates, "|"))
	}
	if slices.Contains(nodeStates, f[2]) {
		if len(f) != 3 {
			return fmt.Errorf("usage: node NODE %s", f[2])
		}
		return nil
	}
	if f[2] == "condition" {
		if len(f) != 4 {
			return fmt.Errorf("usage: node NODE condition TYPE=STATUS")
		}
		return nil
	}
	return fmt.Errorf("unknown node state %q: use %s, or condition TYPE=STATUS", f[2], strings.Join(nodeStates, ", "))
}

// WaitDuration returns D of a step `wait D`.
func WaitDuration(run string) (time.Duration, error) {
	f, _ := kubectl.Split(run)
	if len(f) != 2 || f[0] != "wait" {
		return 0, fmt.Errorf("usage: wait DURATION (e.g. wait 30s)")
	}
	var d Duration
	if err := d.parse(f[1]); err != nil {
		return 0, fmt.Errorf("wait %s: %v", f[1], err)
	}
	if d.Duration < 0 {
		return 0, fmt.Errorf("wait %s: must be 0s or later", f[1])
	}
	return d.Duration, nil
}

// IsApply reports whether run is `kubectl apply -f -` (the only form of
// apply a step supports: the manifest comes with the step).
func IsApply(run string) bool {
	f, _ := kubectl.Split(run)
	return len(f) >= 2 && f[0] == "kubectl" && f[1] == "apply"
}
