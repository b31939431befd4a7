package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/script"
	"github.com/a2term/a2term/tui/snapshot"
)

const validateAbout = `
Validate reads each FILE as a stream of A2UI server-to-client messages and
reports what a2term would refuse or warn about, exactly as it would when an
agent sends them. A message with "version": "v0.9" (or "v0.9.1") is A2UI
v0.9.1, one without a version v0.8; a file may hold both. A file is JSONL,
a JSON array of messages, one object, or an object whose "messages" holds
the list (as the specification's v0.9 examples are written, with "name"
and "description" beside it). A script agent (see docs/scripts.md) is
read as a script: its steps are checked, then the messages
of its show steps, each step one batch (as it plays), applied in the order
of their lines to one canvas, with every reference to the person's last
action empty; a refusal or warning names the step's line
(FILE:LINE: show: message INDEX: ..., and for a step that names a stream
file, FILE:LINE: show STREAM:LINE: message INDEX: ...). --each does not
apply to a script.

By default a file is applied as one batch, as canvas.show applies the
messages of one call: all or none, so the first refusal refuses the file.
With --each the messages are applied one at a time, as a progressive stream
arrives, and every refused message is reported while the others still count.

Each refusal or warning is one line: FILE:LINE: message INDEX: CODE: reason,
with the surface, component and JSON Pointer it concerns; LINE is where the
message starts in the file, and INDEX counts the messages from 0, as
canvas.show numbers the messages of a call. A refused v0.9 message is
followed by the client error the specification has a renderer send back
(FILE:LINE: message INDEX: clientMessage {"version": "v0.9", "error": ...}).
Then each surface the file leaves on the canvas, with its version and catalog,
and a summary line per file.

Exit status: 0 when every file is accepted, 1 when anything is refused,
2 on usage errors or a file that cannot be read.`

func runValidate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", "validate [--lenient] [--each] FILE...", validateAbout, stderr)
	lenient := fs.Bool("lenient", false, "accept the non-conformant shapes of third-party streams (missing surfaceId, contents as an object, legacy literal, remote media as placeholders, missing children as placeholders, an unknown v0.9 catalog read as the basic one)")
	each := fs.Bool("each", false, "apply message by message instead of as one batch")
	var cats snapshot.CatalogFiles
	fs.Var(&cats, "catalog", snapshot.CatalogUsage)
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "a2term validate: no FILE given")
		fs.Usage()
		return exitUsage
	}
	catalogs, err := cats.Load()
	if err != nil {
		fmt.Fprintf(stderr, "a2term validate: %v\n", err)
		return exitUsage
	}
	aopts := a2ui.Options{Lenient: *lenient, Catalogs: catalogs}
	code := exitOK
	accepted, refused := 0, 0
	for _, f := range files {
		if ok, isScript := validateScript(stdout, f, aopts); isScript {
			if ok {
				accepted++
			} else {
				refused++
				code = max(code, exitRefused)
			}
			continue
		}
		res, err := applyFile(f, aopts, *each)
		if err != nil {
			fmt.Fprintf(stderr, "a2term validate: %v\n", err)
			code = exitUsage
			continue
		}
		if reportFile(stdout, f, res, *each) {
			accepted++
		} else {
			refused++
			if code == exitOK {
				code = exitRefused
			}
		}
	}
	if len(files) > 1 {
		fmt.Fprintf(stdout, "%s: %d accepted, %d refused\n", hub.Plural(len(files), "file", "files"), accepted, refused)
	}
	return code
}

// validateScript checks f when it is a script agent rather than a
// stream: its steps, then the messages of its show steps, each step one
// batch (as it is played, one canvas.show call), applied in the order of
// their lines to one canvas, as the script would show them played
// straight through. A refused step is reported and not applied; the next
// ones are checked all the same.
func validateScript(w io.Writer, f string, opts a2ui.Options) (ok, isScript bool) {
	data, err := os.ReadFile(f)
	if err != nil || !script.IsScript(data) {
		return false, false
	}
	s, err := script.Load(f)
	if err == nil {
		var shows []script.Show
		if shows, err = s.Shows(); err == nil {
			return reportScript(w, f, shows, opts), true
		}
	}
	fmt.Fprintf(w, "%s: refused: %v\n", f, err)
	return false, true
}

// reportScript applies a script's show steps and prints what was refused
// or warned about, one line each (FILE:LINE: show: message INDEX: …,
// LINE the step's; for a step that names a stream file, FILE:LINE: show
// STREAM:SLINE: message INDEX: …), and a summary, and reports whether
// every step was accepted.
func reportScript(w io.Writer, name string, shows []script.Show, opts a2ui.Options) bool {
	canvas := a2ui.New(opts)
	messages, refused, warnings := 0, 0, 0
	for _, sh := range shows {
		messages += len(sh.Messages)
		at := func(i int) string {
			if sh.File == "" {
				return fmt.Sprintf("%s:%d: show", name, sh.Line)
			}
			if i >= 0 && i < len(sh.Lines) && sh.Lines[i] > 0 {
				return fmt.Sprintf("%s:%d: show %s:%d", name, sh.Line, sh.File, sh.Lines[i])
			}
			return fmt.Sprintf("%s:%d: show %s", name, sh.Line, sh.File)
		}
		next, warns, err := canvas.ApplyJSON(sh.Messages)
		if err != nil {
			refused++
			r := refusalOf(err)
			printRefusal(w, at(r.Index), r)
			continue
		}
		canvas = next
		warnings += len(warns)
		for _, wn := range warns {
			fmt.Fprintf(w, "%s: %s\n", at(wn.Index), wn.String())
		}
	}
	if refused == 0 {
		fmt.Fprintf(w, "%s: ok: a script agent, %s (%s), %s\n", name, hub.Plural(len(shows), "show step", "show steps"),
			hub.Plural(messages, "message", "messages"), hub.Plural(warnings, "warning", "warnings"))
		return true
	}
	fmt.Fprintf(w, "%s: refused: %d of %s refused, %s\n", name, refused, hub.Plural(len(shows), "show step", "show steps"),
		hub.Plural(warnings, "warning", "warnings"))
	return false
}

// printRefusal prints refusal r of the message at place, then the client
// error a v0.9 refusal has a renderer send back.
func printRefusal(w io.Writer, place string, r *a2ui.Error) {
	fmt.Fprintf(w, "%s: %v\n", place, r)
	if r.ClientMessage != nil {
		if js, err := json.Marshal(r.ClientMessage); err == nil {
			fmt.Fprintf(w, "%s: message %d: clientMessage %s\n", place, r.Index, js)
		}
	}
}

// reportFile prints one file's refusals, warnings and summary, in message
// order, and reports whether the file was accepted.
func reportFile(w io.Writer, name string, res streamResult, each bool) bool {
	if res.framing != nil {
		fmt.Fprintf(w, "%s: refused: %v\n", name, res.framing)
		return false
	}
	if res.messages == 0 {
		fmt.Fprintf(w, "%s: refused: the file holds no message\n", name)
		return false
	}
	ri, wi := 0, 0
	for ri < len(res.refused) || wi < len(res.warnings) {
		if wi >= len(res.warnings) || (ri < len(res.refused) && res.refused[ri].Index <= res.warnings[wi].Index) {
			r := res.refused[ri]
			printRefusal(w, res.at(name, r.Index), r)
			ri++
			continue
		}
		fmt.Fprintf(w, "%s: %v\n", res.at(name, res.warnings[wi].Index), res.warnings[wi].String())
		wi++
	}
	shown := 0
	for _, s := range res.canvas.Surfaces() {
		if s.Shown() {
			shown++
		}
		fmt.Fprintf(w, "%s: %s\n", name, describeSurface(s))
	}
	switch {
	case len(res.refused) == 0:
		fmt.Fprintf(w, "%s: ok: %s, %s shown, %s\n", name, hub.Plural(res.messages, "message", "messages"),
			hub.Plural(shown, "surface", "surfaces"), hub.Plural(len(res.warnings), "warning", "warnings"))
		return true
	case each:
		fmt.Fprintf(w, "%s: refused: %d of %s refused, %s\n", name, len(res.refused),
			hub.Plural(res.messages, "message", "messages"), hub.Plural(len(res.warnings), "warning", "warnings"))
	case res.messages == 1:
		fmt.Fprintf(w, "%s: refused: its one message was not applied\n", name)
	default:
		fmt.Fprintf(w, "%s: refused: the batch of %s was not applied (use --each to check message by message)\n", name,
			hub.Plural(res.messages, "message", "messages"))
	}
	return false
}

// describeSurface says what a surface is: its version, catalog, size and
// whether it is shown.
func describeSurface(s *a2ui.Surface) string {
	state := "shown"
	switch {
	case !s.Shown():
		state = "not shown (no beginRendering)"
	default:
		if _, ok := s.Component(s.Root()); !ok {
			state = "shown once its root " + strconv.Quote(s.Root()) + " arrives"
		}
	}
	return fmt.Sprintf("surface %s: A2UI %s, %s, %s, %s", s.ID(), s.Protocol(), catalogName(s),
		hub.Plural(s.ComponentCount(), "component", "components"), state)
}

// catalogName names a surface's default catalog the same way in every
// version: a catalog of the specification's by its short name, since the
// version said before it tells which one it is (the URL would only repeat
// it); any other catalog (one given with --catalog, or an unknown one read
// as the basic catalog with --lenient) by its id, the only name it has. A
// v1.0 surface may have no default, its components each naming their own.
func catalogName(s *a2ui.Surface) string {
	switch id := s.CatalogID(); id {
	case a2ui.StandardCatalogID:
		return "standard catalog"
	case a2ui.BasicCatalogV09ID, a2ui.BasicCatalogV10ID:
		return "basic catalog"
	case a2ui.MinimalCatalogV09ID, a2ui.MinimalCatalogID:
		return "minimal catalog"
	case "":
		if s.Protocol() == a2ui.ProtocolV08 {
			return "standard catalog"
		}
		return "no default catalog"
	default:
		return "catalog " + id
	}
}
