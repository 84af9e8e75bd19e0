package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
)

// FuzzDecodeFragment: any fragment either decodes or returns an error,
// never panics, and what decodes re-encodes to the same scenario (the same
// text when it does not parse).
func FuzzDecodeFragment(f *testing.F) {
	f.Add(EncodeFragment("kind: Scenario\n"))
	f.Add("s=%%%not")
	f.Add("#s=")
	f.Add("x=1&s=AAAA&y")
	f.Add(EncodeFragment(strings.Repeat("a", 5000)))
	f.Fuzz(func(t *testing.T, frag string) {
		text, err := DecodeFragment(frag)
		if err != nil {
			return
		}
		if len(text) > MaxScenarioBytes {
			t.Fatalf("decoded %d bytes, over the cap", len(text))
		}
		again, err := DecodeFragment(EncodeFragment(text))
		if err != nil {
			t.Fatalf("re-encoding gave a link that does not decode: %v", err)
		}
		// A link carries the shorter of the text and its canonical form
		// (core/scenario/link): a text that does not parse comes back as
		// it was, one that parses comes back as the same scenario.
		s1, err1 := scenario.Parse([]byte(text), "x")
		if err1 != nil {
			if again != text {
				t.Fatalf("a text that does not parse came back changed: %q → %q", text, again)
			}
			return
		}
		s2, err2 := scenario.Parse([]byte(again), "x")
		if err2 != nil {
			t.Fatalf("the re-encoded text does not parse: %v\n%s", err2, again)
		}
		c1, _ := link.Canonical(s1)
		c2, _ := link.Canonical(s2)
		if string(c1) != string(c2) {
			t.Fatalf("re-encoding changed the scenario:\n%s\n---- became ----\n%s", text, again)
		}
	})
}

// FuzzSanitizeHref: the result has no broken escape left, and sanitising
// twice changes nothing more.
func FuzzSanitizeHref(f *testing.F) {
	f.Add("http://127.0.0.1:8080/#s=%%%25x")
	f.Add("http://h/%zz?q=%#a b")
	f.Fuzz(func(t *testing.T, href string) {
		got, _ := SanitizeHref(href)
		if again, changed := SanitizeHref(got); changed || again != got {
			t.Fatalf("not idempotent: %q → %q → %q", href, got, again)
		}
		if strings.HasPrefix(href, "http://h/") {
			if _, err := url.Parse(got); err != nil {
				t.Fatalf("SanitizeHref(%q) = %q does not parse: %v", href, got, err)
			}
		}
	})
}

// FuzzLoadFragment: whatever the link holds, the model ends with a board
// and never panics.
func FuzzLoadFragment(f *testing.F) {
	f.Add("")
	f.Add("s=~")
	f.Add(EncodeFragment("bad"))
	f.Add(EncodeFragment("panic"))
	f.Fuzz(func(t *testing.T, frag string) {
		m := newModel(testPresets, fakeSimulate)
		loadFragment(m, frag)
		if result(m) == nil || m.Current() == nil {
			t.Fatalf("no board after %q (err %q, notice %q)", frag, m.Err, m.Notice)
		}
	})
}
