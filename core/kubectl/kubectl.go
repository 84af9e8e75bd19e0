package kubectl

import "strings"

// Verbs are the kubectl commands Run knows, in the order messages list
// them.
var Verbs = []string{"taint", "cordon", "uncordon", "drain", "label", "delete", "scale", "patch", "apply", "describe", "get"}

// Run runs one kubectl command line's arguments (after "kubectl") against
// the cluster; stdin is what `-f -` reads. It returns what kubectl prints
// on stdout and, on failure, an error whose text is its stderr. A drain
// that waits for a PodDisruptionBudget returns its DrainWait.
func Run(c Cluster, args []string, stdin string) (string, *DrainWait, error) {
	if len(args) == 0 {
		return "", nil, fail("error: kubectl needs a command")
	}
	verb, rest := args[0], args[1:]
	var out string
	var err error
	switch verb {
	case "taint":
		out, err = Taint(c, rest)
	case "cordon":
		out, err = Cordon(c, rest)
	case "uncordon":
		out, err = Uncordon(c, rest)
	case "label":
		out, err = Label(c, rest)
	case "delete":
		out, err = Delete(c, rest)
	case "describe":
		out, err = Describe(c, rest)
	case "get":
		out, err = Get(c, rest)
	case "scale":
		out, err = Scale(c, rest)
	case "patch":
		out, err = Patch(c, rest)
	case "apply":
		out, err = Apply(c, rest, stdin)
	case "drain":
		return Drain(c, rest)
	default:
		return "", nil, fail("error: unknown command " + quote(verb) + " for \"kubectl\"")
	}
	return strings.TrimRight(out, "\n"), nil, err
}
