package web

import "fmt"

// SetFixNode picks the node the why panel's "Fix it" proposes tolerations
// for ("" for the best candidate) and asks the engine again.
func (m *Model) SetFixNode(node string) {
	m.FixNode = node
	m.Refresh()
}

// SetFixEffect picks the effect of the taint "Keep it off this node"
// proposes (NoSchedule or NoExecute) and asks the engine again.
func (m *Model) SetFixEffect(effect string) {
	m.FixEffect = effect
	m.Refresh()
}

// ApplyFix adds the proposed tolerations to the pod's manifest — the
// scenario text the engine wrote with scenario.AddTolerations
// (FixReply.Text) — and runs it, the board staying on the same frame, as
// a console step re-runs the scenario; the console records the change.
// then (may be nil) gets whether the new scenario ran.
func (m *Model) ApplyFix(then func(ok bool)) {
	if then == nil {
		then = func(bool) {}
	}
	fx, f := m.View.Fix, m.Current()
	if fx == nil || fx.Pending == nil || fx.Text == "" || f == nil {
		then(false)
		return
	}
	entry := ConsoleEntry{At: f.At, Command: fmt.Sprintf(Msg.FixAdded, fx.Target), Output: fx.YAML}
	frame := m.Frame
	m.Text, m.Preset = fx.Text, m.presetForText(fx.Text)
	m.FixNode, m.successor = "", SuccessorOf(fx.Target)
	m.start(RunRequest{Text: fx.Text}, func(r RunReply) {
		if !m.accept(r) {
			then(false)
			return
		}
		m.Seek(frame)
		m.record(entry)
		then(true)
	})
}

// KeepOff adds the proposed taint as a console step (AppendStep).
func (m *Model) KeepOff(then func(changed bool)) {
	fx := m.View.Fix
	if fx == nil || fx.KeepOff == nil || fx.KeepOff.Command == "" {
		if then != nil {
			then(false)
		}
		return
	}
	m.AppendStep(fx.KeepOff.Command, then)
}

// Uncordon adds the proposed node's "kubectl uncordon NODE" as a console
// step (AppendStep): the cordon "Fix it" reports as a blocker.
func (m *Model) Uncordon(then func(changed bool)) {
	fx := m.View.Fix
	if fx == nil || fx.Pending == nil || fx.Pending.Node.Uncordon == "" {
		if then != nil {
			then(false)
		}
		return
	}
	m.AppendStep(fx.Pending.Node.Uncordon, then)
}
