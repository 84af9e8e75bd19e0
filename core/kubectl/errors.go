package kubectl

import (
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// CommandError is a failed command: Stderr is exactly what kubectl writes to
// standard error (without the trailing newline); the exit status is 1.
type CommandError struct {
	Stderr string
}

// Error returns the stderr text.
func (e *CommandError) Error() string { return e.Stderr }

func fail(stderr string) error { return &CommandError{Stderr: strings.TrimSuffix(stderr, "\n")} }

// plainError is an error kubectl prints with the "error: " prefix
// (cmdutil.CheckErr's default case).
func plainError(msg string) error {
	if strings.HasPrefix(msg, "error: ") {
		return fail(msg)
	}
	return fail("error: " + msg)
}

// usageError is cmdutil.UsageErrorf: the message, then the hint to run -h.
func usageError(command, msg string) error {
	return plainError(msg + "\nSee 'kubectl " + command + " -h' for help and examples")
}

// flagError is how kubectl reports a flag the command does not accept or a
// bad flag value (cobra's flag error wrapped by kubectl's templater).
func flagError(command, msg string) error {
	return plainError(msg + "\nSee 'kubectl " + command + " --help' for usage.")
}

// apiError is an error the (simulated) API server returned: kubectl's
// StandardErrorMessage prints it as "Error from server (<Reason>): <msg>".
type apiError struct {
	reason string
	msg    string
}

func (e *apiError) Error() string { return e.msg }

// APIError is an error of the (simulated) API server with its reason
// (NotFound, AlreadyExists, …): kubectl prints it as "Error from server
// (<reason>): <msg>".
func APIError(reason, msg string) error { return &apiError{reason: reason, msg: msg} }

func notFound(name string) *apiError {
	return &apiError{reason: "NotFound", msg: "nodes " + strconv.Quote(name) + " not found"}
}

// multiError is apimachinery's aggregate error: one message prints alone,
// several print as "[a, b]".
type multiError []error

func (m multiError) Error() string {
	msgs := make([]string, len(m))
	for i, e := range m {
		msgs[i] = e.Error()
	}
	return core.AggregateMessages(msgs)
}

// messageFor is kubectl's messageForError: API errors get their
// "Error from server" form, anything else its own text.
func messageFor(err error) string {
	if a, ok := err.(*apiError); ok {
		return "Error from server (" + a.reason + "): " + a.msg
	}
	if c, ok := err.(*CommandError); ok {
		return c.Stderr
	}
	return err.Error()
}

// checkErr renders the errors a command's resource visitor collected the way
// cmdutil.CheckErr prints them: none → nil; a single error (or an
// aggregate of one) → its message, with "error: " prepended unless it is an
// API error or already has it; several → one message per line, no prefix.
func checkErr(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	var err error = multiError(errs)
	if len(errs) == 1 {
		err = errs[0]
	}
	if agg, ok := err.(multiError); ok && len(agg) == 1 {
		err = agg[0]
	}
	switch e := err.(type) {
	case *apiError:
		return fail(messageFor(e))
	case *CommandError:
		return e
	case multiError:
		var b strings.Builder
		for _, x := range e {
			b.WriteString(messageFor(x) + "\n")
		}
		return fail(b.String())
	}
	return plainError(err.Error())
}
