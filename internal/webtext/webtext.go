package webtext

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/webpage"
)

// WebView is the part of the person's view state the web page has too:
// the surface shown, the open dialog of each surface, the selected tab of
// each Tabs.
type WebView struct {
	// Active is the surface shown; "" or one that is not shown means the
	// first shown, as the page picks.
	Active string
	// Modals maps a surface to its open Modal's node id.
	Modals map[string]string
	// Tabs maps a surface to the selected index of each of its Tabs nodes
	// (0 when not given).
	Tabs map[string]map[string]int
}

// WebText writes what the web mirror's page shows for snap in state v, as
// text, without a browser: the DOM the page's script builds from the same
// snapshot it receives (the same resolved trees, in the same JSON), one
// element a line — its tag, classes and the attributes that show its
// state (an input's type and value, checked, disabled, open, selected,
// pressed, invalid) — with its text, indented by depth. Elements that are
// hidden (the surfaces not shown, the tab panels not selected, a closed
// dialog) are left out. It is checked against the page in a real browser
// (see the browser tests), so the two cannot drift apart.
//
// Regions are headed "== tabs", "== surface ID" (or "== empty"),
// "== transcript", "== status" and, where the person can write to the
// agent (hub.Status.Talk), "== say": the line to the agent, as it is
// before anything is written on it. Times are written in UTC, as a page
// in a browser set to UTC shows them.
func WebText(snap hub.Snapshot, v WebView) string {
	// The page's own view of the snapshot: what webpage.EncodeSnapshot sends.
	var page struct {
		Surfaces []struct {
			SurfaceID string `json:"surfaceId"`
			Shown     bool   `json:"shown"`
			Tree      any    `json:"tree"`
		} `json:"surfaces"`
		Transcript []map[string]any `json:"transcript"`
		Status     map[string]any   `json:"status"`
	}
	raw := webpage.EncodeSnapshot(snap)
	data := raw[strings.Index(string(raw), "\ndata: ")+len("\ndata: "):]
	if err := json.Unmarshal(data, &page); err != nil {
		return "== error\n" + quoteText(err.Error()) + "\n"
	}
	var shown []int
	for i, s := range page.Surfaces {
		if s.Shown {
			shown = append(shown, i)
		}
	}
	active := ""
	for _, i := range shown {
		if page.Surfaces[i].SurfaceID == v.Active {
			active = v.Active
		}
	}
	if active == "" && len(shown) > 0 {
		active = page.Surfaces[shown[0]].SurfaceID
	}

	var b strings.Builder
	b.WriteString("== tabs\n")
	for _, i := range shown {
		sid := page.Surfaces[i].SurfaceID
		name := sid
		if name == "" {
			name = "(unnamed)"
		}
		tab := h("button", "surface-tab", attrs{attrSelected, boolText(sid == active)}, h("span", "surface-tab-name", nil, name))
		writeDOM(&b, tab, 0)
	}
	if len(shown) == 0 {
		b.WriteString("== empty\n")
	}
	for _, i := range shown {
		sf := page.Surfaces[i]
		if sf.SurfaceID != active {
			continue // hidden
		}
		b.WriteString("== surface " + sf.SurfaceID + "\n")
		d := &webDraw{sid: sf.SurfaceID, modal: v.Modals[sf.SurfaceID], tabs: v.Tabs[sf.SurfaceID]}
		sheet := h("div", "sheet", nil)
		if tree, ok := sf.Tree.(map[string]any); ok {
			sheet.add(d.node(tree, drawCtx{}))
		} else {
			sheet.add(h("p", "a2-placeholder", nil, "This surface has nothing to draw yet."))
		}
		writeDOM(&b, h("div", "surface", nil, sheet), 0)
	}
	b.WriteString("== transcript\n")
	if n := len(page.Transcript); n > 0 {
		if earlier := int(math.Max(0, math.Floor(jsNum(page.Transcript[0]["seq"], 1)-1))); earlier > 0 {
			lines := " earlier lines are"
			if earlier == 1 {
				lines = " earlier line is"
			}
			writeDOM(&b, h("p", "transcript-mark", nil, "… "+strconv.Itoa(earlier)+lines+" no longer kept"), 0)
		}
		for _, e := range page.Transcript {
			writeDOM(&b, drawEntry(e), 0)
		}
	} else {
		writeDOM(&b, h("li", "entry-empty", nil, "Nothing yet."), 0)
	}
	b.WriteString("== status\n")
	if task := jsStr(page.Status["task"]); task != "" {
		writeDOM(&b, h("span", "status-task", nil, "task: "+task), 0)
	}
	viewers := int(math.Max(0, math.Floor(jsNum(page.Status["viewers"], 0))))
	queued := int(math.Max(0, math.Floor(jsNum(page.Status["queued"], 0))))
	vs := " viewers"
	if viewers == 1 {
		vs = " viewer"
	}
	writeDOM(&b, h("span", "", nil, strconv.Itoa(viewers)+vs), 0)
	writeDOM(&b, h("span", ternary(queued > 0, "queued", ""), nil, strconv.Itoa(queued)+" queued"), 0)
	if hosts := jsStr(page.Status["pictures"]); hosts != "" {
		writeDOM(&b, h("span", "", nil, "pictures from "+hosts), 0)
	}
	if page.Status["talk"] == true {
		b.WriteString("== say\n")
		text := h("input", "say-text", attrs{"type", "text", "placeholder", "Write a message; Enter sends it"})
		text.setValue("")
		say := h("div", "say", nil, h("label", "say-label", nil, "To the agent:"), text, h("button", "say-send", nil, "Send"))
		if page.Status["cancel"] == true {
			say.add(h("button", "say-cancel", nil, "Cancel the task"))
		}
		writeDOM(&b, say, 0)
	}
	return b.String()
}

func ternary[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

func boolText(b bool) string { return ternary(b, "true", "false") }

var reRole = regexp.MustCompile(`^(agent|tool|note|event)$`)

// drawEntry is core/transcript.js's drawEntry.
func drawEntry(en map[string]any) *domNode {
	role := jsStr(en["role"])
	if !reRole.MatchString(role) {
		role = "note"
	}
	from := jsStr(en["from"])
	label := map[string]string{"a2term": "a2term", "stdout": "program output", "stderr": "program stderr"}[from]
	cls := map[string]string{"a2term": "from-a2term", "agent": "from-agent", "stdout": "from-child", "stderr": "from-child"}[from]
	if cls == "" {
		from, cls = "agent", "from-agent"
	}
	if from == "agent" {
		label = ternary(role == "agent", "agent", "agent "+role)
	}
	when := ""
	if t, err := parseTime(jsStr(en["time"])); err == nil {
		when = t.UTC().Format("15:04:05")
	}
	return h("li", "entry role-"+role+" "+cls, nil,
		h("div", "entry-meta", nil, h("span", "entry-role", nil, label), h("time", "entry-time", nil, when)),
		h("div", "entry-text", nil, jsStr(en["text"])))
}

// --- a small DOM, as the page's h() builds it (core/dom.js) ---

type domNode struct {
	tag     string // "" for a text node
	text    string
	classes []string
	attr    map[string]string
	value   *string // an input's value property
	checked bool
	kids    []*domNode
}

// attrs are attribute names and values, in pairs; a value of "" is an
// attribute set to "" (true), and a pair may be left out by the caller.
type attrs []string

// h is core/dom.js's h: tag, classes, attributes, children (nodes or
// strings, which become text nodes).
func h(tag, cls string, a attrs, kids ...any) *domNode {
	e := &domNode{tag: tag, attr: map[string]string{}}
	e.classes = strings.Fields(cls)
	for i := 0; i+1 < len(a); i += 2 {
		e.attr[a[i]] = a[i+1]
	}
	e.add(kids...)
	return e
}

func (e *domNode) add(kids ...any) *domNode {
	for _, k := range kids {
		switch k := k.(type) {
		case nil:
		case string:
			e.kids = append(e.kids, &domNode{text: k})
		case *domNode:
			if k != nil {
				e.kids = append(e.kids, k)
			}
		case []*domNode:
			e.kids = append(e.kids, k...)
		}
	}
	return e
}

func (e *domNode) addClass(c string) {
	for _, x := range e.classes {
		if x == c {
			return
		}
	}
	e.classes = append(e.classes, c)
}

func (e *domNode) has(a string) bool { _, ok := e.attr[a]; return ok }

func (e *domNode) setValue(v string) { e.value = &v }

// query is the first element at or under e (document order) that has
// attribute a.
func (e *domNode) query(a string, self bool) *domNode {
	if e.tag == "" {
		return nil
	}
	if self && e.has(a) {
		return e
	}
	for _, k := range e.kids {
		if f := k.query(a, true); f != nil {
			return f
		}
	}
	return nil
}

// The attributes written, in this order: those that show state.
var shownAttrs = []string{"type", "min", "max", "value", "placeholder", "checked", "disabled", "open", attrSelected, "aria-pressed", "aria-invalid", "aria-live", attrHidden, "alt"}

// writeDOM writes e as the text WebText is made of; the browser tests
// write the page's live DOM by the same rules.
func writeDOM(b *strings.Builder, e *domNode, depth int) {
	indent := strings.Repeat("  ", depth)
	if e.tag == "" {
		b.WriteString(indent + quoteText(e.text) + "\n")
		return
	}
	if e.has("hidden") || (e.tag == "dialog" && !e.has("open")) {
		return
	}
	b.WriteString(indent + e.tag)
	for _, c := range e.classes {
		b.WriteString("." + c)
	}
	var as []string
	for _, a := range shownAttrs {
		switch a {
		case "type":
			if e.tag == "input" && e.has("type") {
				as = append(as, "type="+quoteText(e.attr["type"]))
			}
		case "value":
			t := e.attr["type"]
			if (e.tag == "input" && t != "checkbox" && t != "radio") || e.tag == "textarea" {
				v := ""
				if e.value != nil {
					v = *e.value
				}
				as = append(as, "value="+quoteText(v))
			}
		case "checked":
			if e.tag == "input" && e.checked {
				as = append(as, "checked")
			}
		case "disabled", "open":
			if e.has(a) {
				as = append(as, a)
			}
		default:
			if v, ok := e.attr[a]; ok {
				as = append(as, a+"="+quoteText(v))
			}
		}
	}
	if len(as) > 0 {
		b.WriteString(" [" + strings.Join(as, " ") + "]")
	}
	kids := normalized(e.kids)
	if len(kids) == 1 && kids[0].tag == "" {
		b.WriteString(" " + quoteText(kids[0].text) + "\n")
		return
	}
	b.WriteString("\n")
	for _, k := range kids {
		writeDOM(b, k, depth+1)
	}
}

// normalized joins neighbouring text nodes and drops empty ones, as
// Node.normalize does.
func normalized(kids []*domNode) []*domNode {
	var out []*domNode
	for _, k := range kids {
		if k.tag == "" {
			if k.text == "" {
				continue
			}
			if n := len(out); n > 0 && out[n-1].tag == "" {
				out[n-1] = &domNode{text: out[n-1].text + k.text}
				continue
			}
		}
		out = append(out, k)
	}
	return out
}

// quoteText quotes s: backslashes, quotes and line breaks escaped.
func quoteText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// --- the page's value helpers (core/dom.js) ---

// jsStr is dom.js's str: a string as it is, nothing as "", anything else
// as JavaScript's String() writes it.
func jsStr(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case bool:
		return boolText(v)
	case float64:
		return a2ui.FormatJSNumber(v)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			if x != nil {
				parts[i] = jsStr(x)
			}
		}
		return strings.Join(parts, ",")
	default:
		return "[object Object]"
	}
}

// jsNum is dom.js's num: a finite number, else d.
func jsNum(v any, d float64) float64 {
	if f, ok := v.(float64); ok && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return f
	}
	return d
}

// truthy is JavaScript's truthiness, for props the page tests with "if".
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	default:
		return true
	}
}

// toFixed is Number.prototype.toFixed: a tie rounds up.
func toFixed(v float64, dec int) string {
	p := math.Pow(10, float64(dec))
	r := v * p
	if fl := math.Floor(r); r-fl == 0.5 {
		return strconv.FormatFloat((fl+1)/p, 'f', dec, 64)
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// The page's icon glyphs, read from its own module, so both have the same.
var webIcons = sync.OnceValue(func() map[string]string {
	src, err := webpage.Files.ReadFile("web/components/icon.js")
	if err != nil {
		return map[string]string{}
	}
	return parseIcons(string(src))
})

// parseIcons reads icon.js's ICONS table: name: 'glyph' pairs up to the
// table's end, or to the file's end if the table is not closed.
func parseIcons(s string) map[string]string {
	out := map[string]string{}
	if i := strings.Index(s, "const ICONS = {"); i >= 0 {
		table, _, _ := strings.Cut(s[i:], "};")
		for _, m := range regexp.MustCompile(`([a-z0-9]+): '([^']*)'`).FindAllStringSubmatch(table, -1) {
			out[m[1]] = m[2]
		}
	}
	return out
}
