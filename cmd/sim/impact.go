package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/impact"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
)

// impactArgs is `sim impact`'s command line.
type impactArgs struct {
	file, preset, command string
	at                    time.Duration
	asJSON, help          bool
}

// parseImpactArgs reads FILE|--preset NAME, the command, --at and --json;
// the error names the flag or argument.
func parseImpactArgs(args []string) (impactArgs, error) {
	var a impactArgs
	var words []string
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--json":
			a.asJSON = true
		case arg == "-h" || arg == "--help":
			a.help = true
			return a, nil
		case isFlag(arg, "--at"):
			v, ok := flagValue(args, &i, "--at")
			if !ok {
				return a, fmt.Errorf("--at needs a time such as 30s")
			}
			d, err := parseAt(v)
			if err != nil {
				return a, fmt.Errorf("--at: %v", err)
			}
			a.at = d
		case isFlag(arg, "--preset"):
			v, ok := flagValue(args, &i, "--preset")
			if !ok {
				return a, fmt.Errorf("--preset needs a name")
			}
			a.preset = v
		case strings.HasPrefix(arg, "-") && arg != "-":
			return a, fmt.Errorf("unknown flag %s", arg)
		default:
			words = append(words, arg)
		}
	}
	want := 2
	if a.preset != "" {
		want = 1
	}
	if len(words) != want {
		return a, fmt.Errorf("give a scenario FILE (or --preset NAME) and one quoted 'kubectl taint nodes …' command")
	}
	a.command = words[len(words)-1]
	if a.preset == "" {
		a.file = words[0]
	}
	return a, nil
}

// parseAt reads a virtual time: a Go duration ("30s", "1m30s") or a
// number of seconds.
func parseAt(v string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) && math.Abs(f) < 1e9 {
		return time.Duration(math.Round(f * float64(time.Second))), nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("must be a duration such as 30s or 1m30s, or a number of seconds, got %q", v)
	}
	return d, nil
}

// impactCmd is `sim impact`: the preview of a taint command's impact.
func impactCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a, err := parseImpactArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n%s", err, usage)
		return exitInvalid
	}
	if a.help {
		// As `sim --help` and `sim tables --help`: the usage on stdout.
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	data, name, err := readScenario(a.file, a.preset, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	s, err := scenario.Parse(data, name)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	im, err := impact.Preview(s, a.at, a.command)
	if err != nil {
		fmt.Fprintln(stderr, err)
		if strings.HasPrefix(err.Error(), "at:") || strings.HasPrefix(err.Error(), "command:") {
			return exitInvalid
		}
		return exitFailed
	}
	if a.asJSON {
		b, err := json.MarshalIndent(im, "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitFailed
		}
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	printImpact(stdout, im)
	return exitOK
}

// readScenario reads a file, stdin ("-") or a preset.
func readScenario(file, preset string, stdin io.Reader) ([]byte, string, error) {
	switch {
	case preset != "":
		p, ok := presets.Get(preset)
		if !ok {
			return nil, "", fmt.Errorf("unknown preset %q (sim presets lists them)", preset)
		}
		return []byte(p.YAML), preset + ".yaml", nil
	case file == "-":
		b, err := io.ReadAll(stdin)
		return b, "<stdin>", err
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, "", fmt.Errorf("error: %v", err)
	}
	return b, file, nil
}

// printImpact writes the preview as kubectl-style tables.
func printImpact(w io.Writer, im *impact.Impact) {
	fmt.Fprintf(w, "IMPACT of %q at t=%s (compared up to t=%s)\n", im.Command, fmtAt(im.At), fmtAt(im.Horizon))
	fmt.Fprint(w, im.Output)
	if im.Warning != "" {
		// kubectl carried the command out on some nodes only.
		fmt.Fprintf(w, "WARNING: kubectl also reports:\n%s\n", im.Warning)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	section(tw, "\nNODES", "NODE\tTAINTS BEFORE\tTAINTS AFTER", len(im.Nodes), func() {
		for _, n := range im.Nodes {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", n.Node, taintList(n.Before), taintList(n.After))
		}
	})
	section(tw, "\nEVICTED", "POD\tNODE\tAT\tTOLERATIONSECONDS\tTOLERATION\tOTHERWISE\tWHY", len(im.Evicted), func() {
		for _, e := range im.Evicted {
			at, secs, tol := "t="+fmtAt(e.At), "-", "<none>"
			if e.Never {
				at = "never"
			}
			if e.TolerationSeconds != nil {
				secs = strconv.FormatInt(*e.TolerationSeconds, 10)
			}
			if e.Toleration != nil {
				tol = FormatToleration(*e.Toleration)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.Pod, e.Node, at, secs, tol, optAt(e.Otherwise), e.Reason)
		}
	})
	section(tw, "\nSPARED", "POD\tNODE\tOTHERWISE", len(im.Spared), func() {
		for _, s := range im.Spared {
			fmt.Fprintf(tw, "%s\t%s\tt=%s\n", s.Pod, s.Node, fmtAt(s.Otherwise))
		}
	})
	section(tw, "\nSCHEDULED", "POD\tNODE\tAT\tOTHERWISE", len(im.Scheduled), func() {
		for _, s := range im.Scheduled {
			other := optAt(s.Otherwise)
			if s.OtherwiseNode != "" {
				other += " on " + s.OtherwiseNode
			}
			fmt.Fprintf(tw, "%s\t%s\tt=%s\t%s\n", s.Pod, s.Node, fmtAt(s.At), other)
		}
	})
	section(tw, "\nSTILL PENDING", "POD\tKEPT OUT BY COMMAND\tREASON", len(im.StillPending), func() {
		for _, p := range im.StillPending {
			kept := "no"
			if p.Blocked {
				kept = "yes" // bound by the horizon without the command
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Pod, kept, p.Reason)
		}
	})
	section(tw, "\nRECREATED", "POD\tOWNER\tAT\tNODE\tREPLACES", len(im.Recreated), func() {
		for _, r := range im.Recreated {
			node := r.Node
			if node == "" {
				node = "<pending> " + r.Reason
			}
			fmt.Fprintf(tw, "%s\t%s\tt=%s\t%s\t%s\n", r.Pod, r.Owner, fmtAt(r.At), node, orNone(r.Replaces))
		}
	})
	steps(tw, "\nLATER STEPS THAT FAIL WITH THIS COMMAND", im.BreaksSteps)
	steps(tw, "\nLATER STEPS THAT FAIL ONLY WITHOUT THIS COMMAND", im.FixesSteps)
	tw.Flush()
}

// steps writes a section of later steps with kubectl's error of the
// failing run (its first line; the others follow indented).
func steps(tw *tabwriter.Writer, title string, list []impact.StepFailure) {
	section(tw, title, "AT\tSTEP\tERROR", len(list), func() {
		for _, s := range list {
			fmt.Fprintf(tw, "t=%s\t%s\t%s\n", fmtAt(s.At), s.Command, strings.ReplaceAll(s.Error, "\n", "; "))
		}
	})
}

// section writes a title, then the header and rows, or "<none>".
func section(tw *tabwriter.Writer, title, header string, n int, rows func()) {
	fmt.Fprintln(tw, title)
	if n == 0 {
		fmt.Fprintln(tw, "<none>")
		return
	}
	fmt.Fprintln(tw, header)
	rows()
}

func optAt(p *float64) string {
	if p == nil {
		return "-"
	}
	return "t=" + fmtAt(*p)
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

func taintList(ts []core.Taint) string {
	if len(ts) == 0 {
		return "<none>"
	}
	out := make([]string, len(ts))
	for i := range ts {
		out[i] = ts[i].ToString()
	}
	return strings.Join(out, ",")
}

// FormatToleration is a toleration as `kubectl describe pod` prints it
// (core.DescribeTolerations: "key=value:Effect", " op=Exists", " for Ns").
func FormatToleration(t core.Toleration) string {
	s := core.DescribeTolerations([]core.Toleration{t})
	_, s, _ = strings.Cut(s, ":")
	return strings.TrimSpace(s)
}
