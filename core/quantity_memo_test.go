package core

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// memoTexts mix texts that parse, texts that do not, and JSON that the
// UnmarshalJSON shortcut must leave to encoding/json (escapes, spaces,
// numbers, null).
var memoTexts = []string{
	`"500m"`, `"1Gi"`, `"110"`, `"0"`, `"32"`, `"128Gi"`, `"1.5"`, `"-1"`, `"1e3"`, `"1E-2"`,
	`"400u"`, `"1.0004"`, `"+.5"`, `"Ei"`, `"1Xi"`, `""`, `" 5m"`, `"5m "`, `"\u0035m"`,
	`"5\u006d"`, `"a\"b"`, `"\\"`, `"é"`, `5`, `0.5`, `1e3`, `null`, `"9223372036854775807Ki"`,
}

// TestQuantityMemo checks that a memoized quantity is the one parsed
// afresh, through ParseQuantity and UnmarshalJSON, the first time and the
// times after.
func TestQuantityMemo(t *testing.T) {
	for round := range 2 {
		for _, text := range memoTexts {
			t.Run(fmt.Sprintf("%d %s", round, text), func(t *testing.T) {
				var s string
				if json.Unmarshal([]byte(text), &s) == nil {
					want, wantErr := parseQuantity(s)
					got, gotErr := ParseQuantity(s)
					require.Equal(t, wantErr, gotErr)
					require.Equal(t, want, got)
				}
				var got Quantity
				gotErr := got.UnmarshalJSON([]byte(text))
				useMemo := quantityMemo.m
				quantityMemo.m = nil
				var want Quantity
				wantErr := want.UnmarshalJSON([]byte(text))
				quantityMemo.m = useMemo
				require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr))
				require.Equal(t, want, got)
			})
		}
	}
}

// TestQuantityMemoBounded checks that the memo stops growing at memoLimit
// and that quantities past it still parse.
func TestQuantityMemoBounded(t *testing.T) {
	for i := range memoLimit + 10 {
		s := fmt.Sprintf("%dm", 1000000+i)
		q, err := ParseQuantity(s)
		require.NoError(t, err)
		require.Equal(t, int64(1000000+i), q.MilliValue())
	}
	require.LessOrEqual(t, len(quantityMemo.m), memoLimit)
}

func BenchmarkQuantityUnmarshalJSON(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, text := range []string{`"500m"`, `"1Gi"`, `"110"`} {
			var q Quantity
			if err := q.UnmarshalJSON([]byte(text)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
