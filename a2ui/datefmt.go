package a2ui

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// formatDate's patterns are Unicode (CLDR) date patterns as the official
// renderers read them: they format with date-fns, whose tokens are the
// CLDR letters (y, M, d, E, a, h, H, m, s, …) plus a few of its own (an
// "o" after a letter for an ordinal, P and p for the locale's long
// formats, i, R, t, T). a2term implements that same set, letter for letter,
// including its refusals: an unquoted latin letter that is not a token, and
// the week-year and day-of-year tokens YY, YYYY, D and DD, make the
// renderers show the date as ISO 8601 instead, and so does a2term.

// dateLocale holds a locale's words for dates. Widths index the arrays:
// narrow, abbreviated, wide (and for days narrow, short, abbreviated,
// wide); a nil stand-alone table means the stand-alone forms are the
// formatting ones.
type dateLocale struct {
	weekStartsOn          int // 0 is Sunday
	firstWeekContainsDate int
	eras                  [3][2]string // BC, AD
	months                [3][12]string
	monthsAlone           *[3][12]string
	days                  [4][7]string // Sunday first
	daysAlone             *[4][7]string
	quarters              [3][4]string
	quartersAlone         *[3][4]string
	// periods: am, pm, midnight, noon, morning, afternoon, evening, night
	periods [3][8]string
	// dateFormats, timeFormats and dateTimeFormats are the full, long,
	// medium and short patterns P…PPPP and p…pppp stand for.
	dateFormats     [4]string
	timeFormats     [4]string
	dateTimeFormats [4]string
	ordinal         func(n int64, unit string) string
	// dayOrdinalOnlyFirst: with a month name, "do" shows an ordinal only
	// on the first of the month (French: "1er août" but "29 août").
	dayOrdinalOnlyFirst bool
}

const (
	widthNarrow = iota
	widthAbbreviated
	widthWide
)

const (
	dayNarrow = iota
	dayShort
	dayAbbreviated
	dayWide
)

const (
	periodAM = iota
	periodPM
	periodMidnight
	periodNoon
	periodMorning
	periodAfternoon
	periodEvening
	periodNight
)

// errDatePattern is a pattern the renderers' date library refuses.
var errDatePattern = errors.New("date pattern not supported")

// maxJSTime is the largest distance from the epoch a JavaScript Date
// holds, in milliseconds.
const maxJSTime = 8.64e15

// maxDateText bounds the string form of an array read as a date: no date
// is written in more.
const maxDateText = 256

// jsDate is a JavaScript Date: milliseconds since the epoch.
type jsDate struct {
	ms int64
}

// toJSDate converts a value to a Date as JavaScript's new Date(value)
// does: a number counts milliseconds since the epoch, a string is parsed
// (see parseJSDate), true is 1 ms; other values are read through their
// string form.
func toJSDate(v any, loc *time.Location) (jsDate, bool) {
	var ms float64
	switch x := v.(type) {
	case float64:
		ms = x
	case bool:
		ms = 0
		if x {
			ms = 1
		}
	case nil:
		ms = 0
	case string:
		return parseJSDate(x, loc)
	default:
		// An array reads as its string form; one too long to be a date
		// is not written out.
		if textSizeOver(x, maxDateText) {
			return jsDate{}, false
		}
		return parseJSDate(jsString(x), loc)
	}
	if math.IsNaN(ms) || math.IsInf(ms, 0) || math.Abs(ms) > maxJSTime {
		return jsDate{}, false
	}
	return jsDate{ms: int64(ms)}, true // TimeClip truncates toward zero
}

// parseJSDate reads a date string as JavaScript's Date.parse reads the
// forms agents send: ISO 8601 dates ("2025-07-15", which is UTC) and date
// times ("2025-07-15T19:00:00Z", or without an offset, which is local
// time), with T, t or a space between date and time, and the RFC 1123
// form Date.prototype.toUTCString writes. Other strings are not dates.
func parseJSDate(s string, loc *time.Location) (jsDate, bool) {
	if d, ok := parseISODate(s, loc); ok {
		return d, true
	}
	for _, layout := range []string{time.RFC1123, time.RFC1123Z, "Mon, 2 Jan 2006 15:04:05 MST", "Mon, 2 Jan 2006 15:04:05 -0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return clipTime(t)
		}
	}
	return jsDate{}, false
}

func clipTime(t time.Time) (jsDate, bool) {
	ms := t.UnixMilli()
	if math.Abs(float64(ms)) > maxJSTime {
		return jsDate{}, false
	}
	return jsDate{ms: ms}, true
}

// parseISODate reads ECMAScript's date time string format.
func parseISODate(s string, loc *time.Location) (jsDate, bool) {
	p := 0
	num := func(n int) (int, bool) {
		if p+n > len(s) {
			return 0, false
		}
		v := 0
		for i := range n {
			c := s[p+i]
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int(c-'0')
		}
		p += n
		return v, true
	}
	var year int
	var ok bool
	if p < len(s) && (s[p] == '+' || s[p] == '-') {
		neg := s[p] == '-'
		p++
		if year, ok = num(6); !ok || neg && year == 0 {
			return jsDate{}, false // (-000000 is not a year)
		}
		if neg {
			year = -year
		}
	} else if year, ok = num(4); !ok {
		return jsDate{}, false
	}
	month, day := 1, 1
	if p < len(s) && s[p] == '-' {
		p++
		if month, ok = num(2); !ok || month < 1 || month > 12 {
			return jsDate{}, false
		}
		if p < len(s) && s[p] == '-' {
			p++
			if day, ok = num(2); !ok || day < 1 || day > 31 {
				return jsDate{}, false
			}
		}
	}
	if p == len(s) {
		// A date alone is UTC.
		return clipTime(time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC))
	}
	if s[p] != 'T' && s[p] != 't' && s[p] != ' ' {
		return jsDate{}, false
	}
	p++
	hour, ok1 := num(2)
	if !ok1 || p >= len(s) || s[p] != ':' {
		return jsDate{}, false
	}
	p++
	minute, ok2 := num(2)
	if !ok2 || hour > 24 || minute > 59 {
		return jsDate{}, false
	}
	sec, msec := 0, 0
	if p < len(s) && s[p] == ':' {
		p++
		if sec, ok = num(2); !ok || sec > 59 {
			return jsDate{}, false
		}
		if p < len(s) && s[p] == '.' {
			if msec, p = millis(s, p+1); msec < 0 {
				return jsDate{}, false
			}
		}
	}
	if hour == 24 && (minute != 0 || sec != 0 || msec != 0) {
		return jsDate{}, false
	}
	zone := loc
	if p < len(s) {
		switch c := s[p]; c {
		case 'Z', 'z':
			zone = time.UTC
			p++
		case '+', '-':
			p++
			oh, ok := num(2)
			if !ok {
				return jsDate{}, false
			}
			if p < len(s) && s[p] == ':' {
				p++
			}
			om, ok := num(2)
			if !ok || oh > 23 || om > 59 {
				return jsDate{}, false
			}
			off := oh*3600 + om*60
			if c == '-' {
				off = -off
			}
			zone = time.FixedZone("", off)
		}
	}
	if p != len(s) {
		return jsDate{}, false
	}
	return clipTime(time.Date(year, time.Month(month), day, hour, minute, sec, msec*1e6, zone))
}

// millis reads the digits of a fraction of a second from s[p:]: the
// milliseconds they make (digits past the third ignored) and where they
// end, or -1 when there is none.
func millis(s string, p int) (int, int) {
	start, msec := p, 0
	for p < len(s) && s[p] >= '0' && s[p] <= '9' {
		if p-start < 3 {
			msec = msec*10 + int(s[p]-'0')
		}
		p++
	}
	if p == start {
		return -1, p
	}
	for n := p - start; n < 3; n++ {
		msec *= 10
	}
	return msec, p
}

// isoString is Date.prototype.toISOString: UTC, milliseconds, and a
// six-digit signed year outside 0–9999.
func (d jsDate) isoString() string {
	t := time.UnixMilli(d.ms).UTC()
	var b []byte
	y := t.Year()
	switch {
	case y >= 0 && y <= 9999:
		b = appendPadded(b, int64(y), 4)
	case y < 0:
		b = append(b, '-')
		b = appendPadded(b, int64(-y), 6)
	default:
		b = append(b, '+')
		b = appendPadded(b, int64(y), 6)
	}
	b = append(b, '-')
	b = appendPadded(b, int64(t.Month()), 2)
	b = append(b, '-')
	b = appendPadded(b, int64(t.Day()), 2)
	b = append(b, 'T')
	b = appendPadded(b, int64(t.Hour()), 2)
	b = append(b, ':')
	b = appendPadded(b, int64(t.Minute()), 2)
	b = append(b, ':')
	b = appendPadded(b, int64(t.Second()), 2)
	b = append(b, '.')
	b = appendPadded(b, int64(t.Nanosecond()/1e6), 3)
	return string(append(b, 'Z'))
}

// appendPadded appends n with at least width digits, a minus sign first
// when negative (date-fns' addLeadingZeros).
func appendPadded(b []byte, n int64, width int) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	var buf [20]byte
	s := strconv.AppendInt(buf[:0], n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// civil is a date-time as read in the surface's time zone.
type civil struct {
	t      time.Time
	year   int
	month  int // 0–11, as JavaScript counts
	day    int
	dow    int // 0 is Sunday
	hour   int
	minute int
	second int
	ms     int
	offMin int // getTimezoneOffset: minutes to add to get UTC
}

func civilOf(d jsDate, loc *time.Location) civil {
	t := time.UnixMilli(d.ms).In(loc)
	_, off := t.Zone()
	return civil{
		t: t, year: t.Year(), month: int(t.Month()) - 1, day: t.Day(), dow: int(t.Weekday()),
		hour: t.Hour(), minute: t.Minute(), second: t.Second(), ms: t.Nanosecond() / 1e6,
		offMin: -off / 60,
	}
}

// dayNumber counts days from 1970-01-01 to a calendar date, which may
// overflow its month as JavaScript's Date constructor allows.
func dayNumber(year, month0, day int) int64 {
	return time.Date(year, time.Month(month0+1), day, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

func weekdayOf(dn int64) int {
	return int(((dn % 7) + 7 + 4) % 7) // 1970-01-01 was a Thursday
}

// startOfWeek returns the day number the week holding dn starts on.
func startOfWeek(dn int64, weekStartsOn int) int64 {
	day := weekdayOf(dn)
	diff := day - weekStartsOn
	if day < weekStartsOn {
		diff += 7
	}
	return dn - int64(diff)
}

// weekYear is date-fns' getWeekYear: the year whose first week (the one
// holding January firstWeekContainsDate) the date's week belongs to.
func weekYear(year int, dn int64, weekStartsOn, firstWeekContainsDate int) int {
	next := startOfWeek(dayNumber(year+1, 0, firstWeekContainsDate), weekStartsOn)
	this := startOfWeek(dayNumber(year, 0, firstWeekContainsDate), weekStartsOn)
	switch {
	case dn >= next:
		return year + 1
	case dn >= this:
		return year
	}
	return year - 1
}

// weekOf is date-fns' getWeek.
func weekOf(year int, dn int64, weekStartsOn, firstWeekContainsDate int) int {
	wy := weekYear(year, dn, weekStartsOn, firstWeekContainsDate)
	first := startOfWeek(dayNumber(wy, 0, firstWeekContainsDate), weekStartsOn)
	return int((startOfWeek(dn, weekStartsOn)-first)/7) + 1
}

// formatJSDate formats a date with a pattern as date-fns' format does,
// in the given zone and locale. It fails where date-fns throws.
func formatJSDate(d jsDate, pattern string, loc *time.Location, l *Locale) (string, error) {
	dl := l.dates
	expanded, ok := expandLongFormats(pattern, dl)
	if !ok {
		return "", errDatePattern
	}
	toks, err := dateTokens(expanded)
	if err != nil {
		return "", err
	}
	c := civilOf(d, loc)
	if dl.dayOrdinalOnlyFirst && c.day != 1 {
		long := false
		for _, t := range toks {
			if t.token && (t.text == "MMM" || t.text == "MMMM") {
				long = true
			}
		}
		if long {
			for i, t := range toks {
				if t.token && t.text == "do" {
					toks[i].text = "d"
				}
			}
		}
	}
	var b []byte
	for _, t := range toks {
		if !t.token {
			b = append(b, t.text...)
			continue
		}
		switch t.text {
		case "D", "DD", "YY", "YYYY":
			return "", errDatePattern
		}
		b = formatDateToken(b, t.text, c, d, dl)
	}
	return string(b), nil
}

type dateToken struct {
	text  string
	token bool
}

// isLineTerminator reports the characters a pattern's "." does not match
// in JavaScript: outside quotes, date-fns drops them.
func isLineTerminator(s string, i int) (int, bool) {
	switch {
	case s[i] == '\n' || s[i] == '\r':
		return 1, true
	case strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029"):
		return 3, true
	}
	return 0, false
}

// quotedEnd returns the end of the quoted run starting at s[i] == '\”, or
// -1 when s[i:] does not start one ('(”|[^'])+('|$)).
func quotedEnd(s string, i int) int {
	j := i + 1
	n := 0
run:
	for j < len(s) {
		switch {
		case strings.HasPrefix(s[j:], "''"):
			j += 2
		case s[j] != '\'':
			j++
		default:
			break run
		}
		n++
	}
	if n == 0 {
		return -1
	}
	if j < len(s) {
		j++ // the closing quote
	}
	return j
}

// expandLongFormats replaces P, PP…, p…, and Pp… runs by the locale's
// long formats, keeping quoted text and dropping unquoted line breaks. It
// fails, as date-fns does, when nothing is left to format.
func expandLongFormats(s string, dl *dateLocale) (string, bool) {
	var b strings.Builder
	matched := false
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == 'P' || c == 'p':
			j := i
			for j < len(s) && s[j] == c {
				j++
			}
			dates := j - i
			times := 0
			if c == 'P' {
				k := j
				for k < len(s) && s[k] == 'p' {
					k++
				}
				times = k - j
				j = k
			} else {
				dates, times = 0, dates
			}
			switch {
			case dates > 0 && times > 0:
				f := dl.dateTimeFormats[longWidth(dates)]
				f = strings.Replace(f, "{{date}}", dl.dateFormats[longWidth(dates)], 1)
				f = strings.Replace(f, "{{time}}", dl.timeFormats[longWidth(times)], 1)
				b.WriteString(f)
			case dates > 0:
				b.WriteString(dl.dateFormats[longWidth(dates)])
			default:
				b.WriteString(dl.timeFormats[longWidth(times)])
			}
			matched = true
			i = j
		case strings.HasPrefix(s[i:], "''"):
			b.WriteString("''")
			matched = true
			i += 2
		case c == '\'' && quotedEnd(s, i) > 0:
			j := quotedEnd(s, i)
			b.WriteString(s[i:j])
			matched = true
			i = j
		default:
			if n, ok := isLineTerminator(s, i); ok {
				i += n
				continue
			}
			j := i + 1
			for j < len(s) && s[j]&0xC0 == 0x80 {
				j++ // the rest of a UTF-8 sequence
			}
			b.WriteString(s[i:j])
			matched = true
			i = j
		}
	}
	return b.String(), matched
}

// longWidth maps a run of P or p to the full/long/medium/short index.
func longWidth(n int) int {
	switch n {
	case 1:
		return 3
	case 2:
		return 2
	case 3:
		return 1
	}
	return 0
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// dateLetters are the pattern letters date-fns formats; ordinalLetters
// those an "o" may follow.
const (
	dateLetters    = "GyYRuQqMLwIdDEeciabBhHKkmsSXxOztT"
	ordinalLetters = "yYQqMLwIdDecihHKkms"
)

// dateTokens splits an expanded pattern into tokens and literal text.
func dateTokens(s string) ([]dateToken, error) {
	var out []dateToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case i+1 < len(s) && s[i+1] == 'o' && strings.IndexByte(ordinalLetters, c) >= 0:
			out = append(out, dateToken{text: s[i : i+2], token: true})
			i += 2
		case isWordByte(c):
			j := i
			for j < len(s) && s[j] == c {
				j++
			}
			run := s[i:j]
			i = j
			switch {
			case strings.IndexByte(dateLetters, c) >= 0:
				out = append(out, dateToken{text: run, token: true})
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
				return nil, errDatePattern // an unescaped latin letter
			default:
				out = append(out, dateToken{text: run})
			}
		case strings.HasPrefix(s[i:], "''"):
			out = append(out, dateToken{text: "'"})
			i += 2
		case c == '\'':
			j := quotedEnd(s, i)
			if j < 0 {
				i++ // a lone quote at the end stands for nothing
				continue
			}
			q := strings.TrimSuffix(s[i+1:j], "'")
			out = append(out, dateToken{text: strings.ReplaceAll(q, "''", "'")})
			i = j
		default:
			if n, ok := isLineTerminator(s, i); ok {
				i += n
				continue
			}
			j := i + 1
			for j < len(s) && s[j]&0xC0 == 0x80 {
				j++
			}
			out = append(out, dateToken{text: s[i:j]})
			i = j
		}
	}
	return out, nil
}

// formatDateToken appends one token's text, following date-fns'
// formatters.
func formatDateToken(b []byte, tok string, c civil, d jsDate, dl *dateLocale) []byte {
	n := len(tok)
	letter := tok[0]
	ordinal := n == 2 && tok[1] == 'o'
	monthsAlone, daysAlone, quartersAlone := &dl.months, &dl.days, &dl.quarters
	if dl.monthsAlone != nil {
		monthsAlone = dl.monthsAlone
	}
	if dl.daysAlone != nil {
		daysAlone = dl.daysAlone
	}
	if dl.quartersAlone != nil {
		quartersAlone = dl.quartersAlone
	}
	dn := dayNumber(c.year, c.month, c.day)
	switch letter {
	case 'G':
		era := 0
		if c.year > 0 {
			era = 1
		}
		switch {
		case n <= 3:
			return append(b, dl.eras[widthAbbreviated][era]...)
		case n == 5:
			return append(b, dl.eras[widthNarrow][era]...)
		}
		return append(b, dl.eras[widthWide][era]...)
	case 'y':
		year := c.year
		if year <= 0 {
			year = 1 - year
		}
		if ordinal {
			return append(b, dl.ordinal(int64(year), "year")...)
		}
		if tok == "yy" {
			return appendPadded(b, int64(year%100), 2)
		}
		return appendPadded(b, int64(year), n)
	case 'Y':
		wy := weekYear(c.year, dn, dl.weekStartsOn, dl.firstWeekContainsDate)
		if wy <= 0 {
			wy = 1 - wy
		}
		if ordinal {
			return append(b, dl.ordinal(int64(wy), "year")...)
		}
		return appendPadded(b, int64(wy), n)
	case 'R':
		return appendPadded(b, int64(weekYear(c.year, dn, 1, 4)), n)
	case 'u':
		return appendPadded(b, int64(c.year), n)
	case 'Q', 'q':
		q := c.month/3 + 1
		names := &dl.quarters
		if letter == 'q' {
			names = quartersAlone
		}
		switch {
		case ordinal:
			return append(b, dl.ordinal(int64(q), "quarter")...)
		case n == 1:
			return strconv.AppendInt(b, int64(q), 10)
		case n == 2:
			return appendPadded(b, int64(q), 2)
		case n == 3:
			return append(b, names[widthAbbreviated][q-1]...)
		case n == 5:
			return append(b, names[widthNarrow][q-1]...)
		}
		return append(b, names[widthWide][q-1]...)
	case 'M', 'L':
		names := &dl.months
		if letter == 'L' {
			names = monthsAlone
		}
		switch {
		case ordinal:
			return append(b, dl.ordinal(int64(c.month+1), "month")...)
		case n == 1:
			return strconv.AppendInt(b, int64(c.month+1), 10)
		case n == 2:
			return appendPadded(b, int64(c.month+1), 2)
		case n == 3:
			return append(b, names[widthAbbreviated][c.month]...)
		case n == 5:
			return append(b, names[widthNarrow][c.month]...)
		}
		return append(b, names[widthWide][c.month]...)
	case 'w':
		w := weekOf(c.year, dn, dl.weekStartsOn, dl.firstWeekContainsDate)
		if ordinal {
			return append(b, dl.ordinal(int64(w), "week")...)
		}
		return appendPadded(b, int64(w), n)
	case 'I':
		w := weekOf(c.year, dn, 1, 4)
		if ordinal {
			return append(b, dl.ordinal(int64(w), "week")...)
		}
		return appendPadded(b, int64(w), n)
	case 'd':
		if ordinal {
			return append(b, dl.ordinal(int64(c.day), "date")...)
		}
		return appendPadded(b, int64(c.day), n)
	case 'D':
		doy := dn - dayNumber(c.year, 0, 1) + 1
		if ordinal {
			return append(b, dl.ordinal(doy, "dayOfYear")...)
		}
		return appendPadded(b, doy, n)
	case 'E', 'e', 'c', 'i':
		var num int
		switch letter {
		case 'e', 'c':
			num = (c.dow - dl.weekStartsOn + 8) % 7
			if num == 0 {
				num = 7
			}
		case 'i':
			num = c.dow
			if num == 0 {
				num = 7
			}
		}
		names := &dl.days
		if letter == 'c' {
			names = daysAlone
		}
		if letter != 'E' {
			switch {
			case ordinal:
				return append(b, dl.ordinal(int64(num), "day")...)
			case n == 1:
				return strconv.AppendInt(b, int64(num), 10)
			case n == 2:
				return appendPadded(b, int64(num), 2)
			}
		}
		switch {
		case n <= 3:
			return append(b, names[dayAbbreviated][c.dow]...)
		case n == 5:
			return append(b, names[dayNarrow][c.dow]...)
		case n == 6:
			return append(b, names[dayShort][c.dow]...)
		}
		return append(b, names[dayWide][c.dow]...)
	case 'a', 'b', 'B':
		p := periodAM
		switch letter {
		case 'a':
			if c.hour >= 12 {
				p = periodPM
			}
		case 'b':
			switch {
			case c.hour == 12:
				p = periodNoon
			case c.hour == 0:
				p = periodMidnight
			case c.hour > 12:
				p = periodPM
			}
		case 'B':
			switch {
			case c.hour >= 17:
				p = periodEvening
			case c.hour >= 12:
				p = periodAfternoon
			case c.hour >= 4:
				p = periodMorning
			default:
				p = periodNight
			}
			switch {
			case n <= 3:
				return append(b, dl.periods[widthAbbreviated][p]...)
			case n == 5:
				return append(b, dl.periods[widthNarrow][p]...)
			}
			return append(b, dl.periods[widthWide][p]...)
		}
		switch n {
		case 1, 2:
			return append(b, dl.periods[widthAbbreviated][p]...)
		case 3:
			return append(b, strings.ToLower(dl.periods[widthAbbreviated][p])...)
		case 5:
			return append(b, dl.periods[widthNarrow][p]...)
		}
		return append(b, dl.periods[widthWide][p]...)
	case 'h', 'H', 'K', 'k':
		h := c.hour
		switch letter {
		case 'h':
			h %= 12
			if h == 0 {
				h = 12
			}
		case 'K':
			h %= 12
		case 'k':
			if h == 0 {
				h = 24
			}
		}
		if ordinal {
			return append(b, dl.ordinal(int64(h), "hour")...)
		}
		return appendPadded(b, int64(h), n)
	case 'm':
		if ordinal {
			return append(b, dl.ordinal(int64(c.minute), "minute")...)
		}
		return appendPadded(b, int64(c.minute), n)
	case 's':
		if ordinal {
			return append(b, dl.ordinal(int64(c.second), "second")...)
		}
		return appendPadded(b, int64(c.second), n)
	case 'S':
		frac := math.Trunc(float64(c.ms) * math.Pow(10, float64(n-3)))
		s := FormatJSNumber(frac)
		for i := len(s); i < n; i++ {
			b = append(b, '0')
		}
		return append(b, s...)
	case 'X', 'x':
		if letter == 'X' && c.offMin == 0 {
			return append(b, 'Z')
		}
		switch n {
		case 1:
			if c.offMin%60 == 0 {
				b = appendOffsetSign(b, c.offMin)
				return appendPadded(b, int64(abs(c.offMin)/60), 2)
			}
			return appendOffset(b, c.offMin, "")
		case 2, 4:
			return appendOffset(b, c.offMin, "")
		}
		return appendOffset(b, c.offMin, ":")
	case 'O', 'z':
		b = append(b, "GMT"...)
		if n <= 3 {
			b = appendOffsetSign(b, c.offMin)
			b = strconv.AppendInt(b, int64(abs(c.offMin)/60), 10)
			if m := abs(c.offMin) % 60; m != 0 {
				b = append(b, ':')
				b = appendPadded(b, int64(m), 2)
			}
			return b
		}
		return appendOffset(b, c.offMin, ":")
	case 't':
		return appendPaddedFloat(b, math.Trunc(float64(d.ms)/1000), n)
	case 'T':
		return appendPaddedFloat(b, float64(d.ms), n)
	}
	return b
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// appendOffsetSign writes the sign of a UTC offset; offMin counts as
// getTimezoneOffset does, positive west of Greenwich.
func appendOffsetSign(b []byte, offMin int) []byte {
	if offMin > 0 {
		return append(b, '-')
	}
	return append(b, '+')
}

func appendOffset(b []byte, offMin int, sep string) []byte {
	b = appendOffsetSign(b, offMin)
	b = appendPadded(b, int64(abs(offMin)/60), 2)
	b = append(b, sep...)
	return appendPadded(b, int64(abs(offMin)%60), 2)
}

func appendPaddedFloat(b []byte, f float64, width int) []byte {
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	s := FormatJSNumber(f)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// Ordinal numbers per locale, as the date library's locales write them.

func ordinalEnglish(n int64, _ string) string {
	s := strconv.FormatInt(n, 10)
	rem100 := n % 100
	if rem100 > 20 || rem100 < 10 {
		switch rem100 % 10 {
		case 1:
			return s + "st"
		case 2:
			return s + "nd"
		case 3:
			return s + "rd"
		}
	}
	return s + "th"
}

func ordinalGerman(n int64, _ string) string { return strconv.FormatInt(n, 10) + "." }

func ordinalFrench(n int64, unit string) string {
	switch n {
	case 0:
		return "0"
	case 1:
		switch unit {
		case "year", "week", "hour", "minute", "second":
			return "1ère"
		}
		return "1er"
	}
	return strconv.FormatInt(n, 10) + "ème"
}

func ordinalSpanish(n int64, _ string) string { return strconv.FormatInt(n, 10) + "º" }

func ordinalJapanese(n int64, unit string) string {
	s := strconv.FormatInt(n, 10)
	switch unit {
	case "year":
		return s + "年"
	case "quarter":
		return "第" + s + "四半期"
	case "month":
		return s + "月"
	case "week":
		return "第" + s + "週"
	case "date":
		return s + "日"
	case "hour":
		return s + "時"
	case "minute":
		return s + "分"
	case "second":
		return s + "秒"
	}
	return s
}
