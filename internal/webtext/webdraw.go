package webtext

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// webDraw draws render-tree nodes as the page's components do (core/draw.js
// and components/*.js), for WebText: the same elements, classes and text,
// from the same JSON.
type webDraw struct {
	sid   string
	modal string         // the open Modal
	tabs  map[string]int // selected tab by Tabs node
}

// drawCtx is draw.js's ctx: the parent's type, inline text, the depth.
type drawCtx struct {
	parent string
	inline bool
	depth  int
}

// The attributes the page's code reads back: the field a control focuses
// (its component's id) and the tab that is selected.
const (
	attrFocusKey = "data-fkey"
	attrSelected = "aria-selected"
	// attrHidden keeps an element from assistive technologies: the
	// page's decorations, and a v1.0 node's accessibility hidden.
	attrHidden = "aria-hidden"
)

func parseTime(s string) (time.Time, error) {
	return time.Parse(time.RFC3339Nano, s) //nolint:wrapcheck // a ParseError names the layout and the value
}

var (
	reAlign     = regexp.MustCompile(`^(start|center|end|stretch)$`)
	reJustify   = regexp.MustCompile(`^(start|center|end|spaceBetween|spaceAround|spaceEvenly|stretch)$`)
	reHint      = regexp.MustCompile(`^(icon|avatar|smallFeature|mediumFeature|largeFeature|header)$`)
	reFit       = regexp.MustCompile(`^(contain|cover|fill|none|scale-down)$`)
	reSVGPath   = regexp.MustCompile(`^[0-9MmLlHhVvCcSsQqTtAaZzEe.,+\-\s]*$`)
	reControl   = regexp.MustCompile(`^(Button|CheckBox|TextField|DateTimeInput|MultipleChoice|Slider|Tabs)$`)
	reIconClean = regexp.MustCompile(`[\s_-]+`)
)

func props(n map[string]any) map[string]any {
	if p, ok := n["props"].(map[string]any); ok {
		return p
	}
	return map[string]any{}
}

func children(n map[string]any) []any {
	if k, ok := n["children"].([]any); ok {
		return k
	}
	return nil
}

// node is draw.js's node.
func (d *webDraw) node(v any, ctx drawCtx) *domNode {
	n, ok := v.(map[string]any)
	if !ok || ctx.depth > 64 {
		return h("span", "a2-placeholder", nil, "…")
	}
	typ := jsStr(n["type"])
	p := props(n)
	kids := children(n)
	sub := drawCtx{parent: typ, inline: ctx.inline, depth: ctx.depth + 1}
	e := d.draw(typ, n, p, kids, sub)
	accessible(e, n["accessibility"])
	e = withChecks(e, p["checks"], ternary(typ == "Button", jsStr(p["waiting"]), ""))
	e.attr["data-type"] = typ
	if w := jsNum(n["weight"], 0); w > 0 && (ctx.parent == "Row" || ctx.parent == "Column") {
		e.addClass("weighted")
	}
	return e
}

func (d *webDraw) kids(kids []any, ctx drawCtx) []*domNode {
	out := make([]*domNode, 0, len(kids))
	for _, c := range kids {
		out = append(out, d.node(c, ctx))
	}
	return out
}

// accessible is draw.js's accessible, for what the text shows of it: a
// live region and a node hidden from assistive technologies.
func accessible(e *domNode, v any) {
	a, ok := v.(map[string]any)
	if !ok {
		return
	}
	if live := a["live"]; live == "polite" || live == "assertive" {
		e.attr["aria-live"] = live.(string)
	}
	if a["hidden"] == true {
		e.attr[attrHidden] = "true"
	}
}

// withChecks is draw.js's withChecks.
func withChecks(e *domNode, checks any, waiting string) *domNode {
	var msgs []string
	if list, ok := checks.([]any); ok {
		for _, m := range list {
			if s := jsStr(m); s != "" {
				msgs = append(msgs, s)
			}
		}
	}
	if len(msgs) == 0 && waiting == "" {
		return e
	}
	list := h("span", "a2-checks", nil)
	for _, m := range msgs {
		list.add(h("span", "a2-check", nil, h("span", "", attrs{attrHidden, "true"}, "✗ "), m))
	}
	if waiting != "" {
		list.add(h("span", "a2-waiting", nil, h("span", "", attrs{attrHidden, "true"}, "⋯ "), waiting))
	}
	if target := e.query(attrFocusKey, true); target != nil && target.tag != "button" && len(msgs) > 0 {
		target.attr["aria-invalid"] = "true"
	}
	if e.tag == "button" {
		return h("div", "a2-checked", nil, e, list)
	}
	e.add(list)
	return e
}

func (d *webDraw) draw(typ string, n, p map[string]any, kids []any, ctx drawCtx) *domNode {
	id := jsStr(n["id"])
	switch typ {
	case "Text":
		return drawText(jsStr(p["text"]), jsStr(p["usageHint"]), ctx.inline)
	case "Image":
		return drawImage(p)
	case "Icon":
		return drawIcon(p)
	case "Video":
		if url := jsStr(p["url"]); strings.HasPrefix(url, "data:") {
			return h("video", "a2-video", nil)
		}
		box := blocked("a2-video-blocked", "▶", "Video", p["blocked"], "", false)
		if poster := jsStr(p["poster"]); strings.HasPrefix(poster, "data:") {
			return h("div", "a2-video-posted", nil, h("img", "a2-video-poster", attrs{"alt", "poster"}), box)
		}
		if pb := jsStr(p["posterBlocked"]); pb != "" {
			return h("div", "a2-video-posted", nil, h("span", "a2-video-poster-alt", nil, "poster not loaded: "+pb), box)
		}
		return box
	case "AudioPlayer":
		f := h("figure", "a2-audio", nil)
		if desc := jsStr(p["description"]); desc != "" {
			f.add(h("figcaption", "a2-audio-desc", nil, desc))
		}
		if strings.HasPrefix(jsStr(p["url"]), "data:") {
			f.add(h("audio", "", nil))
		} else {
			f.add(blocked("a2-audio-blocked", "♪", "Audio", p["blocked"], "", false))
		}
		return f
	case "Row":
		return d.flex("a2-row", p["distribution"], p["alignment"], kids, ctx)
	case "Column":
		return d.flex("a2-column", p["distribution"], p["alignment"], kids, ctx)
	case "List":
		dir := ternary(jsStr(p["direction"]) == "horizontal", "horizontal", "vertical")
		e := h("div", "a2-list dir-"+dir+alignClass(p["alignment"]), nil)
		for _, c := range kids {
			e.add(h("div", "a2-list-item", nil, d.node(c, ctx)))
		}
		return e
	case "Card":
		return h("div", "a2-card", nil, d.kids(kids, ctx))
	case "Divider":
		axis := jsStr(p["axis"])
		vertical := axis == "vertical" || (axis == "" && ctx.parent == "Row")
		return h("hr", "a2-divider"+ternary(vertical, " vertical", ""), nil)
	case "Tabs":
		return d.drawTabs(id, p, kids, ctx)
	case "Modal":
		return d.drawModal(id, kids, ctx)
	case "Button":
		return d.drawButton(id, p, kids, ctx)
	case "CheckBox":
		in := h("input", "", attrs{"type", "checkbox", attrFocusKey, id})
		in.checked = truthy(p["value"])
		return h("label", "a2-checkbox", nil, in, h("span", "a2-checkbox-label", nil, jsStr(p["label"])))
	case "TextField":
		return drawTextField(id, p)
	case "DateTimeInput":
		return drawDateTime(id, p)
	case "MultipleChoice":
		return drawChoice(id, p)
	case "Slider":
		return drawSlider(id, p)
	case "Placeholder":
		return d.drawPlaceholder(n, p, kids, ctx)
	case "Generic":
		return d.drawGeneric(id, p, kids, ctx)
	}
	return h("div", "a2-placeholder", nil, "Unsupported component: "+typ)
}

func alignClass(a any) string {
	if v := jsStr(a); reAlign.MatchString(v) {
		return " align-" + v
	}
	return ""
}

func (d *webDraw) flex(cls string, dist, align any, kids []any, ctx drawCtx) *domNode {
	if ds := jsStr(dist); reJustify.MatchString(ds) {
		cls += " justify-" + ds
	}
	e := h("div", cls+alignClass(align), nil)
	if jsStr(align) == "" {
		e.addClass("align-default")
	}
	return e.add(d.kids(kids, ctx))
}

// blocked is draw.js's blocked.
func blocked(cls, glyph, alt string, host any, why string, small bool) *domNode {
	if small {
		return h("div", cls+" a2-blocked", nil, h("span", "a2-blocked-glyph", attrs{attrHidden, "true"}, glyph))
	}
	note := why
	if hs := jsStr(host); truthy(host) {
		note = "not loaded: " + hs
	} else if note == "" {
		note = "nothing to show"
	}
	return h("div", cls+" a2-blocked", nil,
		h("span", "a2-blocked-glyph", attrs{attrHidden, "true"}, glyph), h("span", "a2-blocked-alt", nil, alt), h("span", "a2-blocked-host", nil, note))
}

func drawImage(p map[string]any) *domNode {
	url, alt := jsStr(p["url"]), jsStr(p["altText"])
	hint := "default"
	if reHint.MatchString(jsStr(p["usageHint"])) {
		hint = jsStr(p["usageHint"])
	}
	fit := ternary(hint == "avatar" || hint == "header", "cover", "contain")
	if reFit.MatchString(jsStr(p["fit"])) {
		fit = jsStr(p["fit"])
	}
	if strings.HasPrefix(url, "data:") {
		return h("img", "a2-image hint-"+hint+" fit-"+fit, attrs{"alt", alt})
	}
	why := "no picture given"
	switch b := jsStr(p["blocked"]); {
	case jsStr(p["why"]) != "":
		why = jsStr(p["why"])
	case b != "" && p["fetchable"] == true:
		why = "not fetched: --fetch-images " + b
	case b != "":
		why = "image from " + b + " — not loaded"
	}
	words := []any{h("span", "a2-image-why", nil, why)}
	if alt != "" {
		words = []any{h("span", "a2-image-alt", nil, alt), " ", h("span", "a2-image-why", nil, "("+why+")")}
	}
	return h("div", "a2-image-missing hint-"+hint, nil, append([]any{h("span", "a2-image-mark", attrs{attrHidden, "true"}, "▣"), " "}, words...)...)
}

func drawIcon(p map[string]any) *domNode {
	if d := jsStr(p["svgPath"]); d != "" && reSVGPath.MatchString(d) {
		return h("span", "a2-icon a2-icon-svg", nil, h("svg", "", attrs{attrHidden, "true"}, h("path", "", nil)))
	}
	name := jsStr(p["name"])
	k := reIconClean.ReplaceAllString(strings.ToLower(name), "")
	if g, ok := webIcons()[k]; ok {
		return h("span", "a2-icon", nil, g)
	}
	return h("span", "a2-icon a2-icon-unknown", nil, name)
}

func (d *webDraw) drawTabs(id string, p map[string]any, kids []any, ctx drawCtx) *domNode {
	titles, _ := p["titles"].([]any)
	count := max(len(titles), len(kids))
	sel := d.tabs[id]
	if sel >= count || sel < 0 {
		sel = 0
	}
	e := h("div", "a2-tabs", nil)
	list := h("div", "a2-tablist", nil)
	for i := range count {
		title := ""
		if i < len(titles) {
			title = jsStr(titles[i])
		}
		if title == "" {
			title = "Tab " + strconv.Itoa(i+1)
		}
		list.add(h("button", "a2-tab", attrs{attrSelected, boolText(i == sel), attrFocusKey, id}, title))
	}
	e.add(list)
	for i := range count {
		panel := h("div", "a2-tabpanel", nil)
		if i != sel {
			panel.attr["hidden"] = ""
		}
		if i < len(kids) {
			panel.add(d.node(kids[i], ctx))
		}
		e.add(panel)
	}
	return e
}

func (d *webDraw) drawModal(id string, kids []any, ctx drawCtx) *domNode {
	e := h("div", "a2-modal", nil)
	entry := h("div", "a2-modal-entry", nil)
	var first any
	if len(kids) > 0 {
		first = kids[0]
		if first != nil {
			entry.add(d.node(first, ctx))
		}
	}
	if !hasControl(first, 0) {
		entry.attr[attrFocusKey] = id
		entry.addClass("clickable")
	}
	e.add(entry)
	dlg := h("dialog", "a2-dialog", nil)
	if d.modal == id {
		dlg.attr["open"] = ""
	}
	dlg.add(h("div", "a2-dialog-bar", nil, h("span", "a2-dialog-title", nil, "Details"), h("button", "a2-dialog-close", attrs{attrFocusKey, id}, "✕")))
	body := h("div", "a2-dialog-body", nil)
	if len(kids) > 1 && kids[1] != nil {
		body.add(d.node(kids[1], ctx))
	}
	dlg.add(body)
	return e.add(dlg)
}

func hasControl(v any, depth int) bool {
	n, ok := v.(map[string]any)
	if !ok || depth > 64 {
		return false
	}
	if reControl.MatchString(jsStr(n["type"])) {
		return true
	}
	for _, c := range children(n) {
		if hasControl(c, depth+1) {
			return true
		}
	}
	return false
}

func (d *webDraw) drawButton(id string, p map[string]any, kids []any, ctx drawCtx) *domNode {
	cls := "a2-button" + ternary(truthy(p["primary"]), " primary", "") + ternary(truthy(p["borderless"]), " borderless", "")
	a := attrs{attrFocusKey, id}
	if truthy(p["disabled"]) {
		a = append(a, "disabled", "")
	}
	b := h("button", cls, a)
	inner := drawCtx{parent: "Button", inline: true, depth: ctx.depth}
	b.add(d.kids(kids, inner))
	if len(kids) == 0 {
		b.add(ternary(jsStr(p["action"]) != "", jsStr(p["action"]), "Button"))
	}
	return b
}

func drawTextField(id string, p map[string]any) *domNode {
	kind := jsStr(p["textFieldType"])
	value := jsStr(p["text"])
	var in *domNode
	if kind == "longText" {
		in = h("textarea", "a2-input", nil)
		in.setValue(value)
	} else {
		typ := map[string]string{"number": "number", "obscured": "password", "date": "date"}[kind]
		if typ == "" {
			typ = "text"
		}
		in = h("input", "a2-input", attrs{"type", typ})
		in.setValue(sanitizeValue(typ, value))
	}
	in.attr[attrFocusKey] = id
	if ph := jsStr(p["placeholder"]); ph != "" {
		in.attr["placeholder"] = ph
	}
	invalid := truthy(p["invalid"])
	f := h("div", "a2-field"+ternary(invalid, " invalid", ""), nil, h("label", "a2-label", nil, jsStr(p["label"])), in)
	if invalid {
		in.attr["aria-invalid"] = "true"
		why := jsStr(p["problem"])
		if why == "" {
			why = "This is not in the expected format."
		}
		f.add(h("p", "a2-field-error", nil, h("span", "", attrs{attrHidden, "true"}, "✗ "), why))
		if jsStr(p["validationRegexp"]) != "" && why == "This is not in the expected format." {
			f.add(h("p", "a2-field-help", nil, "expected format: "+jsStr(p["validationRegexp"])))
		}
	}
	return f
}

var (
	reFloat    = regexp.MustCompile(`^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$`)
	reDate     = regexp.MustCompile(`^\d{4,}-\d{2}-\d{2}$`)
	reTime     = regexp.MustCompile(`^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$`)
	reLocal    = regexp.MustCompile(`^(\d{4,}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)$`)
	rePicker   = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})?(?:[T ]?(\d{2}:\d{2}(?::\d{2})?))?`)
	reZone     = regexp.MustCompile(`\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)$`)
	reOffset   = regexp.MustCompile(`^([+-])(\d{2}):?(\d{2})?$`)
	reNotSpace = regexp.MustCompile(`^\s*$`)
)

// sanitizeValue is what a browser keeps of a value set on an input of
// type typ: a number, date or time that is not one becomes "", a local
// date and time is normalized (seconds of zero dropped).
func sanitizeValue(typ, v string) string {
	switch typ {
	case "number":
		if !reFloat.MatchString(v) {
			return ""
		}
	case "date":
		if !validDate(v) {
			return ""
		}
	case "time":
		if !reTime.MatchString(v) || !validClock(v) {
			return ""
		}
	case "datetime-local":
		m := reLocal.FindStringSubmatch(v)
		if m == nil || !validDate(m[1]) || !validClock(m[2]) {
			return ""
		}
		return m[1] + "T" + normalClock(m[2])
	}
	return v
}

func validDate(s string) bool {
	if !reDate.MatchString(s) {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

func validClock(s string) bool {
	hh, _ := strconv.Atoi(s[0:2])
	mm, _ := strconv.Atoi(s[3:5])
	ok := hh < 24 && mm < 60
	if len(s) >= 8 {
		ss, _ := strconv.Atoi(s[6:8])
		ok = ok && ss < 60
	}
	return ok
}

// normalClock drops what a browser drops of a time: zero seconds and
// milliseconds.
func normalClock(s string) string {
	s = strings.TrimRight(strings.TrimSuffix(s, ".000"), "")
	if i := strings.IndexByte(s, '.'); i >= 0 {
		frac := strings.TrimRight(s[i+1:], "0")
		if frac == "" {
			s = s[:i]
		} else {
			s = s[:i+1] + frac
		}
	}
	if strings.HasSuffix(s, ":00") && len(s) == 8 {
		s = s[:5]
	}
	return s
}

func drawDateTime(id string, p map[string]any) *domNode {
	date := p["enableDate"] != false
	tm := p["enableTime"] != false
	typ := "time"
	switch {
	case date && tm:
		typ = "datetime-local"
	case date:
		typ = "date"
	}
	value := jsStr(p["value"])
	in := h("input", "a2-input", attrs{"type", typ, attrFocusKey, id})
	in.setValue(sanitizeValue(typ, toPicker(value, typ)))
	if m := jsStr(p["min"]); m != "" {
		in.attr["min"] = toPicker(m, typ)
	}
	if m := jsStr(p["max"]); m != "" {
		in.attr["max"] = toPicker(m, typ)
	}
	label := jsStr(p["label"])
	if label == "" {
		label = map[string]string{"date": "Date", "time": "Time"}[typ]
		if label == "" {
			label = "Date & time"
		}
	}
	row := h("div", "a2-datetime-row", nil, in)
	if off := offsetNote(value, typ); off != "" {
		row.add(h("span", "a2-datetime-offset", nil, off))
	}
	return h("div", "a2-field a2-datetime", nil, h("label", "a2-label", nil, label), row)
}

func toPicker(v, typ string) string {
	m := rePicker.FindStringSubmatch(strings.TrimSpace(v))
	d, t := "", ""
	if m != nil {
		d, t = m[1], m[2]
	}
	switch typ {
	case "date":
		return d
	case "time":
		return t
	}
	if d == "" {
		return ""
	}
	if t == "" {
		t = "00:00:00"
	}
	return d + "T" + t
}

// offsetNote is date_time_input.js's offsetNote in a browser set to UTC.
func offsetNote(v, typ string) string {
	m := reZone.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil || typ == "date" {
		return ""
	}
	z, off := m[1], 0
	if z != "Z" && z != "z" {
		om := reOffset.FindStringSubmatch(z)
		if om == nil {
			return ""
		}
		hh, _ := strconv.Atoi(om[2])
		mm, _ := strconv.Atoi(om[3])
		off = ternary(om[1] == "-", -1, 1) * (hh*60 + mm)
	}
	if off == 0 {
		return ""
	}
	a := off
	if a < 0 {
		a = -a
	}
	return "UTC" + ternary(off < 0, "-", "+") + pad2(a/60) + ":" + pad2(a%60)
}

func pad2(n int) string { return ternary(n < 10, "0", "") + strconv.Itoa(n) }

func drawChoice(id string, p map[string]any) *domNode {
	var options []map[string]any
	if list, ok := p["options"].([]any); ok {
		for _, o := range list {
			if m, ok := o.(map[string]any); ok {
				options = append(options, m)
			}
		}
	}
	mx := int(math.Max(0, math.Floor(jsNum(p["maxAllowedSelections"], 0))))
	chips := jsStr(p["variant"]) == "chips"
	radio := !chips && mx == 1
	sel := map[string]bool{}
	if list, ok := p["selections"].([]any); ok {
		for _, s := range list {
			sel[jsStr(s)] = true
		}
	}
	how := "Choose any"
	switch {
	case radio:
		how = "Choose one"
	case mx > 1:
		how = "Choose up to " + strconv.Itoa(mx)
	}
	e := h("fieldset", "a2-choice"+ternary(chips, " chips", ""), nil)
	e.add(h("legend", "a2-choice-legend", nil, ternary(jsStr(p["label"]) != "", jsStr(p["label"]), how)))
	if truthy(p["filterable"]) {
		fi := h("input", "a2-input a2-choice-filter", attrs{"type", "search", "placeholder", "Filter options", attrFocusKey, id})
		fi.setValue("")
		e.add(fi)
	}
	box := h("div", "a2-options", nil)
	for _, o := range options {
		label, value := jsStr(o["label"]), jsStr(o["value"])
		on := sel[value]
		if chips {
			box.add(h("button", "a2-chip", attrs{"aria-pressed", boolText(on), attrFocusKey, id}, h("span", "a2-chip-mark", attrs{attrHidden, "true"}, ternary(on, "✓", "")), label))
		} else {
			in := h("input", "", attrs{"type", ternary(radio, "radio", "checkbox"), attrFocusKey, id})
			in.checked = on
			box.add(h("label", "a2-option", nil, in, h("span", "", nil, label)))
		}
	}
	e.add(box)
	hint := ""
	switch {
	case mx > 1:
		n := 0
		for range sel {
			n++
		}
		hint = strconv.Itoa(n) + " of at most " + strconv.Itoa(mx) + " chosen"
	case jsStr(p["label"]) != "":
		hint = how
	}
	return e.add(h("p", "a2-choice-hint", nil, hint))
}

func drawSlider(id string, p map[string]any) *domNode {
	mn, mx := jsNum(p["min"], 0), jsNum(p["max"], 100)
	step := jsNum(p["step"], 0)
	value := jsNum(p["value"], mn)
	in := h("input", "a2-range", attrs{"type", "range", "min", a2ui.FormatJSNumber(mn), "max", a2ui.FormatJSNumber(mx), attrFocusKey, id})
	in.setValue(a2ui.FormatJSNumber(rangeValue(value, mn, mx, step)))
	label := jsStr(p["label"])
	if label == "" {
		label = "Value"
	}
	return h("div", "a2-slider", nil,
		h("div", "a2-slider-head", nil, h("label", "a2-label", nil, label), h("output", "a2-slider-value", nil, formatNumber(value, step))),
		in,
		h("div", "a2-slider-scale", attrs{attrHidden, "true"}, h("span", "", nil, formatNumber(mn, step)), h("span", "", nil, formatNumber(mx, step))))
}

// rangeValue is what a range input keeps of v: between its bounds, on
// its steps from the minimum (the nearest, a tie going up), as browsers
// sanitize it.
func rangeValue(v, mn, mx, step float64) float64 {
	mx = math.Max(mx, mn)
	v = math.Min(math.Max(v, mn), mx)
	if step > 0 {
		k := math.Floor((v-mn)/step + 0.5)
		v = mn + k*step
		for v > mx && k > 0 {
			k--
			v = mn + k*step
		}
	}
	return v
}

// formatNumber is slider.js's formatNumber.
func formatNumber(v, step float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return ""
	}
	dec := 0
	if step > 0 && step < 1 {
		dec = int(math.Min(6, math.Ceil(-math.Log10(step)-1e-9)))
	} else if !(step > 0) && v != math.Trunc(v) {
		dec = 2
	}
	return toFixed(v, dec)
}

func (d *webDraw) drawPlaceholder(n, p map[string]any, kids []any, ctx drawCtx) *domNode {
	if truthy(p["waiting"]) {
		return h("div", "a2-placeholder waiting", nil, "… waiting for its components")
	}
	if typ := jsStr(p["type"]); typ != "" {
		title := "▢ " + typ
		if len(kids) == 0 {
			return h("div", "a2-placeholder a2-custom-note", nil, title+" — not in the standard catalog")
		}
		return h("div", "a2-custom", nil, h("div", "a2-custom-title", nil, title), d.kids(kids, ctx))
	}
	missing := jsStr(p["missing"])
	if !truthy(p["missing"]) {
		missing = jsStr(n["id"])
	}
	return h("div", "a2-placeholder", nil, "… "+missing)
}

// drawGeneric is generic.js: a component of a catalog definition.
func (d *webDraw) drawGeneric(id string, p map[string]any, kids []any, ctx drawCtx) *domNode {
	e := h("div", "a2-generic", nil, h("div", "a2-generic-title", nil, "◇ "+jsStr(p["type"])))
	fields, _ := p["fields"].([]any)
	for _, x := range fields {
		f, _ := x.(map[string]any)
		e.add(h("p", "a2-generic-field", nil, h("span", "a2-generic-label", nil, jsStr(f["label"])+":"), " "+jsStr(f["text"])))
	}
	in, _ := p["input"].(map[string]any)
	if in != nil {
		if jsStr(in["kind"]) == "boolean" {
			box := h("input", "", attrs{"type", "checkbox", attrFocusKey, id})
			box.checked = truthy(in["checked"])
			e.add(h("label", "a2-checkbox", nil, box, h("span", "a2-checkbox-label", nil, jsStr(in["label"]))))
		} else {
			typ := ternary(jsStr(in["kind"]) == "number", "number", "text")
			field := h("input", "a2-input", attrs{"type", typ, attrFocusKey, id})
			field.setValue(sanitizeValue(typ, jsStr(in["text"])))
			e.add(h("div", "a2-field", nil, h("label", "a2-label", nil, jsStr(in["label"])), field))
		}
	}
	if act := jsStr(p["action"]); act != "" {
		a := attrs{}
		if in == nil {
			a = append(a, attrFocusKey, id)
		}
		if checks, _ := p["checks"].([]any); len(checks) > 0 {
			a = append(a, "disabled", "")
		}
		e.add(h("button", "a2-button", a, act))
	}
	return e.add(d.kids(kids, ctx))
}
