package admission

import (
	"reflect"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/admission/extendedresourcetoleration"
	"github.com/taints-playground/playground/core/admission/podtolerationrestriction"
	"github.com/taints-playground/playground/core/admission/priority"
	"github.com/taints-playground/playground/core/admission/runtimeclass"
)

// Who added a toleration (the simulator's TolerationSources).
const (
	SourceUser                     = "user"
	SourceDefaultTolerationSeconds = defaulttolerationseconds.PluginName
	SourceDaemonSet                = "DaemonSet controller"
	SourcePodTolerationRestriction = podtolerationrestriction.PluginName
	SourceExtendedResource         = extendedresourcetoleration.PluginName
	// SourceRuntimeClass is followed by the class's name
	// ("RuntimeClass gvisor").
	SourceRuntimeClass = runtimeclass.PluginName + " "
)

// Config is the API server's admission configuration.
type Config struct {
	// DefaultTolerationSeconds is on unless DisableDefaultTolerationSeconds.
	DisableDefaultTolerationSeconds bool
	// NotReadySeconds and UnreachableSeconds are its flags
	// (--default-not-ready-toleration-seconds, …).
	NotReadySeconds, UnreachableSeconds int64
	// PodTolerationRestriction is off unless enabled; Restriction is its
	// cluster-level configuration.
	PodTolerationRestriction bool
	Restriction              podtolerationrestriction.Config
	// ExtendedResourceToleration is off unless enabled.
	ExtendedResourceToleration bool
}

// Objects is what the plugins read of the cluster.
type Objects interface {
	Namespace(name string) *core.Namespace
	PriorityClasses() []*core.PriorityClass
	RuntimeClasses() []*core.RuntimeClass
}

// Chain is the admission chain of one API server.
type Chain struct {
	Config  Config
	Objects Objects
}

// Result is what admission decided for a pod.
type Result struct {
	// Priority is the resolved spec.priority.
	Priority int32
	// Sources says who added each toleration the pod now has.
	Sources []string
	// Err is the refusal ("" when admitted); Forbidden marks a Forbidden
	// status (the Priority plugin), whose kubectl text differs.
	Err       string
	Forbidden bool
}

// Admit runs the chain on a pod being created, changing p in place
// (spec.priority, priorityClassName, preemptionPolicy, tolerations, and
// for a pod with a RuntimeClass overhead and nodeSelector).
// sources says who added the tolerations the pod arrives with (nil: the
// user added them all). A pod the Priority plugin refuses still passes
// through DefaultTolerationSeconds, as the simulator always showed.
func (c *Chain) Admit(p *core.Pod, sources []string) Result {
	if sources == nil {
		sources = make([]string, len(p.Spec.Tolerations))
		for i := range sources {
			sources[i] = SourceUser
		}
	}
	var res Result
	prio, err := priority.Admit(p, c.Objects.PriorityClasses())
	if err != nil {
		res.Err, res.Forbidden = err.Error(), true
	}
	p.Spec.Priority = &prio
	res.Priority = prio
	if !c.Config.DisableDefaultTolerationSeconds {
		var added int
		p.Spec.Tolerations, added = defaulttolerationseconds.Admit(p.Spec.Tolerations, c.Config.NotReadySeconds, c.Config.UnreachableSeconds)
		for i := 0; i < added; i++ {
			sources = append(sources, SourceDefaultTolerationSeconds)
		}
	}
	if c.Config.PodTolerationRestriction && res.Err == "" {
		before := p.Spec.Tolerations
		r, err := podtolerationrestriction.Admit(before, c.Objects.Namespace(p.Namespace), c.Config.Restriction, core.PodQOSClass(p) == core.PodQOSBestEffort)
		if err != nil {
			res.Err = err.Error()
		} else {
			p.Spec.Tolerations, sources = r.Tolerations, keepSources(before, sources, r.Tolerations, SourcePodTolerationRestriction)
		}
	}
	revalidate := false
	if c.Config.ExtendedResourceToleration && res.Err == "" {
		before := p.Spec.Tolerations
		p.Spec.Tolerations = extendedresourcetoleration.Admit(&p.Spec)
		sources = keepSources(before, sources, p.Spec.Tolerations, SourceExtendedResource)
		revalidate = !reflect.DeepEqual(before, p.Spec.Tolerations)
	}
	if res.Err == "" {
		sources = c.admitRuntimeClass(p, sources, revalidate, &res)
	}
	res.Sources = sources
	return res
}

// admitRuntimeClass runs RuntimeClass, the last mutating plugin of the
// chain, then the validating phase: PodTolerationRestriction's whitelist
// again on the tolerations the plugins after it merged in (revalidate
// says ExtendedResourceToleration changed them) and RuntimeClass's
// overhead check. It returns the new sources; a refusal goes to res.
func (c *Chain) admitRuntimeClass(p *core.Pod, sources []string, revalidate bool, res *Result) []string {
	classes := c.Objects.RuntimeClasses()
	if p.Spec.RuntimeClassName != nil {
		before := p.Spec.Tolerations
		if err := runtimeclass.Admit(p, classes); err != nil {
			res.Err, res.Forbidden = err.Error(), true
			return sources
		}
		sources = keepSources(before, sources, p.Spec.Tolerations, SourceRuntimeClass+*p.Spec.RuntimeClassName)
		revalidate = true
	}
	if revalidate && c.Config.PodTolerationRestriction {
		if err := podtolerationrestriction.Validate(p.Spec.Tolerations, c.Objects.Namespace(p.Namespace), c.Config.Restriction); err != nil {
			res.Err = err.Error()
			return sources
		}
	}
	if err := runtimeclass.Validate(p, classes); err != nil {
		res.Err, res.Forbidden = err.Error(), true
	}
	return sources
}

// keepSources is the sources of after: a toleration that was in before
// keeps its source, the others were added by plugin.
func keepSources(before []core.Toleration, sources []string, after []core.Toleration, plugin string) []string {
	var out []string
	for _, t := range after {
		who := plugin
		for i := range before {
			if reflect.DeepEqual(before[i], t) {
				who = sources[i]
				break
			}
		}
		out = append(out, who)
	}
	return out
}

// UpdateTolerations is DefaultTolerationSeconds on a pod update (it runs
// on updates too): tols with the default tolerations it adds.
func (c *Chain) UpdateTolerations(tols []core.Toleration) []core.Toleration {
	if c.Config.DisableDefaultTolerationSeconds {
		return tols
	}
	out, _ := defaulttolerationseconds.Admit(tols, c.Config.NotReadySeconds, c.Config.UnreachableSeconds)
	return out
}

// Critical reports whether a pod of this priority is critical (the
// kubelet admits it whatever the node's pressure).
func Critical(prio int32) bool { return prio >= priority.SystemCriticalPriority }
