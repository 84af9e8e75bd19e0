package web

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"reflect"
	"slices"
	"sync"
)

// The engine's wire format: how the page and the engine's Web Worker
// (web/engine_js.go, wasm/worker_js.go) exchange the requests and replies
// of Engine. A message is three gob values in one stream: the header
// (ID, Op), the payload of the type Op names, and the payload's shape.
//
// gob carries every exported field, also those tagged json:"-" (such as
// sim.PodState.Static) that encoding/json would drop, but it sends no
// zero values: a pointer to 0 (a toleration's tolerationSeconds: 0, a pod
// scheduled at 0 s, a score of 0) arrives nil, and an empty slice or map
// arrives nil. The shape lists those places so that DecodeMessage puts
// them back, and the payload decodes equal (reflect.DeepEqual) to what was
// encoded.

// Ops name what a message carries.
const (
	OpRun         = "run"          // RunRequest, page to worker
	OpProgress    = "progress"     // Progress, worker to page
	OpRunReply    = "run-reply"    // RunReply
	OpView        = "view"         // ViewQuery
	OpViewReply   = "view-reply"   // FrameView
	OpExec        = "exec"         // ExecRequest
	OpExecReply   = "exec-reply"   // ExecReply
	OpLint        = "lint"         // LintRequest
	OpLintReply   = "lint-reply"   // LintReply
	OpExport      = "export"       // ExportRequest
	OpExportReply = "export-reply" // ExportReply
	OpImpact      = "impact"       // ImpactRequest
	OpImpactReply = "impact-reply" // ImpactReply
)

// LintRequest carries Engine.Lint's text.
type LintRequest struct {
	Text string
}

// wireTypes makes a new payload for each op.
var wireTypes = map[string]func() any{
	OpRun:         func() any { return new(RunRequest) },
	OpProgress:    func() any { return new(Progress) },
	OpRunReply:    func() any { return new(RunReply) },
	OpView:        func() any { return new(ViewQuery) },
	OpViewReply:   func() any { return new(FrameView) },
	OpExec:        func() any { return new(ExecRequest) },
	OpExecReply:   func() any { return new(ExecReply) },
	OpLint:        func() any { return new(LintRequest) },
	OpLintReply:   func() any { return new(LintReply) },
	OpExport:      func() any { return new(ExportRequest) },
	OpExportReply: func() any { return new(ExportReply) },
	OpImpact:      func() any { return new(ImpactRequest) },
	OpImpactReply: func() any { return new(ImpactReply) },
}

// Message is one decoded message: the request's ID (a reply and its
// progress carry the request's), its Op and its Payload, a value (not a
// pointer) of the op's type.
type Message struct {
	ID      int
	Op      string
	Payload any
}

// header is a message's first gob value.
type header struct {
	ID int
	Op string
}

// EncodeMessage encodes a message; payload must be a value of op's type.
func EncodeMessage(id int, op string, payload any) ([]byte, error) {
	mk, ok := wireTypes[op]
	if !ok {
		return nil, fmt.Errorf("engine message: unknown op %q", op)
	}
	if want := reflect.TypeOf(mk()).Elem(); reflect.TypeOf(payload) != want {
		return nil, fmt.Errorf("engine message %s: payload is %T, want %s", op, payload, want)
	}
	v := reflect.ValueOf(payload)
	var shape shapeWalk
	if err := shape.walk(v); err != nil {
		return nil, fmt.Errorf("engine message %s: %w", op, err)
	}
	var b bytes.Buffer
	enc := gob.NewEncoder(&b)
	for _, x := range []any{header{ID: id, Op: op}, payload, shape.marks} {
		if err := enc.Encode(x); err != nil {
			return nil, fmt.Errorf("engine message %s: %w", op, err)
		}
	}
	return b.Bytes(), nil
}

// DecodeMessage decodes what EncodeMessage encoded.
func DecodeMessage(data []byte) (Message, error) {
	dec := gob.NewDecoder(bytes.NewReader(data))
	var h header
	if err := dec.Decode(&h); err != nil {
		return Message{}, fmt.Errorf("engine message: header: %w", err)
	}
	mk, ok := wireTypes[h.Op]
	if !ok {
		return Message{}, fmt.Errorf("engine message: unknown op %q", h.Op)
	}
	p := mk()
	if err := dec.Decode(p); err != nil {
		return Message{}, fmt.Errorf("engine message %s: %w", h.Op, err)
	}
	var marks []int
	if err := dec.Decode(&marks); err != nil {
		return Message{}, fmt.Errorf("engine message %s: shape: %w", h.Op, err)
	}
	v := reflect.ValueOf(p).Elem()
	shape := shapeWalk{marks: marks, fix: true}
	if err := shape.walk(v); err != nil {
		return Message{}, fmt.Errorf("engine message %s: %w", h.Op, err)
	}
	if len(shape.marks) > 0 {
		return Message{}, fmt.Errorf("engine message %s: shape: %d marks left over", h.Op, len(shape.marks))
	}
	return Message{ID: h.ID, Op: h.Op, Payload: v.Interface()}, nil
}

// shapeWalk visits every pointer, slice and map of a value in a fixed
// order (struct fields in order, map entries by key) and numbers them.
// Encoding, it marks the non-nil ones gob would drop: pointers to a zero
// value, empty slices and maps. Decoding (fix), it makes the marked ones
// that arrived nil again; the walk finds the same places in the same
// order since every place before was made equal.
type shapeWalk struct {
	fix   bool
	slot  int
	marks []int // encoding: appended; fixing: consumed from the front
}

// marked reports (and, fixing, consumes) whether the current slot is
// marked; encoding, it marks it when zero is true.
func (w *shapeWalk) marked(zero bool) bool {
	defer func() { w.slot++ }()
	if !w.fix {
		if zero {
			w.marks = append(w.marks, w.slot)
		}
		return zero
	}
	if len(w.marks) > 0 && w.marks[0] == w.slot {
		w.marks = w.marks[1:]
		return true
	}
	return false
}

func (w *shapeWalk) walk(v reflect.Value) error {
	if !hasShape(v.Type()) {
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if w.marked(!v.IsNil() && v.Elem().IsZero()) && v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.IsNil() {
			return nil
		}
		return w.walk(v.Elem())
	case reflect.Slice:
		if w.marked(!v.IsNil() && v.Len() == 0) && v.IsNil() {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		}
		return w.elems(v)
	case reflect.Array:
		return w.elems(v)
	case reflect.Map:
		if w.marked(!v.IsNil() && v.Len() == 0) && v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		return w.mapValues(v)
	case reflect.Struct:
		for _, i := range shapedFields(v.Type()) {
			if err := w.walk(v.Field(i)); err != nil {
				return err
			}
		}
	case reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		if !v.IsNil() {
			return fmt.Errorf("%s cannot cross to the worker", v.Type())
		}
	}
	return nil
}

func (w *shapeWalk) elems(v reflect.Value) error {
	if !hasShape(v.Type().Elem()) {
		return nil
	}
	for i := range v.Len() {
		if err := w.walk(v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

// mapValues walks a map's values in key order; fixing, each value is
// walked as a copy and stored back.
func (w *shapeWalk) mapValues(v reflect.Value) error {
	keys := v.MapKeys()
	if err := sortKeys(keys); err != nil {
		return err
	}
	for _, k := range keys {
		e := reflect.New(v.Type().Elem()).Elem()
		e.Set(v.MapIndex(k))
		if err := w.walk(e); err != nil {
			return err
		}
		if w.fix {
			v.SetMapIndex(k, e)
		}
	}
	return nil
}

// sortKeys orders map keys of string or integer kinds.
func sortKeys(keys []reflect.Value) error {
	if len(keys) == 0 {
		return nil
	}
	var less func(a, b reflect.Value) bool
	switch keys[0].Kind() {
	case reflect.String:
		less = func(a, b reflect.Value) bool { return a.String() < b.String() }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		less = func(a, b reflect.Value) bool { return a.Int() < b.Int() }
	default:
		return fmt.Errorf("map key %s cannot cross to the worker", keys[0].Type())
	}
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
	return nil
}

// shapeless caches hasShape's answers, fieldsWithShape shapedFields'.
var shapeless, fieldsWithShape sync.Map // reflect.Type → bool, []int

// shapedFields lists the exported fields of struct type t that have
// shape, the ones the walk visits.
func shapedFields(t reflect.Type) []int {
	if v, ok := fieldsWithShape.Load(t); ok {
		return v.([]int)
	}
	var out []int
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && hasShape(f.Type) {
			out = append(out, i)
		}
	}
	fieldsWithShape.Store(t, out)
	return out
}

// hasShape reports whether values of t hold a pointer, slice, map or
// interface anywhere: the walk skips the others.
func hasShape(t reflect.Type) bool {
	if v, ok := shapeless.Load(t); ok {
		return !v.(bool)
	}
	shapeless.Store(t, false) // a recursive type has shape
	has := false
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		has = true
	case reflect.Array:
		has = hasShape(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && hasShape(f.Type) {
				has = true
				break
			}
		}
	}
	shapeless.Store(t, !has)
	return has
}
