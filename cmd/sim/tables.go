package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core/lesson"
)

const tablesUsage = `usage:
  sim tables regional-network [--profile teaching|default [--seed N]]
                                   print the taints lesson's three tables as the
                                   lesson prints them (its model, which the
                                   teaching profile reproduces); --profile default
                                   adds the same tables under kube-scheduler's
                                   default profile and the cells that differ;
                                   --seed breaks the default profile's score ties
                                   at random as the simulator does (default: the
                                   first tied node in node order)
`

// lessons are the lessons whose tables the command prints.
var lessons = []string{"regional-network"}

// tablesCmd is `sim tables LESSON [--profile P]`.
func tablesCmd(args []string, stdout, stderr io.Writer) int {
	name, profile, seedArg := "", "", ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			fmt.Fprint(stdout, tablesUsage)
			return exitOK
		case isFlag(a, "--profile"):
			v, ok := flagValue(args, &i, "--profile")
			if !ok {
				fmt.Fprintf(stderr, "--profile needs teaching or default\n%s", tablesUsage)
				return exitInvalid
			}
			profile = v
		case isFlag(a, "--seed"):
			v, ok := flagValue(args, &i, "--seed")
			if !ok {
				fmt.Fprintf(stderr, "--seed needs a number\n%s", tablesUsage)
				return exitInvalid
			}
			seedArg = v
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "unknown flag %s\n%s", a, tablesUsage)
			return exitInvalid
		case name == "":
			name = a
		default:
			fmt.Fprintf(stderr, "one lesson at a time\n%s", tablesUsage)
			return exitInvalid
		}
	}
	if name == "" {
		fmt.Fprintf(stderr, "give a lesson name: %s\n%s", strings.Join(lessons, ", "), tablesUsage)
		return exitInvalid
	}
	if name != lessons[0] {
		fmt.Fprintf(stderr, "unknown lesson %q; known: %s\n", name, strings.Join(lessons, ", "))
		return exitInvalid
	}
	var seed int64
	if seedArg != "" {
		n, err := strconv.ParseInt(seedArg, 10, 64)
		if err != nil || profile != string(lesson.DefaultProfile) {
			fmt.Fprintf(stderr, "--seed needs an integer and --profile default\n%s", tablesUsage)
			return exitInvalid
		}
		seed = n
	}
	switch lesson.Profile(profile) {
	case "":
		fmt.Fprint(stdout, lesson.LessonTables().Text())
		return exitOK
	case lesson.TeachingProfile:
		t, err := lesson.ProfileTables(lesson.TeachingProfile)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return exitFailed
		}
		fmt.Fprint(stdout, t.Text())
		return exitOK
	case lesson.DefaultProfile:
	default:
		fmt.Fprintf(stderr, "unknown profile %q: want teaching or default\n%s", profile, tablesUsage)
		return exitInvalid
	}
	teach, err := lesson.ProfileTables(lesson.TeachingProfile)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return exitFailed
	}
	def, err := lesson.ProfileTablesSeeded(lesson.DefaultProfile, seed)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return exitFailed
	}
	diffs := lesson.CompareTables(teach, def)
	label := lesson.DefaultProfile.Label()
	if seed != 0 {
		label += ", score ties broken at random with seed " + strconv.FormatInt(seed, 10)
	}
	fmt.Fprintf(stdout, "== %s ==\n\n%s\n== %s ==\n\n%s\n== where the default profile differs from the teaching model (%d cells) ==\n\n%s",
		lesson.TeachingProfile.Label(), teach.Text(), label, def.Text(), len(diffs), lesson.DifferencesText(diffs))
	return exitOK
}
