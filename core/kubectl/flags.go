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
	all := append(append([]flagSpec{}, specs...), commonFlags...)
	p := &parsedFlags{values: map[string]string{}}
	byName := func(n string) *flagSpec {
		for i := range all {
			if all[i].name == n {
				return &all[i]
			}
		}
		return nil
	}
	byShort := func(s string) *flagSpec {
		for i := range all {
			if all[i].short != "" && all[i].short == s {
				return &all[i]
			}
		}
		return nil
	}
	set := func(f *flagSpec, val string, display string) string {
		if f.bool {
			if _, err := strconv.ParseBool(val); err != nil {
				return "invalid argument " + strconv.Quote(val) + " for " + strconv.Quote(display) + " flag: strconv.ParseBool: parsing " + strconv.Quote(val) + ": invalid syntax"
			}
		}
		p.values[f.name] = val
		return ""
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			p.positional = append(p.positional, args[i+1:]...)
			return p, ""
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			f := byName(name)
			if f == nil || name == "" {
				return nil, "unknown flag: --" + name
			}
			switch {
			case hasVal:
			case f.bool:
				val = "true"
			case f.noOpt != "":
				val = f.noOpt
			case i+1 < len(args):
				i++
				val = args[i]
			default:
				return nil, "flag needs an argument: --" + name
			}
			if msg := set(f, val, "--"+name); msg != "" {
				return nil, msg
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// A group of shorthand letters; a letter taking a value ends it.
			rest := a[1:]
			for rest != "" {
				c := rest[:1]
				rest = rest[1:]
				f := byShort(c)
				if f == nil {
					return nil, "unknown shorthand flag: " + strconv.QuoteRune(rune(c[0])) + " in " + a
				}
				display := "-" + c + ", --" + f.name
				if f.bool {
					val := "true"
					if strings.HasPrefix(rest, "=") {
						val, rest = rest[1:], ""
					}
					if msg := set(f, val, display); msg != "" {
						return nil, msg
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
				case i+1 < len(args):
					i++
					val = args[i]
				default:
					return nil, "flag needs an argument: " + strconv.QuoteRune(rune(c[0])) + " in " + a
				}
				rest = ""
				if msg := set(f, val, display); msg != "" {
					return nil, msg
				}
			}
		default:
			p.positional = append(p.positional, a)
		}
	}
	return p, ""
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
