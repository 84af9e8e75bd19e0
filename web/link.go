package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
)

// FragmentKey is the fragment parameter that carries the scenario text.
const FragmentKey = link.FragmentKey

// MaxScenarioBytes caps the decompressed scenario read from a link.
const MaxScenarioBytes = link.MaxDecodedBytes

// EncodeFragment returns the URL fragment (without '#') that carries text:
// "s=" + a versioned share link (core/scenario/link). It returns "" when
// the scenario is too large for a link; EncodeFragmentErr says why.
func EncodeFragment(text string) string {
	frag, _ := EncodeFragmentErr(text)
	return frag
}

// EncodeFragmentErr is EncodeFragment with the reason a link cannot be made.
func EncodeFragmentErr(text string) (frag string, err error) {
	return encodeFragmentParsed(text, nil)
}

// encodeFragmentParsed is EncodeFragmentErr for text that a run already
// parsed into s (link.EncodeParsed: the same link without parsing the text
// again, seconds for a large scenario under js/wasm); a nil s parses it.
func encodeFragmentParsed(text string, s *scenario.Scenario) (frag string, err error) {
	defer func() {
		if r := recover(); r != nil {
			frag, err = "", fmt.Errorf("share link: %v", r)
		}
	}()
	var l string
	if s != nil {
		l, err = link.EncodeParsed([]byte(text), s)
	} else {
		l, err = link.Encode([]byte(text))
	}
	if err != nil {
		return "", err
	}
	return link.Fragment(l), nil
}

// ErrNoScenario means the fragment carries no scenario at all.
var ErrNoScenario = errors.New("no scenario in the link")

// DecodeFragment reads the scenario text from a URL fragment (with or
// without its leading '#'): a versioned link ("s=1.…") or a first-format
// one ("s=" + raw DEFLATE). It returns ErrNoScenario when the fragment has
// no "s=" parameter, and a descriptive error when the parameter is corrupt
// (too long, not base64url, a bomb over MaxScenarioBytes, not UTF-8).
func DecodeFragment(fragment string) (string, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	found := false
	for _, part := range strings.Split(fragment, "&") {
		if strings.HasPrefix(part, FragmentKey+"=") {
			found = true
			break
		}
	}
	if !found {
		return "", ErrNoScenario
	}
	data, err := link.Decode("#" + fragment)
	if errors.Is(err, link.ErrNoScenario) {
		return "", ErrNoScenario
	}
	if err != nil {
		return "", errors.New(strings.TrimPrefix(err.Error(), "share link: "))
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
