package main

import (
	"fmt"
	"io"

	"github.com/a2term/a2term/a2ui"
)

const validateAbout = `
Validate reads each FILE as a stream of A2UI v0.8 server-to-client messages
(JSONL, a JSON array of messages, or one object) and reports what a2term
would refuse or warn about, exactly as it would when an agent sends them.

By default a file is applied as one batch, as canvas.show applies the
messages of one call: all or none, so the first refusal refuses the file.
With --each the messages are applied one at a time, as a progressive stream
arrives, and every refused message is reported while the others still count.

Each refusal or warning is one line: FILE: message INDEX: CODE: reason, with
the surface, component and JSON Pointer it concerns. A summary line per file
follows.

Exit status: 0 when every file is accepted, 1 when anything is refused,
2 on usage errors or a file that cannot be read.`

func runValidate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", "validate [--lenient] [--each] FILE...", validateAbout, stderr)
	lenient := fs.Bool("lenient", false, "accept the non-conformant shapes of third-party streams (missing surfaceId, contents as an object, legacy literal, remote media as placeholders, missing children as placeholders)")
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
		fmt.Fprintf(stdout, "%s: %d accepted, %d refused\n", plural(len(files), "file", "files"), accepted, refused)
	}
	return code
}

// reportFile prints one file's refusals, warnings and summary, in message
// order, and reports whether the file was accepted.
func reportFile(w io.Writer, name string, res streamResult, each bool) bool {
	if res.framing != nil {
		fmt.Fprintf(w, "%s: refused: %v\n", name, res.framing)
		return false
	}
	ri, wi := 0, 0
	for ri < len(res.refused) || wi < len(res.warnings) {
		if wi >= len(res.warnings) || (ri < len(res.refused) && res.refused[ri].Index <= res.warnings[wi].Index) {
			fmt.Fprintf(w, "%s: %v\n", name, res.refused[ri])
			ri++
			continue
		}
		fmt.Fprintf(w, "%s: %v\n", name, res.warnings[wi].String())
		wi++
	}
	shown := 0
	for _, s := range res.canvas.Surfaces() {
		if s.Shown() {
			shown++
		}
	}
	switch {
	case len(res.refused) == 0:
		fmt.Fprintf(w, "%s: ok: %s, %s shown, %s\n", name, plural(res.messages, "message", "messages"),
			plural(shown, "surface", "surfaces"), plural(len(res.warnings), "warning", "warnings"))
		return true
	case each:
		fmt.Fprintf(w, "%s: refused: %d of %s refused, %s\n", name, len(res.refused),
			plural(res.messages, "message", "messages"), plural(len(res.warnings), "warning", "warnings"))
	default:
		fmt.Fprintf(w, "%s: refused: the batch of %s was not applied (use --each to check message by message)\n", name,
			plural(res.messages, "message", "messages"))
	}
	return false
}
