package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Quantity is a resource amount such as "500m", "4Gi", "110" or "1e3",
// parsed with the rules of k8s.io/apimachinery resource.ParseQuantity:
// an optional sign, decimal digits with at most one '.', then one suffix —
// a decimal SI prefix (n u m "" k M G T P E), a binary one (Ki Mi Gi Ti Pi Ei),
// or a decimal exponent (e3, E-2). The exact value is kept as a rational;
// MilliValue and Value round up, as upstream does.
type Quantity struct {
	v *big.Rat
	s string
	// negQuirk marks a negative value upstream stores as an inf.Dec: its
	// Value/MilliValue truncate and then add one when inexact.
	negQuirk bool
	// units and milli cache Value() and MilliValue(), computed once when
	// the quantity is made (cached is then true), so that the scheduler's
	// hot paths never touch big.Rat; unitsExact and milliExact say they
	// needed no rounding.
	units, milli           int64
	unitsExact, milliExact bool
	cached                 bool
	// keepText: upstream keeps the text as the quantity's printed form
	// (Canonical returns s).
	keepText bool
}

// newQuantity builds a quantity and caches its scaled values.
func newQuantity(v *big.Rat, s string, negQuirk bool) Quantity {
	q := Quantity{v: v, s: s, negQuirk: negQuirk}
	q.units, q.milli = q.scaled(1), q.scaled(1000)
	q.unitsExact, q.milliExact = q.exactIn(1), q.exactIn(1000)
	q.cached = true
	return q
}

// ErrFormatWrong is returned when a quantity does not match upstream's grammar
// (the text is resource.ErrFormatWrong's).
var ErrFormatWrong = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")

// ErrNumeric is returned when upstream's arbitrary-precision path finds no
// digit to parse, e.g. "Ei" or ".e-10" (resource.ErrNumeric's text).
var ErrNumeric = errors.New("unable to parse numeric part of quantity")

// ErrSuffix is returned for an unknown suffix (resource.ErrSuffix's text).
var ErrSuffix = errors.New("unable to parse quantity's suffix")

// ParseQuantity parses s with the grammar of apimachinery
// resource.ParseQuantity (parseQuantityString and the suffixer), quirks
// included: an optional sign; leading zeros are dropped and a string made
// only of a sign and zeros ("+", "-", "00") is zero; digits, an optional '.'
// and digits ("1." and "." are accepted); then a suffix of
// [eEinumkKMGTP]*[-+]?[0-9]*, which must be a decimal SI suffix
// (n u m "" k M G T P E), a binary one (Ki … Ei) or e/E followed by an
// integer exponent (truncated to int32, as upstream does). Non-zero values
// are rounded away from zero to a whole nano unit, and binary-suffixed
// values are capped at math.MaxInt64, as upstream does. Exponents beyond
// ±1000 are computed as ±1000: such values are far outside int64 either
// way (Value and MilliValue saturate). Errors are ErrFormatWrong (grammar),
// ErrSuffix (unknown suffix) or ErrNumeric (no digits where upstream's
// arbitrary-precision path needs some: "Ei", "Pi", ".e-10").
func ParseQuantity(s string) (Quantity, error) {
	if q, ok := memoQuantity(s); ok {
		return q, nil
	}
	q, err := parseQuantity(s)
	if err == nil {
		rememberQuantity(s, q)
	}
	return q, err
}

// parseQuantity is ParseQuantity without the memo.
func parseQuantity(s string) (Quantity, error) {
	if len(s) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if s == "0" {
		return newQuantity(new(big.Rat), s, false), nil
	}
	positive, num, denom, suffix, err := parseQuantityString(s)
	if err != nil {
		return Quantity{}, err
	}
	base, exponent, binary, ok := interpretSuffix(suffix)
	if !ok {
		return Quantity{}, ErrSuffix
	}
	if !strings.ContainsAny(s[:len(s)-len(suffix)], "0123456789") {
		// Upstream parses a digit-less number ("", ".", "+.") as zero on its
		// int64 fast path, but fails on its inf.Dec path, which it takes for
		// decimal exponents below -9 and for Pi and Ei.
		if (!binary && exponent < -9) || (binary && exponent >= 50) {
			return Quantity{}, ErrNumeric
		}
	}
	val, ok := new(big.Rat).SetString(num + "." + denom + "0")
	if !ok {
		return Quantity{}, ErrFormatWrong
	}
	if exponent > 1000 {
		exponent = 1000
	} else if exponent < -1000 {
		exponent = -1000
	}
	mult := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(base), big.NewInt(abs64(int64(exponent))), nil))
	if exponent < 0 {
		mult.Inv(mult)
	}
	val.Mul(val, mult)
	if val.Sign() != 0 {
		// Round away from zero to whole nanos ("if you want some resources,
		// you should get some").
		nanos := new(big.Rat).Mul(val, big.NewRat(1e9, 1))
		val.SetFrac(roundAwayFromZero(nanos), big.NewInt(1e9))
	}
	if binary {
		maxAllowed := new(big.Rat).SetInt64(math.MaxInt64)
		if val.Cmp(maxAllowed) > 0 {
			val = maxAllowed
		}
	}
	if !positive {
		val.Neg(val)
	}
	q := newQuantity(val, s, val.Sign() < 0 && !int64FastPath(num, denom, exponent, binary))
	q.keepText = keepsText(num, denom, exponent, binary)
	return q, nil
}

// int64FastPath reports whether upstream's ParseQuantity keeps the value as
// an int64 amount (its precision/scale fast path) rather than an inf.Dec.
// It matters only for the rounding quirk of negative values.
func int64FastPath(num, denom string, exponent int32, binary bool) bool {
	if !binary {
		precision := 18 - len(num) - len(denom)
		return precision >= 0 && int64(exponent)-int64(len(denom)) >= -9
	}
	if denom != "" {
		return false
	}
	precision := 15 - int32(len(num)) - int32(float32(exponent)*3/10) - 1
	if precision < 0 {
		return false
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		return false
	}
	return new(big.Int).Lsh(big.NewInt(v), uint(exponent)).IsInt64()
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func roundAwayFromZero(r *big.Rat) *big.Int {
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	switch m.Sign() {
	case 1:
		q.Add(q, big.NewInt(1))
	case -1:
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// parseQuantityString splits s like upstream's parseQuantityString: sign,
// numerator digits (leading zeros dropped), denominator digits, suffix.
func parseQuantityString(str string) (positive bool, num, denom, suffix string, err error) {
	positive = true
	pos, end := 0, len(str)
	if pos < end {
		switch str[0] {
		case '-':
			positive = false
			pos++
		case '+':
			pos++
		}
	}
	for pos < end && str[pos] == '0' {
		pos++
	}
	if pos >= end {
		return positive, "0", "", "", nil
	}
	start := pos
	for pos < end && str[pos] >= '0' && str[pos] <= '9' {
		pos++
	}
	num = str[start:pos]
	if num == "" {
		num = "0"
	}
	if pos >= end {
		return positive, num, "", "", nil
	}
	if str[pos] == '.' {
		pos++
		start = pos
		for pos < end && str[pos] >= '0' && str[pos] <= '9' {
			pos++
		}
		denom = str[start:pos]
		if pos >= end {
			return positive, num, denom, "", nil
		}
	}
	suffixStart := pos
	for pos < end && strings.IndexByte("eEinumkKMGTP", str[pos]) >= 0 {
		pos++
	}
	if pos < end && (str[pos] == '-' || str[pos] == '+') {
		pos++
	}
	for pos < end && str[pos] >= '0' && str[pos] <= '9' {
		pos++
	}
	if pos < end {
		return positive, "", "", "", ErrFormatWrong
	}
	return positive, num, denom, str[suffixStart:], nil
}

// interpretSuffix maps a suffix to base^exponent (upstream's suffixer).
func interpretSuffix(suffix string) (base int64, exponent int32, binary bool, ok bool) {
	switch suffix {
	case "":
		return 10, 0, false, true
	case "n":
		return 10, -9, false, true
	case "u":
		return 10, -6, false, true
	case "m":
		return 10, -3, false, true
	case "k":
		return 10, 3, false, true
	case "M":
		return 10, 6, false, true
	case "G":
		return 10, 9, false, true
	case "T":
		return 10, 12, false, true
	case "P":
		return 10, 15, false, true
	case "E":
		return 10, 18, false, true
	case "Ki":
		return 2, 10, true, true
	case "Mi":
		return 2, 20, true, true
	case "Gi":
		return 2, 30, true, true
	case "Ti":
		return 2, 40, true, true
	case "Pi":
		return 2, 50, true, true
	case "Ei":
		return 2, 60, true, true
	}
	if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
		e, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return 0, 0, false, false
		}
		return 10, int32(e), false, true
	}
	return 0, 0, false, false
}

// MustParseQuantity parses s and panics on error; for constants in tests and presets only.
func MustParseQuantity(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(fmt.Sprintf("MustParseQuantity(%q): %v", s, err))
	}
	return q
}

func ceilToInt64(r *big.Rat) int64 {
	if r == nil {
		return 0
	}
	// Round away from zero, as resource.Quantity's scaling does
	// (-5m has Value -1, 5m has Value 1).
	q := roundAwayFromZero(r)
	if !q.IsInt64() {
		if q.Sign() > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return q.Int64()
}

// Value returns the quantity in whole units (bytes, pods, devices), rounded
// away from zero, like resource.Quantity.Value (including upstream's quirk
// for negative values it parsed into an inf.Dec, which truncate and add
// one). Values beyond int64 saturate.
func (q Quantity) Value() int64 {
	if q.cached {
		return q.units
	}
	return q.scaled(1)
}

// MilliValue returns the quantity in thousandths (millicores for cpu),
// rounded away from zero, like resource.Quantity.MilliValue.
func (q Quantity) MilliValue() int64 {
	if q.cached {
		return q.milli
	}
	return q.scaled(1000)
}

func (q Quantity) scaled(factor int64) int64 {
	if q.v == nil {
		return 0
	}
	x := new(big.Rat).Mul(q.v, big.NewRat(factor, 1))
	if q.negQuirk {
		// Upstream's scaledValue: truncate, then +1 when inexact, even for
		// negative numbers (so -1E-10 has MilliValue 1).
		t, m := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
		if m.Sign() != 0 {
			t.Add(t, big.NewInt(1))
		}
		if t.IsInt64() {
			return t.Int64()
		}
		return math.MinInt64
	}
	return ceilToInt64(x)
}

// exactIn reports whether the quantity is a whole number of 1/factor units.
func (q Quantity) exactIn(factor int64) bool {
	if q.v == nil {
		return true
	}
	return new(big.Rat).Mul(q.v, big.NewRat(factor, 1)).IsInt()
}

// ExactIn reports whether Value (milli false) or MilliValue (milli true)
// is the quantity itself, without rounding: sums of such values equal the
// rounded sum of the quantities.
func (q Quantity) ExactIn(milli bool) bool {
	switch {
	case q.cached && milli:
		return q.milliExact
	case q.cached:
		return q.unitsExact
	case milli:
		return q.exactIn(1000)
	}
	return q.exactIn(1)
}

// IsZero reports whether the quantity is zero (or unset).
func (q Quantity) IsZero() bool { return q.v == nil || q.v.Sign() == 0 }

// Cmp compares q with o: -1, 0 or +1.
func (q Quantity) Cmp(o Quantity) int {
	a, b := q.v, o.v
	if a == nil {
		a = new(big.Rat)
	}
	if b == nil {
		b = new(big.Rat)
	}
	return a.Cmp(b)
}

// String returns the text the quantity was written with ("0" when unset).
func (q Quantity) String() string {
	if q.s == "" {
		return "0"
	}
	return q.s
}

// MarshalJSON writes the quantity as a JSON string, as the API does.
func (q Quantity) MarshalJSON() ([]byte, error) { return json.Marshal(q.String()) }

// UnmarshalJSON reads a quantity from a JSON string or number.
func (q *Quantity) UnmarshalJSON(b []byte) error {
	if in, ok := plainJSONString(b); ok {
		// string(in) as a map key does not allocate.
		if p, ok := memoQuantity(string(in)); ok {
			*q = p
			return nil
		}
	}
	s := string(b)
	if s == "null" {
		*q = Quantity{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	p, err := ParseQuantity(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("quantity %q: %w", s, err)
	}
	*q = p
	return nil
}
