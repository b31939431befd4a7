package components

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Icon draws a named icon as one glyph: a symbol from the common Unicode
// blocks (arrows, geometric shapes, dingbats) that terminal fonts carry
// and that take one cell, never a colour emoji, whose width differs from
// one terminal to the next. Each has an ASCII form for terminals without
// Unicode fonts. Besides the 48 standard names and the 11 media names v0.9
// adds, the snake_case Material Symbols names that agents bind through the
// data model ("play_arrow", "priority_high") are understood; any other name
// is drawn as "[name]". A v0.9 icon drawn from an SVG path is shown as one
// placeholder glyph: terminals draw no vector shapes.
type Icon struct{}

// iconGlyph is the Unicode and the ASCII form of an icon.
type iconGlyph struct{ uni, ascii string }

// asciiMail is the ASCII form of the mail icons, standard and extra.
const asciiMail = "[@]"

// standardIcons covers the 48 names of the v0.8 catalog.
var standardIcons = map[string]iconGlyph{
	"accountCircle":    {"☻", "(@)"},
	"add":              {"✚", "+"},
	"arrowBack":        {"←", "<-"},
	"arrowForward":     {"→", "->"},
	"attachFile":       {"⎘", "&"},
	"calendarToday":    {"▦", "[#]"},
	"call":             {"✆", "tel"},
	"camera":           {"◉", "[o]"},
	"check":            {"✓", "v"},
	"close":            {"✕", "x"},
	"delete":           {"⌫", "del"},
	"download":         {"⤓", "dl"},
	"edit":             {"✎", "ed"},
	"event":            {"◈", "[*]"},
	"error":            {"✖", "(x)"},
	"favorite":         {"♥", "<3"},
	"favoriteOff":      {"♡", "</3"},
	"folder":           {"▭", "[/]"},
	"help":             {"?", "(?)"},
	"home":             {"⌂", "~"},
	"info":             {"ⓘ", "(i)"},
	"locationOn":       {"⌖", "@"},
	"lock":             {"▣", "lck"},
	"lockOpen":         {"◻", "unl"},
	"mail":             {"✉", asciiMail},
	"menu":             {"≡", "="},
	"moreVert":         {"⋮", ":"},
	"moreHoriz":        {"⋯", "..."},
	"notificationsOff": {"⍉", "(-)"},
	"notifications":    {"⍾", "(*)"},
	"payment":          {"$", "$"},
	"person":           {"☺", "usr"},
	"phone":            {"☎", "ph"},
	"photo":            {"▨", "[^]"},
	"print":            {"⎙", "prn"},
	"refresh":          {"↻", "(r)"},
	"search":           {"⌕", "?:"},
	"send":             {"➤", "=>"},
	"settings":         {"⚙", "cfg"},
	"share":            {"⇗", "<:"},
	"shoppingCart":     {"⊔", "\\_/"},
	"star":             {"★", "*"},
	"starHalf":         {"✬", "*/"},
	"starOff":          {"☆", "."},
	"upload":           {"⤒", "ul"},
	"visibility":       {"⊙", "oo"},
	"visibilityOff":    {"⊘", "--"},
	"warning":          {"⚠", "/!\\"},
}

// v09Icons are the names the v0.9 basic catalog adds to v0.8's 48.
var v09Icons = map[string]iconGlyph{
	"fastForward":  {"»", ">>"},
	"pause":        {"‖", "||"},
	"play":         {"▶", ">"},
	"rewind":       {"«", "<<"},
	"skipNext":     {"⇥", ">|"},
	"skipPrevious": {"⇤", "|<"},
	"stop":         {"■", "[]"},
	"volumeDown":   {"◁)", "<)"},
	"volumeMute":   {"◁∅", "<0"},
	"volumeOff":    {"◁⨯", "<x"},
	"volumeUp":     {"◁))", "<))"},
}

// svgIcon stands for an icon drawn from an SVG path.
var svgIcon = iconGlyph{"◇", "<>"}

// extraIcons are Material Symbols names outside the standard 48 that
// agents use through bound names, in camelCase, and Material spellings of
// standard icons.
var extraIcons = map[string]iconGlyph{
	"pause":             {"‖", "||"},
	"playArrow":         {"▶", ">"},
	"stop":              {"■", "[]"},
	"skipNext":          {"⇥", ">|"},
	"skipPrevious":      {"⇤", "|<"},
	"fastForward":       {"»", ">>"},
	"fastRewind":        {"«", "<<"},
	"priorityHigh":      {"!", "!"},
	"musicNote":         {"♪", "~"},
	"done":              {"✓", "v"},
	"clear":             {"✕", "x"},
	"remove":            {"−", "-"},
	"expandMore":        {"▾", "v"},
	"expandLess":        {"▴", "^"},
	"chevronLeft":       {"‹", "<"},
	"chevronRight":      {"›", ">"},
	"arrowUpward":       {"↑", "^"},
	"arrowDownward":     {"↓", "v"},
	"schedule":          {"◷", "(t)"},
	"accessTime":        {"◷", "(t)"},
	"cloud":             {"☁", "~"},
	"wbSunny":           {"☀", "*"},
	"favoriteBorder":    {"♡", "</3"},
	"starBorder":        {"☆", "."},
	"starOutline":       {"☆", "."},
	"notificationsNone": {"⍾", "(*)"},
	"mailOutline":       {"✉", asciiMail},
	"email":             {"✉", asciiMail},
	"place":             {"⌖", "@"},
	"account":           {"☻", "(@)"},
	"shoppingBag":       {"⊔", "\\_/"},
	"deleteOutline":     {"⌫", "del"},
	"infoOutline":       {"ⓘ", "(i)"},
	"helpOutline":       {"?", "(?)"},
	"errorOutline":      {"✖", "(x)"},
}

// lookupIcon finds the glyph for name, as given or converted from
// snake_case or kebab-case to camelCase.
func lookupIcon(name string) (iconGlyph, bool) {
	for _, k := range []string{name, camelIconName(name)} {
		if g, ok := standardIcons[k]; ok {
			return g, true
		}
		if g, ok := v09Icons[k]; ok {
			return g, true
		}
		if g, ok := extraIcons[k]; ok {
			return g, true
		}
	}
	return iconGlyph{}, false
}

// camelIconName turns "play_arrow" or "Play-Arrow" into "playArrow".
func camelIconName(name string) string {
	var b strings.Builder
	up := false
	for i, r := range strings.TrimSpace(name) {
		switch {
		case r == '_' || r == '-' || r == ' ':
			up = b.Len() > 0
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		case i == 0:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// maxIconName is how much of an unknown name is shown.
const maxIconName = 24

// iconText returns the styled drawing of an icon name.
func iconText(name string, t *Theme) string {
	if g, ok := lookupIcon(name); ok {
		glyph := t.Glyph(g.uni, g.ascii)
		switch camelIconName(name) {
		case "error", "warning", "errorOutline", "priorityHigh":
			return t.Error.Render(glyph)
		}
		return t.Accent.Render(glyph)
	}
	if strings.TrimSpace(name) == "" {
		name = "icon"
	}
	if ansi.StringWidth(name) > maxIconName {
		name = ansi.Truncate(name, maxIconName-1, "") + t.Glyph("…", "~")
	}
	return t.Missing.Render("[" + name + "]")
}

// Render draws the glyph.
func (Icon) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.IconProps)
	if p == nil {
		return Empty(w, 1)
	}
	return TextBlock(w, iconOf(p, c.Theme))
}

// iconOf draws an icon's props: its name, or the SVG placeholder.
func iconOf(p *a2ui.IconProps, t *Theme) string {
	if p.SVGPath != "" {
		return t.Accent.Render(t.Glyph(svgIcon.uni, svgIcon.ascii))
	}
	return iconText(p.Name, t)
}

// Natural is the glyph's width.
func (Icon) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.IconProps)
	if p == nil {
		return 0
	}
	return ansi.StringWidth(iconOf(p, c.Theme))
}
