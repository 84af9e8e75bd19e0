package web

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// FragmentKey is the fragment parameter that carries the scenario text.
const FragmentKey = "s"

// MaxScenarioBytes caps the decompressed scenario read from a link.
const MaxScenarioBytes = 1 << 20

// EncodeFragment returns the URL fragment (without '#') that carries text:
// "s=" + base64url (no padding) of raw DEFLATE at level 9.
func EncodeFragment(text string) string {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil { // only for an invalid level
		return FragmentKey + "="
	}
	_, _ = w.Write([]byte(text))
	_ = w.Close()
	return FragmentKey + "=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// ErrNoScenario means the fragment carries no scenario at all.
var ErrNoScenario = errors.New("no scenario in the link")

// DecodeFragment reads the scenario text from a URL fragment (with or
// without its leading '#'). It returns ErrNoScenario when the fragment has
// no "s=" parameter, and a descriptive error when the parameter is corrupt.
func DecodeFragment(fragment string) (string, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	var payload string
	found := false
	for _, part := range strings.Split(fragment, "&") {
		if v, ok := strings.CutPrefix(part, FragmentKey+"="); ok {
			payload, found = v, true
			break
		}
	}
	if !found {
		return "", ErrNoScenario
	}
	payload = strings.TrimRight(strings.TrimSpace(payload), "=")
	if payload == "" {
		return "", errors.New("the scenario parameter is empty")
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return "", fmt.Errorf("not base64url: %v", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, MaxScenarioBytes+1))
	if err != nil {
		return "", fmt.Errorf("not DEFLATE data: %v", err)
	}
	if len(data) > MaxScenarioBytes {
		return "", fmt.Errorf("longer than %d bytes", MaxScenarioBytes)
	}
	if !utf8.Valid(data) {
		return "", errors.New("not UTF-8 text")
	}
	return string(data), nil
}

// SanitizeHref makes a page address parseable by net/url, which go-app
// parses at start-up and on every navigation (a failure there kills the
// app): every '%' that does not start a valid escape becomes "%25". It
// reports whether it changed anything.
func SanitizeHref(href string) (string, bool) {
	var b strings.Builder
	changed := false
	for i := 0; i < len(href); i++ {
		c := href[i]
		if c == '%' && !(i+2 < len(href) && isHex(href[i+1]) && isHex(href[i+2])) {
			b.WriteString("%25")
			changed = true
			continue
		}
		if c < 0x20 || c == 0x7f || c == ' ' {
			fmt.Fprintf(&b, "%%%02X", c)
			changed = true
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), changed
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
