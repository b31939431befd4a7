package a2ui

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// The official renderers' functions are in
// renderers/web_core/src/v0_9/basic_catalog/functions/basic_functions.ts
// (cited below as "impl :line") with their argument conversions in
// basic_functions_api.ts and their tests in basic_functions.test.ts
// ("test :line"). Number and currency results were checked against
// Intl.NumberFormat (CLDR 48), dates against the date library those
// renderers use.

const fnTestData = `{
	"a": 10, "name": "Alice", "empty": "", "nothing": null, "zero": 0, "no": false,
	"user": {"name": "Alice", "age": 30}, "tags": ["swift", "ios"],
	"matrix": [[1, 2], [3, 4]], "vals": [1, null, 3], "list": [],
	"big": 1e21, "tiny": 1e-7, "price": 1234.56, "count": 3, "text12": "12",
	"now": "2025-12-15T12:00:00Z", "local": "2025-07-15T19:00", "dateOnly": "2025-07-15",
	"epoch": 1765800000000, "tmpl": "Hi ${/name}", "badTmpl": "Hi ${", "cur": "EUR",
	"email": "test@example.com", "emoji": "😀"
}`

func mustJSON(t testing.TB, src string) jval {
	t.Helper()
	v, err := parseJSON([]byte(src))
	if err != nil {
		t.Fatalf("test JSON %s: %v", src, err)
	}
	return v
}

// testEnv is a modelEnv over a JSON data model.
func testEnv(t testing.TB, data string, locale string, tz *time.Location) *modelEnv {
	return &modelEnv{data: mustJSON(t, data).plain(), loc: LookupLocale(locale), tz: tz}
}

// show renders an evaluation result for comparison: undefined, or the
// value as JSON.
func show(v any) string {
	if isUndefined(v) {
		return "undefined"
	}
	return string(appendJSJSON(nil, v))
}

type fnCase struct {
	call   string // a FunctionCall as JSON
	want   string // show(result)
	locale string
	fails  bool // the call cannot run: undefined with an error
}

func runFnCases(t *testing.T, cases []fnCase) {
	t.Helper()
	for _, c := range cases {
		p := dynParser{fns: basicFunctions, paths: true}
		d, perr := p.value(mustJSON(t, c.call), typeAny, "/v")
		if perr != nil {
			t.Errorf("%s: refused: %v", c.call, perr)
			continue
		}
		got, err := evalDynamic(d, testEnv(t, fnTestData, c.locale, nil))
		// Wants spell the no-break spaces out.
		want := strings.NewReplacer(`\u00a0`, "\u00a0", `\u202f`, "\u202f").Replace(c.want)
		if show(got) != want || (err != nil) != c.fails {
			t.Errorf("%s [%s]\n got %s (error %v)\nwant %s (fails %v)", c.call, c.locale, show(got), err, c.want, c.fails)
		}
	}
}

func TestRequired(t *testing.T) { // impl :180, test :169
	runFnCases(t, []fnCase{
		{call: `{"call":"required","args":{"value":"a"}}`, want: `true`},
		{call: `{"call":"required","args":{"value":""}}`, want: `false`},
		{call: `{"call":"required","args":{"value":null}}`, want: `false`},
		{call: `{"call":"required","args":{"value":[]}}`, want: `false`},
		{call: `{"call":"required","args":{"value":{}}}`, want: `true`},
		{call: `{"call":"required","args":{"value":0}}`, want: `true`},
		{call: `{"call":"required","args":{"value":false}}`, want: `true`},
		{call: `{"call":"required","args":{"value":{"path":"/empty"}}}`, want: `false`},
		{call: `{"call":"required","args":{"value":{"path":"/list"}}}`, want: `false`},
		{call: `{"call":"required","args":{"value":{"path":"/nothing"}}}`, want: `false`},
		{call: `{"call":"required","args":{"value":{"path":"/name"}}}`, want: `true`},
		// A path with nothing there fails the call (the value must not be
		// undefined), which a check counts as failed.
		{call: `{"call":"required","args":{"value":{"path":"/missing"}}}`, want: `undefined`, fails: true},
	})
}

func TestRegex(t *testing.T) { // impl :192, test :202
	runFnCases(t, []fnCase{
		{call: `{"call":"regex","args":{"value":"abc","pattern":"^[a-z]+$"}}`, want: `true`},
		{call: `{"call":"regex","args":{"value":"123","pattern":"^[a-z]+$"}}`, want: `false`},
		{call: `{"call":"regex","args":{"value":"xabcx","pattern":"abc"}}`, want: `true`}, // a search, not a full match
		{call: `{"call":"regex","args":{"value":{"path":"/a"},"pattern":"^\\d+$"}}`, want: `true`},
		// String(null) is "null", as in JavaScript.
		{call: `{"call":"regex","args":{"value":{"path":"/nothing"},"pattern":"^null$"}}`, want: `true`},
		{call: `{"call":"regex","args":{"value":{"path":"/tags"},"pattern":"^swift,ios$"}}`, want: `true`},
		{call: `{"call":"regex","args":{"value":"AAA","pattern":"^\\u0041+$"}}`, want: `true`},
		{call: `{"call":"regex","args":{"value":"abc\n","pattern":"^abc$"}}`, want: `false`},
		{call: `{"call":"regex","args":{"value":"+4915112345678","pattern":"^\\+?[0-9]{10,15}$"}}`, want: `true`},
		{call: `{"call":"regex","args":{"value":{"path":"/missing"},"pattern":"^$"}}`, want: `undefined`, fails: true},
	})
}

func TestLength(t *testing.T) { // impl :203, test :176
	runFnCases(t, []fnCase{
		{call: `{"call":"length","args":{"value":"abc","min":2}}`, want: `true`},
		{call: `{"call":"length","args":{"value":"abc","max":2}}`, want: `false`},
		{call: `{"call":"length","args":{"value":"abc","min":3,"max":3}}`, want: `true`},
		{call: `{"call":"length","args":{"value":{"path":"/tags"},"min":2,"max":2}}`, want: `true`},
		{call: `{"call":"length","args":{"value":{"path":"/a"},"min":1}}`, want: `false`}, // a number is 0 long
		// JavaScript counts UTF-16 code units: an emoji is 2 long.
		{call: `{"call":"length","args":{"value":{"path":"/emoji"},"max":1}}`, want: `false`},
		{call: `{"call":"length","args":{"value":"é","max":1}}`, want: `true`},
		{call: `{"call":"length","args":{"value":{"path":"/nothing"},"max":0}}`, want: `true`},
		{call: `{"call":"length","args":{"value":{"path":"/missing"},"min":1}}`, want: `undefined`, fails: true},
	})
}

func TestNumeric(t *testing.T) { // impl :217, test :182
	runFnCases(t, []fnCase{
		{call: `{"call":"numeric","args":{"value":10,"min":5,"max":15}}`, want: `true`},
		{call: `{"call":"numeric","args":{"value":3,"min":5}}`, want: `false`},
		{call: `{"call":"numeric","args":{"value":16,"max":15}}`, want: `false`},
		{call: `{"call":"numeric","args":{"value":{"path":"/text12"},"min":10}}`, want: `true`},
		// Number("") is 0 and Number(null) is 0.
		{call: `{"call":"numeric","args":{"value":{"path":"/empty"},"min":0}}`, want: `true`},
		{call: `{"call":"numeric","args":{"value":{"path":"/nothing"},"max":0}}`, want: `true`},
		{call: `{"call":"numeric","args":{"value":{"path":"/name"},"min":0}}`, want: `undefined`, fails: true},
		{call: `{"call":"numeric","args":{"value":{"path":"/missing"},"min":0}}`, want: `undefined`, fails: true},
	})
}

func TestEmail(t *testing.T) { // impl :228, test :188
	var cases []fnCase
	for _, ok := range []string{"test@example.com", "test.name@example.com", "test+label@example.com", "test@example-domain.com"} {
		cases = append(cases, fnCase{call: `{"call":"email","args":{"value":"` + ok + `"}}`, want: `true`})
	}
	for _, bad := range []string{"invalid", "test@test", "test@test.c", "test@.com", "", "a b@c.de"} {
		cases = append(cases, fnCase{call: `{"call":"email","args":{"value":"` + bad + `"}}`, want: `false`})
	}
	cases = append(cases,
		fnCase{call: `{"call":"email","args":{"value":{"path":"/email"}}}`, want: `true`},
		fnCase{call: `{"call":"email","args":{"value":{"path":"/missing"}}}`, want: `undefined`, fails: true},
	)
	runFnCases(t, cases)
}

func TestFormatString(t *testing.T) { // impl :242 and :259, test :216–:363
	runFnCases(t, []fnCase{
		{call: `{"call":"formatString","args":{"value":"hello world"}}`, want: `"hello world"`},
		{call: `{"call":"formatString","args":{"value":"Value: ${a}"}}`, want: `"Value: 10"`},
		{call: `{"call":"formatString","args":{"value":"User: ${user}"}}`, want: `"User: {\"name\":\"Alice\",\"age\":30}"`},
		{call: `{"call":"formatString","args":{"value":"Tags: ${tags}"}}`, want: `"Tags: [\"swift\",\"ios\"]"`},
		{call: `{"call":"formatString","args":{"value":"M = ${matrix}"}}`, want: `"M = [[1,2],[3,4]]"`},
		{call: `{"call":"formatString","args":{"value":"V = ${vals}"}}`, want: `"V = [1,null,3]"`},
		{call: `{"call":"formatString","args":{"value":"val=${nothing}end"}}`, want: `"val=end"`},
		{call: `{"call":"formatString","args":{"value":"val=${missing}end"}}`, want: `"val=end"`},
		{call: `{"call":"formatString","args":{"value":"${big} ${tiny} ${no} ${zero}"}}`, want: `"1e+21 1e-7 false 0"`},
		{call: `{"call":"formatString","args":{"value":"a \\${b} c"}}`, want: `"a ${b} c"`},
		{call: `{"call":"formatString","args":{"value":"${true}${1.50}${'x'}${null}"}}`, want: `"true1.5x"`},
		{call: `{"call":"formatString","args":{"value":""}}`, want: `""`},
		// Nested calls, three deep.
		{call: `{"call":"formatString","args":{"value":"${pluralize(value: ${/count}, one: 'one item', other: ${formatString(value: ${formatNumber(value: ${/count})})})} items"}}`, want: `"3 items"`},
		{call: `{"call":"formatString","args":{"value":"Total: ${formatCurrency(value: ${/price}, currency: ${/cur})}"}}`, want: `"Total: €1,234.56"`},
		{call: `{"call":"formatString","args":{"value":"Total: ${formatCurrency(value: ${/price}, currency: ${/cur})}"}}`, locale: "de-DE", want: `"Total: 1.234,56\u00a0€"`},
		{call: `{"call":"formatString","args":{"value":"Hello! Today is ${formatDate(value: ${/now}, format: 'EEEE, MMMM d')}."}}`, want: `"Hello! Today is Monday, December 15."`},
		// A call that cannot run shows nothing; the rest still does.
		{call: `{"call":"formatString","args":{"value":"[${formatNumber(value: ${/name})}]"}}`, want: `"[]"`, fails: true},
		// A template from the data model is parsed when evaluated.
		{call: `{"call":"formatString","args":{"value":{"path":"/tmpl"}}}`, want: `"Hi Alice"`},
		{call: `{"call":"formatString","args":{"value":{"path":"/badTmpl"}}}`, want: `undefined`, fails: true},
		{call: `{"call":"formatString","args":{"value":{"path":"/missing"}}}`, want: `""`},
		{call: `{"call":"formatString","args":{"value":{"call":"formatNumber","args":{"value":{"path":"/price"},"decimals":1}}}}`, want: `"1,234.6"`},
	})
}

func TestFormatNumber(t *testing.T) { // impl :310, test :379
	runFnCases(t, []fnCase{
		{call: `{"call":"formatNumber","args":{"value":1234.56,"decimals":1}}`, want: `"1,234.6"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5678}}`, want: `"1,234.568"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5678,"grouping":false}}`, want: `"1234.568"`},
		{call: `{"call":"formatNumber","args":{"value":1234,"decimals":2}}`, want: `"1,234.00"`},
		{call: `{"call":"formatNumber","args":{"value":1.005,"decimals":2}}`, want: `"1.01"`},
		{call: `{"call":"formatNumber","args":{"value":0.125,"decimals":2}}`, want: `"0.13"`},
		{call: `{"call":"formatNumber","args":{"value":-0.001,"decimals":2}}`, want: `"-0.00"`},
		{call: `{"call":"formatNumber","args":{"value":1234.56,"decimals":2.9}}`, want: `"1,234.56"`},
		{call: `{"call":"formatNumber","args":{"value":1e21}}`, want: `"1,000,000,000,000,000,000,000"`},
		{call: `{"call":"formatNumber","args":{"value":1234567.891,"decimals":2}}`, locale: "de-DE", want: `"1.234.567,89"`},
		{call: `{"call":"formatNumber","args":{"value":1234567.891,"decimals":2}}`, locale: "fr-FR", want: `"1\u202f234\u202f567,89"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5}}`, locale: "es-ES", want: `"1.234,5"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5}}`, locale: "ja-JP", want: `"1,234.5"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5}}`, locale: "en-GB", want: `"1,234.5"`},
		{call: `{"call":"formatNumber","args":{"value":1234.5}}`, locale: "pt-BR", want: `"1,234.5"`}, // unknown: en-US
		{call: `{"call":"formatNumber","args":{"value":{"path":"/text12"}}}`, want: `"12"`},
		{call: `{"call":"formatNumber","args":{"value":{"path":"/nothing"}}}`, want: `"0"`},
		// Intl refuses -1 decimals, toFixed takes -0.5 as 0; 101 is refused by both.
		{call: `{"call":"formatNumber","args":{"value":1234.56,"decimals":-0.5}}`, want: `"1235"`},
		{call: `{"call":"formatNumber","args":{"value":1234.56,"decimals":101}}`, want: `undefined`, fails: true},
		{call: `{"call":"formatNumber","args":{"value":{"path":"/name"}}}`, want: `undefined`, fails: true},
		{call: `{"call":"formatNumber","args":{"value":{"path":"/missing"}}}`, want: `undefined`, fails: true},
		{call: `{"call":"formatNumber","args":{"value":1,"grouping":{"path":"/name"}}}`, want: `undefined`, fails: true},
	})
}

func TestFormatCurrency(t *testing.T) { // impl :350, test :388 and :416
	runFnCases(t, []fnCase{
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD"}}`, want: `"$1,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":-1234.5,"currency":"USD"}}`, want: `"-$1,234.50"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"usd"}}`, want: `"$1,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD","decimals":0}}`, want: `"$1,235"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD","grouping":false}}`, want: `"$1234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"JPY"}}`, want: `"¥1,235"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.5,"currency":"BHD"}}`, want: `"BHD\u00a01,234.500"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"CHF"}}`, want: `"CHF\u00a01,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"XYZ"}}`, want: `"XYZ\u00a01,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD"}}`, locale: "en-GB", want: `"US$1,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"GBP"}}`, locale: "en-GB", want: `"£1,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"EUR"}}`, locale: "de-DE", want: `"1.234,56\u00a0€"`},
		{call: `{"call":"formatCurrency","args":{"value":-1234.56,"currency":"EUR"}}`, locale: "fr-FR", want: `"-1\u202f234,56\u00a0€"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD"}}`, locale: "fr-FR", want: `"1\u202f234,56\u00a0$US"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"USD"}}`, locale: "es-ES", want: `"1.234,56\u00a0US$"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"JPY"}}`, locale: "ja-JP", want: `"￥1,235"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"CNY"}}`, locale: "ja-JP", want: `"元\u00a01,234.56"`},
		// A currency Intl refuses: the amount alone, by toFixed.
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":"INVALID-CURRENCY","decimals":2}}`, want: `"1234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":0.125,"currency":"US"}}`, want: `"0.13"`},
		{call: `{"call":"formatCurrency","args":{"value":1234.56,"currency":{"path":"/missing"}}}`, want: `"1234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":{"path":"/price"},"currency":{"path":"/cur"}}}`, want: `"€1,234.56"`},
		{call: `{"call":"formatCurrency","args":{"value":{"path":"/missing"},"currency":"USD"}}`, want: `undefined`, fails: true},
	})
}

func TestFormatDate(t *testing.T) { // impl :368, test :395 and :411
	runFnCases(t, []fnCase{
		{call: `{"call":"formatDate","args":{"value":"2025-01-01T12:00:00Z","format":"yyyy-MM-dd"}}`, want: `"2025-01-01"`},
		{call: `{"call":"formatDate","args":{"value":"2025-01-01T12:00:00Z","format":"ISO"}}`, want: `"2025-01-01T12:00:00.000Z"`},
		{call: `{"call":"formatDate","args":{"value":"invalid-date","format":"yyyy"}}`, want: `""`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"EEEE, MMMM d"}}`, want: `"Monday, December 15"`},
		{call: `{"call":"formatDate","args":{"value":"2025-07-15T19:00:00Z","format":"EEEE, MMMM d, yyyy 'at' h:mm a"}}`, want: `"Tuesday, July 15, 2025 at 7:00 PM"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/epoch"},"format":"MMM d, yyyy HH:mm"}}`, want: `"Dec 15, 2025 12:00"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"PPPP"}}`, want: `"Monday, December 15th, 2025"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"yy MM dd HH mm ss SSS"}}`, want: `"25 12 15 12 00 00 000"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"'it''s' h a"}}`, want: `"it's 12 PM"`},
		// The date library refuses week-year and day-of-year tokens and
		// unknown letters; the renderers then show ISO 8601.
		{call: `{"call":"formatDate","args":{"value":"2026-02-02T15:17:00Z","format":"E MMM d, YYYY h:mm a"}}`, want: `"2026-02-02T15:17:00.000Z"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"DD"}}`, want: `"2025-12-15T12:00:00.000Z"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"yyyy n"}}`, want: `"2025-12-15T12:00:00.000Z"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":""}}`, want: `"2025-12-15T12:00:00.000Z"`},
		// A falsy value is no date.
		{call: `{"call":"formatDate","args":{"value":0,"format":"yyyy"}}`, want: `""`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/empty"},"format":"yyyy"}}`, want: `""`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/missing"},"format":"yyyy"}}`, want: `undefined`, fails: true},
		// Locales name months and days in their language.
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"EEEE d MMMM yyyy"}}`, locale: "fr-FR", want: `"lundi 15 décembre 2025"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"EEEE, d. MMMM yyyy"}}`, locale: "de-DE", want: `"Montag, 15. Dezember 2025"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"EEEE, d 'de' MMMM"}}`, locale: "es-ES", want: `"lunes, 15 de diciembre"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"PPP EEEE a"}}`, locale: "ja-JP", want: `"2025年12月15日 月曜日 午後"`},
		{call: `{"call":"formatDate","args":{"value":{"path":"/now"},"format":"do MMMM"}}`, locale: "fr-FR", want: `"15 décembre"`},
		{call: `{"call":"formatDate","args":{"value":"2025-12-01T00:00:00Z","format":"do MMMM"}}`, locale: "fr-FR", want: `"1er décembre"`},
	})
}

func TestFormatDateTimeZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skipf("no time zone database: %v", err)
	}
	p := dynParser{fns: basicFunctions, paths: true}
	for _, c := range []struct{ value, format, want string }{
		{`{"path":"/now"}`, "yyyy-MM-dd HH:mm xxx", "2025-12-15 07:00 -05:00"},
		{`{"path":"/now"}`, "h:mm a O", "7:00 AM GMT-5"},
		{`{"path":"/now"}`, "ISO", "2025-12-15T12:00:00.000Z"}, // ISO is always UTC
		// A date alone is UTC; a date and time without an offset is local.
		{`{"path":"/dateOnly"}`, "yyyy-MM-dd HH:mm", "2025-07-14 20:00"},
		{`{"path":"/local"}`, "yyyy-MM-dd HH:mm X", "2025-07-15 19:00 -04"},
	} {
		d, perr := p.value(mustJSON(t, `{"call":"formatDate","args":{"value":`+c.value+`,"format":"`+c.format+`"}}`), typeString, "/text")
		if perr != nil {
			t.Fatal(perr)
		}
		got, _ := evalText(d, testEnv(t, fnTestData, "", ny))
		if got != c.want {
			t.Errorf("formatDate(%s, %q) in New York = %q, want %q", c.value, c.format, got, c.want)
		}
	}
}

func TestPluralize(t *testing.T) { // impl :397, test :426 and :457
	apple := `"one":"apple","other":"apples"`
	all := `"zero":"z","one":"o","two":"t","few":"f","many":"m","other":"x"`
	runFnCases(t, []fnCase{
		{call: `{"call":"pluralize","args":{"value":1,` + apple + `}}`, want: `"apple"`},
		{call: `{"call":"pluralize","args":{"value":2,` + apple + `}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":5,` + apple + `}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":1,"other":"apples"}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":0,"other":"apples"}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":1.5,` + apple + `}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":1.0004,` + apple + `}}`, want: `"apple"`}, // three decimals count
		{call: `{"call":"pluralize","args":{"value":-1,` + apple + `}}`, want: `"apple"`},
		{call: `{"call":"pluralize","args":{"value":{"path":"/text12"},` + apple + `}}`, want: `"apples"`},
		{call: `{"call":"pluralize","args":{"value":0,` + all + `}}`, locale: "fr-FR", want: `"o"`},
		{call: `{"call":"pluralize","args":{"value":1.5,` + all + `}}`, locale: "fr-FR", want: `"o"`},
		{call: `{"call":"pluralize","args":{"value":2000000,` + all + `}}`, locale: "fr-FR", want: `"m"`},
		{call: `{"call":"pluralize","args":{"value":1000000,` + all + `}}`, locale: "es-ES", want: `"m"`},
		{call: `{"call":"pluralize","args":{"value":1,` + all + `}}`, locale: "ja-JP", want: `"x"`},
		{call: `{"call":"pluralize","args":{"value":1,` + all + `}}`, locale: "de-DE", want: `"o"`},
		{call: `{"call":"pluralize","args":{"value":1,"one":{"path":"/missing"},"other":"x"}}`, want: `"x"`},
		{call: `{"call":"pluralize","args":{"value":{"path":"/name"},"other":"x"}}`, want: `undefined`, fails: true},
	})
}

func TestOpenURL(t *testing.T) { // impl :415, test :468
	p := dynParser{fns: basicFunctions, paths: true}
	d, err := p.value(mustJSON(t, `{"call":"openUrl","args":{"url":"https://example.com/a?b=1"},"returnType":"void"}`), typeAny, "/action/functionCall")
	if err != nil {
		t.Fatal(err)
	}
	e := testEnv(t, fnTestData, "", nil)
	v, eerr := evalDynamic(d, e)
	if !isUndefined(v) || eerr != nil {
		t.Errorf("openUrl evaluates to %s (%v), want undefined: it has no value", show(v), eerr)
	}
	if url, ok := openURL(d, e); !ok || url != "https://example.com/a?b=1" {
		t.Errorf("openURL = %q, %v; want the address to show", url, ok)
	}
	other, _ := p.value(mustJSON(t, `{"call":"not","args":{"value":true}}`), typeAny, "/x")
	if _, ok := openURL(other, e); ok {
		t.Error("openURL reads a call that is not openUrl")
	}
}

func TestLogic(t *testing.T) { // impl :136–:150, test :123–:136
	runFnCases(t, []fnCase{
		{call: `{"call":"and","args":{"values":[true,true]}}`, want: `true`},
		{call: `{"call":"and","args":{"values":[true,false]}}`, want: `false`},
		{call: `{"call":"or","args":{"values":[false,true]}}`, want: `true`},
		{call: `{"call":"or","args":{"values":[false,false]}}`, want: `false`},
		{call: `{"call":"not","args":{"value":false}}`, want: `true`},
		{call: `{"call":"not","args":{"value":true}}`, want: `false`},
		{call: `{"call":"and","args":{"values":[{"path":"/name"},{"path":"/a"},true]}}`, want: `true`},
		{call: `{"call":"and","args":{"values":[{"path":"/name"},{"path":"/zero"}]}}`, want: `false`},
		{call: `{"call":"or","args":{"values":[{"path":"/missing"},{"path":"/empty"}]}}`, want: `false`},
		// The specification's values are DynamicBoolean: calls in them are
		// evaluated. (The official renderers take the array as written,
		// so that a call in it always counts as true.)
		{call: `{"call":"and","args":{"values":[true,{"call":"required","args":{"value":{"path":"/empty"}}}]}}`, want: `false`},
		{call: `{"call":"or","args":{"values":[false,{"call":"not","args":{"value":{"path":"/no"}}}]}}`, want: `true`},
		{call: `{"call":"not","args":{"value":{"path":"/missing"}}}`, want: `undefined`, fails: true},
		{call: `{"call":"not","args":{"value":{"path":"/nothing"}}}`, want: `true`},
	})
}

func TestCapitalize(t *testing.T) {
	p := dynParser{fns: minimalFunctions, paths: true}
	d, err := p.value(mustJSON(t, `{"call":"capitalize","args":{"value":{"path":"/inputValue"}},"returnType":"string"}`), typeString, "/text")
	if err != nil {
		t.Fatal(err)
	}
	for data, want := range map[string]string{`{}`: "", `{"inputValue":"hello world"}`: "Hello world", `{"inputValue":"élan"}`: "Élan"} {
		if got, _ := evalText(d, testEnv(t, data, "", nil)); got != want {
			t.Errorf("capitalize over %s = %q, want %q", data, got, want)
		}
	}
	if _, err := p.value(mustJSON(t, `{"call":"formatString","args":{"value":"x"}}`), typeString, "/text"); err == nil || err.Code != CodeUnknownFunction {
		t.Errorf("the minimal catalog has no formatString, yet it was accepted (%v)", err)
	}
}

// Calls that do not fit their function are refused when the batch
// arrives, with the pointer of what is wrong.
func TestCallRefusals(t *testing.T) {
	for _, c := range []struct {
		src     string
		want    dynType
		code    Code
		path    string
		lenient bool // also refused in lenient mode
	}{
		{`{"call":"nope","args":{}}`, typeString, CodeUnknownFunction, "/text/call", true},
		{`{"call":5}`, typeString, CodeBadCall, "/text/call", true},
		{`{"call":"not","args":[]}`, typeBool, CodeBadCall, "/text/args", true},
		{`{"call":"formatNumber","args":{"valu":1}}`, typeString, CodeBadCall, "/text/args/valu", true},
		{`{"call":"not","args":{"a/b":1}}`, typeBool, CodeBadCall, "/text/args/a~1b", true},
		{`{"call":"formatNumber","args":{}}`, typeString, CodeBadCall, "/text", true},
		{`{"call":"formatNumber"}`, typeString, CodeBadCall, "/text", true},
		{`{"call":"length","args":{"value":"x"}}`, typeBool, CodeBadCall, "/text", true},
		{`{"call":"not","args":{"value":true},"foo":1}`, typeBool, CodeBadCall, "/text/foo", true},
		{`{"call":"not","args":{"value":true},"returnType":"bool"}`, typeBool, CodeBadCall, "/text/returnType", true},
		{`{"call":"formatNumber","args":{"value":1},"returnType":"boolean"}`, typeString, CodeBadCall, "/text/returnType", false},
		{`{"call":"formatString","args":{"value":"x"},"returnType":"string"}`, typeBool, CodeBadValue, "/text", false},
		{`{"call":"formatNumber","args":{"value":"12"}}`, typeString, CodeBadCall, "/text/args/value", false},
		{`{"call":"length","args":{"value":"x","min":-1}}`, typeBool, CodeBadCall, "/text/args/min", false},
		{`{"call":"length","args":{"value":"x","min":1.5}}`, typeBool, CodeBadCall, "/text/args/min", false},
		{`{"call":"length","args":{"value":"x","min":{"path":"/n"}}}`, typeBool, CodeBadCall, "/text/args/min", false},
		{`{"call":"openUrl","args":{"url":{"path":"/u"}}}`, typeAny, CodeBadCall, "/text/args/url", false},
		{`{"call":"openUrl","args":{"url":"not a uri"}}`, typeAny, CodeBadCall, "/text/args/url", false},
		{`{"call":"and","args":{"values":[true]}}`, typeBool, CodeBadCall, "/text/args/values", true},
		{`{"call":"and","args":{"values":{"path":"/list"}}}`, typeBool, CodeBadCall, "/text/args/values", false},
		{`{"call":"and","args":{"values":[true,{"call":"or","args":{"values":[false,{"call":"bogus"}]}}]}}`, typeBool, CodeUnknownFunction, "/text/args/values/1/args/values/1/call", true},
		// regex patterns are compiled when the batch arrives (the official
		// renderers fail when evaluating instead: test :207).
		{`{"call":"regex","args":{"value":"x","pattern":"["}}`, typeBool, CodeBadValue, "/text/args/pattern", true},
		{`{"call":"regex","args":{"value":"x","pattern":"(?=a)"}}`, typeBool, CodeBadValue, "/text/args/pattern", true},
		{`{"call":"regex","args":{"value":"x","pattern":"(a)\\1"}}`, typeBool, CodeBadValue, "/text/args/pattern", true},
		{`{"call":"regex","args":{"value":"x","pattern":{"path":"/p"}}}`, typeBool, CodeBadCall, "/text/args/pattern", false},
		// Expressions are parsed and bound when the batch arrives too.
		{`{"call":"formatString","args":{"value":"${oops"}}`, typeString, CodeBadValue, "/text/args/value", true},
		{`{"call":"formatString","args":{"value":"a ${nope()}"}}`, typeString, CodeUnknownFunction, "/text/args/value", true},
		{`{"call":"formatString","args":{"value":"${formatNumber(valu: 1)}"}}`, typeString, CodeBadCall, "/text/args/value", true},
		{`{"call":"formatString","args":{"value":"${formatNumber()}"}}`, typeString, CodeBadCall, "/text/args/value", true},
		{`{"call":"formatString","args":{"value":"${regex(value: 'a', pattern: '(?<=a)b')}"}}`, typeString, CodeBadValue, "/text/args/value", true},
		{`{"call":"formatString","args":{"value":"${regex(value: 'a', pattern: ${/p})}"}}`, typeString, CodeBadCall, "/text/args/value", false},
		{`{"call":"formatString","args":{"value":"${formatNumber(value: 'x')}"}}`, typeString, CodeBadCall, "/text/args/value", false},
		{`{"call":"formatString","args":{"value":"${f(a: ${g()})}"}}`, typeString, CodeUnknownFunction, "/text/args/value", true},
		// Bindings and values.
		{`{"path":5}`, typeString, CodeBadValue, "/text/path", true},
		{`{"path":"/a","extra":1}`, typeString, CodeBadValue, "/text", false},
		{`{"paht":"/a"}`, typeString, CodeBadValue, "/text", true},
		{`5`, typeString, CodeBadValue, "/text", false},
		{`"x"`, typeBool, CodeBadValue, "/text", false},
		{`["a", 1]`, typeStringList, CodeBadValue, "/text", false},
		{`null`, typeValue, CodeBadValue, "/text", false},
	} {
		for _, lenient := range []bool{false, true} {
			if lenient && !c.lenient {
				continue
			}
			p := dynParser{fns: basicFunctions, paths: true, lenient: lenient}
			_, err := p.value(mustJSON(t, c.src), c.want, "/text")
			if err == nil {
				t.Errorf("%s accepted (lenient %v), want %s at %s", c.src, lenient, c.code, c.path)
				continue
			}
			if err.Code != c.code || err.Path != c.path || !errors.Is(err, &Error{Code: c.code}) {
				t.Errorf("%s (lenient %v): %s at %q (%s), want %s at %q", c.src, lenient, err.Code, err.Path, err.Message, c.code, c.path)
			}
			if err.Message == "" || strings.ContainsAny(err.Message, "\x1b\n") {
				t.Errorf("%s: message %q is empty or not one clean line", c.src, err.Message)
			}
		}
	}
}

// What strict mode refuses over types, lenient mode accepts and converts
// as the official renderers do.
func TestLenientConverts(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true, lenient: true}
	for src, want := range map[string]string{
		`{"call":"formatNumber","args":{"value":"1234.5"},"returnType":"boolean"}`: "1,234.5",
		`{"call":"formatString","args":{"value":5}}`:                               "5",
		`{"call":"regex","args":{"value":"abc","pattern":{"path":"/pat"}}}`:        "true",
		`{"call":"regex","args":{"value":"abc","pattern":{"path":"/badpat"}}}`:     "",
		`{"call":"length","args":{"value":"abc","min":"2"}}`:                       "true",
		`{"call":"and","args":{"values":{"path":"/flags"}}}`:                       "false",
	} {
		d, err := p.value(mustJSON(t, src), typeString, "/text")
		if err != nil {
			t.Errorf("lenient mode refused %s: %v", src, err)
			continue
		}
		got, _ := evalText(d, testEnv(t, `{"pat":"^a","badpat":"[","flags":[true,0]}`, "", nil))
		if got != want {
			t.Errorf("lenient %s = %q, want %q", src, got, want)
		}
	}
}

// functionsFor returns the functions of a v0.9 catalog, nil for a catalog
// a2term does not know.
func functionsFor(catalogID string) *functionSet {
	switch catalogID {
	case BasicCatalogV09ID:
		return basicFunctions
	case MinimalCatalogV09ID:
		return minimalFunctions
	}
	return nil
}
