package link

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	goyaml "go.yaml.in/yaml/v2"

	"github.com/taints-playground/playground/core/scenario"
)

// Version is the newest link format this package writes and reads. A link
// of format 1 is
//
//	1.<payload>
//
// "1." is the link's version; <payload> is base64url without padding of
// the format byte (1 again), a form byte ('y' for YAML text, 'c' for the
// compact form, see compact.go) and raw DEFLATE (compress/flate, level 9)
// compressed with the format's preset dictionary (flate.NewWriterDict,
// dict1.go). The dictionary is part of the format: it never changes within
// a format version, so a link made today decodes to the same text forever.
const Version = 1

// MaxDecodedBytes caps the scenario text a link may decode to (1 MiB).
const MaxDecodedBytes = 1 << 20

// MaxLinkChars caps the length of a link (the text after "s="), checked
// before anything is decoded: 64 KiB characters, far above any scenario
// a person writes and well within what browsers keep in an address.
const MaxLinkChars = 64 << 10

// FragmentKey is the fragment parameter that carries the link ("#s=…").
const FragmentKey = "s"

// ErrNoScenario means the fragment carries no "s=" parameter at all.
var ErrNoScenario = errors.New("share link: the address carries no scenario")

// Encode returns the link for a scenario file: "1." + base64url of the
// format byte and the compressed text (see Version). It writes the
// shortest of three equivalent texts: the file exactly as given (form 'y',
// comments kept); when the file parses, its canonical form (form 'y': the
// scenario re-written by Canonical, so managedFields, ignored status
// fields and comments cost nothing); and the compact form (form 'c': the
// canonical text with repeated documents written as copy and repeat
// directives, kept only when it expands back byte for byte). Ties go to
// the file as written. A file that does not parse is still encoded as
// written, so a draft can be shared. Decode returns YAML text that
// scenario.Parse reads into the scenario the link was made from.
func Encode(yaml []byte) (string, error) {
	s, err := scenario.Parse(yaml, "")
	if err != nil {
		s = nil
	}
	return EncodeParsed(yaml, s)
}

// EncodeParsed is Encode for a file the caller already parsed into s (nil
// when it does not parse): the same link, without parsing the file again.
// s must be what scenario.Parse gave for yaml, unmodified.
func EncodeParsed(yaml []byte, s *scenario.Scenario) (string, error) {
	best, err := encodeText(yaml, formText)
	if err != nil {
		return "", err
	}
	if s != nil {
		for _, l := range canonicalLinks(s) {
			if len(l) < len(best) {
				best = l
			}
		}
	}
	if len(best) > MaxLinkChars {
		return "", fmt.Errorf("share link: the link would be %d characters, over the limit of %d: shorten the descriptions and captions or remove objects", len(best), MaxLinkChars)
	}
	return best, nil
}

// EncodeVerbatim returns the link for the file exactly as written
// (comments and layout kept).
func EncodeVerbatim(yaml []byte) (string, error) {
	l, err := encodeText(yaml, formText)
	if err != nil {
		return "", err
	}
	if len(l) > MaxLinkChars {
		return "", fmt.Errorf("share link: the link would be %d characters, over the limit of %d: shorten the descriptions and captions or remove objects", len(l), MaxLinkChars)
	}
	return l, nil
}

// The forms of format 1, the byte after the format byte.
const (
	formText    = 'y' // the scenario text
	formCompact = 'c' // the canonical text with repeated documents as directives (compact.go)
)

// canonicalLinks returns the links of the canonical text and, when it
// expands back exactly, of its compact form.
func canonicalLinks(s *scenario.Scenario) []string {
	c, err := Canonical(s)
	if err != nil {
		return nil
	}
	var out []string
	if l, err := encodeText(c, formText); err == nil {
		out = append(out, l)
	}
	compact := compactDocs(c)
	if back, err := expandDocs(compact); err == nil && bytes.Equal(back, c) {
		if l, err := encodeText(compact, formCompact); err == nil {
			out = append(out, l)
		}
	}
	return out
}

// Fragment returns the address fragment (without '#') for a link: "s=" + link.
func Fragment(link string) string { return FragmentKey + "=" + link }

func encodeText(text []byte, form byte) (string, error) {
	if len(text) > MaxDecodedBytes {
		return "", fmt.Errorf("share link: the scenario is %d bytes, over the limit of 1 MiB", len(text))
	}
	if !utf8.Valid(text) {
		return "", errors.New("share link: the scenario is not UTF-8 text")
	}
	var buf bytes.Buffer
	buf.WriteByte(Version)
	buf.WriteByte(form)
	w, err := flate.NewWriterDict(&buf, flate.BestCompression, dictionaries[Version])
	if err != nil {
		return "", fmt.Errorf("share link: %v", err)
	}
	if _, err := w.Write(text); err != nil {
		return "", fmt.Errorf("share link: %v", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("share link: %v", err)
	}
	return strconv.Itoa(Version) + "." + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

// Decode reads a link back into scenario YAML. It accepts the link itself
// ("1.…"), the fragment with or without '#' ("#s=1.…&lang=hi"), a whole
// address, or a format-0 link ("#s=" + base64url of raw DEFLATE). It
// returns ErrNoScenario when a fragment or address has no "s=" parameter.
//
// Links are hostile input. Decode never panics, refuses links longer than
// MaxLinkChars before decoding, and stops inflating at MaxDecodedBytes
// (io.LimitReader), so a decompression bomb costs at most 1 MiB. Errors
// start with "share link: " and say what is wrong and where.
func Decode(link string) (text []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = nil, fmt.Errorf("share link: cannot be read: %v", r)
		}
	}()
	value, offset, err := linkValue(link)
	if err != nil {
		return nil, err
	}
	if len(value) > MaxLinkChars {
		return nil, fmt.Errorf("share link: the link is %d characters, over the limit of %d", len(value), MaxLinkChars)
	}
	if strings.ContainsAny(value, " \t\r\n") {
		// A link wrapped by a mail client or pasted across lines.
		value = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, value)
	}
	version := 0
	b64 := value
	if head, rest, ok := strings.Cut(value, "."); ok {
		v, perr := strconv.Atoi(head)
		if perr != nil || v < 0 || head != strconv.Itoa(v) {
			return nil, fmt.Errorf("share link: %q is not a version number: a link starts with a version such as 1.", truncate(head, 12))
		}
		if v > Version {
			return nil, fmt.Errorf("share link: version %d is newer than this playground understands (%d)", v, Version)
		}
		version, b64 = v, rest
		offset += len(head) + 1
	}
	if b64 == "" {
		return nil, errors.New("share link: the link is empty")
	}
	raw, err := base64.RawURLEncoding.DecodeString(b64)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			pos := int(ce)
			if pos < len(b64) {
				return nil, fmt.Errorf("share link: not valid base64url at character %d (%q)", offset+pos+1, b64[pos])
			}
			return nil, fmt.Errorf("share link: not valid base64url at character %d (the link is cut short)", offset+pos+1)
		}
		return nil, fmt.Errorf("share link: not valid base64url: %v", err)
	}
	if version > 0 {
		if len(raw) == 0 {
			return nil, errors.New("share link: the link holds no data")
		}
		if int(raw[0]) != version {
			return nil, fmt.Errorf("share link: the link says version %d but its data is format %d", version, raw[0])
		}
		raw = raw[1:]
	}
	return migrate(version, raw)
}

// DecodeScenario decodes a link and parses the scenario it carries.
func DecodeScenario(link string) (*scenario.Scenario, error) {
	text, err := Decode(link)
	if err != nil {
		return nil, err
	}
	s, err := scenario.Parse(text, "share link")
	if err != nil {
		return nil, err
	}
	return s, nil
}

// linkValue finds the link in what was given and its offset there.
func linkValue(in string) (string, int, error) {
	offset := 0
	s := in
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, offset = s[i+1:], i+1
	} else if strings.Contains(s, "://") {
		return "", 0, ErrNoScenario
	}
	if !strings.Contains(s, "=") {
		// The bare link.
		t := strings.TrimLeft(s, " \t\r\n")
		return t, offset + len(s) - len(t), nil
	}
	pos := offset
	for _, part := range strings.Split(s, "&") {
		if v, ok := strings.CutPrefix(part, FragmentKey+"="); ok {
			pos += len(FragmentKey) + 1
			return strings.TrimRight(v, "="), pos, nil
		}
		pos += len(part) + 1
	}
	return "", 0, ErrNoScenario
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// migrate reads the payload of a link of the given format into scenario
// text of the current format: the format's own decoder, then every text
// migration from that format to Version in order. Every decoded payload
// goes through it.
//
// Format 0 is the playground's first link form, "#s=" + base64url of raw
// DEFLATE of the YAML with no version and no dictionary; a link without
// "N." is read as format 0, so links shared before versioning keep
// working. A future format adds a decoder and, when the scenario file
// changes, a text migration from the previous format; old decoders and
// dictionaries are never edited. Stored links of every released format
// (core/scenario/testdata/links) are decoded by the tests and compared
// with the scenario they must give.
func migrate(version int, payload []byte) ([]byte, error) {
	if version < 0 || version >= len(decoders) {
		return nil, fmt.Errorf("share link: version %d is newer than this playground understands (%d)", version, Version)
	}
	text, err := decoders[version](payload)
	if err != nil {
		return nil, err
	}
	for v := version; v < Version; v++ {
		if m := migrations[v]; m != nil {
			if text, err = m(text); err != nil {
				return nil, fmt.Errorf("share link: migrating format %d: %v", v, err)
			}
		}
	}
	return text, nil
}

// decoders[v] reads the payload of format v (after the format byte).
var decoders = []func([]byte) ([]byte, error){
	0: func(p []byte) ([]byte, error) { return inflate(p, nil) },
	1: decode1,
}

// migrations[v] turns the text of format v into the text of format v+1;
// nil means the text is unchanged. Format 0 and 1 both carry a scenario
// file of apiVersion playground.k8s.io/v1alpha1.
var migrations = []func([]byte) ([]byte, error){
	0: nil,
}

// decode1 reads format 1: a form byte, then DEFLATE with dictionary 1.
func decode1(p []byte) ([]byte, error) {
	if len(p) == 0 {
		return nil, errors.New("share link: the link holds no data")
	}
	form, rest := p[0], p[1:]
	if form != formText && form != formCompact {
		return nil, fmt.Errorf("share link: unknown form %q in a version 1 link", form)
	}
	text, err := inflate(rest, dictionaries[1])
	if err != nil || form == formText {
		return text, err
	}
	return expandDocs(text)
}

// inflate decompresses raw DEFLATE with an optional preset dictionary,
// reading at most MaxDecodedBytes.
func inflate(p []byte, dict []byte) ([]byte, error) {
	if len(p) == 0 {
		return nil, errors.New("share link: the link holds no data")
	}
	r := flate.NewReaderDict(bytes.NewReader(p), dict)
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, MaxDecodedBytes+1))
	if len(data) > MaxDecodedBytes {
		return nil, errors.New("share link: decoded scenario exceeds 1 MiB")
	}
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errors.New("share link: the data ends early (was the link cut short when copied?)")
		}
		return nil, fmt.Errorf("share link: the data is not DEFLATE-compressed text: %v", err)
	}
	if !utf8.Valid(data) {
		return nil, errors.New("share link: the decoded scenario is not UTF-8 text")
	}
	return data, nil
}

// Canonical returns the canonical compact text of a scenario: what
// scenario.Marshal writes, without the fields Parse implies (apiVersion of
// every document, metadata.namespace "default"). Parse reads it into a
// scenario equal to s.
func Canonical(s *scenario.Scenario) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("share link: cannot write the scenario: %v", r)
		}
	}()
	m, err := s.Marshal()
	if err != nil {
		return nil, fmt.Errorf("share link: %v", err)
	}
	var docs [][]byte
	for _, d := range splitDocs(m) {
		var ms goyaml.MapSlice
		if err := goyaml.Unmarshal([]byte(d), &ms); err != nil {
			return nil, fmt.Errorf("share link: %v", err)
		}
		if len(ms) == 0 {
			continue
		}
		out := ms[:0]
		for _, it := range ms {
			if it.Key == "apiVersion" {
				continue
			}
			if it.Key == "metadata" {
				if md, ok := it.Value.(goyaml.MapSlice); ok {
					kept := md[:0]
					for _, f := range md {
						if f.Key == "namespace" && f.Value == scenario.DefaultNamespace {
							continue
						}
						kept = append(kept, f)
					}
					if len(kept) == 0 {
						continue
					}
					it.Value = kept
				}
			}
			out = append(out, it)
		}
		b, err := goyaml.Marshal(out)
		if err != nil {
			return nil, fmt.Errorf("share link: %v", err)
		}
		docs = append(docs, b)
	}
	return bytes.Join(docs, []byte("---\n")), nil
}
