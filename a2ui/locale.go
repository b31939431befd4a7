package a2ui

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Locale is what the v0.9 formatting functions need to know about the
// person's language and region: separators, currency symbols and their
// place, plural rules, month and day names. A Locale is immutable and safe
// to share.
//
// a2term knows en-US, en-GB, de-DE, fr-FR, es-ES and ja-JP. Every other
// locale is formatted as en-US, so that what a surface shows never depends
// on the machine it is drawn on.
type Locale struct {
	tag     string
	decimal string
	group   string
	// curSuffix places the currency after the amount ("1.234,50 €")
	// rather than before it ("$1,234.50").
	curSuffix bool
	curSyms   map[string]string // where the locale's symbols differ from English
	plural    func(pluralOperands) string
	dates     *dateLocale
}

// DefaultLocale is the locale surfaces are formatted in unless the agent
// names another: en-US.
const DefaultLocale = "en-US"

var (
	localeEnUS = &Locale{tag: "en-US", decimal: ".", group: ",", plural: pluralEnglish, dates: enUSDates}
	localeEnGB = &Locale{tag: "en-GB", decimal: ".", group: ",", curSyms: enGBCurrency, plural: pluralEnglish, dates: enGBDates}
	localeDeDE = &Locale{tag: "de-DE", decimal: ",", group: ".", curSuffix: true, curSyms: deDECurrency, plural: pluralEnglish, dates: deDEDates}
	localeFrFR = &Locale{tag: "fr-FR", decimal: ",", group: "\u202f", curSuffix: true, curSyms: frFRCurrency, plural: pluralFrench, dates: frFRDates}
	localeEsES = &Locale{tag: "es-ES", decimal: ",", group: ".", curSuffix: true, curSyms: esESCurrency, plural: pluralSpanish, dates: esESDates}
	localeJaJP = &Locale{tag: "ja-JP", decimal: ".", group: ",", curSyms: jaJPCurrency, plural: pluralOther, dates: jaJPDates}
)

// LookupLocale returns the Locale for a BCP 47 tag such as "de-DE". Case
// and "_" for "-" do not matter, and a bare language ("de", "ja") means its
// main region. Any other tag, the empty one included, gives en-US.
func LookupLocale(tag string) *Locale {
	l, _ := lookupLocale(tag)
	return l
}

// ParseLocale is LookupLocale for a tag a person chose (a command's flag):
// a tag that names none of Locales is an error that lists them, instead
// of en-US.
func ParseLocale(tag string) (*Locale, error) {
	l, ok := lookupLocale(tag)
	if !ok {
		return nil, fmt.Errorf("locale %q is not one a2term formats with: use %s", tag, strings.Join(Locales(), ", "))
	}
	return l, nil
}

// Locales returns the tags of the locales a2term formats numbers,
// currencies and dates with, the default first.
func Locales() []string {
	out := make([]string, len(allLocales))
	for i, l := range allLocales {
		out[i] = l.tag
	}
	return out
}

var allLocales = []*Locale{localeEnUS, localeEnGB, localeDeDE, localeFrFR, localeEsES, localeJaJP}

// lookupLocale is LookupLocale, also saying whether the tag named a
// locale of Locales.
func lookupLocale(tag string) (*Locale, bool) {
	lang, region, _ := strings.Cut(strings.ReplaceAll(tag, "_", "-"), "-")
	lang = strings.ToLower(lang)
	region = strings.ToUpper(region)
	if i := strings.IndexByte(region, '-'); i >= 0 {
		region = region[:i] // "de-DE-u-nu-latn" and the like
	}
	switch lang {
	case "en":
		if region == "GB" {
			return localeEnGB, true
		}
		if region == "" || region == "US" {
			return localeEnUS, true
		}
	case "de":
		if region == "" || region == "DE" {
			return localeDeDE, true
		}
	case "fr":
		if region == "" || region == "FR" {
			return localeFrFR, true
		}
	case "es":
		if region == "" || region == "ES" {
			return localeEsES, true
		}
	case "ja":
		if region == "" || region == "JP" {
			return localeJaJP, true
		}
	}
	return localeEnUS, false
}

// Tag returns the locale's tag, e.g. "en-US".
func (l *Locale) Tag() string { return l.tag }

// orDefaultLocale returns l, or en-US when l is nil.
func orDefaultLocale(l *Locale) *Locale {
	if l == nil {
		return localeEnUS
	}
	return l
}

// maxFractionDigits is the most decimals Intl.NumberFormat accepts.
const maxFractionDigits = 100

// formatDecimal formats a finite or infinite number as Intl.NumberFormat
// does in this locale, with between minFrac and maxFrac decimals: the
// shortest decimal that reads back as f, rounded half away from zero, with
// the locale's separators. A negative number, zero included, keeps its
// sign ("-0", "-0.00"), as Intl does.
func (l *Locale) formatDecimal(f float64, minFrac, maxFrac int, grouping bool) string {
	b := make([]byte, 0, 32)
	if math.Signbit(f) {
		b = append(b, '-')
	}
	return string(l.appendAmount(b, math.Abs(f), minFrac, maxFrac, grouping))
}

// appendAmount appends the digits of x ≥ 0 with the locale's separators.
func (l *Locale) appendAmount(b []byte, x float64, minFrac, maxFrac int, grouping bool) []byte {
	if math.IsInf(x, 0) {
		return append(b, "∞"...)
	}
	if math.IsNaN(x) {
		return append(b, "NaN"...)
	}
	d := shortestDecimal(x)
	d.round(maxFrac)
	fracLen := maxFrac
	for fracLen > minFrac && d.digit(d.point+fracLen-1) == '0' {
		fracLen--
	}
	if d.point <= 0 {
		b = append(b, '0')
	}
	// The renderers always pass useGrouping as a boolean, and true means
	// "always": Spanish groups 1.234 too, though CLDR's own default
	// (minimumGroupingDigits 2) would write 1234.
	for k := range d.point {
		if grouping && k > 0 && (d.point-k)%3 == 0 && d.point > 3 {
			b = append(b, l.group...)
		}
		b = append(b, d.digit(k))
	}
	if fracLen > 0 {
		b = append(b, l.decimal...)
		for k := range fracLen {
			b = append(b, d.digit(d.point+k))
		}
	}
	return b
}

// decimal is a number ≥ 0 as decimal digits: 0.d[0]d[1]…d[n-1] × 10^point.
type decimal struct {
	d     [24]byte
	n     int
	point int
}

// shortestDecimal returns the shortest decimal that reads back as x ≥ 0.
func shortestDecimal(x float64) decimal {
	var dec decimal
	if x == 0 {
		return dec
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], x, 'e', -1, 64)
	i := strings.LastIndexByte(string(e), 'e')
	exp := 0
	neg := e[i+1] == '-'
	for _, c := range e[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if neg {
		exp = -exp
	}
	for _, c := range e[:i] {
		if c != '.' {
			dec.d[dec.n] = c
			dec.n++
		}
	}
	dec.point = exp + 1
	return dec
}

// digit returns the digit at index k, counting from the first digit;
// indices outside the digits are zeros.
func (dec *decimal) digit(k int) byte {
	if k < 0 || k >= dec.n {
		return '0'
	}
	return dec.d[k]
}

// round rounds to frac fraction digits, half away from zero, as ICU rounds
// the shortest decimal: 1.005 shows as 1.01 with two decimals, though the
// double is a little below 1.005.
func (dec *decimal) round(frac int) {
	keep := dec.point + frac
	if keep >= dec.n {
		return
	}
	if keep < 0 {
		*dec = decimal{}
		return
	}
	up := dec.d[keep] >= '5'
	dec.n = keep
	if !up {
		return
	}
	for j := keep - 1; j >= 0; j-- {
		if dec.d[j] < '9' {
			dec.d[j]++
			return
		}
		dec.d[j] = '0'
	}
	// All nines: one more digit in front.
	copy(dec.d[1:], dec.d[:dec.n])
	dec.d[0] = '1'
	dec.n++
	dec.point++
}

// jsToFixed is JavaScript's Number.prototype.toFixed(d), the renderers'
// fallback when Intl refuses its arguments: no grouping, the exact value of
// the double rounded half up, and String(x) from 1e21 on.
func jsToFixed(x float64, d int) string {
	if math.IsNaN(x) {
		return "NaN"
	}
	if math.Abs(x) >= 1e21 || math.IsInf(x, 0) {
		return FormatJSNumber(x)
	}
	sign := ""
	if x < 0 {
		sign = "-"
	}
	x = math.Abs(x) // -0 prints as "0"
	if !exactTie(x, d) {
		return sign + strconv.FormatFloat(x, 'f', d, 64)
	}
	// The exact value ends in a 5 just past the last decimal: FormatFloat
	// would round it to even, toFixed rounds it up.
	s := []byte(strconv.FormatFloat(x, 'f', d+1, 64))
	s = s[:len(s)-1]
	j := len(s) - 1
	for ; j >= 0; j-- {
		if s[j] == '.' {
			continue
		}
		if s[j] < '9' {
			s[j]++
			break
		}
		s[j] = '0'
	}
	if j < 0 {
		s = append([]byte{'1'}, s...)
	}
	if d == 0 && len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return sign + string(s)
}

// exactTie reports whether x > 0 lies exactly half-way between two numbers
// with d decimals, i.e. whether 2·x·10^d is an odd integer.
func exactTie(x float64, d int) bool {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return false
	}
	frac, exp := math.Frexp(x) // x = frac × 2^exp, frac in [0.5, 1)
	m := uint64(frac * (1 << 53))
	e := exp - 53
	tz := bits.TrailingZeros64(m)
	e += tz
	// x = odd × 2^e, and 2·x·10^d = odd × 5^d × 2^(e+1+d).
	return e+1+d == 0
}

// currencySymbol returns the symbol the locale writes for a currency code.
func (l *Locale) currencySymbol(code string) string {
	if s, ok := l.curSyms[code]; ok {
		return s
	}
	if s, ok := currencySymbols[code]; ok {
		return s
	}
	return code
}

// currencyFractionDigits is the number of decimals a currency shows by
// default (ISO 4217 minor units, as CLDR revises them).
func currencyFractionDigits(code string) int {
	if d, ok := currencyDigits[code]; ok {
		return d
	}
	return 2
}

// wellFormedCurrency reads an ISO 4217 code as Intl does: three ASCII
// letters in any case.
func wellFormedCurrency(code string) (string, bool) {
	if len(code) != 3 {
		return "", false
	}
	var b [3]byte
	for i := range 3 {
		c := code[i]
		switch {
		case c >= 'A' && c <= 'Z':
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		default:
			return "", false
		}
		b[i] = c
	}
	return string(b[:]), true
}

// formatCurrency formats an amount in a currency the way
// Intl.NumberFormat's currency style does in this locale. code must be
// well formed and upper case.
func (l *Locale) formatCurrency(f float64, code string, minFrac, maxFrac int, grouping bool) string {
	sym := l.currencySymbol(code)
	b := make([]byte, 0, 32)
	if math.Signbit(f) {
		b = append(b, '-')
	}
	if l.curSuffix {
		b = l.appendAmount(b, math.Abs(f), minFrac, maxFrac, grouping)
		b = append(b, "\u00a0"...)
		return string(append(b, sym...))
	}
	b = append(b, sym...)
	// CLDR's currency spacing: a symbol that ends in a letter ("CHF",
	// "F CFA") is kept apart from the digits by a no-break space.
	if r, _ := utf8.DecodeLastRuneInString(sym); !math.IsInf(f, 0) && !unicode.IsSymbol(r) && !unicode.Is(unicode.Z, r) {
		b = append(b, "\u00a0"...)
	}
	return string(l.appendAmount(b, math.Abs(f), minFrac, maxFrac, grouping))
}

// pluralOperands are the CLDR plural operands of a number as
// Intl.PluralRules reads it: rounded to at most three decimals, without
// trailing zeros. Like ICU, it keeps only the low 18 digits of i.
type pluralOperands struct {
	finite   bool
	v        int  // visible fraction digits
	iZero    bool // i = 0
	iOne     bool // i = 1
	millions bool // i != 0 and i % 1000000 = 0
}

func operandsOf(f float64) pluralOperands {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return pluralOperands{}
	}
	d := shortestDecimal(math.Abs(f))
	d.round(3)
	op := pluralOperands{finite: true, v: 3}
	for op.v > 0 && d.digit(d.point+op.v-1) == '0' {
		op.v--
	}
	from := max(0, d.point-18)
	nonzero := 0
	for k := from; k < d.point; k++ {
		if d.digit(k) != '0' {
			nonzero++
		}
	}
	op.iZero = nonzero == 0
	op.iOne = nonzero == 1 && d.digit(d.point-1) == '1'
	op.millions = !op.iZero && d.point > 6
	for k := d.point - 6; k < d.point && op.millions; k++ {
		if d.digit(k) != '0' {
			op.millions = false
		}
	}
	return op
}

// The plural rules of CLDR 48 for the languages a2term knows; NaN and the
// infinities are "other" everywhere.

func pluralEnglish(op pluralOperands) string { // en, de
	if op.finite && op.iOne && op.v == 0 {
		return "one"
	}
	return "other"
}

func pluralFrench(op pluralOperands) string {
	if op.finite && (op.iZero || op.iOne) {
		return "one"
	}
	if op.finite && op.v == 0 && op.millions {
		return "many"
	}
	return "other"
}

func pluralSpanish(op pluralOperands) string {
	if op.finite && op.iOne && op.v == 0 { // n = 1
		return "one"
	}
	if op.finite && op.v == 0 && op.millions {
		return "many"
	}
	return "other"
}

func pluralOther(pluralOperands) string { return "other" } // ja

// pluralCategory returns the CLDR plural category of f in this locale.
func (l *Locale) pluralCategory(f float64) string {
	return l.plural(operandsOf(f))
}
