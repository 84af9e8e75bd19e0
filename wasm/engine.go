package main

import (
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
	"github.com/taints-playground/playground/web"
)

// simulate is the only way the page gets a board: parse the scenario file
// and run the real simulator.
func simulate(filename string, text []byte) (*sim.Result, error) {
	s, err := scenario.Parse(text, filename)
	if err != nil {
		return nil, err
	}
	return sim.Run(s)
}

// presetList adapts the embedded presets to the picker.
func presetList() []web.Preset {
	var out []web.Preset
	for _, p := range presets.List() {
		out = append(out, web.Preset{Name: p.Name, Title: p.Title, Description: p.Description, YAML: p.YAML})
	}
	return out
}
