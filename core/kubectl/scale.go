package kubectl

import (
	"strconv"
	"strings"
)

var scaleFlags = []flagSpec{
	{name: "replicas"},
	{name: "current-replicas"},
	{name: "resource-version"},
	{name: "timeout"},
	{name: "selector", short: "l"},
	{name: "all", bool: true},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "help", short: "h", bool: true},
}

// ScaleOptions is `kubectl scale KIND NAME --replicas=N` (or KIND/NAME).
type ScaleOptions struct {
	// Kind is "deployment" or "replicaset".
	Kind      string
	Namespace string
	Name      string
	Replicas  int32
}

// ParseScale reads the words after "scale".
func ParseScale(args []string) (ScaleOptions, error) {
	p, msg := parseFlags(args, scaleFlags)
	if msg != "" {
		return ScaleOptions{}, plainError(msg + "\nSee 'kubectl scale --help' for usage.")
	}
	if !p.has("replicas") {
		return ScaleOptions{}, plainError("required flag(s) \"replicas\" not set")
	}
	n, err := strconv.ParseInt(p.str("replicas"), 10, 32)
	if err != nil {
		return ScaleOptions{}, plainError("invalid argument " + strconv.Quote(p.str("replicas")) + " for \"--replicas\" flag: strconv.ParseInt: parsing " + strconv.Quote(p.str("replicas")) + ": invalid syntax\nSee 'kubectl scale --help' for usage.")
	}
	if n < 0 {
		return ScaleOptions{}, plainError("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
	}
	var kind, name string
	switch len(p.positional) {
	case 1:
		var ok bool
		kind, name, ok = strings.Cut(p.positional[0], "/")
		if !ok {
			return ScaleOptions{}, plainError("resource(s) were provided, but no name was specified")
		}
	case 2:
		kind, name = p.positional[0], p.positional[1]
	default:
		return ScaleOptions{}, plainError("USAGE: scale [--replicas=COUNT] (-f FILENAME | TYPE NAME)\nSee 'kubectl scale -h' for help and examples")
	}
	switch k, _ := kindFor(kind); k {
	case "Deployment":
		kind = "deployment"
	case "ReplicaSet":
		kind = "replicaset"
	default:
		return ScaleOptions{}, fail("error: the playground scales deployments and replicasets only, not " + strconv.Quote(kind))
	}
	ns := p.str("namespace")
	if ns == "" {
		ns = "default"
	}
	return ScaleOptions{Kind: kind, Namespace: ns, Name: name, Replicas: int32(n)}, nil
}

// Scale runs `kubectl scale deployment|replicaset NAME --replicas=N`.
func Scale(c Cluster, args []string) (string, error) {
	o, err := ParseScale(args)
	if err != nil {
		return "", err
	}
	if err := c.Scale(o.Kind, o.Namespace, o.Name, o.Replicas); err != nil {
		return "", fail(messageFor(err))
	}
	return ScaledText(o.Kind, o.Name), nil
}

// ScaledText is kubectl's output: "deployment.apps/web scaled".
func ScaledText(kind, name string) string {
	return kind + ".apps/" + name + " scaled"
}
