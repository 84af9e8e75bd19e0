package web

// The Model's share-link side: opening a fragment (#s=…&p=…&f=…), the
// kept scenario (#local), and the fragment the address bar shows.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/scenario/link"
)

// LoadFragment loads the scenario a URL fragment carries. Without one it
// loads the default preset. A corrupt link, or one whose scenario does not
// run, sets Notice and shows the default preset's board: never silently.
// then (may be nil) gets whether the fragment's own scenario is on the
// board. The engine decodes the fragment (RunRequest.Fragment), off the
// page's thread; the editor gets the text with the engine's answer.
func (m *Model) LoadFragment(fragment string, then func(ok bool)) {
	if then == nil {
		then = func(bool) {}
	}
	def := m.DefaultPreset()
	f := strings.TrimPrefix(fragment, "#")
	if !hasScenarioParam(f) {
		m.LoadPreset(def.Name, func(bool) { then(false) })
		return
	}
	parts := splitFragment(f)
	if parts.Scenario == m.opened && parts.Preset == m.openedPreset && m.Text == m.openedText && m.Run != nil && !m.Busy {
		m.seekLinkFrame(parts.Frame)
		then(m.Err == "")
		return
	}
	m.Playing = false
	m.Frame = 0
	m.Selected = ""
	m.Notice = ""
	m.Preset = ""
	m.switchConsole("link:" + parts.Scenario)
	m.clearEdited()
	// The link's s= parameter is the text's link: the engine need not
	// make it again (seconds for a large scenario).
	req := RunRequest{Fragment: f}
	named, isPreset := m.preset(parts.Preset)
	if isPreset {
		req.PresetText, req.PresetLink = named.YAML, named.Link
	}
	m.start(req, func(r RunReply) {
		switch {
		case r.NoScenario:
			m.LoadPreset(def.Name, func(bool) { then(false) })
			return
		case r.LinkErr != "":
			notice := fmt.Sprintf(Msg.LinkBroken, r.LinkErr) + " " + fmt.Sprintf(Msg.FallbackNotice, def.Title)
			m.LoadPreset(def.Name, func(bool) { m.Notice = notice; then(false) })
			m.Notice = notice
			return
		}
		m.Text, m.Origin = r.Text, ""
		if isPreset {
			m.Origin = named.Name
			if r.SamePreset {
				m.Text = named.YAML
			}
		}
		m.Preset = m.presetForText(m.Text)
		m.opened, m.openedText, m.openedPreset = parts.Scenario, m.Text, parts.Preset
		if m.accept(r) {
			m.seekLinkFrame(parts.Frame)
			then(true)
			return
		}
		m.fallBack(def, then)
	})
}

// hasScenarioParam reports whether a fragment (without '#') has the
// scenario parameter (FragmentKey).
func hasScenarioParam(f string) bool {
	for _, part := range strings.Split(f, "&") {
		if strings.HasPrefix(part, FragmentKey+"=") {
			return true
		}
	}
	return false
}

// IsLocalFragment reports whether a fragment (with or without '#') is
// LocalFragment.
func IsLocalFragment(fragment string) bool {
	return strings.TrimSpace(strings.TrimPrefix(fragment, "#")) == LocalFragment
}

// LoadLocal loads the scenario a #local address stands for: kept is the
// text this browser stored ("" when it has none). Without it the board
// shows the default preset and Notice says the scenario lives only in the
// browser it was made in. then (may be nil) gets whether the kept
// scenario is on the board.
func (m *Model) LoadLocal(kept string, then func(ok bool)) {
	if then == nil {
		then = func(bool) {}
	}
	def := m.DefaultPreset()
	if kept == "" {
		notice := Msg.LocalMissing + " " + fmt.Sprintf(Msg.FallbackNotice, def.Title)
		m.LoadPreset(def.Name, func(bool) { m.Notice = notice; then(false) })
		m.Notice = notice
		return
	}
	if kept == m.Text && m.Run != nil && m.Err == "" && !m.Busy {
		then(true)
		return
	}
	m.switchConsole("local")
	m.loadText(kept, def, then)
}

// AddressFragment is the fragment the page address should carry for the
// scenario on the board: its share link, or LocalFragment (with the reason
// no link can be made) when it is too large for one; "" before anything
// ran.
func (m *Model) AddressFragment() (string, error) {
	if m.RanText == "" {
		return "", nil
	}
	frag, err := m.shareFragment()
	if err != nil || frag == "" {
		if err == nil {
			err = errors.New("share link: no link could be made")
		}
		return LocalFragment, err
	}
	return frag, nil
}

// Fragment is the URL fragment that carries the scenario on the board.
func (m *Model) Fragment() string {
	if m.RanText == "" {
		return ""
	}
	frag, _ := m.shareFragment()
	return frag
}

// presetLink reports whether text is a preset's with a precomputed link.
func (m *Model) presetLink(text string) bool {
	for _, p := range m.presets {
		if p.YAML == text && p.Link != "" {
			return true
		}
	}
	return false
}

// fragment is the share-link fragment of the text on the board: the
// preset's precomputed link when the board shows a preset's text
// unchanged, else the one the engine made when the text ran.
func (m *Model) fragment() (string, error) {
	for _, pr := range m.presets {
		if pr.Link != "" && pr.YAML == m.RanText {
			return link.Fragment(pr.Link), nil
		}
	}
	if m.linkMade && m.linkText == m.RanText {
		return m.linkFrag, m.linkErr
	}
	// A run that did not make its link (tests with a bare engine).
	m.linkFrag, m.linkErr = EncodeFragmentErr(m.RanText)
	m.linkText, m.linkMade = m.RanText, true
	return m.linkFrag, m.linkErr
}
