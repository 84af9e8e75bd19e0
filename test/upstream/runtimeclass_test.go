package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	ptr "github.com/taints-playground/playground/core/admission/podtolerationrestriction"
	ourrc "github.com/taints-playground/playground/core/admission/runtimeclass"
	v1 "k8s.io/api/core/v1"
	nodev1 "k8s.io/api/node/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	api "k8s.io/kubernetes/pkg/apis/core"
	apiv1 "k8s.io/kubernetes/pkg/apis/core/v1"
	uptol "k8s.io/kubernetes/pkg/util/tolerations"
	uprc "k8s.io/kubernetes/plugin/pkg/admission/runtimeclass"
)

// TestRuntimeClassAdmissionMatchesUpstream runs random pods through the
// playground's RuntimeClass plugin (Admit, then Validate) and through the
// real plugin of kube-apiserver v1.37.2 (its Admit and Validate, with a
// fake client and informer holding the same RuntimeClasses) and requires
// the same error text or the same nodeSelector, tolerations and overhead.
func TestRuntimeClassAdmissionMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 37))
	seen := map[string]int{}
	for round := range 40 {
		classes := randomClasses(r)
		up := upstreamPlugin(t, classes)
		for i := range 100 {
			pod := randomPod(r, fmt.Sprintf("p%d-%d", round, i))
			want := upstreamAdmit(t, up, pod)
			got := pod.DeepCopy()
			err := ourrc.Admit(got, classes)
			if err == nil {
				err = ourrc.Validate(got, classes)
			}
			in, _ := json.Marshal(pod.Spec)
			seen[outcome(want.err)]++
			if want.err != "" || err != nil {
				require.NotNil(t, err, "pod %s, upstream refused: %s", in, want.err)
				if conflict.MatchString(want.err) {
					// Upstream reports the first conflicting key in map
					// order; the playground the first in sorted order.
					m := conflict.FindStringSubmatch(err.Error())
					require.NotNil(t, m, "pod %s: got %s, upstream %s", in, err, want.err)
					require.Equal(t, m[1], m[3], "pod %s", in)
					require.Equal(t, pod.Spec.NodeSelector[m[1]], m[4], "pod %s", in)
					require.NotEqual(t, m[2], m[4], "pod %s", in)
					continue
				}
				require.Equal(t, want.err, err.Error(), "pod %s", in)
				continue
			}
			// Through k8s.io/api, so quantities print canonically on both sides.
			var v1spec v1.PodSpec
			require.NoError(t, roundTrip(got.Spec, &v1spec))
			require.Equal(t, want.spec, placement(t, v1spec), "pod %s", in)
		}
	}
	t.Logf("outcomes: %v", seen)
	for _, o := range []string{"admitted", "not found", "conflict", "overhead mismatch", "overhead without class"} {
		require.Positive(t, seen[o], "no case of %s", o)
	}
}

// outcome names an upstream result for the coverage check.
func outcome(err string) string {
	switch {
	case err == "":
		return "admitted"
	case strings.Contains(err, "not found"):
		return "not found"
	case strings.Contains(err, "conflict"):
		return "conflict"
	case strings.Contains(err, "doesn't match"):
		return "overhead mismatch"
	case strings.Contains(err, "without corresponding"):
		return "overhead without class"
	}
	return err
}

// conflict is setScheduling's refusal: key, class value, key, pod value.
var conflict = regexp.MustCompile(`^pods "[^"]*" is forbidden: conflict: runtimeClass\.scheduling\.nodeSelector\[([^\]]*)\] = (.*); pod\.spec\.nodeSelector\[([^\]]*)\] = (.*)$`)

// result is what upstream admission did: the refusal, or the JSON of the
// placement fields.
type result struct {
	err  string
	spec string
}

// placement is the JSON of the fields the plugin writes.
func placement(t *testing.T, spec any) string {
	t.Helper()
	var m map[string]any
	b, err := json.Marshal(spec)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &m))
	out, err := json.Marshal(map[string]any{"nodeSelector": m["nodeSelector"], "tolerations": m["tolerations"], "overhead": m["overhead"]})
	require.NoError(t, err)
	return string(out)
}

func upstreamPlugin(t *testing.T, classes []*core.RuntimeClass) *uprc.RuntimeClass {
	t.Helper()
	client := fake.NewClientset()
	factory := informers.NewSharedInformerFactory(client, 0)
	store := factory.Node().V1().RuntimeClasses().Informer().GetStore()
	for _, rc := range classes {
		var v nodev1.RuntimeClass
		require.NoError(t, roundTrip(rc, &v))
		require.NoError(t, store.Add(&v))
	}
	p := uprc.NewRuntimeClass()
	p.SetExternalKubeClientSet(client)
	p.SetExternalKubeInformerFactory(factory)
	require.NoError(t, p.ValidateInitialization())
	return p
}

// upstreamAdmit runs the real plugin's Admit and Validate on the pod as
// the API server holds it (the internal type).
func upstreamAdmit(t *testing.T, p *uprc.RuntimeClass, pod *core.Pod) result {
	t.Helper()
	ctx := context.Background()
	v1pod, err := ToV1Pod(pod)
	require.NoError(t, err)
	var in api.Pod
	require.NoError(t, apiv1.Convert_v1_Pod_To_core_Pod(v1pod, &in, nil))
	attrs := admission.NewAttributesRecord(&in, nil, api.Kind("Pod").WithVersion("version"), pod.Namespace, pod.Name,
		api.Resource("pods").WithVersion("version"), "", admission.Create, nil, false, nil)
	if err := p.Admit(ctx, attrs, nil); err != nil {
		return result{err: err.Error()}
	}
	if err := p.Validate(ctx, attrs, nil); err != nil {
		return result{err: err.Error()}
	}
	var out v1.Pod
	require.NoError(t, apiv1.Convert_core_Pod_To_v1_Pod(&in, &out, nil))
	return result{spec: placement(t, out.Spec)}
}

var (
	rcSecs    = int64(60)
	tolerPool = []core.Toleration{
		{Key: "sandbox", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
		{Key: "sandbox", Operator: core.TolerationOpEqual, Value: "gvisor", Effect: core.TaintEffectNoSchedule},
		{Key: "sandbox", Value: "gvisor", Effect: core.TaintEffectNoSchedule},
		{Key: "sandbox", Operator: core.TolerationOpEqual, Value: "gvisor"},
		{Operator: core.TolerationOpExists},
		{Key: "gpu", Operator: core.TolerationOpExists},
		{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &rcSecs},
		{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
		{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &rcSecs},
	}
	quantities = []string{"100m", "0.1", "250m", "64Mi", "1"}
)

func pickFrom[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

func randomTolerations(r *rand.Rand) []core.Toleration {
	var out []core.Toleration
	for range r.IntN(4) {
		out = append(out, pickFrom(r, tolerPool))
	}
	return out
}

func randomSelector(r *rand.Rand) map[string]string {
	if r.IntN(3) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, k := range []string{"sandbox", "zone", "arch"} {
		if r.IntN(2) == 0 {
			m[k] = pickFrom(r, []string{"a", "b"})
		}
	}
	return m
}

func randomResources(r *rand.Rand) core.ResourceList {
	if r.IntN(3) == 0 {
		return nil
	}
	l := core.ResourceList{}
	if r.IntN(2) == 0 {
		l[core.ResourceCPU] = core.MustParseQuantity(pickFrom(r, quantities[:3]))
	}
	if r.IntN(2) == 0 {
		l[core.ResourceMemory] = core.MustParseQuantity("64Mi")
	}
	return l
}

func randomClasses(r *rand.Rand) []*core.RuntimeClass {
	var out []*core.RuntimeClass
	for i, name := range []string{"gvisor", "kata", "runc"} {
		if r.IntN(4) == 0 {
			continue
		}
		rc := &core.RuntimeClass{ObjectMeta: core.ObjectMeta{Name: name}, Handler: fmt.Sprint("h", i)}
		if r.IntN(2) == 0 {
			rc.Overhead = &core.RuntimeClassOverhead{PodFixed: randomResources(r)}
		}
		if r.IntN(3) != 0 {
			rc.Scheduling = &core.RuntimeClassScheduling{NodeSelector: randomSelector(r), Tolerations: randomTolerations(r)}
		}
		out = append(out, rc)
	}
	return out
}

func randomPod(r *rand.Rand, name string) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"},
		Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Image: "x"}}}}
	if r.IntN(6) != 0 {
		rc := pickFrom(r, []string{"gvisor", "kata", "runc", "wasm"})
		p.Spec.RuntimeClassName = &rc
	}
	p.Spec.NodeSelector = randomSelector(r)
	p.Spec.Tolerations = randomTolerations(r)
	if r.IntN(4) == 0 {
		p.Spec.Overhead = randomResources(r)
	}
	return p
}

// TestMergeTolerationsMatchesUpstream compares the toleration merge the
// RuntimeClass and PodTolerationRestriction plugins share with
// pkg/util/tolerations (MergeTolerations, VerifyAgainstWhitelist) on
// random lists.
func TestMergeTolerationsMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 37))
	conv := func(tols []core.Toleration) []api.Toleration {
		var out []api.Toleration
		for _, tl := range tols {
			var v v1.Toleration
			require.NoError(t, roundTrip(tl, &v))
			var a api.Toleration
			require.NoError(t, apiv1.Convert_v1_Toleration_To_core_Toleration(&v, &a, nil))
			out = append(out, a)
		}
		return out
	}
	for range 4000 {
		a, b := randomTolerations(r), randomTolerations(r)
		want := uptol.MergeTolerations(conv(a), conv(b))
		got := ptr.Merge(a, b)
		require.Equal(t, want, conv(got), "merge %v and %v", a, b)
		require.Equal(t, uptol.VerifyAgainstWhitelist(conv(a), conv(b)), ptr.VerifyAgainstWhitelist(a, b), "%v against whitelist %v", a, b)
	}
}
