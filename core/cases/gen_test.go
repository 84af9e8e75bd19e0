package cases

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// caseJSON is one entry of cases.json.
type caseJSON struct {
	ID       string `json:"id"`
	Summary  string `json:"summary"`
	Scenario struct {
		Nodes    []nodeJSON `json:"nodes"`
		Pods     []podJSON  `json:"pods"`
		Timeline []struct {
			T      float64 `json:"t_seconds"`
			Action string  `json:"action"`
		} `json:"timeline"`
	} `json:"scenario"`
	Expected map[string]string `json:"expected"`
}

type nodeJSON struct {
	Name          string            `json:"name"`
	Labels        map[string]string `json:"labels"`
	Taints        []json.RawMessage `json:"taints"`
	Capacity      map[string]any    `json:"capacity"`
	Conditions    map[string]string `json:"conditions"`
	Unschedulable bool              `json:"unschedulable"`
}

type podJSON struct {
	Name         string            `json:"name"`
	Labels       map[string]string `json:"labels"`
	Requests     map[string]string `json:"requests"`
	Tolerations  []json.RawMessage `json:"tolerations"` // raw: BH-014 has a JSON boolean value
	NodeSelector map[string]string `json:"nodeSelector"`
	Kind         string            `json:"kind"`
	Priority     int               `json:"priority"`
	InitialNode  string            `json:"initial_node"`
	Controller   string            `json:"controller"`
	CreateAt     *float64          `json:"create_at"`
}

func loadCases(t *testing.T) map[string]caseJSON {
	t.Helper()
	b, err := os.ReadFile("testdata/cases.json")
	require.NoError(t, err)
	var list []caseJSON
	require.NoError(t, json.Unmarshal(b, &list))
	out := map[string]caseJSON{}
	for _, c := range list {
		out[c.ID] = c
	}
	return out
}

// step is one timeline entry translated into a scenario step.
type step struct {
	At       float64
	Run      string
	Manifest string
}

// build is how a case becomes a scenario.
type build struct {
	// only, when set, keeps just these pods (validation cases run the
	// accepted pods together and each rejected pod alone).
	only map[string]bool
	// steps are the timeline's actions as commands; create_at pods get
	// their `create pod` or `kubectl apply` step added automatically.
	steps []step
	// extra manifests (a PDB a note asks for).
	extra []any
	until float64
	// version is options.kubernetesVersion ("" for the default 1.37).
	version string
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func nodeManifest(n nodeJSON) map[string]any {
	capacity := map[string]string{}
	for k, v := range n.Capacity {
		capacity[k] = fmt.Sprint(v)
	}
	var conds []map[string]string
	keys := make([]string, 0, len(n.Conditions))
	for k := range n.Conditions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		conds = append(conds, map[string]string{"type": k, "status": n.Conditions[k]})
	}
	spec := map[string]any{}
	if len(n.Taints) > 0 {
		spec["taints"] = n.Taints
	}
	if n.Unschedulable {
		spec["unschedulable"] = true
	}
	return map[string]any{
		"apiVersion": "v1", "kind": "Node",
		"metadata": map[string]any{"name": n.Name, "labels": n.Labels},
		"spec":     spec,
		"status":   map[string]any{"capacity": capacity, "conditions": conds},
	}
}

func podSpec(p podJSON) map[string]any {
	spec := map[string]any{
		"containers": []any{map[string]any{"name": "c", "image": "registry.k8s.io/pause",
			"resources": map[string]any{"requests": p.Requests}}},
	}
	if len(p.Tolerations) > 0 {
		spec["tolerations"] = p.Tolerations
	}
	if len(p.NodeSelector) > 0 {
		spec["nodeSelector"] = p.NodeSelector
	}
	return spec
}

func labelsOf(p podJSON) map[string]string {
	if len(p.Labels) > 0 {
		return p.Labels
	}
	return map[string]string{"app": p.Name}
}

// podManifests turns one case pod into manifests: a bare Pod; a
// Deployment (controller Deployment, no initial node: one replica); a
// ReplicaSet of one replica plus its pod already bound to initial_node
// (controller Deployment with an initial node — the ReplicaSet adopts the
// pod, so a deleted pod is replaced from the template, unpinned); or a
// DaemonSet.
func podManifests(p podJSON) []any {
	labels := labelsOf(p)
	template := map[string]any{"metadata": map[string]any{"labels": labels}, "spec": podSpec(p)}
	selector := map[string]any{"matchLabels": labels}
	switch {
	case p.Kind == "DaemonSet":
		return []any{map[string]any{"apiVersion": "apps/v1", "kind": "DaemonSet",
			"metadata": map[string]any{"name": p.Name},
			"spec":     map[string]any{"selector": selector, "template": template}}}
	case p.Controller == "Deployment" && p.InitialNode == "":
		return []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": p.Name},
			"spec":     map[string]any{"replicas": 1, "selector": selector, "template": template}}}
	case p.Controller == "Deployment":
		rs := map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet",
			"metadata": map[string]any{"name": p.Name},
			"spec":     map[string]any{"replicas": 1, "selector": selector, "template": template}}
		spec := podSpec(p)
		spec["nodeName"] = p.InitialNode
		pod := map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": p.Name, "labels": labels,
				"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": p.Name, "controller": true}}},
			"spec": spec}
		return []any{rs, pod}
	default:
		spec := podSpec(p)
		if p.InitialNode != "" {
			spec["nodeName"] = p.InitialNode
		}
		return []any{map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": p.Name, "labels": labels}, "spec": spec}}
	}
}

// scenarioText writes the case as a scenario file: the Scenario document,
// then the nodes, the pods present at t=0 and the extra manifests, as JSON
// documents (JSON is YAML).
func scenarioText(c caseJSON, b build) string {
	var steps []step
	var docs []string
	for _, n := range c.Scenario.Nodes {
		docs = append(docs, mustJSON(nodeManifest(n)))
	}
	for _, p := range c.Scenario.Pods {
		if b.only != nil && !b.only[p.Name] {
			continue
		}
		ms := podManifests(p)
		if p.CreateAt == nil || *p.CreateAt == 0 {
			for _, m := range ms {
				docs = append(docs, mustJSON(m))
			}
			continue
		}
		if m := ms[0].(map[string]any); m["kind"] == "Pod" {
			docs = append(docs, mustJSON(m))
			steps = append(steps, step{At: *p.CreateAt, Run: "create pod " + p.Name})
		} else {
			steps = append(steps, step{At: *p.CreateAt, Run: "kubectl apply -f -", Manifest: mustJSON(m)})
		}
	}
	for _, m := range b.extra {
		docs = append(docs, mustJSON(m))
	}
	steps = append(steps, b.steps...)
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].At < steps[j].At })
	sc := map[string]any{"kind": "Scenario", "name": strings.ToLower(c.ID), "title": c.Summary}
	if b.until > 0 {
		sc["until"] = b.until
	}
	if b.version != "" {
		sc["options"] = map[string]any{"kubernetesVersion": b.version}
	}
	var ss []any
	for _, s := range steps {
		m := map[string]any{"at": s.At, "run": s.Run, "caption": "cases.json " + c.ID}
		if s.Manifest != "" {
			m["manifest"] = s.Manifest
		}
		ss = append(ss, m)
	}
	if len(ss) > 0 {
		sc["steps"] = ss
	}
	return strings.Join(append([]string{mustJSON(sc)}, docs...), "\n---\n") + "\n"
}

func parseCase(c caseJSON, b build) (*scenario.Scenario, error) {
	return scenario.Parse([]byte(scenarioText(c, b)), strings.ToLower(c.ID)+".yaml")
}

func runCase(t *testing.T, c caseJSON, b build) *sim.Result {
	t.Helper()
	s, err := parseCase(c, b)
	require.NoError(t, err, "%s", scenarioText(c, b))
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// at returns the last frame at or before time sec.
func at(res *sim.Result, sec float64) sim.Frame {
	f := res.Frames[0]
	for _, x := range res.Frames {
		if x.At <= sec {
			f = x
		}
	}
	return f
}

func pod(f sim.Frame, name string) (sim.PodState, bool) {
	for _, p := range f.Pods {
		if p.Name == name {
			return *p, true
		}
	}
	return sim.PodState{}, false
}

func val(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

// want is a pod's state: phase, node, scheduledAt, evictedAt (-1: never).
type want struct {
	phase, node        string
	scheduled, evicted float64
}

func checkPod(t *testing.T, f sim.Frame, name string, w want) {
	t.Helper()
	p, ok := pod(f, name)
	if !assert.True(t, ok, "t=%v: no pod %s", f.At, name) {
		return
	}
	got := want{p.Phase, p.Node, val(p.ScheduledAt), val(p.EvictedAt)}
	assert.Equal(t, w, got, "t=%v: %s", f.At, name)
}

// events returns the events of one object (kind/namespace/name).
func events(res *sim.Result, obj string) []sim.Event {
	var out []sim.Event
	for _, e := range res.Events {
		if e.Object == obj {
			out = append(out, e)
		}
	}
	return out
}

// ownedBy lists a frame's pods owned by owner ("ReplicaSet/app").
func ownedBy(f sim.Frame, owner string) []*sim.PodState {
	var out []*sim.PodState
	for _, p := range f.Pods {
		if p.Owner == owner {
			out = append(out, p)
		}
	}
	return out
}

// ownedByPrefix names the first pod of a frame whose owner starts with
// prefix ("" when none).
func ownedByPrefix(f sim.Frame, prefix string) string {
	for _, p := range f.Pods {
		if strings.HasPrefix(p.Owner, prefix) {
			return p.Name
		}
	}
	return ""
}
