package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/bridge/script"
)

const validateAbout = `
Validate reads each FILE as a stream of A2UI server-to-client messages and
reports what a2term would refuse or warn about, exactly as it would when an
agent sends them. A message with "version": "v0.9" (or "v0.9.1") is A2UI
v0.9.1, one without a version v0.8; a file may hold both. A file is JSONL,
a JSON array of messages, one object, or an object whose "messages" holds
the list (as the specification's v0.9 examples are written, with "name"
and "description" beside it). A script agent (see "Scripted agents" in
the README) is read as a script: its steps are checked here, and what it
shows is checked as render or replay plays it.

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
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "a2term validate: no FILE given")
		fs.Usage()
		return exitUsage
	}
	code := exitOK
	accepted, refused := 0, 0
	for _, f := range files {
		if ok, isScript := validateScript(stdout, f); isScript {
			if ok {
				accepted++
			} else {
				refused++
				code = max(code, exitRefused)
			}
			continue
		}
		res, err := applyFile(f, a2ui.Options{Lenient: *lenient}, *each)
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
		fmt.Fprintf(stdout, "%s: %d accepted, %d refused\n", bridge.Plural(len(files), "file", "files"), accepted, refused)
	}
	return code
}

// validateScript checks the steps of f when it is a script agent rather
// than a stream, and says where what it shows is checked.
func validateScript(w io.Writer, f string) (ok, isScript bool) {
	data, err := os.ReadFile(f)
	if err != nil || !script.IsScript(data) {
		return false, false
	}
	if _, err := script.Load(f); err != nil {
		fmt.Fprintf(w, "%s: refused: %v\n", f, err)
		return false, true
	}
	fmt.Fprintf(w, "%s: ok: a script agent, its steps well formed; what it shows is checked as it plays: a2term render %s (or replay)\n", f, f)
	return true, true
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
			fmt.Fprintf(w, "%s: %v\n", res.at(name, r.Index), r)
			if r.ClientMessage != nil {
				if js, err := json.Marshal(r.ClientMessage); err == nil {
					fmt.Fprintf(w, "%s: message %d: clientMessage %s\n", res.at(name, r.Index), r.Index, js)
				}
			}
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
		fmt.Fprintf(w, "%s: ok: %s, %s shown, %s\n", name, bridge.Plural(res.messages, "message", "messages"),
			bridge.Plural(shown, "surface", "surfaces"), bridge.Plural(len(res.warnings), "warning", "warnings"))
		return true
	case each:
		fmt.Fprintf(w, "%s: refused: %d of %s refused, %s\n", name, len(res.refused),
			bridge.Plural(res.messages, "message", "messages"), bridge.Plural(len(res.warnings), "warning", "warnings"))
	case res.messages == 1:
		fmt.Fprintf(w, "%s: refused: its one message was not applied\n", name)
	default:
		fmt.Fprintf(w, "%s: refused: the batch of %s was not applied (use --each to check message by message)\n", name,
			bridge.Plural(res.messages, "message", "messages"))
	}
	return false
}

// describeSurface says what a surface is: its version, catalog, size and
// whether it is shown.
func describeSurface(s *a2ui.Surface) string {
	catalog := "standard catalog"
	switch id := s.CatalogID(); {
	case s.Protocol() == a2ui.ProtocolV08 && (id == "" || id == a2ui.StandardCatalogID):
	case id == a2ui.BasicCatalogV09ID:
		catalog = "basic catalog"
	case id == a2ui.MinimalCatalogV09ID || id == a2ui.MinimalCatalogID:
		catalog = "minimal catalog"
	default:
		catalog = "catalog " + id
	}
	state := "shown"
	switch {
	case !s.Shown():
		state = "not shown (no beginRendering)"
	default:
		if _, ok := s.Component(s.Root()); !ok {
			state = "shown once its root " + strconv.Quote(s.Root()) + " arrives"
		}
	}
	return fmt.Sprintf("surface %s: A2UI %s, %s, %s, %s", s.ID(), s.Protocol(), catalog,
		bridge.Plural(s.ComponentCount(), "component", "components"), state)
}
