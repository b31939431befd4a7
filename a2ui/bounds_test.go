package a2ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil"
)

// The hostile inputs of these tests are made here, each a few hundred
// bytes to a hundred kilobytes that asked a2term for far more than the
// canvas holds: a template that formats itself, a template that repeats a
// large value thousands of times, a regex of a hundred thousand
// instructions.

// hostileRecursion is a Text that formats the template at /t, which
// formats itself.
func hostileRecursion() string {
	return strings.Join([]string{
		v9Create("h"),
		v9Comps("h", v9Text("root", `{"call":"formatString","args":{"value":{"path":"/t"}}}`)),
		v9Data("h", "/t", `"${formatString(value: ${/t})}"`),
	}, "\n")
}

// hostileAmplification is a 60 KB string, a template of ${/big} repeated
// 9,000 times, and a list of ten items that each show it: 5 GB of text,
// in a batch inside every limit on what it holds.
func hostileAmplification() string {
	tmpl := strings.Repeat("${/big}", 9000)
	return strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},`+
			v9Text("row", `{"call":"formatString","args":{"value":"`+tmpl+`"}}`)),
		v9Data("h", "/big", `"`+strings.Repeat("x", 60<<10)+`"`),
		v9Data("h", "/items", `[0,1,2,3,4,5,6,7,8,9]`),
	}, "\n")
}

// hostileRegex is a field with five checks whose pattern is sixty
// [a-z]{0,1000} then x (781 bytes, a program of 120,000 instructions), on
// a 5 KB value.
func hostileRegex() string {
	pat := strings.Repeat("[a-z]{0,1000}", 60) + "x"
	var checks []string
	for range 5 {
		checks = append(checks, `{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"no"}`)
	}
	return strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+strings.Join(checks, ",")+`]}`),
		v9Data("h", "/v", `"`+strings.Repeat("a", 5<<10)+`"`),
	}, "\n")
}

// hostileBudget is twenty checks whose patterns sit just under
// MaxRegexpProgram, on a value just under what MaxRegexpSteps lets them
// read: each is allowed, and all of them would take a second.
func hostileBudget() string {
	pat := strings.Repeat("[a-z]{0,30}", 31) + "x"
	var checks []string
	for range 20 {
		checks = append(checks, `{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"no"}`)
	}
	return strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+strings.Join(checks, ",")+`]}`),
		v9Data("h", "/v", `"`+strings.Repeat("a", 500)+`"`),
	}, "\n")
}

// applyHostile applies a hostile stream and returns what came of it and
// the bytes allocated meanwhile.
func applyHostile(t testing.TB, opts Options, jsonl string) (*Canvas, uint64, error) {
	t.Helper()
	raws := splitLines(t, jsonl)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, _, err := New(opts).ApplyJSON(raws)
	runtime.ReadMemStats(&after)
	return c, after.TotalAlloc - before.TotalAlloc, err
}

func splitLines(t testing.TB, jsonl string) []json.RawMessage {
	t.Helper()
	var raws []json.RawMessage
	for _, line := range strings.Split(jsonl, "\n") {
		if line != "" {
			raws = append(raws, json.RawMessage(line))
		}
	}
	return raws
}

// wantRefused checks that err is a refusal with the code, naming the
// component with a JSON Pointer into the batch.
func wantRefused(t *testing.T, err error, code Code, component string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("applied, want a refusal %s", code)
	}
	if e.Code != code || e.ComponentID != component {
		t.Fatalf("refusal %s of %q (%v), want %s of %q", e.Code, e.ComponentID, e, code, component)
	}
	if e.ClientMessage == nil || e.ClientMessage.Error.Path == nil || !strings.HasPrefix(*e.ClientMessage.Error.Path, "/components/") {
		t.Fatalf("refusal %v carries no JSON Pointer to the component: %+v", e, e.ClientMessage)
	}
}

const hostileAllocs = 64 << 20

// TestTemplateFromDataCannotFormatItself: a template read from the data
// model that formats itself is refused, not evaluated until the stack
// overflows; with Lenient, it shows as a marker that says why.
func TestTemplateFromDataCannotFormatItself(t *testing.T) {
	_, _, err := applyHostile(t, Options{}, hostileRecursion())
	wantRefused(t, err, CodeEvalLimit, "root")
	if !strings.Contains(err.Error(), "may not format another template") {
		t.Errorf("refusal %q does not say why", err)
	}

	c, _, err := applyHostile(t, Options{Lenient: true}, hostileRecursion())
	if err != nil {
		t.Fatalf("lenient: %v", err)
	}
	if got := nodeOf(t, c, "h", "root").Props.(*TextProps).Text; !strings.HasPrefix(got, "[not evaluated: a template read from the data model") {
		t.Errorf("lenient: the text is %q, want the marker", got)
	}
}

// TestTemplateOnceRemoved: a template read from the data model formats
// as before, one level deep; its expressions may read templates that
// hold none.
func TestTemplateOnceRemoved(t *testing.T) {
	c := canvasOf(t, Options{}, strings.Join([]string{
		v9Create("h"),
		v9Comps("h", v9Text("root", `{"call":"formatString","args":{"value":{"path":"/t"}}}`)),
		v9Data("h", "/", `{"t":"Hi ${/name}, ${formatString(value: ${/plain})}","name":"Ada","plain":"no template here"}`),
	}, "\n"))
	if got := nodeOf(t, c, "h", "root").Props.(*TextProps).Text; got != "Hi Ada, no template here" {
		t.Errorf("text %q", got)
	}
}

// TestAmplificationIsBounded: a template that would write gigabytes is
// refused after writing no more than MaxStringBytes, and allocates a
// bounded amount; with Lenient every item shows the marker.
func TestAmplificationIsBounded(t *testing.T) {
	_, alloc, err := applyHostile(t, Options{}, hostileAmplification())
	wantRefused(t, err, CodeEvalLimit, "row")
	if alloc > hostileAllocs {
		t.Errorf("refusing the batch allocated %d MB", alloc>>20)
	}

	c, alloc, err := applyHostile(t, Options{Lenient: true}, hostileAmplification())
	if err != nil {
		t.Fatalf("lenient: %v", err)
	}
	if alloc > hostileAllocs {
		t.Errorf("marking the batch allocated %d MB", alloc>>20)
	}
	for _, id := range []string{"row:0", "row:9"} {
		if got := nodeOf(t, c, "h", id).Props.(*TextProps).Text; got != "[not evaluated: formatString's result would be over 65536 bytes]" {
			t.Errorf("%s shows %.80q, want the marker", id, got)
		}
	}
}

// TestLargeValueShownInEveryItem: a text bound to a large object, in each
// of hundreds of items, writes the object out for each; the batch's work
// is bounded, in v0.9 and in v0.8.
func TestLargeValueShownInEveryItem(t *testing.T) {
	var big strings.Builder
	big.WriteString(`{`)
	for i := range 1300 { // about 56 KB, under MaxStringBytes
		if i > 0 {
			big.WriteString(",")
		}
		fmt.Fprintf(&big, `"k%04d":"%s"`, i, strings.Repeat("v", 30))
	}
	big.WriteString(`}`)
	items := make([]string, 1000)
	for i := range items {
		items[i] = "0"
	}
	v09 := strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},`+v9Text("row", `{"path":"/big"}`)),
		v9Data("h", "/big", big.String()),
		v9Data("h", "/items", "["+strings.Join(items, ",")+"]"),
	}, "\n")
	_, alloc, err := applyHostile(t, Options{}, v09)
	wantRefused(t, err, CodeEvalLimit, "row")
	if alloc > hostileAllocs {
		t.Errorf("v0.9: refusing the batch allocated %d MB", alloc>>20)
	}

	var comps []string
	children := make([]string, 400)
	for i := range children {
		children[i] = fmt.Sprintf(`"t%03d"`, i)
		comps = append(comps, `{"id":`+children[i]+`,"component":{"Text":{"text":{"path":"/big"}}}}`)
	}
	comps = append(comps, `{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(children, ",")+`]}}}}`)
	v08 := strings.Join([]string{
		`{"surfaceUpdate":{"surfaceId":"h","components":[` + strings.Join(comps, ",") + `]}}`,
		`{"dataModelUpdate":{"surfaceId":"h","contents":[{"key":"big","valueString":` + strconvQuote(big.String()) + `}]}}`,
		`{"beginRendering":{"surfaceId":"h","root":"root"}}`,
	}, "\n")
	_, alloc, err = applyHostile(t, Options{}, v08)
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeEvalLimit {
		t.Fatalf("v0.8: %v, want a refusal %s", err, CodeEvalLimit)
	}
	if alloc > hostileAllocs {
		t.Errorf("v0.8: refusing the batch allocated %d MB", alloc>>20)
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestRegexProgramIsBounded: a pattern over MaxRegexpProgram is refused
// when the batch arrives, saying so; with Lenient its checks fail with a
// marker, without running it.
func TestRegexProgramIsBounded(t *testing.T) {
	_, alloc, err := applyHostile(t, Options{}, hostileRegex())
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeRegexTooLarge || !strings.Contains(e.Path, "/checks/0/condition/args/pattern") {
		t.Fatalf("%v, want a refusal %s at the pattern", err, CodeRegexTooLarge)
	}
	if !strings.Contains(e.Message, "more than 2000 instructions") {
		t.Errorf("refusal %q does not say which bound", e.Message)
	}
	if alloc > hostileAllocs {
		t.Errorf("refusing the batch allocated %d MB", alloc>>20)
	}

	c, _, err := applyHostile(t, Options{Lenient: true}, hostileRegex())
	if err != nil {
		t.Fatalf("lenient: %v", err)
	}
	checks := nodeOf(t, c, "h", "root").Props.(*TextFieldProps).Checks
	if len(checks) != 5 || !strings.Contains(checks[0], "more than 2000 instructions") {
		t.Errorf("lenient: checks %q, want five markers", checks)
	}
}

// TestRegexInputIsBounded: a pattern inside the bounds reads no more than
// MaxRegexpSteps allow; a longer value fails the check with a marker.
func TestRegexInputIsBounded(t *testing.T) {
	pat := strings.Repeat("[a-z]{0,30}", 30) + "x" // about 1,800 instructions
	jsonl := strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+
			`{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"no"}]}`),
		v9Data("h", "/v", `"abc"`),
	}, "\n")
	c := canvasOf(t, Options{}, jsonl)
	if got := nodeOf(t, c, "h", "root").Props.(*TextFieldProps).Checks; len(got) != 1 || got[0] != "no" {
		t.Fatalf("short value: checks %q", got)
	}
	c = v9Set(t, c, "h", "root", strings.Repeat("a", 5<<10))
	got := nodeOf(t, c, "h", "root").Props.(*TextFieldProps).Checks
	if len(got) != 1 || !strings.Contains(got[0], "reads at most") {
		t.Errorf("long value: checks %q, want the marker", got)
	}
}

// TestRegexFromDataCompiledOncePerSurface: with Lenient a pattern may be
// read from the data model; it is compiled once for the surface, not at
// each evaluation.
func TestRegexFromDataCompiledOncePerSurface(t *testing.T) {
	jsonl := strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+
			`{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":{"path":"/p"}}},"message":"digits"}]}`),
		v9Data("h", "/", `{"v":"12","p":"^[0-9]+$"}`),
	}, "\n")
	c := canvasOf(t, Options{Lenient: true}, jsonl)
	pats := c.Surface("h").pats
	first := pats.pats["^[0-9]+$"].p
	if first == nil {
		t.Fatalf("the pattern was not kept: %v", pats.pats)
	}
	for _, v := range []string{"1x", "123"} {
		c = v9Set(t, c, "h", "root", v)
	}
	if got := nodeOf(t, c, "h", "root").Props.(*TextFieldProps).Checks; len(got) != 0 {
		t.Errorf("checks %q", got)
	}
	if c.Surface("h").pats != pats || pats.pats["^[0-9]+$"].p != first || len(pats.pats) != 1 {
		t.Errorf("the pattern was compiled again")
	}
}

// TestMessagePatternsCompiledOncePerSurface: a pattern written in a
// message (a validationRegexp, a regex call's literal pattern) is compiled
// once for the surface: an agent that sends the same components again,
// batch after batch, gets the compiled pattern back instead of paying its
// compilation each time.
func TestMessagePatternsCompiledOncePerSurface(t *testing.T) {
	const pat = `[a-z]{0,20}x`
	for _, tc := range []struct {
		name, create, comps string
		keys                []string // the RE2 sources the surface keeps
	}{
		{"v0.8 validationRegexp", "",
			`{"surfaceUpdate":{"surfaceId":"h","components":[{"id":"root","component":{"TextField":{"label":{"literalString":"x"},"validationRegexp":"` + pat + `"}}}]}}`,
			[]string{pat, `^(?:` + pat + `)$`}},
		{"v0.9 validationRegexp", v9Create("h"),
			v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"validationRegexp":"`+pat+`"}`),
			[]string{pat, `^(?:` + pat + `)$`}},
		{"v0.9 regex call", v9Create("h"),
			v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+
				`{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"no"}]}`),
			[]string{pat}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := tc.comps
			if tc.create != "" {
				first = tc.create + "\n" + tc.comps
			}
			c := canvasOf(t, Options{}, first)
			pats := c.Surface("h").pats
			kept := map[string]*pattern{}
			for _, k := range tc.keys {
				if kept[k] = pats.pats[k].p; kept[k] == nil {
					t.Fatalf("the surface did not keep %q: %v", k, pats.pats)
				}
			}
			for range 3 {
				c = mustApply(t, c, tc.comps)
			}
			if c.Surface("h").pats != pats || len(pats.pats) != len(tc.keys) {
				t.Fatalf("the surface's patterns: %v, want %q once each", pats.pats, tc.keys)
			}
			for _, k := range tc.keys {
				if pats.pats[k].p != kept[k] {
					t.Errorf("%q was compiled again", k)
				}
			}
			if cp, _ := c.Surface("h").Component("root"); len(tc.keys) == 2 {
				if tf, ok := cp.Props.(*TextField); !ok || tf.pattern != kept[tc.keys[1]] {
					t.Errorf("the TextField's pattern is not the surface's: %#v", cp.Props)
				}
			}
		})
	}
}

// TestSurfacePatternsAreBounded: a surface keeps its compiled patterns
// within maxCachedInsts instructions in all, however many large patterns
// its agent sends; the rest are compiled once per message.
func TestSurfacePatternsAreBounded(t *testing.T) {
	c := canvasOf(t, Options{}, v9Create("h"))
	for batch := range 6 {
		var checks []string
		for i := range 4 {
			// about 1,600 instructions each, every one different
			pat := strings.Repeat("(a|b)", 300) + fmt.Sprintf("x%dy%d", batch, i)
			checks = append(checks, `{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"no"}`)
		}
		c = mustApply(t, c, v9Comps("h", `{"id":"root","component":"TextField","label":"Code","value":{"path":"/v"},"checks":[`+strings.Join(checks, ",")+`]}`))
	}
	pats := c.Surface("h").pats
	sum := 0
	for _, r := range pats.pats {
		sum += r.p.insts
	}
	const most = 8000 // as the package doc says
	if len(pats.pats) == 0 || sum != pats.insts || sum > most {
		t.Errorf("the surface keeps %d patterns of %d instructions (counted %d), want at most %d", len(pats.pats), sum, pats.insts, most)
	}
}

// TestEvaluationWorkIsBounded: checks each inside the regex bounds, but
// too many for one batch, stop at MaxEvalWork.
func TestEvaluationWorkIsBounded(t *testing.T) {
	_, _, err := applyHostile(t, Options{}, hostileBudget())
	wantRefused(t, err, CodeEvalLimit, "root")
	if !strings.Contains(err.Error(), "units of work") {
		t.Errorf("refusal %q", err)
	}
	c, _, err := applyHostile(t, Options{Lenient: true}, hostileBudget())
	if err != nil {
		t.Fatal(err)
	}
	checks := nodeOf(t, c, "h", "root").Props.(*TextFieldProps).Checks
	if len(checks) != 20 || checks[0] != "no" || !strings.Contains(checks[19], "units of work") {
		t.Errorf("checks %q: want the first to run and the last to be marked", checks)
	}
}

// listOfFields is a list of items fields, each with checks, reading data.
func listOfFields(items int, checks []string, data string) string {
	its := make([]string, items)
	for i := range its {
		its[i] = "0"
	}
	return strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},`+
			`{"id":"row","component":"TextField","label":"x","value":{"path":"/v"},"checks":[`+strings.Join(checks, ",")+`]}`),
		v9Data("h", "/", data),
		v9Data("h", "/items", "["+strings.Join(its, ",")+"]"),
	}, "\n")
}

// TestWorkOfEveryKindIsCharged: what a function reads, what formatDate
// parses, each step of a path and each text sanitized for display spend
// from the budget, so that many cheap-looking calls cannot add up.
func TestWorkOfEveryKindIsCharged(t *testing.T) {
	rep := func(n int, s string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = s
		}
		return out
	}
	deep := strings.Repeat("/a", 400)
	nest := `"x"`
	for range 400 {
		nest = `{"a":` + nest + `}`
	}
	paths := rep(1000, `{"path":"`+deep+`"}`)
	for name, jsonl := range map[string]string{
		// a 64 KB value read by a hundred checks in each of a hundred items
		"length": listOfFields(100, rep(100, `{"condition":{"call":"length","args":{"value":{"path":"/big"},"min":1}},"message":"m"}`),
			`{"big":"`+strings.Repeat("é", 32<<10-10)+`","v":"a"}`),
		// a date pattern of 28 KB, twenty times in each of a hundred items
		"formatDate": listOfFields(100, rep(20, `{"condition":{"call":"formatDate","args":{"value":{"path":"/d"},"format":{"path":"/p"}}},"message":"m"}`),
			`{"d":"2025-01-01","p":"`+strings.Repeat("EEEE", 7000)+`","v":"a"}`),
		// a thousand paths 400 steps deep, in each of a hundred items
		"paths": listOfFields(100, []string{`{"condition":{"call":"and","args":{"values":[` + strings.Join(paths, ",") + `]}},"message":"m"}`},
			`{"v":"a","a":`+nest+`}`),
	} {
		_, alloc, err := applyHostile(t, Options{}, jsonl)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeEvalLimit {
			t.Errorf("%s: %v, want a refusal %s", name, err, CodeEvalLimit)
		}
		if alloc > hostileAllocs {
			t.Errorf("%s: refusing the batch allocated %d MB", name, alloc>>20)
		}
	}

	// Texts that must be sanitized grapheme by grapheme, two thousand
	// times: the budget stops them.
	jsonl := strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},`+v9Text("row", `{"path":"/big"}`)),
		v9Data("h", "/big", `"`+strings.Repeat("é", 21<<10)+`"`),
		v9Data("h", "/items", "["+strings.Join(rep(1999, "0"), ",")+"]"),
	}, "\n")
	_, _, err := applyHostile(t, Options{}, jsonl)
	wantRefused(t, err, CodeEvalLimit, "row")
}

// TestCaseFoldedRangesAreBounded: under (?i) Go's parser walks every
// character of a class range, so a case-insensitive pattern's ranges are
// bounded before it is parsed, in regex and validationRegexp alike.
func TestCaseFoldedRangesAreBounded(t *testing.T) {
	pat := "(?i)" + strings.Repeat(`[B-\\x{1e942}]`, 50)
	_, alloc, err := applyHostile(t, Options{}, strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"TextField","label":"x","value":{"path":"/v"},"checks":[`+
			`{"condition":{"call":"regex","args":{"value":{"path":"/v"},"pattern":"`+pat+`"}},"message":"m"}]}`),
	}, "\n"))
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeRegexTooLarge || !strings.Contains(e.Message, "character ranges span more than") {
		t.Fatalf("regex: %v, want a refusal %s", err, CodeRegexTooLarge)
	}
	if alloc > 1<<20 {
		t.Errorf("regex: refusing the pattern allocated %d KB: it was parsed", alloc>>10)
	}
	_, alloc, err = applyHostile(t, Options{}, `{"surfaceUpdate":{"surfaceId":"h","components":[{"id":"root","component":{"TextField":{"label":{"literalString":"x"},"validationRegexp":"`+pat+`"}}}]}}`)
	if !errors.As(err, &e) || e.Code != CodeRegexTooLarge {
		t.Fatalf("validationRegexp: %v, want a refusal %s", err, CodeRegexTooLarge)
	}
	if alloc > 1<<20 {
		t.Errorf("validationRegexp: refusing the pattern allocated %d KB: it was parsed", alloc>>10)
	}
	// Case-insensitive patterns of ordinary ranges, and wide ranges
	// without case folding, are read as before.
	for _, ok := range []string{`(?i)^[a-z0-9._%+-]+@[a-z]+$`, `(?i)\\pL+`, `^[\\x{0}-\\x{10ffff}]*$`} {
		if _, err := compilePattern(strings.ReplaceAll(ok, `\\`, `\`), nil); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// TestEvaluationDepthIsBounded: calls nested deeper than MaxEvalDepth
// stop there.
func TestEvaluationDepthIsBounded(t *testing.T) {
	call := `{"path":"/b"}`
	for range MaxEvalDepth + 1 {
		call = `{"call":"not","args":{"value":` + call + `}}`
	}
	jsonl := strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"CheckBox","label":"x","value":`+call+`}`),
	}, "\n")
	_, _, err := applyHostile(t, Options{}, jsonl)
	wantRefused(t, err, CodeEvalLimit, "root")
	if !strings.Contains(err.Error(), "nest more than 32 deep") {
		t.Errorf("refusal %q", err)
	}
}

// TestPressContextOverTheBound: an action whose context would pass a
// bound carries the marker, which the agent reads.
func TestPressContextOverTheBound(t *testing.T) {
	tmpl := strings.Repeat("${/big}", 100)
	c := canvasOf(t, Options{}, strings.Join([]string{
		v9Create("h"),
		v9Comps("h", `{"id":"root","component":"Button","child":"l","action":{"event":{"name":"go","context":{"x":{"call":"formatString","args":{"value":{"path":"/t"}}}}}}},`+v9Text("l", `"Go"`)),
		v9Data("h", "/", `{"t":"`+tmpl+`","big":"`+strings.Repeat("y", 1000)+`"}`),
	}, "\n"))
	a, err := c.Press("h", "root", c.Version(), time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if x, _ := a.Context.Get("x"); x != "[not evaluated: formatString's result would be over 65536 bytes]" {
		t.Errorf("context x = %.80q", x)
	}
}

// BenchmarkHostileBatch applies the hostile batches above, refused
// (strict) and marked (lenient): each must stay well under 50 ms and
// 64 MB allocated per operation.
func BenchmarkHostileBatch(b *testing.B) {
	for _, tc := range []struct {
		name  string
		jsonl string
	}{
		{"recursion", hostileRecursion()},
		{"amplification", hostileAmplification()},
		{"regex", hostileRegex()},
		{"budget", hostileBudget()},
	} {
		raws := splitLines(b, tc.jsonl)
		for _, lenient := range []bool{false, true} {
			mode := "strict"
			if lenient {
				mode = "lenient"
			}
			b.Run(tc.name+"/"+mode, func(b *testing.B) {
				b.ReportAllocs()
				testutil.CPULoop(b, func() {
					_, _, err := New(Options{Lenient: lenient}).ApplyJSON(raws)
					if (err != nil) == lenient {
						b.Fatalf("lenient %v: %v", lenient, err)
					}
				})
			})
		}
	}
}

// FuzzEvaluate applies a surface whose texts and checks evaluate an
// arbitrary dynamic value, in each of ten list items, against an
// arbitrary data model, strict and lenient. Whatever the value, applying
// it must stay within the memory ceiling (and a generous time one, which
// only a runaway evaluation could reach); an accepted surface shows only
// clean text within MaxStringBytes (a marker where a bound was passed).
func FuzzEvaluate(f *testing.F) {
	for _, seed := range [][2]string{
		{`{"call":"formatString","args":{"value":{"path":"/t"}}}`, `{"t":"${formatString(value: ${/t})}"}`},
		{`{"call":"formatString","args":{"value":"${/big}${/big}${/big}${/big}${/big}"}}`, `{"big":"` + strings.Repeat("x", 20000) + `"}`},
		{`{"call":"regex","args":{"value":{"path":"/v"},"pattern":"[a-z]{0,100}[a-z]{0,100}x"}}`, `{"v":"` + strings.Repeat("a", 3000) + `"}`},
		{`{"call":"regex","args":{"value":{"path":"/v"},"pattern":{"path":"/p"}}}`, `{"v":"abc","p":"(a|b|c){0,999}"}`},
		{`{"call":"formatString","args":{"value":{"path":"/t"}}}`, `{"t":"${formatString(value: ${/u})}${/o}","u":"${/o}","o":{"a":[1,2,{"b":"c"}]}}`},
		{`{"path":"/o"}`, `{"o":[[[[[]]]],{"k":"v"},null,true,1.5]}`},
		{`{"call":"and","args":{"values":[{"call":"not","args":{"value":{"path":"/a"}}},{"call":"email","args":{"value":{"path":"/e"}}}]}}`, `{"a":false,"e":"a@b.co"}`},
		{`{"call":"formatDate","args":{"value":{"path":"/l"},"format":"EEEE MMMM yyyy"}}`, `{"l":["2025-01-01"]}`},
		{`{"call":"pluralize","args":{"value":{"path":"/n"},"one":"one","other":{"path":"/l"}}}`, `{"n":2,"l":[1,[2,[3]]]}`},
		{`{"call":"formatNumber","args":{"value":{"path":"/l"},"decimals":100}}`, `{"l":[1e300]}`},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, value, model string) {
		if !json.Valid([]byte(value)) || !json.Valid([]byte(model)) || len(value)+len(model) > 256<<10 {
			return
		}
		jsonl := strings.Join([]string{
			v9Create("f"),
			v9Comps("f", `{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},`+
				`{"id":"row","component":"Column","children":["text","field"]},`+
				`{"id":"text","component":"Text","text":`+value+`},`+
				`{"id":"field","component":"TextField","label":"x","value":{"path":"/v"},"checks":[{"condition":`+value+`,"message":"m"}]}`),
			v9Data("f", "/", model),
			v9Data("f", "/items", `[0,1,2,3,4,5,6,7,8,9]`),
		}, "\n")
		for _, lenient := range []bool{false, true} {
			start := time.Now()
			c, alloc, err := applyHostile(t, Options{Lenient: lenient}, jsonl)
			if alloc > hostileAllocs || time.Since(start) > 5*time.Second {
				t.Fatalf("lenient %v: %d MB allocated, %v taken", lenient, alloc>>20, time.Since(start))
			}
			if err != nil || c.Surface("f").Tree() == nil {
				continue
			}
			c.Surface("f").Tree().Walk(func(n *Node) bool {
				var texts []string
				switch p := n.Props.(type) {
				case *TextProps:
					texts = append(texts, p.Text)
				case *TextFieldProps:
					texts = append(texts, p.Checks...)
				}
				for _, s := range texts {
					if len(s) > MaxStringBytes || !IsClean(s) {
						t.Fatalf("lenient %v: %s shows %d bytes, clean %v", lenient, n.ID, len(s), IsClean(s))
					}
				}
				return true
			})
		}
	})
}
