package core_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

var (
	quantityType = reflect.TypeOf(core.Quantity{})
	timeType     = reflect.TypeOf(time.Time{})
)

// quantities are the texts random quantities are parsed from ("" is the
// zero Quantity{}, which JSON turns into the parsed "0").
var quantities = []string{"", "0", "1", "-2", "+3", "1500m", "0.5", "1.", "2Gi", "500Mi", "1e3", "1E-2", "12k", "5n", "1.5u", "7Ei", "123456789012345678901234567890"}

// texts are random string values: valid UTF-8 only (see deepcopy.go for
// invalid UTF-8), with characters JSON escapes.
var texts = []string{"", "a", "web", "ü", "日本", "\u2028\u2029", "<&>", "\"q\"\\", "\t\n", "\x00", "\uFFFD", "🙂", "node.kubernetes.io/not-ready"}

// randomTime is a zero time or an instant of the years 1–9998 in some
// zone, with nanoseconds and sometimes a monotonic reading; its UTC year
// stays within 0–9999, which JSON can round-trip.
func randomTime(r *rand.Rand) time.Time {
	switch r.Intn(6) {
	case 0:
		return time.Time{}
	case 1:
		return time.Time{}.Add(time.Duration(r.Intn(2e9))) // near the zero time
	case 2:
		return time.Now().Add(time.Duration(r.Int63n(1e15)))
	}
	lo := time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC).Unix()
	hi := time.Date(9998, 12, 31, 0, 0, 0, 0, time.UTC).Unix()
	t := time.Unix(lo+r.Int63n(hi-lo), int64(r.Intn(1e9)))
	zones := []*time.Location{time.UTC, time.Local, time.FixedZone("x", 3600), time.FixedZone("y", -(12*3600 + 1800)), time.FixedZone("z", 14*3600)}
	return t.In(zones[r.Intn(len(zones))])
}

// fill sets every exported field reachable from v to random values: nil,
// empty or filled maps and slices, nil or set pointers.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Struct:
		switch v.Type() {
		case quantityType:
			q := core.Quantity{}
			if s := quantities[r.Intn(len(quantities))]; s != "" {
				q = core.MustParseQuantity(s)
			}
			v.Set(reflect.ValueOf(q))
			return
		case timeType:
			v.Set(reflect.ValueOf(randomTime(r)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			// Fields JSON leaves out (ObjectMeta.DeletionTimestamp, set on
			// API views only) cannot be compared with the round trip;
			// TestDeepCopyDeletionTimestamp checks them.
			if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				fill(r, v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if r.Intn(4) == 0 || depth > 12 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(r, p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		switch k := r.Intn(5); {
		case k == 0 || depth > 12:
			v.SetZero()
		case k == 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			s := reflect.MakeSlice(v.Type(), k-1, k-1)
			for i := 0; i < s.Len(); i++ {
				fill(r, s.Index(i), depth+1)
			}
			v.Set(s)
		}
	case reflect.Map:
		switch k := r.Intn(5); {
		case k == 0 || depth > 12:
			v.SetZero()
		case k == 1:
			v.Set(reflect.MakeMap(v.Type()))
		default:
			m := reflect.MakeMap(v.Type())
			for i := 0; i < k-1; i++ {
				key := reflect.New(v.Type().Key()).Elem()
				fill(r, key, depth+1)
				val := reflect.New(v.Type().Elem()).Elem()
				fill(r, val, depth+1)
				m.SetMapIndex(key, val)
			}
			v.Set(m)
		}
	case reflect.String:
		if r.Intn(2) == 0 {
			v.SetString(fmt.Sprintf("s%d", r.Intn(1000)))
		} else {
			v.SetString(texts[r.Intn(len(texts))])
		}
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(r.Intn(1000)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(r.Intn(1000)))
	default:
		panic("fill: unhandled kind " + v.Kind().String() + " at " + v.Type().String())
	}
}

// shared reports the first map, slice backing array or pointer that a and
// b (of the same type) share, walking every exported field; quantities are
// immutable values and are not walked.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Struct:
		if a.Type() == quantityType || a.Type() == timeType {
			return ""
		}
		for i := 0; i < a.NumField(); i++ {
			if f := a.Type().Field(i); f.IsExported() {
				if s := shared(a.Field(i), b.Field(i), path+"."+f.Name); s != "" {
					return s
				}
			}
		}
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), "(*"+path+")")
	case reflect.Slice:
		if a.Len() == 0 || b.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for i := 0; i < a.Len() && i < b.Len(); i++ {
			if s := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); s != "" {
				return s
			}
		}
	case reflect.Map:
		if a.Len() == 0 || b.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if bv := b.MapIndex(k); bv.IsValid() {
				if s := shared(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k)); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// jsonCopy is the JSON round trip the typed copies replaced.
func jsonCopy[T any](t *testing.T, v *T) *T {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var out *T
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

// checkCopies fills n random objects of type T, including maps, slices
// and pointers (nil, empty or set), times and quantities, and checks that
// DeepCopy gives what the JSON round trip gives, shares nothing mutable
// with the original, and that changing every field of the copy leaves the
// original as it was.
func checkCopies[T any](t *testing.T, seed int64, n int, deepCopy func(*T) *T) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		orig := new(T)
		fill(r, reflect.ValueOf(orig).Elem(), 0)
		before := jsonCopy(t, orig)
		got := deepCopy(orig)
		require.Equal(t, before, got, "%T %d: DeepCopy differs from the JSON round trip", orig, i)
		s := shared(reflect.ValueOf(orig).Elem(), reflect.ValueOf(got).Elem(), "v")
		require.Empty(t, s, "%T %d: the copy shares this with the original", orig, i)
		// Mutate the copy everywhere: in place through its pointers,
		// slices and maps.
		mutate(r, reflect.ValueOf(got).Elem())
		require.Equal(t, before, jsonCopy(t, orig), "%T %d: mutating the copy changed the original", orig, i)
	}
	var nilT *T
	require.Nil(t, deepCopy(nilT), "%T: DeepCopy of nil", nilT)
	require.Nil(t, jsonCopy(t, nilT), "%T: JSON round trip of nil", nilT)
}

func TestDeepCopyDeletionTimestamp(t *testing.T) {
	p := &core.Pod{}
	p.DeletionTimestamp = &core.Time{Time: time.Unix(100, 0).UTC()}
	c := p.DeepCopy()
	require.NotNil(t, c.DeletionTimestamp)
	assert.NotSame(t, p.DeletionTimestamp, c.DeletionTimestamp)
	assert.Equal(t, *p.DeletionTimestamp, *c.DeletionTimestamp)
}

func TestDeepCopyEqualsJSONRoundTrip(t *testing.T) {
	// 2,000 pod specs as the ReplicaSet controller's copy was checked with.
	t.Run("PodSpec", func(t *testing.T) { checkCopies(t, 6, 2000, (*core.PodSpec).DeepCopy) })
	t.Run("Pod", func(t *testing.T) { checkCopies(t, 7, 2000, (*core.Pod).DeepCopy) })
	t.Run("Node", func(t *testing.T) { checkCopies(t, 8, 2000, (*core.Node).DeepCopy) })
	t.Run("PodTemplateSpec", func(t *testing.T) { checkCopies(t, 9, 1000, (*core.PodTemplateSpec).DeepCopy) })
}

// TestDeepCopyNodeCases are hand-written nodes: empty lists and maps
// become nil, times UTC whole seconds, a zero time nil.
func TestDeepCopyNodeCases(t *testing.T) {
	yes := true
	at := &core.Time{Time: time.Date(2026, 1, 1, 0, 1, 5, 500, time.FixedZone("x", 3600))}
	cpu := core.MustParseQuantity("1500m")
	nodes := []*core.Node{
		{},
		{ObjectMeta: core.ObjectMeta{Labels: map[string]string{}, Annotations: map[string]string{}}, Spec: core.NodeSpec{Taints: []core.Taint{}}},
		{
			TypeMeta: core.TypeMeta{APIVersion: "v1", Kind: "Node"},
			ObjectMeta: core.ObjectMeta{Name: "n1", UID: "u", Labels: map[string]string{"a": "b"}, Annotations: map[string]string{"c": "d"},
				OwnerReferences: []core.OwnerReference{{Kind: "X", Name: "y", Controller: &yes}}, CreationTimestamp: at},
			Spec: core.NodeSpec{Unschedulable: true, ProviderID: "p", PodCIDR: "10.0.0.0/24",
				Taints: []core.Taint{{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute, TimeAdded: at}, {Key: "z", Effect: core.TaintEffectNoSchedule, TimeAdded: &core.Time{}}}},
			Status: core.NodeStatus{Capacity: core.ResourceList{"cpu": cpu, "pods": {}}, Allocatable: core.ResourceList{"cpu": cpu},
				Conditions: []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionTrue, LastHeartbeatTime: at, Reason: "r", Message: "m"}}},
		},
	}
	for i, n := range nodes {
		assert.Equal(t, jsonCopy(t, n), n.DeepCopy(), "node %d", i)
	}
	empty := nodes[1].DeepCopy()
	assert.Nil(t, empty.Labels, "empty maps and lists should become nil")
	assert.Nil(t, empty.Annotations, "empty maps and lists should become nil")
	assert.Nil(t, empty.Spec.Taints, "empty maps and lists should become nil")
	src := nodes[2]
	c := src.DeepCopy()
	assert.Same(t, time.UTC, c.CreationTimestamp.Location(), "times are UTC")
	assert.Zero(t, c.CreationTimestamp.Nanosecond(), "times are whole seconds")
	assert.Nil(t, c.Spec.Taints[1].TimeAdded, "a zero time becomes nil")
	c.Labels["a"] = "x"
	c.Spec.Taints[0].Key = "changed"
	*c.OwnerReferences[0].Controller = false
	c.Status.Conditions[0].Status = core.ConditionFalse
	c.Status.Capacity["memory"] = cpu
	assert.Equal(t, "b", src.Labels["a"], "the copy shares labels with its source")
	assert.Equal(t, "k", src.Spec.Taints[0].Key, "the copy shares taints with its source")
	assert.True(t, *src.OwnerReferences[0].Controller, "the copy shares owner references with its source")
	assert.Equal(t, core.ConditionTrue, src.Status.Conditions[0].Status, "the copy shares conditions with its source")
	assert.Len(t, src.Status.Capacity, 2, "the copy shares capacity with its source")
}

// TestDeepCopyKeepsAlwaysWrittenLists: spec.containers and
// nodeSelectorTerms have no omitempty, so JSON keeps [] apart from null.
func TestDeepCopyKeepsAlwaysWrittenLists(t *testing.T) {
	s := &core.PodSpec{Containers: []core.Container{}, InitContainers: []core.Container{},
		Affinity: &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{}}}}}
	c := s.DeepCopy()
	require.NotNil(t, c.Containers, "containers: [] kept")
	require.Nil(t, c.InitContainers, "initContainers: [] dropped (omitempty)")
	require.NotNil(t, c.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms, "nodeSelectorTerms: [] kept")
	require.Equal(t, jsonCopy(t, s), c, "differs from the JSON round trip")
}

// mutate changes every scalar reachable from v in place (through pointers,
// slice elements and map values), so a shared one shows in the original.
func mutate(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		switch v.Type() {
		case quantityType:
			if v.CanSet() {
				v.Set(reflect.ValueOf(core.MustParseQuantity("7")))
			}
			return
		case timeType:
			if v.CanSet() {
				v.Set(reflect.ValueOf(v.Interface().(time.Time).Add(time.Hour)))
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				mutate(r, v.Field(i))
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			mutate(r, v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			mutate(r, v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			mutate(r, e)
			v.SetMapIndex(k, e)
		}
		k := reflect.New(v.Type().Key()).Elem()
		if k.Kind() == reflect.String {
			k.SetString("added")
			v.SetMapIndex(k, reflect.New(v.Type().Elem()).Elem())
		}
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	}
}
