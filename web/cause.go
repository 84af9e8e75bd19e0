package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Cause and effect in view (issue 15): a step that failed is marked where
// the reader looks (the timeline, the editor's status line, the frame's
// caption), the captions an edit may have made untrue are marked, and the
// console keeps its answers and history per scenario.

// StepFailures counts the frames of the run whose step failed
// (FrameInfo.Failed: kubectl refused it, e.g. `kubectl taint nodes node9
// …` for a node that does not exist) and returns the first one's error,
// as kubectl printed it (its first line).
func (m *Model) StepFailures() (n int, first string) {
	if m.Run == nil {
		return 0, ""
	}
	if m.failuresOf != m.Run {
		m.failuresOf, m.failures, m.firstFailure = m.Run, 0, ""
		for _, f := range m.Run.Frames {
			if f.Failed {
				if m.failures == 0 {
					// Its first line: the caption shows the rest.
					m.firstFailure, _, _ = strings.Cut(strings.TrimSpace(f.Output), "\n")
				}
				m.failures++
			}
		}
	}
	return m.failures, m.firstFailure
}

// Stale captions. A preset's captions were written for its own steps:
// once the console appends a step (AppendStep), what a later frame's
// caption says may no longer hold. The rule:
//
//   - EditedAt is the virtual time of the earliest step the console
//     appended to the scenario since it was loaded (a preset, a link, the
//     browser's kept scenario); Edited says there is one.
//   - A frame's caption is stale when Edited and the frame's time is after
//     EditedAt. Frames at EditedAt itself keep theirs: InsertStep puts the
//     new step after the steps already at that time, so those ran first
//     and their outcome holds.
//   - Only a caption written in the file is marked: a frame without one
//     shows the summary of what its new run did (FrameInfo.Summary), which
//     is current.
//   - Typing in the editor keeps the mark (the appended steps are still in
//     the text, unless removed, which the page cannot tell); loading a
//     scenario clears it.

// CaptionStale reports whether the caption of a frame at virtual time at
// may no longer hold (see the rule above).
func (m *Model) CaptionStale(at float64) bool {
	return m.Edited && at > m.EditedAt
}

// FrameStale reports whether frame f's caption is stale: one written in
// the file (not the run's own summary) for a time after the console's
// first edit.
func (m *Model) FrameStale(f *FrameInfo) bool {
	return f.Caption != "" && f.Caption != f.Summary && m.CaptionStale(f.At)
}

// markEdited records a step the console appended at virtual time at.
func (m *Model) markEdited(at float64) {
	if !m.Edited || at < m.EditedAt {
		m.EditedAt = at
	}
	m.Edited = true
	m.timelineOf = nil // the captions' marks changed
}

// clearEdited forgets the console's edits: a scenario was loaded.
func (m *Model) clearEdited() {
	if m.Edited {
		m.Edited, m.EditedAt = false, 0
		m.timelineOf = nil
	}
}

// CommandHistory is the console's command history: ↑ and ↓ recall
// earlier commands. Each scenario has its own (Model.History).
type CommandHistory struct {
	list []string
	pos  int
}

// Remember adds a command (not twice in a row) and moves past the newest.
func (h *CommandHistory) Remember(command string) {
	command = strings.TrimSpace(command)
	if command == "" {
		return
	}
	if n := len(h.list); n == 0 || h.list[n-1] != command {
		h.list = append(h.list, command)
		if len(h.list) > MaxHistory {
			h.list = h.list[len(h.list)-MaxHistory:]
		}
	}
	h.pos = len(h.list)
}

// Move moves through the history (-1: older, +1: newer) and returns the
// command to show ("" past the newest).
func (h *CommandHistory) Move(delta int) string {
	n := len(h.list)
	if n == 0 {
		return ""
	}
	h.pos = clamp(h.pos+delta, 0, n)
	if h.pos == n {
		return ""
	}
	return h.list[h.pos]
}

// Len is how many commands the history holds.
func (h *CommandHistory) Len() int { return len(h.list) }

// consoleState is a scenario's console: its answers and its history.
type consoleState struct {
	entries []ConsoleEntry
	history *CommandHistory
}

// switchConsole gives the console to the scenario named key ("preset:"
// and the preset's name, "link:" and the link, "local"): the current
// scenario's answers and history are kept, and key's come back (empty
// the first time). Loading the same scenario again keeps the console.
// Answers about a scenario the editor or the console has since changed
// are not kept: loading the preset or link again brings its own text
// back, which those answers do not describe.
func (m *Model) switchConsole(key string) {
	if m.History == nil {
		m.History = &CommandHistory{}
	}
	if key == m.consoleKey {
		return
	}
	if m.consoles == nil {
		m.consoles = map[string]consoleState{}
	}
	if m.consoleChanged() {
		delete(m.consoles, m.consoleKey)
	} else {
		m.consoles[m.consoleKey] = consoleState{entries: m.Console, history: m.History}
	}
	m.consoleKey = key
	st, ok := m.consoles[key]
	if !ok {
		st = consoleState{history: &CommandHistory{}}
	}
	m.Console, m.History, m.Command = st.entries, st.history, ""
}

// consoleChanged reports whether the scenario the console belongs to is no
// longer the text its key loads: a preset edited (in the editor or by a
// console step), or a link's scenario changed since it was opened.
func (m *Model) consoleChanged() bool {
	switch k := m.consoleKey; {
	case strings.HasPrefix(k, "preset:"):
		return m.Preset != strings.TrimPrefix(k, "preset:")
	case strings.HasPrefix(k, "link:"):
		return m.Text != m.openedText
	}
	return false
}

// ConsoleKey names the scenario the console belongs to (switchConsole).
func (m *Model) ConsoleKey() string { return m.consoleKey }

// captionText is text, the caption of frame f as the page shows it
// (Model.FrameCaption), marked when an edit may have made it untrue
// (Model.CaptionStale).
func (p *Playground) captionText(f *FrameInfo, text string) app.UI {
	if !p.m.FrameStale(f) {
		return app.P().Class("caption-text").Text(text)
	}
	return app.P().Class("caption-text is-stale").Title(fmt.Sprintf(Msg.CaptionStaleTitle, FormatSeconds(p.m.EditedAt))).Body(
		app.Span().Class("stale-mark").Text(Msg.CaptionStale),
		app.Text(" "+text),
	)
}

// failedCaption is what a frame whose step failed adds after kubectl's
// error: the caption written for the step, under a line saying it did not
// happen (struck through), so it does not read as if it were true.
func failedCaption(f *FrameInfo, text string) []app.UI {
	if !f.Failed || text == "" {
		return nil
	}
	return []app.UI{app.Div().Class("caption-failed").Body(
		app.P().Class("small caption-failed-note").Text(Msg.CaptionFailed),
		app.Del().Class("caption-text is-void").Text(text),
	)}
}

// Element ids of the editor's gutter and status.
const (
	// IDGutter is the editor's line-number gutter: static/editor.js draws the
	// numbers of the visible lines only (tpGutter) and marks the line its
	// data-error-line names.
	IDGutter = "editor-gutter"
	// IDEditorFailed is the editor's status line when steps failed.
	IDEditorFailed = "editor-failed"
	// IDGoLine is the error's "Go to line N" button.
	IDGoLine = "error-go-line"
)

// errLine is the gutter's error line ("" when none: no mark).
func (c *Editor) errLine() string {
	if c.Err == "" || c.Typing || c.ErrLine <= 0 {
		return ""
	}
	return fmt.Sprint(c.ErrLine)
}

// goLine is the error's button that scrolls the editor to its line.
func (c *Editor) goLine() app.UI {
	line := c.ErrLine
	return app.Button().Type("button").ID(IDGoLine).Class("btn btn-small go-line").
		Title(fmt.Sprintf(Msg.ErrorGoLineHint, line)).
		OnClick(func(ctx app.Context, e app.Event) { gotoLine(IDEditor, line) }).
		Text(fmt.Sprintf(Msg.ErrorGoLine, line))
}
