package web

import "github.com/taints-playground/playground/core/sim"

// Test helpers: a model over the in-process engine, and the engine's
// callbacks turned back into return values (LocalEngine answers before
// each call returns).

func newModel(presets []Preset, simulate SimulateFunc) *Model {
	return NewModel(presets, NewLocalEngine(Config{Simulate: simulate}))
}

func newModelExec(presets []Preset, simulate SimulateFunc, exec ExecFunc) *Model {
	return NewModel(presets, NewLocalEngine(Config{Simulate: simulate, Exec: exec}))
}

func setText(m *Model, text string) (ok bool) {
	m.SetText(text, func(b bool) { ok = b })
	return ok
}

func loadPreset(m *Model, name string) (ok bool) {
	m.LoadPreset(name, func(b bool) { ok = b })
	return ok
}

func loadFragment(m *Model, frag string) (ok bool) {
	m.LoadFragment(frag, func(b bool) { ok = b })
	return ok
}

func loadLocal(m *Model, kept string) (ok bool) {
	m.LoadLocal(kept, func(b bool) { ok = b })
	return ok
}

func appendStep(m *Model, command string) (changed bool) {
	m.AppendStep(command, func(b bool) { changed = b })
	return changed
}

// result is the run the model's engine holds (nil before one).
func result(m *Model) *sim.Result {
	if e, ok := m.eng.(*LocalEngine); ok {
		return e.res
	}
	return nil
}

// frame is the whole frame on the board, from the engine's run.
func frame(m *Model) *sim.Frame {
	r := result(m)
	if r == nil || m.Frame < 0 || m.Frame >= len(r.Frames) {
		return nil
	}
	return &r.Frames[m.Frame]
}

// modelWith is a model whose board shows res (a hand-made result).
func modelWith(res *sim.Result) *Model {
	m := newModel(nil, func(string, []byte, func(sim.Progress)) (*sim.Result, error) { return res, nil })
	setText(m, "hand-made")
	return m
}

func setSimulate(m *Model, simulate SimulateFunc) { m.eng.(*LocalEngine).simulate = simulate }

func setExec(m *Model, exec ExecFunc) { m.eng.(*LocalEngine).exec = exec }

// runCommand runs a console command and reports whether it succeeded.
func runCommand(m *Model, command string) bool {
	n := len(m.Console)
	m.RunCommand(command)
	return len(m.Console) > n && !m.Console[0].Failed
}
