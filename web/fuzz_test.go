package web

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzDecodeFragment: any fragment either decodes or returns an error,
// never panics, and what decodes re-encodes to the same text.
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
		if err != nil || again != text {
			t.Fatalf("re-encoding changed the text: %v", err)
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
		m := NewModel(testPresets, fakeSimulate)
		m.LoadFragment(frag)
		if m.Result == nil || m.Current() == nil {
			t.Fatalf("no board after %q (err %q, notice %q)", frag, m.Err, m.Notice)
		}
	})
}
