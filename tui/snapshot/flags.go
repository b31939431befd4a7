package snapshot

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	_ "time/tzdata" // --time-zone means the same on every machine, with or without a zone database

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/script"
	"github.com/a2term/a2term/tui"
)

// Flags are a render's flags: a2term render's, and those a case of a
// snapshot folder may give in NAME.flags, so both mean the same.
type Flags struct {
	width, height              *int
	surface, focus, open, keys *string
	color, background, images  *string
	graphics                   *string
	script                     *string
	locale, timeZone           *string
	ascii, lenient, each, pad  *bool
	frames, web                *bool
	timeout                    *float64
	catalogs                   *CatalogFiles
}

// CatalogFiles are the catalog definition files --catalog names, one
// per use of the flag.
type CatalogFiles []string

// String lists the files.
func (c *CatalogFiles) String() string { return strings.Join(*c, ",") }

// Set adds a file.
func (c *CatalogFiles) Set(v string) error {
	*c = append(*c, v)
	return nil
}

// CatalogUsage is what --catalog does, for every command that takes it.
const CatalogUsage = "draw the components of the catalog definition in `FILE` (the specification's catalog_definition.json form) generically, and take surfaces of its catalogId; repeatable"

// Load reads the definitions; an error names the file and the reason.
func (c CatalogFiles) Load() ([]*a2ui.CatalogDef, error) {
	if len(c) == 0 {
		return nil, nil
	}
	defs, err := a2ui.LoadCatalogDefs(c)
	if err != nil {
		return nil, fmt.Errorf("--catalog: %w", err)
	}
	return defs, nil
}

// AddFlags defines the flags on fs.
func AddFlags(fs *flag.FlagSet) *Flags {
	cats := &CatalogFiles{}
	fs.Var(cats, "catalog", CatalogUsage)
	return &Flags{
		catalogs:   cats,
		width:      fs.Int("width", 80, "terminal width in columns"),
		height:     fs.Int("height", 24, "terminal height in lines"),
		surface:    fs.String("surface", "", "surface to show (default: the first shown)"),
		open:       fs.String("open", "", "id of a Modal to open, as activating its entry point does"),
		focus:      fs.String("focus", "", "node id of the control to focus (in the open dialog, if any)"),
		keys:       fs.String("keys", "", `what the person does after that: key names ("tab shift+tab enter space alt+2 ctrl+n"), type:TEXT, wait`),
		script:     fs.String("script", "", "play this script as the agent, after FILE's stream if one is given"),
		frames:     fs.Bool("frames", false, "write a frame after every step, each under a line \"=== N: STEP\""),
		web:        fs.Bool("web", false, "write what the web mirror's page shows in the same state, as text, instead of the terminal's frame"),
		color:      fs.String("color", "none", "colour profile: none, ansi256 or truecolor"),
		background: fs.String("background", "dark", "terminal background the colours suit: dark or light"),
		images:     fs.String("images", "on", "draw pictures (on) or their alt text (off)"),
		graphics:   fs.String("graphics", "blocks", "how pictures are drawn: blocks (half-block cells), off (their alt text) or kitty (the kitty graphics protocol's sequences, each picture sent once)"),
		ascii:      fs.Bool("ascii", false, "draw with ASCII glyphs only"),
		pad:        fs.Bool("pad", false, "keep the spaces at the end of each line"),
		lenient:    fs.Bool("lenient", false, "accept the non-conformant shapes of third-party streams (see 'a2term validate -h')"),
		locale:     fs.String("locale", a2ui.DefaultLocale, "`TAG` of the locale v0.9 numbers, currencies and dates are formatted for: "+strings.Join(a2ui.Locales(), ", ")),
		timeZone:   fs.String("time-zone", "UTC", "IANA time `ZONE` v0.9 dates and times are shown in, such as Europe/Berlin"),
		each:       fs.Bool("each", false, "apply message by message instead of as one batch"),
		timeout:    fs.Float64("timeout", DefaultTimeout.Seconds(), "seconds the agent may take to answer a wait"),
	}
}

// UsageError is an error in a render's flags or arguments.
type UsageError struct{ msg string }

func (e *UsageError) Error() string { return e.msg }

func usageErr(format string, a ...any) error {
	return &UsageError{msg: fmt.Sprintf(format, a...)}
}

// Options checks the flags' values and returns what they ask for. Its
// errors are *UsageError.
func (f *Flags) Options() (Options, error) {
	var o Options
	profile, ok := map[string]Color{"none": NoColor, "ansi256": ANSI256, "truecolor": TrueColor}[*f.color]
	if !ok {
		return o, usageErr("--color %q: use none, ansi256 or truecolor", *f.color)
	}
	if *f.width < 1 || *f.height < 3 {
		return o, usageErr("--width must be at least 1 and --height at least 3")
	}
	if *f.background != "dark" && *f.background != "light" {
		return o, usageErr("--background %q: use dark or light", *f.background)
	}
	if *f.images != "on" && *f.images != "off" {
		return o, usageErr("--images %q: use on or off", *f.images)
	}
	g, ok := components.ParseGraphics(*f.graphics)
	if !ok || g.Pixels() && g != components.GraphicsKitty {
		return o, usageErr("--graphics %q: use blocks, off or kitty", *f.graphics)
	}
	if *f.timeout <= 0 {
		return o, usageErr("--timeout must be more than 0 seconds")
	}
	steps, err := tui.ParseSteps(*f.keys)
	if err != nil {
		return o, usageErr("--%v", err)
	}
	locale, err := a2ui.ParseLocale(*f.locale)
	if err != nil {
		return o, usageErr("--locale: %v", err)
	}
	zone, err := time.LoadLocation(*f.timeZone)
	if err != nil || *f.timeZone == "" || *f.timeZone == "Local" {
		return o, usageErr("--time-zone %q: give an IANA time zone such as UTC or Europe/Berlin", *f.timeZone)
	}
	catalogs, err := f.catalogs.Load()
	if err != nil {
		return o, usageErr("%v", err)
	}
	o = Options{
		Look: Look{
			Width: *f.width, Height: *f.height, Color: profile, Light: *f.background == "light",
			NoImages: *f.images == "off", Graphics: g, ASCII: *f.ascii, Pad: *f.pad, Locale: locale, Location: zone,
			Catalogs: catalogs,
		},
		Lenient: *f.lenient, Each: *f.each,
		Surface: *f.surface, Open: *f.open, Focus: *f.focus,
		Steps: steps, Frames: *f.frames, Web: *f.web,
		Timeout: secondsDuration(*f.timeout),
	}
	return o, nil
}

// Script is the --script file, or "".
func (f *Flags) Script() string { return *f.script }

// Input is what a render draws: a stream, a script agent, or both; or
// an A2A agent.
type Input struct {
	Name   string // for errors: the stream file, else the script
	Stream []byte
	Agent  *script.Script
	// Connect, when set, is the A2A agent to talk to (render --connect),
	// with neither Stream nor Agent (see Session.Connect).
	Connect *a2aconn.Options
}

// Load reads a render's input: file (a stream, or a script, recognised by
// its first line), the script scriptFile, or a stream file and a script.
// Either may be "". Errors are the file's (not found, a script that does
// not parse).
func Load(file, scriptFile string) (Input, error) {
	var in Input
	if file == "" && scriptFile == "" {
		return in, usageErr("give a stream FILE or --script")
	}
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return in, err
		}
		in.Name = file
		if script.IsScript(data) {
			return loadScript(in, file, scriptFile)
		}
		in.Stream = data
	}
	if scriptFile != "" {
		s, err := script.Load(scriptFile)
		if err != nil {
			return in, err
		}
		in.Agent = s
		if in.Name == "" {
			in.Name = filepath.Clean(scriptFile)
		}
	}
	return in, nil
}

// loadScript is Load of a FILE that is a script.
func loadScript(in Input, file, scriptFile string) (Input, error) {
	if scriptFile != "" {
		return in, usageErr("%s is a script: give it as FILE or as --script, not both", file)
	}
	s, err := script.Load(file)
	if err != nil {
		return in, err
	}
	in.Agent = s
	return in, nil
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
