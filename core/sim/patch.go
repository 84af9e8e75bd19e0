package sim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/store"
)

// errRejected is the API server's 422 for a JSON patch that does not
// apply (NewGenericServerResponse without details), as kubectl prints it.
const errRejected = "The request is invalid: the server rejected our request due to an error in our request"

// PatchPod is the API server's PATCH of a pod (apiserver
// handlers/patch.go with the jsonpatch library it uses, then the pod
// strategy's update: status kept, ValidatePodUpdate,
// DefaultTolerationSeconds): the patch applies to the pod as the API
// returns it. Only the fields the playground models may change:
// spec.schedulingGates (removals only) and spec.tolerations (additions
// only); a pod whose last gate goes enters the scheduling queue.
func (a *apiServer) PatchPod(namespace, name, typ string, patch []byte, dryRun bool) (bool, error) {
	a.flush()
	live := a.s.st.LivePod(namespace, name)
	if live == nil {
		return false, kubectl.APIError("NotFound", fmt.Sprintf("pods %q not found", name))
	}
	view := a.view(live)
	orig, err := json.Marshal(view)
	if err != nil {
		return false, err
	}
	patched, err := applyPatch(typ, orig, patch, view.Spec.SchedulingGates)
	if err != nil {
		return false, err
	}
	if msg := scenario.StrictDecodingError("Pod", patched); msg != "" {
		return false, kubectl.APIError("BadRequest", msg)
	}
	var np core.Pod
	if err := json.Unmarshal(patched, &np); err != nil {
		return false, kubectl.APIError("BadRequest", err.Error())
	}
	old := live.Object
	np.Spec.SchedulingGates = nonEmpty(np.Spec.SchedulingGates)
	tols := a.s.env.Admission.UpdateTolerations(np.Spec.Tolerations)
	errs := podUpdateErrors(view, &np, a.s.env.Gate)
	if len(errs) > 0 {
		return false, &kubectl.CommandError{Stderr: core.KubectlInvalidMessage("Pod", name, errs)}
	}
	if unmodelled(view, &np) {
		return false, &kubectl.CommandError{Stderr: "error: the playground patches only spec.schedulingGates and spec.tolerations of a pod"}
	}
	if reflect.DeepEqual(old.Spec.Tolerations, tols) && reflect.DeepEqual(old.Spec.SchedulingGates, np.Spec.SchedulingGates) {
		return false, nil
	}
	if dryRun {
		return true, nil
	}
	cp := old.DeepCopy()
	cp.Spec.Tolerations, cp.Spec.SchedulingGates = tols, np.Spec.SchedulingGates
	sources := keptSources(old.Spec.Tolerations, live.TolerationSources, tols)
	a.s.note("%s patched", name)
	a.s.st.UpdatePod(live, kubectlWriter, func(p *store.Pod) { p.Object, p.TolerationSources = cp, sources })
	return true, nil
}

// applyPatch applies a patch of kubectl's --type to the pod's JSON with
// the API server's errors. A strategic merge patch is a merge patch
// whose spec.schedulingGates list merges by name into gates (the field's
// patchStrategy); its $patch directives are not modelled. A panic of
// the patch library on a malformed patch is a BadRequest (a panic would
// stop the page).
func applyPatch(typ string, doc, patch []byte, gates []core.PodSchedulingGate) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, kubectl.APIError("BadRequest", fmt.Sprint(r))
		}
	}()
	switch typ {
	case kubectl.PatchJSON:
		ops, derr := jsonpatch.DecodePatch(patch)
		if derr != nil {
			return nil, kubectl.APIError("BadRequest", derr.Error())
		}
		if out, err = ops.Apply(doc); err != nil {
			return nil, &kubectl.CommandError{Stderr: errRejected}
		}
		return out, nil
	case kubectl.PatchStrategic:
		merged, err := strategicToMerge(patch, gates)
		if err != nil {
			return nil, err
		}
		patch = merged
	}
	out, err = jsonpatch.MergePatch(doc, patch)
	if err != nil {
		return nil, kubectl.APIError("BadRequest", err.Error())
	}
	return out, nil
}

// strategicToMerge turns a strategic merge patch of a pod into the merge
// patch with the same effect on the fields the playground models.
func strategicToMerge(patch []byte, gates []core.PodSchedulingGate) ([]byte, error) {
	var m map[string]any
	if err := json.Unmarshal(patch, &m); err != nil {
		return nil, kubectl.APIError("BadRequest", err.Error())
	}
	if hasDirective(m) {
		return nil, &kubectl.CommandError{Stderr: "error: the playground does not model strategic merge patch directives ($patch, $retainKeys …): use --type=merge or --type=json"}
	}
	spec, _ := m["spec"].(map[string]any)
	list, ok := spec["schedulingGates"].([]any)
	if !ok {
		return patch, nil
	}
	union := make([]any, 0, len(gates)+len(list))
	seen := map[string]bool{}
	for _, g := range gates {
		union = append(union, map[string]any{"name": g.Name})
		seen[g.Name] = true
	}
	for _, e := range list {
		if g, ok := e.(map[string]any); ok {
			if n, _ := g["name"].(string); seen[n] {
				continue
			}
		}
		union = append(union, e)
	}
	spec["schedulingGates"] = union
	return json.Marshal(m)
}

// hasDirective reports whether a patch holds a "$…" key anywhere.
func hasDirective(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if strings.HasPrefix(k, "$") || hasDirective(e) {
				return true
			}
		}
	case []any:
		for _, e := range t {
			if hasDirective(e) {
				return true
			}
		}
	}
	return false
}

// podUpdateErrors is ValidatePodUpdate for what a patch can change: the
// new gates' names, gates only removed, tolerations only added, and no
// other spec field changed (the Forbidden "pod updates may not change
// fields other than …"). Mirrors validation.ValidatePodUpdate, v1.37;
// the Forbidden's detail lists the updatable fields but not upstream's
// diff of the specs.
func podUpdateErrors(old, np *core.Pod, gate bool) core.ErrorList {
	errs := core.ValidateSchedulingGates(np.Spec.SchedulingGates, "spec.schedulingGates")
	errs = append(errs, core.ValidateTolerationsUpdate(old.Spec.Tolerations, np.Spec.Tolerations, "spec.tolerations", gate)...)
	errs = append(errs, core.ValidateSchedulingGatesUpdate(np.Spec.SchedulingGates, old.Spec.SchedulingGates, "spec.schedulingGates")...)
	if !sameSpec(old, np, true) {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: "spec",
			Detail: "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)"})
	}
	return errs
}

// sameSpec reports whether the specs are equal but for the tolerations,
// the scheduling gates and, when images, the containers' images (which
// the API lets an update change).
func sameSpec(old, np *core.Pod, images bool) bool {
	x, y := old.Spec.DeepCopy(), np.Spec.DeepCopy()
	x.Tolerations, y.Tolerations = nil, nil
	x.SchedulingGates, y.SchedulingGates = nil, nil
	if images {
		for _, l := range [][2][]core.Container{{x.Containers, y.Containers}, {x.InitContainers, y.InitContainers}} {
			for i := range l[0] {
				if i < len(l[1]) {
					l[1][i].Image = l[0][i].Image
				}
			}
		}
	}
	jx, _ := json.Marshal(x)
	jy, _ := json.Marshal(y)
	return string(jx) == string(jy)
}

// unmodelled reports whether the patch changed what the API allows but
// the playground does not model: the metadata (labels, annotations …)
// or a container's image. Status changes are dropped, as the pod
// strategy does.
func unmodelled(old, np *core.Pod) bool {
	jx, _ := json.Marshal(old.ObjectMeta)
	jy, _ := json.Marshal(np.ObjectMeta)
	return string(jx) != string(jy) || !sameSpec(old, np, false)
}
