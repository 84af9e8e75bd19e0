package web

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/sim"
)

// countingEngine is a LocalEngine over fakeSimulate that counts the
// simulations it runs.
func countingEngine(runs *int) *LocalEngine {
	return NewLocalEngine(Config{Simulate: func(filename string, text []byte, p func(sim.Progress)) (*sim.Result, error) {
		*runs++
		return fakeSimulate(filename, text, p)
	}})
}

func runFragment(t *testing.T, e *LocalEngine, frag string) RunReply {
	t.Helper()
	var got *RunReply
	e.Run(RunRequest{Gen: 7, Filename: EarlyFilename, Fragment: frag}, nil, func(r RunReply) { got = &r })
	require.NotNil(t, got, "LocalEngine answers before Run returns")
	return *got
}

// TestPrerunAnswersThePagesRequest: the worker's early run of the
// address's link is the answer to the page's request for that link, the
// same answer a run on request gives, and it is used once.
func TestPrerunAnswersThePagesRequest(t *testing.T) {
	frag := EncodeFragment("tolerate-disk from a link")
	require.NotEmpty(t, frag)

	var fresh int
	want := runFragment(t, countingEngine(&fresh), frag)
	require.True(t, want.Accepted)
	assert.Equal(t, "tolerate-disk from a link", want.Text)
	assert.Equal(t, 1, fresh)

	var runs int
	e := countingEngine(&runs)
	var progressed []Progress
	e.Prerun("#"+frag, func(p Progress) { progressed = append(progressed, p) })
	assert.Equal(t, 1, runs, "the early run simulates at once")
	got := runFragment(t, e, frag)
	assert.Equal(t, want, got, "the early run's reply is the run's")
	assert.Equal(t, 1, runs, "the page's request is answered from the early run")

	runFragment(t, e, frag)
	assert.Equal(t, 2, runs, "an early run answers one request only")
}

// TestPrerunOtherRequests: a request the early run does not answer (another
// link, a step, another file name) runs as usual and drops it.
func TestPrerunOtherRequests(t *testing.T) {
	frag := EncodeFragment("tolerate-disk from a link")
	other := EncodeFragment("another link")
	var runs int
	e := countingEngine(&runs)
	e.Prerun(frag, nil)
	got := runFragment(t, e, other)
	assert.Equal(t, "another link", got.Text)
	assert.Equal(t, 2, runs)
	runFragment(t, e, frag)
	assert.Equal(t, 3, runs, "the early run was dropped by the first request")

	e.Prerun(frag, nil)
	var reply RunReply
	e.Run(RunRequest{Filename: "docs.yaml", Fragment: frag}, nil, func(r RunReply) { reply = r })
	assert.True(t, reply.Accepted)
	assert.Equal(t, 5, runs, "a request under another file name runs again")
}

// TestPrerunBrokenLinks: the early run reports a link without a scenario
// or a corrupt one as the page's request would.
func TestPrerunBrokenLinks(t *testing.T) {
	for _, frag := range []string{"s=%%%not-base64", "s=", "theme=dark"} {
		var runs int
		want := runFragment(t, countingEngine(&runs), frag)
		e := countingEngine(&runs)
		e.Prerun(frag, nil)
		assert.Equal(t, want, runFragment(t, e, frag), frag)
		assert.Zero(t, runs, frag)
		assert.False(t, want.Accepted, frag)
		assert.True(t, want.NoScenario || want.LinkErr != "", frag)
	}
}

// TestPrerunDefaultPreset: for an address without a link the early run is
// the default preset's, and it answers the run the page then asks for
// (Model.LoadFragment loads the default preset: its text under its file
// name), once; #local runs nothing early.
func TestPrerunDefaultPreset(t *testing.T) {
	for _, frag := range []string{"", "#", "theme=dark", "p=docs&f=2"} {
		var runs int
		e := NewLocalEngine(Config{Presets: testPresets, Simulate: func(filename string, text []byte, p func(sim.Progress)) (*sim.Result, error) {
			runs++
			assert.Equal(t, "gpu.yaml", filename, frag)
			return fakeSimulate(filename, text, p)
		}})
		e.Prerun(frag, nil)
		require.Equal(t, 1, runs, "%q: the default preset runs at once", frag)
		m := NewModel(testPresets, e)
		m.LoadFragment(frag, nil)
		assert.Equal(t, 1, runs, "%q: the page's run is answered from the early run", frag)
		require.NotNil(t, m.Run, frag)
		assert.Equal(t, "gpu", m.Preset, frag)
		assert.Empty(t, m.Err, frag)
		assert.Equal(t, "GPU node with two taints", m.Run.Title, frag)

		m.LoadPreset("gpu", nil)
		assert.Equal(t, 2, runs, "%q: an early run answers one request only", frag)
	}

	var runs int
	e := NewLocalEngine(Config{Presets: testPresets, Simulate: func(filename string, text []byte, p func(sim.Progress)) (*sim.Result, error) {
		runs++
		return fakeSimulate(filename, text, p)
	}})
	e.Prerun("#local", nil)
	assert.Zero(t, runs, "a scenario kept in the page's storage is not known to the worker")
}

// TestPrerunDefaultPresetOtherRequest: when the page's first run is not the
// default preset (a kept scenario, an edit), the early run does not answer
// it and is dropped.
func TestPrerunDefaultPresetOtherRequest(t *testing.T) {
	var runs int
	e := NewLocalEngine(Config{Presets: testPresets, Simulate: func(filename string, text []byte, p func(sim.Progress)) (*sim.Result, error) {
		runs++
		return fakeSimulate(filename, text, p)
	}})
	e.Prerun("", nil)
	m := NewModel(testPresets, e)
	m.LoadLocal("kind: Scenario # kept tolerate-disk", nil)
	assert.Equal(t, 2, runs, "the kept scenario runs")
	require.NotNil(t, m.Run)
	assert.Equal(t, "kind: Scenario # kept tolerate-disk", m.Text)
	m.LoadPreset("gpu", nil)
	assert.Equal(t, 3, runs, "the early run was dropped by the first request")

	e.Prerun("", nil)
	var reply RunReply
	e.Run(RunRequest{Filename: "other.yaml", Text: testPresets[0].YAML}, nil, func(r RunReply) { reply = r })
	assert.True(t, reply.Accepted)
	assert.Equal(t, 5, runs, "the same text under another file name runs again")
}
