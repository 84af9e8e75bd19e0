package clock

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// FormatSeconds prints a virtual time in seconds the way captions and
// cmd/sim show it: "90s", "1.5s"; a time too large for plain seconds
// (where %g would print an exponent, from 1e6 s) as a duration with its
// zero units left out: "277h46m40s", "100000h".
func FormatSeconds(sec float64) string {
	s := fmt.Sprintf("%gs", sec)
	if !strings.ContainsAny(s, "eE") || math.IsInf(sec, 0) || math.IsNaN(sec) || math.Abs(sec) > float64(math.MaxInt64/int64(time.Second)) {
		return s
	}
	d := time.Duration(math.Round(sec)) * time.Second
	out := d.String()
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

// Format prints a duration as FormatSeconds does: "90s".
func Format(d time.Duration) string { return FormatSeconds(d.Seconds()) }

// FormatAt prints a moment for captions: "t=90s".
func FormatAt(d time.Duration) string { return "t=" + Format(d) }
