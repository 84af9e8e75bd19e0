package kubectl

import (
	"errors"
	"fmt"
	"strings"
)

// shellOperators are the characters a POSIX shell reads as control or
// redirection operators outside quotes.
const shellOperators = "|;&<>"

// Split breaks a command line into arguments the way a POSIX shell would
// for the simple cases people type: blanks separate words; 'single quotes'
// keep everything literally; "double quotes" keep blanks and honour
// backslash escapes of \ " $ and `; outside quotes a backslash escapes the
// next character; adjacent quoted and unquoted parts join into one word
// (so k="a b" is one argument). No variables or globs are interpreted.
// Errors: "unterminated quote" when a quote is left open, "trailing
// backslash" when the line ends in an escape, and "shell operator …" for
// an unquoted | ; & < or >, which a shell would treat as a pipe, list or
// redirection (kubectl never sees them).
//
// An unquoted first word k is read as kubectl, the alias people set up
// (alias k=kubectl): a shell expands an alias only in command position and
// only when the word is not quoted.
func Split(cmdline string) ([]string, error) {
	args, err := split(cmdline)
	if err == nil && len(args) > 0 && args[0] == "k" && strings.HasPrefix(strings.TrimLeft(cmdline, " \t\n\r"), "k") {
		args[0] = "kubectl"
	}
	return args, err
}

func split(cmdline string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(cmdline); i++ {
		c := cmdline[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(cmdline) {
				return nil, errors.New("trailing backslash")
			}
			i++
			if cmdline[i] != '\n' {
				cur.WriteByte(cmdline[i])
			}
			inWord = true
		case c == '\'':
			end := strings.IndexByte(cmdline[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated quote")
			}
			cur.WriteString(cmdline[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			closed := false
			for i++; i < len(cmdline); i++ {
				d := cmdline[i]
				if d == '"' {
					closed = true
					break
				}
				if d == '\\' && i+1 < len(cmdline) && strings.IndexByte("\\\"$`\n", cmdline[i+1]) >= 0 {
					i++
					if cmdline[i] != '\n' {
						cur.WriteByte(cmdline[i])
					}
					continue
				}
				cur.WriteByte(d)
			}
			if !closed {
				return nil, errors.New("unterminated quote")
			}
			inWord = true
		case strings.IndexByte(shellOperators, c) >= 0:
			// A shell would run another program or redirect here.
			return nil, fmt.Errorf("shell operator %q is not supported: the playground runs one kubectl command per line (no pipes, redirections, ; or &); quote the character if it is part of an argument", string(c))
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
