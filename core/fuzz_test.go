package core_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"github.com/stretchr/testify/require"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/util/validation"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"

	"github.com/taints-playground/playground/core"
)

// Differential fuzz tests: the real upstream v1.37.2 code is the oracle.
// Their seed corpora run in every `go test`; run one with
// `go test -fuzz=FuzzToleratesTaint -fuzztime=60s ./core/` to search further.

func toV1Toleration(t core.Toleration) v1.Toleration {
	return v1.Toleration{Key: t.Key, Operator: v1.TolerationOperator(t.Operator), Value: t.Value,
		Effect: v1.TaintEffect(t.Effect), TolerationSeconds: t.TolerationSeconds}
}

func toV1Taint(t core.Taint) v1.Taint {
	return v1.Taint{Key: t.Key, Value: t.Value, Effect: v1.TaintEffect(t.Effect)}
}

func FuzzToleratesTaint(f *testing.F) {
	seeds := []struct {
		tk, op, tv, te, k, v, e string
	}{
		{"foo", "Exists", "", "NoSchedule", "foo", "", "NoSchedule"},
		{"", "", "", "", "a", "", "NoExecute"},
		{"", "Equal", "x", "", "b", "x", "Foo"},
		{"sla", "Gt", "950", "NoSchedule", "sla", "999", "NoSchedule"},
		{"sla", "Lt", "-5", "", "sla", "-10", "NoSchedule"},
		{"sla", "Gt", "007", "", "sla", "8", ""},
		{"sla", "Gt", "9223372036854775807", "", "sla", "9223372036854775808", ""},
		{"sla", "Lt", "0", "", "sla", "-0", ""},
		{"k", "exists", "", "", "k", "", ""},
		{"k", "Gt", "+5", "", "k", "6", ""},
		{"k", "Lt", "１", "", "k", "0", ""},
	}
	for _, s := range seeds {
		f.Add(s.tk, s.op, s.tv, s.te, s.k, s.v, s.e, false)
		f.Add(s.tk, s.op, s.tv, s.te, s.k, s.v, s.e, true)
	}
	f.Fuzz(func(t *testing.T, tk, op, tv, te, k, v, e string, gate bool) {
		tol := core.Toleration{Key: tk, Operator: core.TolerationOperator(op), Value: tv, Effect: core.TaintEffect(te)}
		taint := core.Taint{Key: k, Value: v, Effect: core.TaintEffect(e)}
		got := tol.ToleratesTaint(&taint, gate)
		ut, utaint := toV1Toleration(tol), toV1Taint(taint)
		want := ut.ToleratesTaint(logr.Discard(), &utaint, gate)
		require.Equal(t, want, got, "ToleratesTaint(%+v, %+v, gate=%v)", tol, taint, gate)
		require.Equal(t, ut.MatchToleration(&ut), tol.MatchToleration(&tol), "MatchToleration self")
		require.Equal(t, utaint.ToString(), taint.ToString(), "ToString")
	})
}

// Small pools make keys, values and effects collide often.
var (
	poolKeys    = []string{"", "a", "b", "sla", "node.kubernetes.io/not-ready"}
	poolValues  = []string{"", "1", "2", "950", "-5", "007", "x"}
	poolOps     = []string{"", "Equal", "Exists", "Gt", "Lt", "exists"}
	poolEffects = []string{"", "NoSchedule", "PreferNoSchedule", "NoExecute", "None"}
)

func pick(pool []string, b byte) string { return pool[int(b)%len(pool)] }

// listsFromBytes decodes a byte string into taints (4 bytes each) and
// tolerations (5 bytes each); the first byte splits the two.
func listsFromBytes(data []byte) ([]core.Taint, []core.Toleration) {
	if len(data) == 0 {
		return nil, nil
	}
	nTaints := int(data[0]) % 6
	data = data[1:]
	var taints []core.Taint
	for len(data) >= 3 && len(taints) < nTaints {
		taints = append(taints, core.Taint{Key: pick(poolKeys, data[0]), Value: pick(poolValues, data[1]), Effect: core.TaintEffect(pick(poolEffects, data[2]))})
		data = data[3:]
	}
	var tols []core.Toleration
	for len(data) >= 5 && len(tols) < 8 {
		tol := core.Toleration{Key: pick(poolKeys, data[0]), Operator: core.TolerationOperator(pick(poolOps, data[1])),
			Value: pick(poolValues, data[2]), Effect: core.TaintEffect(pick(poolEffects, data[3]))}
		if data[4]%3 == 1 {
			s := int64(data[4]) - 100
			tol.TolerationSeconds = &s
		}
		tols = append(tols, tol)
		data = data[5:]
	}
	return taints, tols
}

func FuzzFindMatchingUntoleratedTaint(f *testing.F) {
	f.Add([]byte{2, 1, 1, 1, 2, 2, 3, 1, 2, 0, 1, 0}, false)
	f.Add([]byte{3, 3, 3, 1, 3, 4, 3, 0, 0, 0, 3, 3, 3, 1, 4}, true)
	f.Add([]byte{1, 3, 3, 3, 3, 4, 3, 3, 9}, true)
	f.Add([]byte{0}, false)
	f.Add([]byte{5, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 0, 2, 0, 0, 0, 0, 0, 2}, false)
	f.Fuzz(func(t *testing.T, data []byte, gate bool) {
		taints, tols := listsFromBytes(data)
		var uTaints []v1.Taint
		for _, x := range taints {
			uTaints = append(uTaints, toV1Taint(x))
		}
		var uTols []v1.Toleration
		for _, x := range tols {
			uTols = append(uTols, toV1Toleration(x))
		}
		filters := []struct {
			name string
			ours core.TaintFilter
			up   func(*v1.Taint) bool
		}{
			{"nil", nil, nil},
			{"NoScheduleOrNoExecute", core.DoNotScheduleTaintsFilter, func(t *v1.Taint) bool {
				return t.Effect == v1.TaintEffectNoSchedule || t.Effect == v1.TaintEffectNoExecute
			}},
			{"NoExecute", core.NoExecuteTaintsFilter, func(t *v1.Taint) bool { return t.Effect == v1.TaintEffectNoExecute }},
		}
		for _, fl := range filters {
			got, gotOK := core.FindMatchingUntoleratedTaint(taints, tols, fl.ours, gate)
			want, wantOK := corev1helpers.FindMatchingUntoleratedTaint(logr.Discard(), uTaints, uTols, fl.up, gate)
			require.Equal(t, wantOK, gotOK, "filter %s: untolerated\ntaints %+v\ntolerations %+v", fl.name, taints, tols)
			require.Equal(t, want, toV1Taint(got), "filter %s: taint\ntaints %+v\ntolerations %+v", fl.name, taints, tols)
		}
		for i := range taints {
			got := core.TolerationsTolerateTaint(tols, &taints[i], gate)
			want := corev1helpers.TolerationsTolerateTaint(logr.Discard(), uTols, &uTaints[i], gate)
			require.Equal(t, want, got, "TolerationsTolerateTaint(%+v)", taints[i])
		}
	})
}

func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{"0", "1", "100m", "1.5", "4Gi", "1e3", "1E-2", "+5", "-5m", ".5", "5.", "1Ki", "1ki", "1k", "1K", "",
		"1.2.3", "1e", "1e+", "1ee3", "1Mi2", "0.000000001", "1n", "1u", "1P", "1Ei", "9223372036854775807", "12345678901234567890Ei", "1e1000", "-0", "- 1", "1 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, gotErr := core.ParseQuantity(s)
		if hugeExponent(s) {
			// Upstream expands 10^exponent in full and can take minutes;
			// only check that ours does not fail differently on the grammar.
			return
		}
		want, wantErr := resource.ParseQuantity(s)
		require.Equal(t, wantErr == nil, gotErr == nil, "ParseQuantity(%q): err %v, upstream err %v", s, gotErr, wantErr)
		if gotErr != nil {
			return
		}
		// Compare where upstream's int64 results are exact.
		limit := resource.NewQuantity(math.MaxInt64/1000-1, resource.DecimalSI)
		negLimit := resource.NewQuantity(-(math.MaxInt64/1000 - 1), resource.DecimalSI)
		if want.Cmp(*limit) < 0 && want.Cmp(*negLimit) > 0 {
			require.Equal(t, want.MilliValue(), got.MilliValue(), "ParseQuantity(%q).MilliValue()", s)
			require.Equal(t, want.Value(), got.Value(), "ParseQuantity(%q).Value()", s)
		}
		require.Equal(t, want.IsZero(), got.IsZero(), "ParseQuantity(%q).IsZero()", s)
	})
}

// hugeExponent reports whether s ends in an e/E exponent whose magnitude
// exceeds 300 (or does not fit in int64).
func hugeExponent(s string) bool {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	digits := s[i:]
	if i > 0 && (s[i-1] == '+' || s[i-1] == '-') {
		i--
	}
	if i == 0 || (s[i-1] != 'e' && s[i-1] != 'E') || digits == "" {
		return false
	}
	e, err := strconv.ParseInt(strings.TrimLeft(digits, "0")+"0", 10, 64)
	return err != nil || e > 3000
}

// requireSameMessages: got and want list the same messages, a nil and an
// empty list alike.
func requireSameMessages(t *testing.T, want, got []string, what string, s string) {
	t.Helper()
	if len(want) == 0 {
		require.Empty(t, got, "%s(%q)", what, s)
		return
	}
	require.Equal(t, want, got, "%s(%q)", what, s)
}

func labelSeeds(f *testing.F) {
	for _, s := range []string{"", "a", "A", "a_", "a-", "-a", "a.b/c", "a/b/c", "/a", "a/", "Example.com/x", "example.com/Uppercase_OK",
		"x=y", "foo bar", "b\u00e4r", "a..b/c", "-a.b/c", "a-.b/c", "1.2.3.4/5678", "abc\n", "a\x00b",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"} {
		f.Add(s)
	}
}

func FuzzLabelKey(f *testing.F) {
	labelSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		requireSameMessages(t, validation.IsQualifiedName(s), core.IsQualifiedName(s), "IsQualifiedName", s)
		requireSameMessages(t, content.IsDNS1123Subdomain(s), core.IsDNS1123Subdomain(s), "IsDNS1123Subdomain", s)
	})
}

func FuzzLabelValue(f *testing.F) {
	labelSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		requireSameMessages(t, validation.IsValidLabelValue(s), core.IsValidLabelValue(s), "IsValidLabelValue", s)
	})
}

func FuzzDecimalInteger(f *testing.F) {
	for _, s := range []string{"", "0", "-0", "00", "-", "+1", "1", "-1", "9223372036854775808", "１", "1 ", "0x1", "10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		requireSameMessages(t, content.IsDecimalInteger(s), core.DecimalIntegerErrors(s), "DecimalIntegerErrors", s)
	})
}
