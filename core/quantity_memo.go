package core

import "sync"

// Parsing a quantity builds big.Rat values and is the most expensive part
// of decoding a manifest; a scenario repeats a few texts ("500m", "1Gi",
// "110") thousands of times. The memo keeps the quantities parsed from
// the first memoLimit distinct texts. A Quantity never changes its
// big.Rat after it is made (rat, Canonical and RoundUpMilli work on
// copies), so one value can be shared.

// memoLimit bounds the memo: past it, new texts are parsed every time.
const memoLimit = 4096

var quantityMemo struct {
	sync.Mutex
	m map[string]Quantity
}

// memoQuantity returns the quantity parsed from s when the memo holds it.
func memoQuantity(s string) (Quantity, bool) {
	quantityMemo.Lock()
	q, ok := quantityMemo.m[s]
	quantityMemo.Unlock()
	return q, ok
}

// rememberQuantity adds q, parsed from s, to the memo while it has room.
func rememberQuantity(s string, q Quantity) {
	quantityMemo.Lock()
	if quantityMemo.m == nil {
		quantityMemo.m = make(map[string]Quantity)
	}
	if len(quantityMemo.m) < memoLimit {
		quantityMemo.m[s] = q
	}
	quantityMemo.Unlock()
}

// plainJSONString returns the text of a JSON string that needs no
// unescaping and no trimming (printable ASCII, no quote, backslash or
// surrounding space), and false for anything else.
func plainJSONString(b []byte) ([]byte, bool) {
	if len(b) < 3 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false
	}
	in := b[1 : len(b)-1]
	for _, c := range in {
		if c <= ' ' || c > '~' || c == '"' || c == '\\' {
			return nil, false
		}
	}
	return in, true
}
