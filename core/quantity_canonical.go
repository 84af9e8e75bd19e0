package core

import (
	"math/big"
	"strconv"
	"strings"
)

// quantityFormat is how a quantity was written, which decides its
// canonical form (resource.Format).
type quantityFormat int

const (
	decimalSI       quantityFormat = iota // "500m", "4k", "129M"
	binarySI                              // "1Gi", "512Mi"
	decimalExponent                       // "1e3", "5E-2"
)

// formatOf is the format of the text a quantity was parsed from: a binary
// suffix (Ki … Ei), an exponent (e or E followed by digits), or decimal SI.
func formatOf(s string) quantityFormat {
	suffix := strings.TrimLeft(s, "+-0123456789.")
	switch {
	case strings.HasSuffix(suffix, "i"):
		return binarySI
	case len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E'):
		return decimalExponent
	}
	return decimalSI
}

var decimalSuffixes = map[int]string{-9: "n", -6: "u", -3: "m", 0: "", 3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E"}

var binarySuffixes = []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

// keepsText reports whether upstream's ParseQuantity keeps the text it
// parsed as the quantity's printed form: on its int64 path, a binary
// value whose number is not a multiple of 8, or a decimal one whose
// scale is a multiple of three and whose digits neither start with 0 nor
// end in 000 ("1E3", "1500", "1.500" are kept; "5000", "0.5" are not).
func keepsText(num, denom string, exponent int32, binary bool) bool {
	if !int64FastPath(num, denom, exponent, binary) {
		return false
	}
	if binary {
		v, err := strconv.ParseInt(num, 10, 64)
		return err == nil && exponent%10 == 0 && v&0x07 != 0
	}
	shifted := num + denom
	scale := int64(exponent) - int64(len(denom))
	return shifted != "" && scale%3 == 0 && !strings.HasSuffix(shifted, "000") && shifted[0] != '0'
}

// Canonical is the quantity as the API server prints it
// (resource.Quantity.String after decoding): the text as written when
// upstream keeps it (keepsText), otherwise CanonicalizeBytes: decimal SI
// or exponent form with the mantissa's trailing zeros moved into an
// exponent that is a multiple of three ("0.5" is "500m", "1000m" is "1",
// "5000" is "5k", "1500" stays "1500"); binary SI in the largest power of
// 1024 that divides the value ("1024Mi" is "1Gi"), or decimal SI when the
// value is below 1024 or not a whole number. Zero is "0".
func (q Quantity) Canonical() string {
	if q.keepText {
		return q.s
	}
	if q.IsZero() {
		return "0"
	}
	format := formatOf(q.s)
	abs := new(big.Rat).Abs(q.v)
	sign := ""
	if q.v.Sign() < 0 {
		sign = "-"
	}
	if format == binarySI {
		if abs.Cmp(big.NewRat(1024, 1)) < 0 || !abs.IsInt() {
			format = decimalSI
		} else {
			m, exp := new(big.Int).Set(abs.Num()), 0
			k := big.NewInt(1024)
			for exp < len(binarySuffixes)-1 {
				d, r := new(big.Int).QuoRem(m, k, new(big.Int))
				if r.Sign() != 0 {
					break
				}
				m, exp = d, exp+1
			}
			return sign + m.String() + binarySuffixes[exp]
		}
	}
	nanos := new(big.Rat).Mul(abs, big.NewRat(1e9, 1))
	if !nanos.IsInt() {
		return q.String()
	}
	m, exp := new(big.Int).Set(nanos.Num()), -9
	ten := big.NewInt(10)
	for {
		d, r := new(big.Int).QuoRem(m, ten, new(big.Int))
		if r.Sign() != 0 {
			break
		}
		m, exp = d, exp+1
	}
	for ; exp%3 != 0; exp-- {
		m.Mul(m, ten)
	}
	if format == decimalExponent {
		if exp == 0 {
			return sign + m.String()
		}
		return sign + m.String() + "e" + big.NewInt(int64(exp)).String()
	}
	// An exponent beyond the SI prefixes (above E) has no suffix:
	// upstream then prints the mantissa alone ("15000E" prints "15").
	return sign + m.String() + decimalSuffixes[exp]
}

// RoundUpMilli is the quantity rounded away from zero to a whole number of
// thousandths, as the API server's defaulting of every resource list does
// (SetDefaults_ResourceList: Quantity.RoundUp(-3)). A quantity that needs
// no rounding is returned as it is; a rounded one is written in its
// canonical form ("400u" becomes "1m", "1.0004" "1001m", "4e-4" "1e-3").
func (q Quantity) RoundUpMilli() Quantity {
	if q.ExactIn(true) {
		return q
	}
	m := roundAwayFromZero(new(big.Rat).Mul(q.v, big.NewRat(1000, 1)))
	r := newQuantity(new(big.Rat).SetFrac(m, big.NewInt(1000)), q.s, false)
	r.s = r.Canonical()
	return r
}
