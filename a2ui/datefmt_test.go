package a2ui

import (
	"testing"
	"time"
)

// Date patterns token by token. The expectations are what the official
// renderers' date library (date-fns 4, which
// renderers/web_core/src/v0_9/basic_catalog/functions/basic_functions.ts:368
// formats with) prints for the same instant, pattern and locale, in UTC:
// 2024-12-30T23:59:59.999Z, a Monday in the first ISO week of 2025, and
// 2021-01-03T04:00:00Z, a Sunday in the last ISO week of 2020.
func TestDatePatterns(t *testing.T) {
	for _, c := range []struct {
		locale  string
		ms      int64
		pattern string
		want    string
	}{
		{"en-US", 1735603199999, "GGGG", "Anno Domini"},
		{"en-US", 1735603199999, "yo", "2024th"},
		{"en-US", 1735603199999, "Y", "2025"},
		{"en-US", 1735603199999, "YYY", "2025"},
		{"en-US", 1735603199999, "R", "2025"},
		{"en-US", 1735603199999, "u", "2024"},
		{"en-US", 1735603199999, "QQQ", "Q4"},
		{"en-US", 1735603199999, "QQQQ", "4th quarter"},
		{"en-US", 1735603199999, "qqqq", "4th quarter"},
		{"en-US", 1735603199999, "MMMMM", "D"},
		{"en-US", 1735603199999, "Mo", "12th"},
		{"en-US", 1735603199999, "LLL", "Dec"},
		{"en-US", 1735603199999, "w", "1"},
		{"en-US", 1735603199999, "wo", "1st"},
		{"en-US", 1735603199999, "I", "1"},
		{"en-US", 1735603199999, "do", "30th"},
		{"en-US", 1735603199999, "DDD", "365"},
		{"en-US", 1735603199999, "Do", "365th"},
		{"en-US", 1735603199999, "EEEEE", "M"},
		{"en-US", 1735603199999, "EEEEEE", "Mo"},
		{"en-US", 1735603199999, "e", "2"},
		{"en-US", 1735603199999, "eo", "2nd"},
		{"en-US", 1735603199999, "c", "2"},
		{"en-US", 1735603199999, "cccc", "Monday"},
		{"en-US", 1735603199999, "i", "1"},
		{"en-US", 1735603199999, "iiii", "Monday"},
		{"en-US", 1735603199999, "aaa", "pm"},
		{"en-US", 1735603199999, "aaaa", "p.m."},
		{"en-US", 1735603199999, "b", "PM"},
		{"en-US", 1735603199999, "B", "in the evening"},
		{"en-US", 1735603199999, "BBBB", "in the evening"},
		{"en-US", 1735603199999, "ho", "11th"},
		{"en-US", 1735603199999, "K", "11"},
		{"en-US", 1735603199999, "k", "23"},
		{"en-US", 1735603199999, "SS", "99"},
		{"en-US", 1735603199999, "SSSS", "9990"},
		{"en-US", 1735603199999, "XXX", "Z"},
		{"en-US", 1735603199999, "xx", "+0000"},
		{"en-US", 1735603199999, "OOOO", "GMT+00:00"},
		{"en-US", 1735603199999, "t", "1735603199"},
		{"en-US", 1735603199999, "T", "1735603199999"},
		{"en-US", 1735603199999, "P", "12/30/2024"},
		{"en-US", 1735603199999, "PP", "Dec 30, 2024"},
		{"en-US", 1735603199999, "PPP", "December 30th, 2024"},
		{"en-US", 1735603199999, "pp", "11:59:59 PM"},
		{"en-US", 1735603199999, "Pp", "12/30/2024, 11:59 PM"},
		{"en-US", 1735603199999, "'it''s'", "it's"},
		{"en-US", 1735603199999, "'open", "open"},
		{"en-US", 1735603199999, "do MMMM", "30th December"},
		{"en-US", 1735603199999, "d\nM", "3012"},
		{"en-US", 1609646400000, "GGGG", "Anno Domini"},
		{"en-US", 1609646400000, "yo", "2021st"},
		{"en-US", 1609646400000, "Y", "2021"},
		{"en-US", 1609646400000, "YYY", "2021"},
		{"en-US", 1609646400000, "R", "2020"},
		{"en-US", 1609646400000, "u", "2021"},
		{"en-US", 1609646400000, "QQQ", "Q1"},
		{"en-US", 1609646400000, "QQQQ", "1st quarter"},
		{"en-US", 1609646400000, "qqqq", "1st quarter"},
		{"en-US", 1609646400000, "MMMMM", "J"},
		{"en-US", 1609646400000, "Mo", "1st"},
		{"en-US", 1609646400000, "LLL", "Jan"},
		{"en-US", 1609646400000, "w", "2"},
		{"en-US", 1609646400000, "wo", "2nd"},
		{"en-US", 1609646400000, "I", "53"},
		{"en-US", 1609646400000, "do", "3rd"},
		{"en-US", 1609646400000, "DDD", "003"},
		{"en-US", 1609646400000, "Do", "3rd"},
		{"en-US", 1609646400000, "EEEEE", "S"},
		{"en-US", 1609646400000, "EEEEEE", "Su"},
		{"en-US", 1609646400000, "e", "1"},
		{"en-US", 1609646400000, "eo", "1st"},
		{"en-US", 1609646400000, "c", "1"},
		{"en-US", 1609646400000, "cccc", "Sunday"},
		{"en-US", 1609646400000, "i", "7"},
		{"en-US", 1609646400000, "iiii", "Sunday"},
		{"en-US", 1609646400000, "aaa", "am"},
		{"en-US", 1609646400000, "aaaa", "a.m."},
		{"en-US", 1609646400000, "b", "AM"},
		{"en-US", 1609646400000, "B", "in the morning"},
		{"en-US", 1609646400000, "BBBB", "in the morning"},
		{"en-US", 1609646400000, "ho", "4th"},
		{"en-US", 1609646400000, "K", "4"},
		{"en-US", 1609646400000, "k", "4"},
		{"en-US", 1609646400000, "SS", "00"},
		{"en-US", 1609646400000, "SSSS", "0000"},
		{"en-US", 1609646400000, "XXX", "Z"},
		{"en-US", 1609646400000, "xx", "+0000"},
		{"en-US", 1609646400000, "OOOO", "GMT+00:00"},
		{"en-US", 1609646400000, "t", "1609646400"},
		{"en-US", 1609646400000, "T", "1609646400000"},
		{"en-US", 1609646400000, "P", "01/03/2021"},
		{"en-US", 1609646400000, "PP", "Jan 3, 2021"},
		{"en-US", 1609646400000, "PPP", "January 3rd, 2021"},
		{"en-US", 1609646400000, "pp", "4:00:00 AM"},
		{"en-US", 1609646400000, "Pp", "01/03/2021, 4:00 AM"},
		{"en-US", 1609646400000, "'it''s'", "it's"},
		{"en-US", 1609646400000, "'open", "open"},
		{"en-US", 1609646400000, "do MMMM", "3rd January"},
		{"en-US", 1609646400000, "d\nM", "31"},
		{"en-GB", 1735603199999, "GGGG", "Anno Domini"},
		{"en-GB", 1735603199999, "QQQQ", "4th quarter"},
		{"en-GB", 1735603199999, "MMMMM", "D"},
		{"en-GB", 1735603199999, "Mo", "12th"},
		{"en-GB", 1735603199999, "LLL", "Dec"},
		{"en-GB", 1735603199999, "w", "1"},
		{"en-GB", 1735603199999, "wo", "1st"},
		{"en-GB", 1735603199999, "do", "30th"},
		{"en-GB", 1735603199999, "EEEEEE", "Mo"},
		{"en-GB", 1735603199999, "e", "1"},
		{"en-GB", 1735603199999, "c", "1"},
		{"en-GB", 1735603199999, "cccc", "Monday"},
		{"en-GB", 1735603199999, "aaaa", "p.m."},
		{"en-GB", 1735603199999, "B", "in the evening"},
		{"en-GB", 1735603199999, "PP", "30 Dec 2024"},
		{"en-GB", 1735603199999, "PPP", "30 December 2024"},
		{"en-GB", 1735603199999, "Pp", "30/12/2024, 23:59"},
		{"en-GB", 1735603199999, "do MMMM", "30th December"},
		{"de-DE", 1735603199999, "GGGG", "nach Christus"},
		{"de-DE", 1735603199999, "QQQQ", "4. Quartal"},
		{"de-DE", 1735603199999, "MMMMM", "D"},
		{"de-DE", 1735603199999, "Mo", "12."},
		{"de-DE", 1735603199999, "LLL", "Dez"},
		{"de-DE", 1735603199999, "w", "1"},
		{"de-DE", 1735603199999, "wo", "1."},
		{"de-DE", 1735603199999, "do", "30."},
		{"de-DE", 1735603199999, "EEEEEE", "Mo"},
		{"de-DE", 1735603199999, "e", "1"},
		{"de-DE", 1735603199999, "c", "1"},
		{"de-DE", 1735603199999, "cccc", "Montag"},
		{"de-DE", 1735603199999, "aaaa", "nachmittags"},
		{"de-DE", 1735603199999, "B", "abends"},
		{"de-DE", 1735603199999, "PP", "30. Dez. 2024"},
		{"de-DE", 1735603199999, "PPP", "30. Dezember 2024"},
		{"de-DE", 1735603199999, "Pp", "30.12.2024 23:59"},
		{"de-DE", 1735603199999, "do MMMM", "30. Dezember"},
		{"fr-FR", 1735603199999, "GGGG", "après Jésus-Christ"},
		{"fr-FR", 1735603199999, "QQQQ", "4ème trimestre"},
		{"fr-FR", 1735603199999, "MMMMM", "D"},
		{"fr-FR", 1735603199999, "Mo", "12ème"},
		{"fr-FR", 1735603199999, "LLL", "déc."},
		{"fr-FR", 1735603199999, "w", "1"},
		{"fr-FR", 1735603199999, "wo", "1ère"},
		{"fr-FR", 1735603199999, "do", "30ème"},
		{"fr-FR", 1735603199999, "EEEEEE", "lu"},
		{"fr-FR", 1735603199999, "e", "1"},
		{"fr-FR", 1735603199999, "c", "1"},
		{"fr-FR", 1735603199999, "cccc", "lundi"},
		{"fr-FR", 1735603199999, "aaaa", "PM"},
		{"fr-FR", 1735603199999, "B", "soir"},
		{"fr-FR", 1735603199999, "PP", "30 déc. 2024"},
		{"fr-FR", 1735603199999, "PPP", "30 décembre 2024"},
		{"fr-FR", 1735603199999, "Pp", "30/12/2024, 23:59"},
		{"fr-FR", 1735603199999, "do MMMM", "30 décembre"},
		{"es-ES", 1735603199999, "GGGG", "después de cristo"},
		{"es-ES", 1735603199999, "QQQQ", "4º trimestre"},
		{"es-ES", 1735603199999, "MMMMM", "d"},
		{"es-ES", 1735603199999, "Mo", "12º"},
		{"es-ES", 1735603199999, "LLL", "dic"},
		{"es-ES", 1735603199999, "w", "1"},
		{"es-ES", 1735603199999, "wo", "1º"},
		{"es-ES", 1735603199999, "do", "30º"},
		{"es-ES", 1735603199999, "EEEEEE", "lu"},
		{"es-ES", 1735603199999, "e", "1"},
		{"es-ES", 1735603199999, "c", "1"},
		{"es-ES", 1735603199999, "cccc", "lunes"},
		{"es-ES", 1735603199999, "aaaa", "p.m."},
		{"es-ES", 1735603199999, "B", "de la tarde"},
		{"es-ES", 1735603199999, "PP", "30 dic 2024"},
		{"es-ES", 1735603199999, "PPP", "30 de diciembre de 2024"},
		{"es-ES", 1735603199999, "Pp", "30/12/2024, 23:59"},
		{"es-ES", 1735603199999, "do MMMM", "30º diciembre"},
		{"ja-JP", 1735603199999, "GGGG", "西暦"},
		{"ja-JP", 1735603199999, "QQQQ", "第4四半期"},
		{"ja-JP", 1735603199999, "MMMMM", "12"},
		{"ja-JP", 1735603199999, "Mo", "12月"},
		{"ja-JP", 1735603199999, "LLL", "12月"},
		{"ja-JP", 1735603199999, "w", "1"},
		{"ja-JP", 1735603199999, "wo", "第1週"},
		{"ja-JP", 1735603199999, "do", "30日"},
		{"ja-JP", 1735603199999, "EEEEEE", "月"},
		{"ja-JP", 1735603199999, "e", "2"},
		{"ja-JP", 1735603199999, "c", "2"},
		{"ja-JP", 1735603199999, "cccc", "月曜日"},
		{"ja-JP", 1735603199999, "aaaa", "午後"},
		{"ja-JP", 1735603199999, "B", "夜"},
		{"ja-JP", 1735603199999, "PP", "2024/12/30"},
		{"ja-JP", 1735603199999, "PPP", "2024年12月30日"},
		{"ja-JP", 1735603199999, "Pp", "2024/12/30 23:59"},
		{"ja-JP", 1735603199999, "do MMMM", "30日 12月"},
	} {
		got, err := formatJSDate(jsDate{ms: c.ms}, c.pattern, time.UTC, LookupLocale(c.locale))
		if err != nil || got != c.want {
			t.Errorf("%s %s %q = %q (%v), want %q", c.locale, time.UnixMilli(c.ms).UTC().Format(time.RFC3339), c.pattern, got, err, c.want)
		}
	}
}

// The patterns the date library refuses, which the renderers then show
// as ISO 8601 (see TestFormatDate): the week-year and day-of-year tokens it
// protects, unquoted latin letters that are no token, and a pattern with
// nothing in it.
func TestDatePatternRefusals(t *testing.T) {
	for _, p := range []string{"D", "DD", "YY", "YYYY", "yyyy-MM-DD", "n", "o", "Mon", "", "\n", "A", "Z", "W"} {
		if got, err := formatJSDate(jsDate{ms: 1735603199999}, p, time.UTC, localeEnUS); err == nil {
			t.Errorf("pattern %q formatted as %q, want it refused", p, got)
		}
	}
	for p, want := range map[string]string{"DDD": "365", "Y": "2025", "YYYYY": "02025", "yyyy'": "2024", "'": "", "''": "'", "a\n_": "PM_"} {
		if got, err := formatJSDate(jsDate{ms: 1735603199999}, p, time.UTC, localeEnUS); err != nil || got != want {
			t.Errorf("pattern %q = %q (%v), want %q", p, got, err, want)
		}
	}
}

func TestParseJSDate(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skipf("no time zone database: %v", err)
	}
	for in, want := range map[string]string{
		"2025-07-15":                    "2025-07-15T00:00:00.000Z",
		"2025-07":                       "2025-07-01T00:00:00.000Z",
		"2025":                          "2025-01-01T00:00:00.000Z",
		"2025-07-15T19:00":              "2025-07-15T23:00:00.000Z", // local: New York
		"2025-07-15T19:00:00.5":         "2025-07-15T23:00:00.500Z",
		"2025-07-15T19:00:00.123456Z":   "2025-07-15T19:00:00.123Z",
		"2025-07-15T19:00:00+02:00":     "2025-07-15T17:00:00.000Z",
		"2025-07-15T19:00:00+0200":      "2025-07-15T17:00:00.000Z",
		"2025-07-15 19:00":              "2025-07-15T23:00:00.000Z",
		"2025-07-15t19:00z":             "2025-07-15T19:00:00.000Z",
		"2025-07-15T24:00:00Z":          "2025-07-16T00:00:00.000Z",
		"+012025-01-01T00:00:00Z":       "+012025-01-01T00:00:00.000Z",
		"-000001-01-01T00:00:00Z":       "-000001-01-01T00:00:00.000Z",
		"Mon, 15 Dec 2025 12:00:00 GMT": "2025-12-15T12:00:00.000Z",
		"2025-13-01":                    "",
		"2025-07-15T19:00:00.Z":         "",
		"2025-07-15T19Z":                "",
		"2025-07-15T19:00:60Z":          "",
		"20250715":                      "",
		"-000000-01-01T00:00:00Z":       "",
		"soon":                          "",
	} {
		d, ok := parseJSDate(in, ny)
		got := ""
		if ok {
			got = d.isoString()
		}
		if got != want {
			t.Errorf("new Date(%q) = %q, want %q", in, got, want)
		}
	}
	for _, c := range []struct {
		v    any
		want string
	}{
		{1765800000000.0, "2025-12-15T12:00:00.000Z"}, {-1.5, "1969-12-31T23:59:59.999Z"}, {true, "1970-01-01T00:00:00.001Z"},
		{[]any{"2025"}, "2025-01-01T00:00:00.000Z"}, {8.64e15 + 1, ""}, {NewObject(), ""},
	} {
		d, ok := toJSDate(c.v, time.UTC)
		got := ""
		if ok {
			got = d.isoString()
		}
		if got != c.want {
			t.Errorf("new Date(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
