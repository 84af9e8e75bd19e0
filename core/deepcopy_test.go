package replicaset

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/taints-playground/playground/core"
)

var quantityType = reflect.TypeOf(core.Quantity{})

// fill sets every exported field reachable from v to random values: nil,
// empty or filled maps and slices, nil or set pointers.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == quantityType {
			v.Set(reflect.ValueOf(core.MustParseQuantity(fmt.Sprintf("%dm", 1+r.Intn(5000)))))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
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
		v.SetString(fmt.Sprintf("s%d", r.Intn(1000)))
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
		if a.Type() == quantityType {
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

// jsonCopy is the JSON round trip copySpec replaced.
func jsonCopy(t *testing.T, s core.PodSpec) core.PodSpec {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out core.PodSpec
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCopySpecRandomized fills every field of random pod specs, including
// maps, slices and pointers (nil, empty or set), and checks that copySpec
// gives what the JSON round trip gave, shares nothing with the template,
// and that changing every field of the copy leaves the template as it was.
func TestCopySpecRandomized(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for i := 0; i < 2000; i++ {
		var tmpl core.PodSpec
		fill(r, reflect.ValueOf(&tmpl).Elem(), 0)
		before := jsonCopy(t, tmpl)
		got := copySpec(tmpl)
		if !reflect.DeepEqual(got, before) {
			t.Fatalf("spec %d: copySpec differs from the JSON round trip:\n got %#v\nwant %#v", i, got, before)
		}
		if s := shared(reflect.ValueOf(tmpl), reflect.ValueOf(got), "spec"); s != "" {
			t.Fatalf("spec %d: copy shares %s with the template", i, s)
		}
		// Mutate the copy everywhere: in place through its pointers,
		// slices and maps, then wholesale.
		mutate(r, reflect.ValueOf(&got).Elem())
		if after := jsonCopy(t, tmpl); !reflect.DeepEqual(after, before) {
			t.Fatalf("spec %d: mutating the copy changed the template", i)
		}
	}
}

// mutate changes every scalar reachable from v in place (through pointers,
// slice elements and map values), so a shared one shows in the original.
func mutate(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == quantityType {
			if v.CanSet() {
				v.Set(reflect.ValueOf(core.MustParseQuantity("7")))
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

// TestNewPodSharesNothingWithTemplate checks the whole pod: labels,
// annotations and spec are the pod's own.
func TestNewPodSharesNothingWithTemplate(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	fill(r, reflect.ValueOf(&rs.Spec.Template.Spec).Elem(), 0)
	rs.Spec.Template.Labels = map[string]string{"app": "web"}
	rs.Spec.Template.Annotations = map[string]string{"a": "b"}
	p := NewPod(rs, "abcde")
	if s := shared(reflect.ValueOf(rs.Spec.Template.Spec), reflect.ValueOf(p.Spec), "spec"); s != "" {
		t.Fatalf("pod shares %s with the template", s)
	}
	if reflect.ValueOf(p.Labels).Pointer() == reflect.ValueOf(rs.Spec.Template.Labels).Pointer() ||
		reflect.ValueOf(p.Annotations).Pointer() == reflect.ValueOf(rs.Spec.Template.Annotations).Pointer() {
		t.Fatal("pod shares its labels or annotations with the template")
	}
}
