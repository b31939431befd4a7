package a2ui

// The v1.0 basic catalog reads the v0.9 basic catalog's components with a
// few changes, kept here as changes to componentTable's v0.9 rows: Text's
// variant is only caption or body (headings are Markdown's "#" in the
// text), Video has a posterUrl, TextField a placeholder and no
// validationRegexp (checks do that), Slider its steps.

// MaxSliderSteps is the most divisions a v1.0 Slider's steps may ask for:
// past it a step is finer than any terminal can show.
const MaxSliderSteps = 10000

// v10Change is what v1.0 changes in one type's rows: enums with other
// values, rows gone, rows added at the end.
type v10Change struct {
	values map[string][]string
	drop   []string
	add    []versionRow
}

var v10Changes = map[string]v10Change{
	"Text": {values: map[string][]string{"variant": {"caption", "body"}}},
	"Video": {add: []versionRow{
		{name: "posterUrl", kind: strProp, field: func(p Props) any { return &p.(*Video).PosterURL }},
	}},
	"TextField": {drop: []string{"validationRegexp"}, add: []versionRow{
		{name: "placeholder", kind: strProp, field: func(p Props) any { return &p.(*TextField).Placeholder }},
	}},
	"Slider": {add: []versionRow{
		{name: "steps", kind: optNumProp, field: func(p Props) any { return &p.(*Slider).Steps }},
	}},
}

// rowsV10 returns the rows of s as v1.0 reads them.
func rowsV10(s *componentSpec) []versionRow {
	ch := v10Changes[s.v09]
	rows := make([]versionRow, 0, len(s.rows09)+len(ch.add))
	for _, r := range s.rows09 {
		if containsString(ch.drop, r.name) {
			continue
		}
		if v, ok := ch.values[r.name]; ok {
			r.values = v
		}
		rows = append(rows, r)
	}
	return append(rows, ch.add...)
}
