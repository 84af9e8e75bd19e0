package lint

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/scenario"
)

// fileObjects is what admission reads of the cluster the file starts
// with: its namespaces (the last of a name wins, as the API server's
// replace), priority classes and runtime classes.
type fileObjects struct{ s *scenario.Scenario }

func (f fileObjects) Namespace(name string) *core.Namespace {
	var out *core.Namespace
	for _, ns := range f.s.Namespaces {
		if ns.Name == name {
			out = ns
		}
	}
	return out
}

func (f fileObjects) PriorityClasses() []*core.PriorityClass { return f.s.PriorityClasses }
func (f fileObjects) RuntimeClasses() []*core.RuntimeClass   { return f.s.RuntimeClasses }

// checkAdmission reports the pods of a scenario file that the API server's
// admission chain (with the file's options) refuses when the starting
// cluster is created: the simulator reports them as refused creates and
// they never exist. Pods a `create pod` step creates later meet the
// cluster of that moment and are not checked. A file scenario.Parse
// rejects is left to the other checks.
func (l *linter) checkAdmission(data []byte) {
	s, err := scenario.Parse(data, "")
	if err != nil {
		return
	}
	chain := &admission.Chain{Config: s.Options.Admission.Config(), Objects: fileObjects{s}}
	for _, p := range s.Pods {
		if s.CreatedLater(p.Namespace, p.Name) {
			continue
		}
		cp := p.DeepCopy()
		core.SetPodDefaults(cp)
		res := chain.Admit(cp, nil)
		if res.Err == "" {
			continue
		}
		o := l.fileObject("Pod", p.Name)
		l.add(o, Error, "admission-refused", "",
			"the API server refuses to create this pod, so it never exists: "+res.Err,
			admissionFix(res))
	}
}

// fileObject is the object of that kind and name outside the steps'
// manifests (nil when there is none).
func (l *linter) fileObject(kind, name string) *object {
	for i := range l.objects {
		o := &l.objects[i]
		if o.kind == kind && o.name == name && !isStepPrefix(o.prefix) {
			return o
		}
	}
	return nil
}

func isStepPrefix(prefix string) bool {
	return len(prefix) >= 6 && prefix[:6] == "steps["
}

// admissionFix says what to change for the plugin that refused.
func admissionFix(res admission.Result) string {
	if res.Forbidden {
		return "the error names the PriorityClass or RuntimeClass rule the pod breaks: create the class it names, or change the pod"
	}
	return "make every toleration of the pod (with those the namespace's defaultTolerations and the admission plugins add) fit the tolerationsWhitelist annotation of its namespace (or the cluster whitelist)"
}
