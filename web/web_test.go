package web

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core"
)

func TestFragmentRoundTrip(t *testing.T) {
	for _, text := range []string{"", "a", "kind: Scenario\nsteps:\n- at: 30s\n  run: kubectl taint nodes n1 k=v:NoExecute\n", strings.Repeat("é✓ ", 3000)} {
		frag := EncodeFragment(text)
		if !strings.HasPrefix(frag, "s=") || strings.ContainsAny(frag, "+/#?& ") {
			t.Fatalf("fragment %q is not s=base64url", frag)
		}
		got, err := DecodeFragment("#" + frag)
		if err != nil || got != text {
			t.Fatalf("round trip of %d bytes: %v", len(text), err)
		}
	}
	// Extra parameters around s= are ignored.
	if got, err := DecodeFragment("x=1&" + EncodeFragment("hello") + "&y=2"); err != nil || got != "hello" {
		t.Errorf("with other params: %q %v", got, err)
	}
}

func TestFragmentErrors(t *testing.T) {
	if _, err := DecodeFragment(""); !errors.Is(err, ErrNoScenario) {
		t.Errorf("empty fragment: %v", err)
	}
	if _, err := DecodeFragment("#section-2"); !errors.Is(err, ErrNoScenario) {
		t.Errorf("plain anchor: %v", err)
	}
	for name, frag := range map[string]string{
		"not base64": "s=!!!***",
		"not flate":  "s=" + base64.RawURLEncoding.EncodeToString([]byte("plain text, not deflate")),
		"empty":      "s=",
	} {
		if _, err := DecodeFragment(frag); err == nil || errors.Is(err, ErrNoScenario) {
			t.Errorf("%s: err = %v, want a decode error", name, err)
		}
	}
	// A bomb: 2 MiB of 'a' compresses to a few KB but must be refused.
	if EncodeFragment(strings.Repeat("a", 2<<20)) != "" {
		t.Error("a link was made for a scenario over the cap")
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	_, _ = w.Write([]byte(strings.Repeat("a", 2<<20)))
	_ = w.Close()
	if _, err := DecodeFragment("s=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())); err == nil {
		t.Error("oversized link accepted")
	}
	if _, err := DecodeFragment(EncodeFragment("\xff\xfe bad utf8")); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
}

func TestFormatSeconds(t *testing.T) {
	for in, want := range map[float64]string{0: "0s", 30: "30s", 59: "59s", 60: "1m", 90: "1m30s", 300: "5m", 3600: "1h", 3661: "1h1m1s", 2.5: "2.5s", -5: "-5s"} {
		if got := FormatSeconds(in); got != want {
			t.Errorf("FormatSeconds(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestFormatToleration(t *testing.T) {
	secs := int64(300)
	for _, c := range []struct {
		tol  core.Toleration
		want string
	}{
		{core.Toleration{Key: "nvidia.com/gpu", Operator: "Equal", Value: "true", Effect: "NoSchedule"}, "nvidia.com/gpu=true:NoSchedule"},
		{core.Toleration{Key: "k", Value: "v"}, "k=v"},
		{core.Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: "NoExecute", TolerationSeconds: &secs}, "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s"},
		{core.Toleration{Operator: "Exists"}, "op=Exists"},
	} {
		if got := FormatToleration(c.tol); got != c.want {
			t.Errorf("FormatToleration(%+v) = %q, want %q", c.tol, got, c.want)
		}
	}
}

func TestFormatResource(t *testing.T) {
	for _, c := range []struct {
		name core.ResourceName
		v    int64
		want string
	}{
		{"cpu", 500, "500m"}, {"cpu", 4000, "4"}, {"cpu", 1500, "1500m"},
		{"memory", 4 << 30, "4Gi"}, {"memory", 512 << 20, "512Mi"}, {"memory", 1536 << 20, "1.5Gi"}, {"memory", 100, "100"},
		{"pods", 110, "110"}, {"nvidia.com/gpu", 2, "2"},
	} {
		if got := FormatResource(c.name, c.v); got != c.want {
			t.Errorf("FormatResource(%s, %d) = %q, want %q", c.name, c.v, got, c.want)
		}
	}
	order := ResourceOrder(map[core.ResourceName]int64{"pods": 1, "nvidia.com/gpu": 1, "cpu": 1, "memory": 1}, map[core.ResourceName]int64{"example.com/foo": 1})
	want := []core.ResourceName{"cpu", "memory", "pods", "example.com/foo", "nvidia.com/gpu"}
	if len(order) != len(want) {
		t.Fatalf("ResourceOrder = %v", order)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("ResourceOrder = %v, want %v", order, want)
		}
	}
	if p, over := Percent(150, 100); p != 100 || !over {
		t.Errorf("Percent over = %v %v", p, over)
	}
	if p, over := Percent(0, 0); p != 0 || over {
		t.Errorf("Percent(0,0) = %v %v", p, over)
	}
}

func TestModelDefaultAndPresets(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	if loadFragment(m, "") {
		t.Error("an empty fragment should report the default preset, not its own scenario")
	}
	if m.Preset != "gpu" || m.Err != "" || m.Notice != "" || m.FrameCount() != 2 {
		t.Fatalf("default load: preset %q err %q notice %q frames %d", m.Preset, m.Err, m.Notice, m.FrameCount())
	}
	if !strings.HasPrefix(m.Fragment(), "s=") {
		t.Errorf("fragment %q", m.Fragment())
	}
	if !loadPreset(m, "docs") || m.Preset != "docs" || m.Text != testPresets[1].YAML {
		t.Errorf("LoadPreset(docs): %q %q", m.Preset, m.Err)
	}
	if loadPreset(m, "nope") || m.Err == "" {
		t.Error("unknown preset accepted")
	}
}

func TestModelBadYAMLKeepsLastGoodBoard(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	loadPreset(m, "gpu")
	good := result(m)
	m.Frame = 1
	if setText(m, "this is bad yaml") {
		t.Fatal("bad text ran")
	}
	if result(m) != good || m.Frame != 1 || !strings.Contains(m.Err, "mapping values") {
		t.Errorf("after bad text: result kept %v, frame %d, err %q", result(m) == good, m.Frame, m.Err)
	}
	if m.Preset != "" || m.Text != "this is bad yaml" {
		t.Errorf("editor state: preset %q text %q", m.Preset, m.Text)
	}
	if m.Fragment() != EncodeFragment(testPresets[0].YAML)+"&p=gpu" {
		t.Error("the link should keep the last scenario that ran")
	}
	if !setText(m, "tolerate-disk now") || m.Err != "" || result(m) == good {
		t.Errorf("good text after bad: err %q", m.Err)
	}
	if m.Frame != 1 {
		t.Errorf("frame index not kept across an edit: %d", m.Frame)
	}
}

func TestModelRecoversSimulatorPanics(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	loadPreset(m, "gpu")
	if setText(m, "please panic") {
		t.Fatal("panicking simulation reported success")
	}
	if !strings.Contains(m.Err, "boom") || result(m) == nil {
		t.Errorf("err %q, result kept %v", m.Err, result(m) != nil)
	}
	if setText(m, "empty result") || !strings.Contains(m.Err, "no frames") {
		t.Errorf("empty result: %q", m.Err)
	}
	nilSim := newModel(nil, nil)
	if setText(nilSim, "x") {
		t.Error("a model without simulator ran")
	}
}

func TestModelBrokenLinkFallsBackVisibly(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	loadFragment(m, "s=%%%not-base64")
	if m.Preset != "gpu" || result(m) == nil || !strings.Contains(m.Notice, "could not be read") || !strings.Contains(m.Notice, testPresets[0].Title) {
		t.Errorf("broken link: preset %q notice %q", m.Preset, m.Notice)
	}

	m = newModel(testPresets, fakeSimulate)
	loadFragment(m, EncodeFragment("bad scenario from a link"))
	if m.Text != "bad scenario from a link" || m.Err == "" || result(m) == nil || !strings.Contains(m.Notice, "does not run") {
		t.Errorf("bad-yaml link: text %q err %q notice %q", m.Text, m.Err, m.Notice)
	}

	m = newModel(testPresets, fakeSimulate)
	if !loadFragment(m, EncodeFragment("tolerate-disk shared")) || m.Preset != "" || m.Notice != "" {
		t.Errorf("good link: preset %q notice %q err %q", m.Preset, m.Notice, m.Err)
	}
	if !loadFragment(m, EncodeFragment(testPresets[1].YAML)) || m.Preset != "docs" {
		t.Errorf("a link holding a preset's text should select it: %q", m.Preset)
	}
}

func TestModelPlayback(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	loadPreset(m, "gpu")
	if m.Back() || m.Frame != 0 {
		t.Error("Back at the start moved")
	}
	if !m.Step() || m.Frame != 1 || !m.AtEnd() {
		t.Error("Step")
	}
	if m.Step() {
		t.Error("Step past the end")
	}
	events, fresh := m.View.Events, m.View.Fresh
	if len(events) != 4 || fresh != 2 {
		t.Errorf("events %d fresh %d", len(events), fresh)
	}
	if !m.TogglePlay() || m.Frame != 0 || !m.Playing {
		t.Error("Run at the end restarts from the first frame")
	}
	if m.TogglePlay() || m.Playing {
		t.Error("second Run pauses")
	}
	m.Seek(99)
	if m.Frame != 1 {
		t.Errorf("Seek clamps: %d", m.Frame)
	}
	m.Reset()
	if m.Frame != 0 {
		t.Error("Reset")
	}
	events, fresh = m.View.Events, m.View.Fresh
	if len(events) != 2 || fresh != 2 {
		t.Errorf("frame 0 events %d fresh %d", len(events), fresh)
	}
}

func TestModelSelection(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	loadPreset(m, "gpu")
	m.Select("default/a")
	p := m.SelectedPod()
	if p == nil || p.Name != "a" {
		t.Fatalf("selected %v", p)
	}
	m.Select("default/a")
	if m.SelectedPod() != nil {
		t.Error("second click should close the panel")
	}
}

func TestLayout(t *testing.T) {
	r := gpuResult(false)
	l := Layout(&r.Frames[0], "default/a")
	if len(l.Pending) != 1 || l.Pending[0].Name != "a" || !l.Pending[0].Selected {
		t.Errorf("pending %+v", l.Pending)
	}
	if len(l.OnNode["gpu-node-1"]) != 1 || l.OnNode["gpu-node-1"][0].Name != "c" {
		t.Errorf("on node %+v", l.OnNode)
	}
	l = Layout(&r.Frames[1], "")
	if len(l.Evicted) != 1 || l.Evicted[0].Name != "c" || !strings.Contains(l.Evicted[0].Note, "t=30s") {
		t.Errorf("evicted %+v", l.Evicted)
	}
	if got := l.OnNode["gpu-node-1"]; len(got) != 1 || got[0].Name != "a" {
		t.Errorf("a should be on the node in frame 1: %+v", got)
	}
	if Layout(nil, "").OnNode == nil {
		t.Error("nil frame")
	}
}

func TestSanitizeHref(t *testing.T) {
	for in, want := range map[string]string{
		"http://h/#s=abc":      "http://h/#s=abc",
		"http://h/#s=%%%25x":   "http://h/#s=%25%25%25x",
		"http://h/%zz?q=1#a%2": "http://h/%25zz?q=1#a%252",
		"http://h/#s=a b":      "http://h/#s=a%20b",
		"http://h/#s=ok%41":    "http://h/#s=ok%41",
	} {
		got, changed := SanitizeHref(in)
		if got != want || changed != (in != want) {
			t.Errorf("SanitizeHref(%q) = %q %v, want %q", in, got, changed, want)
		}
	}
}

func TestModelConsole(t *testing.T) {
	m := newModel(testPresets, fakeSimulate)
	if runCommand(m, "kubectl get pods") {
		t.Error("a command ran before any scenario")
	}
	loadPreset(m, "gpu")
	if runCommand(m, "kubectl get pods") || len(m.Console) != 1 || !strings.Contains(m.Console[0].Output, "not available") {
		t.Errorf("without exec: %+v", m.Console)
	}
	setExec(m, fakeExec)
	m.Step()
	m.Command = "kubectl describe node gpu-node-1"
	if !runCommand(m, m.Command) {
		t.Fatalf("describe failed: %+v", m.Console[0])
	}
	e := m.Console[0]
	if e.At != 30 || e.Failed || !strings.HasPrefix(e.Output, "Name: gpu-node-1") || strings.HasSuffix(e.Output, "\n") || m.Command != "" {
		t.Errorf("entry %+v, input %q", e, m.Command)
	}
	if runCommand(m, "kubectl frobnicate") || !m.Console[0].Failed || !strings.Contains(m.Console[0].Output, "unknown command") {
		t.Errorf("error entry %+v", m.Console[0])
	}
	if runCommand(m, "please panic") || !strings.Contains(m.Console[0].Output, "console boom") {
		t.Errorf("panic entry %+v", m.Console[0])
	}
	if runCommand(m, "   ") {
		t.Error("blank command ran")
	}
	for i := 0; i < 2*MaxConsoleEntries; i++ {
		runCommand(m, "kubectl describe node gpu-node-1")
	}
	if len(m.Console) != MaxConsoleEntries {
		t.Errorf("console keeps %d entries", len(m.Console))
	}
}
