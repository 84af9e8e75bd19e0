package link

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The compact form of format 1 is the canonical text with repeated
// documents written as directives. Documents are separated by lines that
// are exactly "---"; a
// document that starts with '%' is a JSON array:
//
//	%["c",J,"old1","new1","old2","new2",…]   document J (0-based, earlier) with
//	                                          every "old" replaced by "new", in order
//	%["+",K]                                  K documents, each the one before with
//	                                          the trailing number of its name plus one
//
// Expanding is exact text substitution; the encoder keeps a directive only
// when expanding it gives back the document byte for byte.

// maxRepeat bounds one "+" directive.
const maxRepeat = 10000

// copyWindow is how many earlier documents the encoder compares a document
// with, which keeps encoding linear in the number of documents.
const copyWindow = 16

// compactDocs writes the canonical documents in the compact form.
func compactDocs(canonical []byte) []byte {
	docs := splitDocs(canonical)
	var out []string
	for i := 0; i < len(docs); i++ {
		// A run of documents that each increment the name of the one before.
		n := 0
		for i+n+1 < len(docs) {
			next, ok := incremented(docs[i+n])
			if !ok || next != docs[i+n+1] {
				break
			}
			n++
		}
		if n > 0 {
			out = append(out, literalOrCopy(docs, i))
			out = append(out, `%["+",`+strconv.Itoa(n)+`]`+"\n")
			i += n
			continue
		}
		out = append(out, literalOrCopy(docs, i))
	}
	return []byte(strings.Join(out, "---\n"))
}

// literalOrCopy returns document i as a copy directive from an earlier
// document when one is shorter, or the document itself.
func literalOrCopy(docs []string, i int) string {
	best := docs[i]
	for j := i - 1; j >= 0 && j >= i-copyWindow; j-- {
		subs, ok := substitutions(docs[j], docs[i])
		if !ok {
			continue
		}
		d := []any{"c", j}
		for _, s := range subs {
			d = append(d, s)
		}
		b, err := json.Marshal(d)
		if err != nil {
			continue
		}
		text := "%" + string(b) + "\n"
		if len(text) < len(best) {
			best = text
		}
	}
	return best
}

// substitutions finds replacements that turn from into to: the differing
// values of lines that differ only after their "key: ", fewest kept.
func substitutions(from, to string) ([]string, bool) {
	fl, tl := strings.Split(from, "\n"), strings.Split(to, "\n")
	if len(fl) != len(tl) {
		return nil, false
	}
	var subs []string
	seen := map[string]bool{}
	for k := range fl {
		if fl[k] == tl[k] {
			continue
		}
		fi, ti := strings.Index(fl[k], ": "), strings.Index(tl[k], ": ")
		if fi < 0 || fi != ti || fl[k][:fi] != tl[k][:ti] {
			return nil, false
		}
		a, b := fl[k][fi+2:], tl[k][ti+2:]
		if a == "" || seen[a] {
			continue
		}
		seen[a] = true
		subs = append(subs, a, b)
	}
	if got, err := replaceAll(from, subs); err != nil || got != to {
		return nil, false
	}
	// Shorter replacements where they still give the same document:
	// "420m"→"650m" becomes "420"→"650", which also turns "420Mi" into
	// "650Mi".
	for k := 0; k+1 < len(subs); k += 2 {
		a, b := trimCommon(subs[k], subs[k+1])
		if a == "" || a == subs[k] && b == subs[k+1] || !utf8.ValidString(a) || !utf8.ValidString(b) {
			continue
		}
		try := append([]string(nil), subs...)
		try[k], try[k+1] = a, b
		if got, err := replaceAll(from, try); err == nil && got == to {
			subs = try
		}
	}
	// Drop replacements the others already make.
	for k := 0; k < len(subs); {
		fewer := append(append([]string(nil), subs[:k]...), subs[k+2:]...)
		if got, err := replaceAll(from, fewer); err == nil && got == to {
			subs = fewer
			continue
		}
		k += 2
	}
	return subs, true
}

func replaceAll(s string, subs []string) (string, error) {
	for k := 0; k+1 < len(subs); k += 2 {
		old, nw := subs[k], subs[k+1]
		if old == "" {
			return "", errors.New("a replacement has an empty old text")
		}
		if n := strings.Count(s, old); n > 0 && len(s)+n*(len(nw)-len(old)) > MaxDecodedBytes {
			return "", errors.New("decoded scenario exceeds 1 MiB")
		}
		s = strings.ReplaceAll(s, old, nw)
	}
	return s, nil
}

// trimCommon strips the prefix and suffix a and b share.
func trimCommon(a, b string) (string, string) {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	return a, b
}

// docName returns the value of the first "  name: " line (metadata.name
// in the canonical layout).
func docName(doc string) (string, bool) {
	for _, l := range strings.Split(doc, "\n") {
		if v, ok := strings.CutPrefix(l, "  name: "); ok && v != "" {
			return v, true
		}
	}
	return "", false
}

// nextName adds one to the trailing number of name, keeping its width.
func nextName(name string) (string, bool) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	digits := name[i:]
	if digits == "" || len(digits) > 9 {
		return "", false
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		return "", false
	}
	s := strconv.Itoa(n + 1)
	for len(s) < len(digits) {
		s = "0" + s
	}
	return name[:i] + s, true
}

// incremented returns doc with its name's trailing number plus one.
func incremented(doc string) (string, bool) {
	name, ok := docName(doc)
	if !ok {
		return "", false
	}
	next, ok := nextName(name)
	if !ok {
		return "", false
	}
	out, err := replaceAll(doc, []string{name, next})
	if err != nil {
		return "", false
	}
	return out, true
}

// splitDocs cuts text at lines that are exactly "---" (the separator
// Marshal and compactDocs write; YAML indents every line of a multi-line
// value, so no value holds such a line).
func splitDocs(text []byte) []string {
	var out []string
	var cur strings.Builder
	for _, l := range bytes.SplitAfter(text, []byte("\n")) {
		if string(l) == "---\n" {
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.Write(l)
	}
	return append(out, cur.String())
}

// expandDocs reads the compact form back into the canonical text.
func expandDocs(compact []byte) ([]byte, error) {
	var docs []string
	total := 0
	add := func(d string) error {
		total += len(d) + 4
		if total > MaxDecodedBytes {
			return errors.New("share link: decoded scenario exceeds 1 MiB")
		}
		docs = append(docs, d)
		return nil
	}
	for n, part := range splitDocs(compact) {
		if !strings.HasPrefix(part, "%") {
			if err := add(part); err != nil {
				return nil, err
			}
			continue
		}
		var d []json.RawMessage
		if err := json.Unmarshal([]byte(strings.TrimSpace(part[1:])), &d); err != nil || len(d) < 2 {
			return nil, fmt.Errorf("share link: document %d is not a valid directive", n+1)
		}
		var op string
		var num int
		if json.Unmarshal(d[0], &op) != nil || json.Unmarshal(d[1], &num) != nil {
			return nil, fmt.Errorf("share link: document %d is not a valid directive", n+1)
		}
		switch op {
		case "c":
			if num < 0 || num >= len(docs) {
				return nil, fmt.Errorf("share link: document %d copies document %d, which does not come before it", n+1, num+1)
			}
			if len(d)%2 != 0 {
				return nil, fmt.Errorf("share link: document %d has an odd number of replacement texts", n+1)
			}
			subs := make([]string, 0, len(d)-2)
			for _, raw := range d[2:] {
				var s string
				if json.Unmarshal(raw, &s) != nil {
					return nil, fmt.Errorf("share link: document %d is not a valid directive", n+1)
				}
				subs = append(subs, s)
			}
			out, err := replaceAll(docs[num], subs)
			if err != nil {
				return nil, fmt.Errorf("share link: document %d: %v", n+1, err)
			}
			if err := add(out); err != nil {
				return nil, err
			}
		case "+":
			if len(d) != 2 || num < 1 || num > maxRepeat || len(docs) == 0 {
				return nil, fmt.Errorf("share link: document %d is not a valid repeat", n+1)
			}
			for k := 0; k < num; k++ {
				next, ok := incremented(docs[len(docs)-1])
				if !ok {
					return nil, fmt.Errorf("share link: document %d repeats a document whose name has no number", n+1)
				}
				if err := add(next); err != nil {
					return nil, err
				}
			}
		default:
			return nil, fmt.Errorf("share link: document %d has the unknown directive %q", n+1, op)
		}
	}
	return []byte(strings.Join(docs, "---\n")), nil
}
