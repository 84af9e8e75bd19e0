package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

const usage = `usage:
  sim run FILE [--json [--detail]] [--kubernetes-version 1.MINOR]
                                   simulate a scenario file ("-" reads stdin);
                                   the version overrides options.kubernetesVersion;
                                   --detail adds owners, tolerations and who
                                   added them, eviction deadlines, disruption
                                   conditions, node conditions and zones
  sim run --preset NAME [--json [--detail]]
                                   simulate a built-in preset
  sim presets                      list the built-in presets
  sim impact FILE|--preset NAME 'kubectl taint nodes NODE|-l SELECTOR KEY[=VALUE]:EFFECT[-]'
             [--at 30s] [--json]   preview what the taint command would change if it
                                   ran at --at (default 0s): pods evicted (when, the
                                   tolerationSeconds and toleration that decide it, or
                                   never), pods spared, bound or left Pending, and the
                                   replacements controllers create and where
                                   (KEPT OUT BY COMMAND yes: a pod bound without
                                   the command), and the scenario's later steps
                                   that fail with the command (or only without it)

--detail needs --json. run exits 0 when every step command succeeded, 1 when
a step command failed (the STEPS section, or the step's "failed" and
"output" in --json, show kubectl's error) or the simulation could not run,
and 2 for a usage error or a scenario that does not parse.
`

// Exit statuses.
const (
	exitOK      = 0
	exitFailed  = 1
	exitInvalid = 2
)

// run is the whole command: args without the program name.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitInvalid
	}
	switch args[0] {
	case "presets":
		if len(args) != 1 {
			fmt.Fprint(stderr, usage)
			return exitInvalid
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 3, ' ', 0)
		fmt.Fprintln(tw, "NAME\tKIND\tTITLE")
		for _, p := range presets.Catalog() {
			kind := "preset"
			if p.Category != "" {
				kind = p.Category
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Name, kind, p.Title)
		}
		tw.Flush()
		return exitOK
	case "run":
		return runCmd(args[1:], stdin, stdout, stderr)
	case "tables":
		return tablesCmd(args[1:], stdout, stderr)
	case "impact":
		return impactCmd(args[1:], stdin, stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "unknown command %q\n%s", args[0], usage)
	return exitInvalid
}

func runCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var file, preset, version string
	asJSON, detail := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			fmt.Fprint(stdout, usage)
			return exitOK
		case a == "--json":
			asJSON = true
		case a == "--detail":
			detail = true
		case isFlag(a, "--preset"):
			v, ok := flagValue(args, &i, "--preset")
			if !ok {
				fmt.Fprintf(stderr, "--preset needs a name\n%s", usage)
				return exitInvalid
			}
			preset = v
		case isFlag(a, "--kubernetes-version"):
			v, ok := flagValue(args, &i, "--kubernetes-version")
			if !ok {
				fmt.Fprintf(stderr, "--kubernetes-version needs a version such as 1.33\n%s", usage)
				return exitInvalid
			}
			version = v
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "unknown flag %s\n%s", a, usage)
			return exitInvalid
		case file == "":
			file = a
		default:
			fmt.Fprintf(stderr, "one scenario file at a time\n%s", usage)
			return exitInvalid
		}
	}
	if detail && !asJSON {
		fmt.Fprintf(stderr, "--detail adds fields to the --json document; use it with --json\n%s", usage)
		return exitInvalid
	}
	if (file == "") == (preset == "") {
		fmt.Fprintf(stderr, "give a scenario FILE or --preset NAME\n%s", usage)
		return exitInvalid
	}
	var data []byte
	name := file
	switch {
	case preset != "":
		p, ok := presets.Get(preset)
		if !ok {
			var known []string
			for _, p := range presets.Catalog() {
				known = append(known, p.Name)
			}
			fmt.Fprintf(stderr, "unknown preset %q; known: %s\n", preset, strings.Join(known, ", "))
			return exitInvalid
		}
		data, name = []byte(p.YAML), preset+".yaml"
	case file == "-":
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return exitInvalid
		}
		data, name = b, "<stdin>"
	default:
		b, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return exitInvalid
		}
		data = b
	}
	s, err := scenario.Parse(data, name)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	if version != "" {
		v, err := core.ParseVersion(version)
		if err != nil {
			fmt.Fprintf(stderr, "--kubernetes-version: %v\n", err)
			return exitInvalid
		}
		s.Options.KubernetesVersion = v
	}
	res, err := sim.Run(s)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	if asJSON {
		sum := Summarize(res)
		if detail {
			sum = SummarizeDetail(res)
		}
		b, err := json.MarshalIndent(sum, "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitFailed
		}
		fmt.Fprintln(stdout, string(b))
		return stepStatus(res, stderr)
	}
	printBoard(stdout, res)
	return stepStatus(res, stderr)
}

// stepStatus is exitFailed, with one stderr line per refused object of
// the file and per failed step, when the API server refused an object of
// the file or a step command failed, else exitOK.
func stepStatus(res *sim.Result, stderr io.Writer) int {
	code := exitOK
	for _, r := range res.Refused {
		fmt.Fprintf(stderr, "%s %s refused: %s\n", strings.ToLower(r.Kind), r.Name, r.Error)
		code = exitFailed
	}
	for i := range res.Frames {
		if f := &res.Frames[i]; f.StepFailed() {
			fmt.Fprintf(stderr, "step at t=%s failed: %s\n", fmtAt(f.At), f.Step)
			code = exitFailed
		}
	}
	return code
}

// Output is the --json document.
type Output struct {
	Pods   []OutputPod   `json:"pods"`
	Nodes  []OutputNode  `json:"nodes"`
	Events []OutputEvent `json:"events"`
	// Steps are the step commands in the order they ran, with what they
	// printed (kubectl describe, get, taint … output or error text).
	Steps []OutputStep `json:"steps,omitempty"`
	// NotModelled lists the fields of the scenario's objects that upstream
	// acts on and the playground does not model.
	NotModelled []scenario.ObjectGap `json:"notModelled,omitempty"`
	// Refused lists the file's objects the API server refused, with
	// kubectl's error text.
	Refused []sim.Refusal `json:"refused,omitempty"`
}

// OutputStep is one step command and its output.
type OutputStep struct {
	At     float64 `json:"at"`
	Run    string  `json:"run"`
	Output string  `json:"output"`
	// Failed is set when the command failed; Output is then its error.
	Failed bool `json:"failed,omitempty"`
	// Continued marks more output of a command still running (kubectl
	// drain waiting for its pods to be gone, or for a budget), printed at
	// At: Run is that command.
	Continued bool `json:"continued,omitempty"`
}

// stepOutputs lists the steps in the order they ran with what they
// printed, and the later output of a command that went on running
// (Frame.Continues: kubectl drain printing "pod/x evicted" and "node/n
// drained" as the pods go).
func stepOutputs(res *sim.Result) []OutputStep {
	var out []OutputStep
	for i := range res.Frames {
		f := &res.Frames[i]
		switch {
		case f.Step != "":
			out = append(out, OutputStep{At: f.At, Run: f.Step, Output: f.Output, Failed: f.StepFailed()})
		case f.Continues != "":
			out = append(out, OutputStep{At: f.At, Run: f.Continues, Output: f.Output, Continued: true})
		}
	}
	return out
}

// OutputPod is one pod at the end of the run.
type OutputPod struct {
	Namespace               string   `json:"namespace"`
	Name                    string   `json:"name"`
	Node                    string   `json:"node"`
	Phase                   string   `json:"phase"`
	ScheduledAt             *float64 `json:"scheduledAt"`
	EvictedAt               *float64 `json:"evictedAt"`
	FailedSchedulingMessage string   `json:"failedSchedulingMessage"`
	// StatusPhase, Reason and Message are the API status when the kubelet
	// rejected the pod (phase Failed, reason TaintToleration, Evicted, …);
	// for a pod removed otherwise Reason says by whom
	// (DeletionByTaintManager, EvictionByEvictionAPI, Preempted).
	StatusPhase       string `json:"statusPhase,omitempty"`
	Reason            string `json:"reason,omitempty"`
	Message           string `json:"message,omitempty"`
	NominatedNodeName string `json:"nominatedNodeName,omitempty"`
	// Terminating: deleted, but its node's kubelet has not confirmed yet.
	Terminating bool `json:"terminating,omitempty"`
	// Owner is the pod's controller ("ReplicaSet/web-…", "DaemonSet/agent").
	Owner string `json:"owner,omitempty"`
	// EvictAt is a pending NoExecute deletion deadline.
	EvictAt *float64 `json:"evictAt,omitempty"`
	// TolerationSources says who added each admitted toleration.
	Tolerations       []core.Toleration `json:"tolerations,omitempty"`
	TolerationSources []string          `json:"tolerationSources,omitempty"`
	// DisruptionTarget is the condition set before the pod's deletion.
	DisruptionTarget *core.PodCondition `json:"disruptionTarget,omitempty"`
	// SchedulingGates are a Pending pod's gates (its status is
	// SchedulingGated: the scheduler does not try it).
	SchedulingGates []string `json:"schedulingGates,omitempty"`
}

// OutputNode is one node at the end of the run.
type OutputNode struct {
	Name          string       `json:"name"`
	Taints        []core.Taint `json:"taints"`
	Unschedulable bool         `json:"unschedulable"`
	// Conditions, Zone and ZoneState are the node-lifecycle view.
	Conditions []core.NodeCondition `json:"conditions,omitempty"`
	Zone       string               `json:"zone,omitempty"`
	ZoneState  string               `json:"zoneState,omitempty"`
}

// OutputEvent is one event; At in virtual seconds.
type OutputEvent struct {
	At      float64 `json:"at"`
	Type    string  `json:"type"`
	Reason  string  `json:"reason"`
	Object  string  `json:"object"`
	Message string  `json:"message"`
	Source  string  `json:"source,omitempty"`
}

// Summarize reduces a simulation result to the --json document: the last
// frame's pods and nodes, and every event.
func Summarize(res *sim.Result) Output {
	out := Output{Pods: []OutputPod{}, Nodes: []OutputNode{}, Events: []OutputEvent{}, NotModelled: res.NotModelled, Refused: res.Refused}
	out.Steps = stepOutputs(res)
	if len(res.Frames) > 0 {
		last := res.Frames[len(res.Frames)-1]
		for _, p := range last.Pods {
			out.Pods = append(out.Pods, OutputPod{
				Namespace: p.Namespace, Name: p.Name, Node: p.Node, Phase: p.Phase,
				ScheduledAt: p.ScheduledAt, EvictedAt: p.EvictedAt,
				FailedSchedulingMessage: p.FailedSchedulingMessage,
				StatusPhase:             p.StatusPhase, Reason: p.Reason, Message: p.Message,
				NominatedNodeName: p.NominatedNodeName, Terminating: p.Terminating,
			})
		}
		for _, n := range last.Nodes {
			taints := append([]core.Taint{}, n.Taints...)
			out.Nodes = append(out.Nodes, OutputNode{Name: n.Name, Taints: taints, Unschedulable: n.Unschedulable})
		}
	}
	for _, e := range res.Events {
		out.Events = append(out.Events, OutputEvent(e))
	}
	return out
}

// SummarizeDetail is Summarize with the --detail fields filled in.
func SummarizeDetail(res *sim.Result) Output {
	out := Summarize(res)
	if len(res.Frames) == 0 {
		return out
	}
	last := res.Frames[len(res.Frames)-1]
	for i, p := range last.Pods {
		if i < len(out.Pods) {
			o := &out.Pods[i]
			o.Owner, o.EvictAt, o.Tolerations, o.TolerationSources, o.DisruptionTarget = p.Owner, p.EvictAt, p.Tolerations, p.TolerationSources, p.DisruptionTarget
			o.SchedulingGates = p.SchedulingGates
		}
	}
	for i, n := range last.Nodes {
		if i < len(out.Nodes) {
			o := &out.Nodes[i]
			o.Conditions, o.Zone, o.ZoneState = n.Conditions, n.Zone, n.ZoneState
		}
	}
	return out
}

// fmtAt prints a virtual time like kubectl prints ages: "0s", "90s", and a
// large one as a duration ("100000h", never "3.6e+08s").
func fmtAt(sec float64) string { return clock.FormatSeconds(sec) }

// objectName shortens "pod/default/web" to kubectl's "pod/web" column.
func objectName(o string) string {
	parts := strings.Split(o, "/")
	if len(parts) == 3 {
		return parts[0] + "/" + parts[2]
	}
	return o
}

// printBoard writes the final board and the event table.
func printBoard(w io.Writer, res *sim.Result) {
	if len(res.Frames) == 0 {
		return
	}
	last := res.Frames[len(res.Frames)-1]
	if res.Name != "" {
		fmt.Fprintf(w, "Scenario %s, final board at t=%s\n\n", res.Name, fmtAt(last.At))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fmt.Fprintln(tw, "NODE\tSTATUS\tTAINTS")
	for _, n := range last.Nodes {
		status := "Ready"
		for _, c := range n.Conditions {
			if c.Type == core.NodeReady {
				switch c.Status {
				case core.ConditionFalse:
					status = "NotReady"
				case core.ConditionUnknown:
					status = "NotReady"
				}
			}
		}
		if n.Unschedulable {
			status += ",SchedulingDisabled"
		}
		taints := make([]string, 0, len(n.Taints))
		for i := range n.Taints {
			taints = append(taints, n.Taints[i].ToString())
		}
		ts := strings.Join(taints, ", ")
		if ts == "" {
			ts = "<none>"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", n.Name, status, ts)
		for _, p := range last.Pods {
			switch {
			case p.Node == n.Name && p.Phase == sim.PhaseRunning:
				extra := ""
				if p.EvictAt != nil {
					extra = fmt.Sprintf(" (eviction due at %s)", fmtAt(*p.EvictAt))
				}
				fmt.Fprintf(tw, "  pod/%s\tRunning\tsince %s%s\n", p.Name, fmtAt(deref(p.ScheduledAt)), extra)
			case p.Node == n.Name && p.Terminating && p.GraceEnd != nil && *p.GraceEnd > last.At:
				// Deleted: the kubelet removes it when its grace period ends.
				fmt.Fprintf(tw, "  pod/%s\tTerminating\tdeleted at %s, grace period until %s\n", p.Name, fmtAt(deref(p.EvictedAt)), fmtAt(*p.GraceEnd))
			case p.Node == n.Name && p.Terminating:
				// Deleted, but the node's kubelet is not there to finish
				// the deletion: the pod object stays, Terminating.
				fmt.Fprintf(tw, "  pod/%s\tTerminating\tdeleted at %s, until the kubelet returns\n", p.Name, fmtAt(deref(p.EvictedAt)))
			}
		}
	}
	tw.Flush()
	printNotModelled(w, res)
	var pending, evicted []*sim.PodState
	for _, p := range last.Pods {
		switch p.Phase {
		case sim.PhasePending:
			pending = append(pending, p)
		case sim.PhaseEvicted:
			evicted = append(evicted, p)
		}
	}
	if len(pending) > 0 {
		fmt.Fprintln(w, "\nPENDING")
		for _, p := range pending {
			msg := p.FailedSchedulingMessage
			if msg == "" && p.Why != nil {
				msg = p.Why.Summary
			}
			fmt.Fprintf(w, "  pod/%s: %s\n", p.Name, msg)
		}
	}
	if len(evicted) > 0 {
		fmt.Fprintln(w, "\nEVICTED")
		for _, p := range evicted {
			fmt.Fprintf(w, "  pod/%s from %s at %s\n", p.Name, p.Node, fmtAt(deref(p.EvictedAt)))
		}
	}
	printRefused(w, res)
	printSteps(w, res)
	fmt.Fprintln(w, "\nEVENTS")
	tw = tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fmt.Fprintln(tw, "LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE")
	for _, e := range res.Events {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", fmtAt(e.At), e.Type, e.Reason, objectName(e.Object), e.Message)
	}
	tw.Flush()
}

// printRefused writes the REFUSED section: the file's objects the API
// server refused, with kubectl's error text.
func printRefused(w io.Writer, res *sim.Result) {
	if len(res.Refused) == 0 {
		return
	}
	fmt.Fprintln(w, "\nREFUSED")
	for _, r := range res.Refused {
		fmt.Fprintf(w, "  %s/%s\n    %s\n", strings.ToLower(r.Kind), r.Name, r.Error)
	}
}

// printSteps writes the STEPS section: each step's time and command, then
// what it printed (its error text for a failed command), indented; a
// command that went on printing later (kubectl drain) has its later lines
// under "(continued)".
func printSteps(w io.Writer, res *sim.Result) {
	steps := stepOutputs(res)
	if len(steps) == 0 {
		return
	}
	fmt.Fprintln(w, "\nSTEPS")
	for _, st := range steps {
		status := ""
		switch {
		case st.Failed:
			status = " (failed)"
		case st.Continued:
			status = " (continued)"
		}
		fmt.Fprintf(w, "  t=%s  %s%s\n", fmtAt(st.At), st.Run, status)
		out := strings.TrimRight(st.Output, "\n")
		if out == "" {
			continue
		}
		for _, line := range strings.Split(out, "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// isFlag reports whether a is the flag name, as "name" or "name=value".
func isFlag(a, name string) bool {
	return a == name || strings.HasPrefix(a, name+"=")
}

// flagValue is the value of the flag name at args[*i]: after "=", or the
// next argument (which *i then moves past). ok is false when the value
// is missing.
func flagValue(args []string, i *int, name string) (v string, ok bool) {
	if v, ok := strings.CutPrefix(args[*i], name+"="); ok {
		return v, true
	}
	if *i+1 >= len(args) {
		return "", false
	}
	*i++
	return args[*i], true
}

// printNotModelled writes the NOT MODELLED section: the fields of the
// scenario's objects that upstream acts on and the playground does not,
// one line per field (list indices folded, so a field every pod of a real
// dump carries is one line) with up to three of the objects carrying it.
func printNotModelled(w io.Writer, res *sim.Result) {
	if len(res.NotModelled) == 0 {
		return
	}
	type group struct {
		path, why string
		objects   []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, g := range res.NotModelled {
		path := listIndex.ReplaceAllString(g.Path, "[]")
		key := path + "\x00" + g.Why
		gr := byKey[key]
		if gr == nil {
			gr = &group{path: path, why: g.Why}
			byKey[key] = gr
			groups = append(groups, gr)
		}
		if n := len(gr.objects); n == 0 || gr.objects[n-1] != g.Object {
			gr.objects = append(gr.objects, g.Object)
		}
	}
	fmt.Fprintln(w, "\nNOT MODELLED (upstream acts on these fields; this simulation does not)")
	for _, gr := range groups {
		objs := strings.Join(gr.objects[:min(3, len(gr.objects))], ", ")
		if more := len(gr.objects) - 3; more > 0 {
			objs += fmt.Sprintf(" and %d more", more)
		}
		fmt.Fprintf(w, "  %s (%s): %s\n", gr.path, objs, gr.why)
	}
}

// listIndex matches a list index in a field path ([0], [12]).
var listIndex = regexp.MustCompile(`\[[0-9]+\]`)
