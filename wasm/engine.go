package main

import (
	"math"
	"time"

	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
	"github.com/taints-playground/playground/web"
)

// simulate is the only way the page gets a board: parse the scenario file
// and run the real simulator, reporting its progress (may be nil).
func simulate(filename string, text []byte, progress func(sim.Progress)) (*sim.Result, error) {
	s, err := scenario.Parse(text, filename)
	if err != nil {
		return nil, err
	}
	return sim.RunWithProgress(s, progress)
}

// localEngine makes the in-process engine over simulate, execute,
// lintText and exportText: the one the engine's worker serves and,
// natively, the page's (web.New makes the same when Config.Engine is nil).
// It knows the default preset (presetList's first), which it runs before
// the page asks when the address has no link (LocalEngine.Prerun).
func localEngine() web.Engine {
	return web.NewLocalEngine(web.Config{Presets: defaultPreset(), Simulate: simulate, Exec: execute, Lint: lintText, Export: exportText})
}

// defaultPreset is the page's default preset (presetList's first) as the
// engine needs it: its name and text, without the link presetList
// computes for every preset.
func defaultPreset() []web.Preset {
	all := allPresets()
	if len(all) == 0 {
		return nil
	}
	return []web.Preset{{Name: all[0].Name, YAML: all[0].YAML}}
}

// execute answers a console command (kubectl describe, get, …) against the
// scenario's cluster at virtual time at, with the real simulator.
func execute(filename string, text []byte, at float64, command string) (string, error) {
	s, err := scenario.Parse(text, filename)
	if err != nil {
		return "", err
	}
	return sim.Exec(s, time.Duration(math.Round(at*float64(time.Second))), command)
}

// presetList adapts the embedded presets to the picker.
func presetList() []web.Preset {
	var out []web.Preset
	for _, p := range allPresets() {
		l, _ := presets.Link(p.Name)
		out = append(out, web.Preset{Name: p.Name, Title: p.Title, Description: p.Description, YAML: p.YAML, Link: l,
			Question: p.Question, Answer: p.Answer, Ask: p.Ask})
	}
	return out
}
