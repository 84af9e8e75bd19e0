package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
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
}

// ErrFormatWrong is returned when a quantity does not match upstream's grammar
// (the text is resource.ErrFormatWrong's).
var ErrFormatWrong = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")

// ErrSuffix is returned for an unknown suffix (resource.ErrSuffix's text).
var ErrSuffix = errors.New("unable to parse quantity's suffix")

// ParseQuantity parses s. Errors are ErrFormatWrong or ErrSuffix.
func ParseQuantity(s string) (Quantity, error) {
	if len(s) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if s == "0" {
		return Quantity{v: new(big.Rat), s: s}, nil
	}
	pos := 0
	neg := false
	switch s[0] {
	case '-':
		neg = true
		pos++
	case '+':
		pos++
	}
	start := pos
	seenDot := false
	for pos < len(s) {
		c := s[pos]
		if c == '.' {
			if seenDot {
				return Quantity{}, ErrFormatWrong
			}
			seenDot = true
		} else if c < '0' || c > '9' {
			break
		}
		pos++
	}
	num := s[start:pos]
	if num == "" || num == "." {
		return Quantity{}, ErrFormatWrong
	}
	suffix := s[pos:]
	// The suffix must itself match [eEinumkKMGTP]*[-+]?[0-9]*.
	i := 0
	for i < len(suffix) && strings.IndexByte("eEinumkKMGTP", suffix[i]) >= 0 {
		i++
	}
	if i < len(suffix) && (suffix[i] == '-' || suffix[i] == '+') {
		i++
	}
	for i < len(suffix) && suffix[i] >= '0' && suffix[i] <= '9' {
		i++
	}
	if i != len(suffix) {
		return Quantity{}, ErrFormatWrong
	}
	val, ok := new(big.Rat).SetString(strings.TrimSuffix(num, "."))
	if !ok {
		// "1." style numbers: big.Rat rejects a trailing dot only in some forms.
		return Quantity{}, ErrFormatWrong
	}
	mult, err := suffixMultiplier(suffix)
	if err != nil {
		return Quantity{}, err
	}
	val.Mul(val, mult)
	if neg {
		val.Neg(val)
	}
	return Quantity{v: val, s: s}, nil
}

func suffixMultiplier(suffix string) (*big.Rat, error) {
	pow10 := func(e int64) *big.Rat {
		if e >= 0 {
			return new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(e), nil))
		}
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(-e), nil))
	}
	switch suffix {
	case "":
		return pow10(0), nil
	case "n":
		return pow10(-9), nil
	case "u":
		return pow10(-6), nil
	case "m":
		return pow10(-3), nil
	case "k":
		return pow10(3), nil
	case "M":
		return pow10(6), nil
	case "G":
		return pow10(9), nil
	case "T":
		return pow10(12), nil
	case "P":
		return pow10(15), nil
	case "E":
		return pow10(18), nil
	}
	binary := map[string]uint{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
	if shift, ok := binary[suffix]; ok {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), shift)), nil
	}
	if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
		var e int64
		if _, err := fmt.Sscan(suffix[1:], &e); err != nil || strings.ContainsAny(suffix[1:], "eEinumkKMGTP") {
			return nil, ErrSuffix
		}
		if e > 1000 || e < -1000 {
			return nil, ErrSuffix
		}
		return pow10(e), nil
	}
	return nil, ErrSuffix
}

// MustParseQuantity parses s and panics on error; for constants in tests and presets only.
func MustParseQuantity(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(fmt.Sprintf("MustParseQuantity(%q): %v", s, err))
	}
	return q
}

// NewMilliQuantity returns a quantity of m thousandths (e.g. millicores).
func NewMilliQuantity(m int64) Quantity {
	return Quantity{v: new(big.Rat).SetFrac(big.NewInt(m), big.NewInt(1000)), s: fmt.Sprintf("%dm", m)}
}

// NewQuantity returns a quantity of n units (bytes, pods, devices).
func NewQuantity(n int64) Quantity {
	return Quantity{v: new(big.Rat).SetInt64(n), s: fmt.Sprintf("%d", n)}
}

func ceilToInt64(r *big.Rat) int64 {
	if r == nil {
		return 0
	}
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		if q.Sign() > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return q.Int64()
}

// Value returns the quantity rounded up to a whole unit (bytes, pods, devices),
// like resource.Quantity.Value.
func (q Quantity) Value() int64 { return ceilToInt64(q.v) }

// MilliValue returns the quantity in thousandths rounded up (millicores for
// cpu), like resource.Quantity.MilliValue.
func (q Quantity) MilliValue() int64 {
	if q.v == nil {
		return 0
	}
	return ceilToInt64(new(big.Rat).Mul(q.v, big.NewRat(1000, 1)))
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
