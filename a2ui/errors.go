package a2ui

import (
	"fmt"
	"strings"
)

// Code names why a message, a batch or an intent was refused, or what a
// warning is about. Codes are stable snake_case words: agents and tests match
// on them, so a code is never renamed once released.
type Code string

// Refusal codes for messages and batches.
const (
	CodeBadMessage        Code = "bad_message"         // not exactly one of the four message kinds, or not JSON
	CodeMissingProperty   Code = "missing_property"    // a required property is absent
	CodeBadValue          Code = "bad_value"           // wrong type, outside its enum, malformed
	CodeUnknownComponent  Code = "unknown_component"   // a component type outside the standard catalog
	CodeMissingChild      Code = "missing_child"       // a reference from a shown surface names no component
	CodeCycle             Code = "cycle"               // a component contains itself
	CodeEntryWithoutValue Code = "entry_without_value" // a data entry with no value, or more than one
	CodeRemoteMedia       Code = "remote_media"        // a media URL that is not an allowed data: URL
	CodeTooManySurfaces   Code = "too_many_surfaces"   // MaxSurfaces exceeded
	CodeTooManyComponents Code = "too_many_components" // MaxComponents exceeded
	CodeCanvasTooLarge    Code = "canvas_too_large"    // MaxCanvasBytes exceeded
	CodeTooManyNodes      Code = "too_many_nodes"      // MaxNodes exceeded
	CodeTooDeep           Code = "too_deep"            // MaxDepth exceeded
	CodeStringTooLong     Code = "string_too_long"     // MaxStringBytes exceeded
	CodeBadPath           Code = "bad_path"            // a data path that cannot be written
	CodeUnknownSurface    Code = "unknown_surface"     // an intent (or a v0.9 message) names no surface
	CodeUnknownNode       Code = "unknown_node"        // an intent names no node of the shown tree
	CodeNotAButton        Code = "not_a_button"        // a press on something that is not a button
	CodeNotAnInput        Code = "not_an_input"        // a value set on something that is not an input
	CodeStale             Code = "stale"               // a press on a button removed or redefined since
	CodeNotShown          Code = "not_shown"           // an intent on a surface not shown yet
)

// Refusal codes for v0.9 dynamic values, functions and checks.
const (
	CodeUnknownFunction Code = "unknown_function" // a call names no function of the surface's catalog
	CodeBadCall         Code = "bad_call"         // a call's arguments or returnType do not fit its function
	CodeChecksFailed    Code = "checks_failed"    // a press on a button whose checks fail (v0.8: whose context reads a field that is not valid)
	CodeEvalLimit       Code = "evaluation_limit" // an evaluation would pass MaxEvalDepth, MaxEvalWork or MaxStringBytes (a warning with Lenient)
	CodeRegexTooLarge   Code = "regex_too_large"  // a regex pattern over MaxRegexpProgram (a warning with Lenient)
)

// Refusal codes for versions and v0.9 surfaces. A v0.9 message also meets
// unknown_property and unknown_catalog as refusals (warnings in v0.8 and
// in lenient mode), unknown_surface when its surface was never created,
// and remote_media only as a warning: a v0.9 picture from another site is
// drawn as a placeholder, never fetched.
const (
	CodeUnsupportedVersion Code = "unsupported_version" // a message names a version a2term does not speak
	CodeVersionMismatch    Code = "version_mismatch"    // a message for a surface another version created
	CodeSurfaceExists      Code = "surface_exists"      // createSurface for a surface that exists
)

// Warning codes: tolerated oddities, reported but not refused.
const (
	CodeUnknownProperty Code = "unknown_property"
	CodeUnknownStyle    Code = "unknown_style"
	CodeUnknownCatalog  Code = "unknown_catalog"
	CodeDuplicateID     Code = "duplicate_id"
	CodeBadRegexp       Code = "bad_regexp"
	CodeUnreachable     Code = "unreachable" // a component no reference from the root reaches
	CodeLenient         Code = "lenient"     // --lenient repaired something strict mode would refuse
)

// Error is a refusal. It says where the problem is precisely enough for an
// agent to fix its message: Index is the message's position in its batch
// and Path a JSON Pointer into that message. Problems that only show once
// the whole batch is in (a missing child, a cycle, a limit of the resolved
// tree) carry the index of the batch's last message about the surface and,
// where a component is at fault, a pointer into that component's
// properties. Intents have Index -1.
// Error values are sent to agents as JSON-RPC error data, so the JSON field
// names are part of the agent API.
type Error struct {
	Code        Code   `json:"code"`
	Message     string `json:"message"`
	Index       int    `json:"index"`
	SurfaceID   string `json:"surfaceId,omitempty"`
	ComponentID string `json:"componentId,omitempty"`
	Path        string `json:"path,omitempty"`
	// ClientMessage is, for a refusal of a v0.9 message, the
	// specification's client error message {"version": "v0.9", "error":
	// {...}}, ready for the agent to forward to whoever wrote the
	// message.
	ClientMessage *ClientError `json:"clientMessage,omitempty"`
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Index >= 0 {
		fmt.Fprintf(&b, "message %d: ", e.Index)
	}
	b.WriteString(string(e.Code))
	b.WriteString(": ")
	b.WriteString(e.Message)
	b.WriteString(e.where())
	return b.String()
}

func (e *Error) where() string {
	var parts []string
	if e.SurfaceID != "" {
		parts = append(parts, "surface "+e.SurfaceID)
	}
	if e.ComponentID != "" {
		parts = append(parts, "component "+e.ComponentID)
	}
	if e.Path != "" {
		parts = append(parts, "at "+e.Path)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// Is makes errors.Is match two refusals with the same code, so callers can
// write errors.Is(err, &a2ui.Error{Code: a2ui.CodeStale}).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Warning is a tolerated oddity in an accepted message. It has the same
// fields as Error.
type Warning Error

// String formats the warning like Error formats a refusal, marked as a
// warning.
func (w Warning) String() string {
	var b strings.Builder
	if w.Index >= 0 {
		fmt.Fprintf(&b, "message %d: ", w.Index)
	}
	b.WriteString("warning ")
	b.WriteString(string(w.Code))
	b.WriteString(": ")
	b.WriteString(w.Message)
	e := Error(w)
	b.WriteString(e.where())
	return b.String()
}
