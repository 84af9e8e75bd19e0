package kubectl

import (
	"strconv"
	"strings"
)

// flagSpec declares one command-line flag the way pflag sees it.
type flagSpec struct {
	name  string
	short string // one letter, or ""
	bool  bool   // boolean flag: no argument needed
	noOpt string // value used when a string flag is given without "=value" ("" = argument required)
}

// parsedFlags maps flag names to their last value; positional holds the
// other arguments in order.
type parsedFlags struct {
	values     map[string]string
	positional []string
}

func (p *parsedFlags) has(name string) bool { _, ok := p.values[name]; return ok }

func (p *parsedFlags) str(name string) string { return p.values[name] }

// boolean returns a bool flag's value; the parser has already checked it.
func (p *parsedFlags) boolean(name string) bool {
	b, _ := strconv.ParseBool(p.values[name])
	return b
}

// commonFlags are kubectl's global flags the playground accepts and ignores
// (nodes are not namespaced).
var commonFlags = []flagSpec{
	{name: "namespace", short: "n"},
	{name: "context"},
	{name: "kubeconfig"},
	{name: "cluster"},
	{name: "user"},
	{name: "request-timeout"},
	{name: "v", short: "v"},
}

// parseFlags interprets args with pflag's rules (interspersed flags,
// "--name=value", "--name value", "-x value", "-xvalue", "-x=value", "--"
// ends flags; a lone "-" is positional). Errors carry pflag's texts.
func parseFlags(args []string, specs []flagSpec) (*parsedFlags, string) {
	fp := &flagParser{all: append(append([]flagSpec{}, specs...), commonFlags...), args: args,
		p: &parsedFlags{values: map[string]string{}}}
	for ; fp.i < len(args); fp.i++ {
		a := args[fp.i]
		var msg string
		switch {
		case a == "--":
			fp.p.positional = append(fp.p.positional, args[fp.i+1:]...)
			return fp.p, ""
		case strings.HasPrefix(a, "--"):
			msg = fp.long(a)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			msg = fp.shorthands(a)
		default:
			fp.p.positional = append(fp.p.positional, a)
		}
		if msg != "" {
			return nil, msg
		}
	}
	return fp.p, ""
}

// flagParser is parseFlags at work: the flags known, the arguments and
// the one being read (a flag's value may take the next).
type flagParser struct {
	all  []flagSpec
	args []string
	i    int
	p    *parsedFlags
}

func (fp *flagParser) byName(n string) *flagSpec {
	for i := range fp.all {
		if fp.all[i].name == n {
			return &fp.all[i]
		}
	}
	return nil
}

func (fp *flagParser) byShort(s string) *flagSpec {
	for i := range fp.all {
		if fp.all[i].short != "" && fp.all[i].short == s {
			return &fp.all[i]
		}
	}
	return nil
}

// next takes the next argument as a flag's value.
func (fp *flagParser) next() (string, bool) {
	if fp.i+1 >= len(fp.args) {
		return "", false
	}
	fp.i++
	return fp.args[fp.i], true
}

// set stores a flag's value; a boolean's must parse. display is how
// pflag names the flag in the error.
func (fp *flagParser) set(f *flagSpec, val string, display string) string {
	if f.bool {
		if _, err := strconv.ParseBool(val); err != nil {
			return "invalid argument " + strconv.Quote(val) + " for " + strconv.Quote(display) + " flag: strconv.ParseBool: parsing " + strconv.Quote(val) + ": invalid syntax"
		}
	}
	fp.p.values[f.name] = val
	return ""
}

// long reads "--name", "--name=value" or "--name value".
func (fp *flagParser) long(a string) string {
	name, val, hasVal := strings.Cut(a[2:], "=")
	f := fp.byName(name)
	if f == nil || name == "" {
		return "unknown flag: --" + name
	}
	switch {
	case hasVal:
	case f.bool:
		val = "true"
	case f.noOpt != "":
		val = f.noOpt
	default:
		var ok bool
		if val, ok = fp.next(); !ok {
			return "flag needs an argument: --" + name
		}
	}
	return fp.set(f, val, "--"+name)
}

// shorthands reads a group of shorthand letters ("-xvalue", "-x=value",
// "-x value", "-ab"); a letter taking a value ends the group.
func (fp *flagParser) shorthands(a string) string {
	rest := a[1:]
	for rest != "" {
		c := rest[:1]
		rest = rest[1:]
		f := fp.byShort(c)
		if f == nil {
			return "unknown shorthand flag: " + strconv.QuoteRune(rune(c[0])) + " in " + a
		}
		display := "-" + c + ", --" + f.name
		if f.bool {
			val := "true"
			if strings.HasPrefix(rest, "=") {
				val, rest = rest[1:], ""
			}
			if msg := fp.set(f, val, display); msg != "" {
				return msg
			}
			continue
		}
		var val string
		switch {
		case strings.HasPrefix(rest, "="):
			val = rest[1:]
		case rest != "":
			val = rest
		case f.noOpt != "":
			val = f.noOpt
		default:
			var ok bool
			if val, ok = fp.next(); !ok {
				return "flag needs an argument: " + strconv.QuoteRune(rune(c[0])) + " in " + a
			}
		}
		return fp.set(f, val, display)
	}
	return ""
}

// dryRun is kubectl's DryRunStrategy.
type dryRun int

const (
	dryRunNone dryRun = iota
	dryRunClient
	dryRunServer
)

// dryRunStrategy mirrors cmdutil.GetDryRunStrategy: bare --dry-run is the
// deprecated spelling of client.
func dryRunStrategy(p *parsedFlags) (dryRun, string) {
	if !p.has("dry-run") {
		return dryRunNone, ""
	}
	switch v := p.str("dry-run"); v {
	case "unchanged", "client":
		return dryRunClient, ""
	case "server":
		return dryRunServer, ""
	case "none":
		return dryRunNone, ""
	default:
		return dryRunNone, `Invalid dry-run value (` + v + `). Must be "none", "server", or "client".`
	}
}

// outputFlag checks -o: "" (default) or "name" are supported.
func outputFormat(p *parsedFlags) (string, string) {
	o := p.str("output")
	switch o {
	case "", "name":
		return o, ""
	}
	return "", "unable to match a printer suitable for the output format " + strconv.Quote(o) + ", allowed formats are: name (the playground prints only the default and -o name)"
}

// parseNodeCommand reads the flags of a command that writes nodes: the
// cluster must be there, a bad flag is kubectl's flag error, and -h makes
// the command print usage instead (help != "").
func parseNodeCommand(nodes Nodes, cmd, usage string, args []string, specs []flagSpec) (p *parsedFlags, help string, err error) {
	if nodes == nil {
		return nil, "", plainError("no cluster")
	}
	p, msg := parseFlags(args, specs)
	if msg != "" {
		return nil, "", flagError(cmd, msg)
	}
	if p.boolean("help") {
		return p, "Usage:\n  kubectl " + usage + " [options]\n", nil
	}
	return p, "", nil
}

// nodeWriteFlags are the flags taint and label share.
var nodeWriteFlags = []flagSpec{
	{name: "overwrite", bool: true},
	{name: "all", bool: true},
	{name: "selector", short: "l"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "field-manager"},
}
