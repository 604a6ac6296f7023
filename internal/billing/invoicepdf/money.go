package invoicepdf

import (
	"strconv"
	"strings"

	"golang.org/x/text/currency"
)

// Digits is the number of minor-unit digits of the ISO 4217 currency code
// (EUR 2, JPY 0, KWD 3), from golang.org/x/text/currency; 2 when unknown.
func Digits(code string) int {
	u, err := currency.ParseISO(code)
	if err != nil {
		return 2
	}
	scale, _ := currency.Standard.Rounding(u)
	return scale
}

// FormatMinor writes an amount in minor units of code as its ISO code and the
// decimal amount, digits grouped by three: "EUR 1,234.56", "EUR -0.50",
// "JPY 1,200". ISO codes rather than symbols: the PDF's font has no ₹ or ৳.
func FormatMinor(amount int64, code string) string {
	return code + " " + decimal(amount, Digits(code), Digits(code))
}

// FormatUnitMicro writes a unit price in millionths of a minor unit of code as
// its ISO code and the exact decimal amount, with at least the currency's
// digits and no trailing zeros beyond them: "EUR 0.00000002".
func FormatUnitMicro(micro int64, code string) string {
	d := Digits(code)
	return code + " " + decimal(micro, d+6, d)
}

// decimal writes v / 10^scale exactly, keeping at least keep fractional
// digits, the integer part grouped by three.
func decimal(v int64, scale, keep int) string {
	neg := v < 0
	u := uint64(v)
	if neg {
		u = -u // two's complement: exact for math.MinInt64 too
	}
	s := strconv.FormatUint(u, 10)
	if len(s) <= scale {
		s = strings.Repeat("0", scale-len(s)+1) + s
	}
	intPart, frac := s[:len(s)-scale], s[len(s)-scale:]
	for len(frac) > keep && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}
