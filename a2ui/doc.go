// Package a2ui is a2term's model of the A2UI protocol, v0.8, v0.9 (with
// v0.9.1) and v1.0 side by side: the messages an agent sends, the canvas of surfaces
// they build, the render trees views draw, and the intents that come back
// from the person.
//
// It imports no UI and no network code, so that the terminal view, the web
// mirror and the tests all share one definition of what a stream means.
//
// # Message flow
//
//	bytes of a stream ──SplitStream──▶ raw messages
//	raw message ──DecodeMessage──▶ Message (typed, checked against the
//	                                standard catalog, every string sanitized)
//	[]Message ──Canvas.Apply──▶ new *Canvas, all or none
//	                             (references, cycles and limits checked;
//	                              each shown surface resolved once)
//	Surface.Tree ──▶ *Node tree (bindings and templates resolved) ──▶ views
//	view intent ──Canvas.Press──▶ *UserAction for the agent
//	view intent ──Canvas.SetValue──▶ new *Canvas (the person's input kept)
//
// # Two versions, one model
//
// A message naming "version": "v0.9" (or "v0.9.1") is read by the v0.9
// decoder, one naming none by the v0.8 decoder; both produce the same
// components and data model, and the resolver the same nodes, so views
// never learn which version a surface speaks. Both read a component's
// properties through one table of what each is called in each version
// (componentTable, in props.go). A surface keeps the version
// that created it (createSurface, or a v0.8 message), and messages of the
// other version for it are refused. v0.9's dynamic values (bindings and
// the catalog's functions, see dynamic.go) are evaluated by the resolver,
// which records every path they read so that a data change re-resolves
// only the nodes it touches; checks run the same way and disable buttons.
// A press becomes a v0.8 userAction or a v0.9 action; a refusal of a v0.9
// message carries the specification's client error message.
//
// A v1.0 message ("version": "v1.0") is read by the v0.9 decoder with
// v1.0's differences (decode_v10.go, props_v10.go): createSurface carries
// the first components and data model, its catalogId is only a default,
// and a component or a function call may name its own catalog, resolved
// against the v1.0 catalogs (the basic catalog, a2term's terminal
// functions and the v1.0 catalog definitions; catalogs.go decides every
// lookup, of every version) with no fallback; allowedParents and allowedChildren are
// enforced below the reserved Surface container. Function calls go both
// ways (canvas_v10.go): an agent's callRendererFunction is answered
// through Canvas.Outbox, and a button calling a function of the agent's
// sends callAgentFunction and waits (Canvas.StartCall) for the
// agentFunctionResponse. A v1.0 surface has no theme: it is drawn in the
// terminal's own colours, and names no agent.
//
// A Canvas is an immutable snapshot: Apply and SetValue return a new one and
// leave the old one untouched, so a refused batch changes nothing and a
// snapshot can be read by any number of goroutines while the next is built.
//
// # Protocol decisions
//
// The choices where the v0.8 specification is open are a2term's documented
// ones: a dataModelUpdate at a path replaces that subtree (creating
// parents); inside a template every path is relative to the item; template
// children have ids "<componentId>:<key>"; unknown properties and styles
// are warnings, not refusals; media is only ever a data: URL.
// Options.Lenient accepts the non-conformant shapes third-party streams
// carry (see Options).
//
// Where the official renderers (web_core's message processor), the
// specification and the agent SDK's validator disagree, a2term reads v0.8
// as the renderers do: a beginRendering may name a root not sent yet (the
// surface waits for it); a valueString holding a JSON object or array
// becomes that value; paths may be spelled with dots and brackets
// ("users[0].name"); a value with both a path and a literal writes the
// literal whenever its component arrives, as the specification says; the
// last of duplicate ids wins, with a warning; components unreachable from
// the root are a warning; trees may be MaxDepth (50, the validator's
// limit) levels deep.
//
// # Bounds on evaluation
//
// What a batch asks a2term to compute is bounded as what it holds is
// (see budget.go and pattern.go): v0.9 calls nest at most MaxEvalDepth
// deep; a function's result and a value written out as text are at most
// MaxStringBytes; a template read from the data model may not format
// another one; every evaluation of one batch, or one intent, spends from
// one budget of MaxEvalWork units; a regex program has at most
// MaxRegexpProgram instructions and a check reads at most MaxRegexpSteps
// of them times its input. A surface compiles each pattern once, keeping
// at most 64 patterns of 8,000 instructions in all (pattern.go). Past a
// bound a strict batch is refused
// (evaluation_limit, regex_too_large); with Lenient, and for intents, the
// value shows a marker that names the bound (BoundError.Marker).
//
// v1.0 adds three bounds: a Slider has at most MaxSliderSteps (10,000)
// steps (refused past it, bad_value); at most MaxAgentCalls (64) calls of
// the agent's functions wait at once (a press past it is refused); and
// each waits at most MaxAgentCallWait (60 s), after which its button
// takes presses again and a late answer is refused.
//
// # Catalog definitions
//
// A catalog definition (the specification's catalog_definition.json form,
// read from a file the person names, see catalogdef.go) adds a catalog
// a2term draws generically, for surfaces of its protocolVersion (v0.9
// when it names none; a v1.0 one also has allowedParents,
// allowedChildren and allowedCallers, enforced as the basic catalog's
// rules are). A component named like one of the basic catalog's is drawn
// as that one, and may name only its properties. Each component's
// properties are read
// as their schemas say (text, slots, an action, a bound input, plain JSON
// values checked by a JSON Schema validator) and resolve into a Generic
// node. A definition is bounded: at most MaxCatalogBytes (1 MiB) per
// file, MaxCatalogs (16) files, MaxCatalogComponents (128) components
// (and names in an allowedParents or allowedChildren list),
// MaxCatalogProperties (64) properties a component, MaxCatalogFunctions
// (128) functions, MaxCatalogDepth (32) levels of JSON; past one, it is
// refused with the file and the reason named (CatalogError).
//
// # Refusals
//
// Every refusal is an *Error with a stable Code, the index of the message in
// its batch, and the surface, component and JSON Pointer it concerns; the
// limits it enforces are the Max constants in this package.
package a2ui
