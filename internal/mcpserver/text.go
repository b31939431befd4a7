package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// The one-line summaries: the second text block of each result, and what
// the transcript records of each call.

func showText(res hub.ShowResult, url string) string {
	var b strings.Builder
	var shown, hidden []string
	for _, s := range res.Surfaces {
		d := fmt.Sprintf("%s (%s)", s.SurfaceID, hub.Plural(s.Components, "component", "components"))
		if s.Shown {
			shown = append(shown, d)
		} else {
			hidden = append(hidden, d)
		}
	}
	if len(shown) > 0 {
		fmt.Fprintf(&b, "Shown: %s.", strings.Join(shown, ", "))
	} else {
		b.WriteString("Nothing is shown.")
	}
	if len(hidden) > 0 {
		fmt.Fprintf(&b, " Not shown yet (v0.8: send beginRendering): %s.", strings.Join(hidden, ", "))
	}
	switch res.Viewers {
	case 1:
		b.WriteString(" 1 person watching in the web mirror")
	default:
		fmt.Fprintf(&b, " %d watching in the web mirror", res.Viewers)
	}
	if url != "" {
		fmt.Fprintf(&b, " at %s (give the person this address if they cannot see the canvas).", url)
	} else {
		b.WriteString(".")
	}
	if n := len(res.Warnings); n > 0 {
		fmt.Fprintf(&b, " %s (see warnings).", hub.Plural(n, "warning", "warnings"))
	}
	return b.String()
}

func waitText(res hub.WaitResult, seconds float64, capped bool) string {
	var b strings.Builder
	switch {
	case res.TimedOut || len(res.Action) == 0 || string(res.Action) == "null":
		fmt.Fprintf(&b, "No answer within %s", fmtSeconds(seconds))
		if capped {
			b.WriteString(", the longest wait without a progress token")
		}
		if seconds > 0 {
			b.WriteString(": call canvas_wait again to keep waiting.")
		} else {
			b.WriteString(".")
		}
	default:
		b.WriteString(describeWire(res.Action, res.Source))
		if res.Redelivered {
			fmt.Fprintf(&b, " This press (action %s) was handed out before and not taken (it may have been read): if you already acted on it, do not act again.", res.ActionID)
		}
	}
	if res.Overflowed > 0 {
		fmt.Fprintf(&b, " %d presses were refused because %d actions were waiting: wait more often.", res.Overflowed, hub.MaxQueued)
	}
	return b.String()
}

// describeWire words an action message like the transcript does: The
// person pressed pay on main (web): note="thanks". It reads the v0.8
// {"userAction": …} and the v0.9 and v1.0 {"version": …, "action": …}
// shapes, and says what v1.0's other messages to the agent ask of it.
func describeWire(action json.RawMessage, source hub.Source) string {
	type act struct {
		Name      string          `json:"name"`
		SurfaceID string          `json:"surfaceId"`
		Context   json.RawMessage `json:"context"`
	}
	type call struct {
		SurfaceID      string `json:"surfaceId"`
		FunctionCallID string `json:"functionCallId"`
		CallFunction   struct {
			Call string `json:"call"`
		} `json:"callFunction"`
		Code  string          `json:"code"`
		Error json.RawMessage `json:"error"`
	}
	var m struct {
		UserAction *act  `json:"userAction"`
		Action     *act  `json:"action"`
		AgentCall  *call `json:"callAgentFunction"`
		Response   *call `json:"rendererFunctionResponse"`
		Error      *call `json:"error"`
	}
	err := json.Unmarshal(action, &m)
	switch {
	case err != nil:
	case m.AgentCall != nil:
		return fmt.Sprintf("The person's press on %s calls your function %s (functionCallId %q): answer with agentFunctionResponse through canvas_show.", m.AgentCall.SurfaceID, m.AgentCall.CallFunction.Call, m.AgentCall.FunctionCallID)
	case m.Response != nil && len(m.Response.Error) > 0:
		return fmt.Sprintf("Your call %q failed: %s", m.Response.FunctionCallID, clip(string(m.Response.Error), 300))
	case m.Response != nil:
		return fmt.Sprintf("Your call %q was answered (see action).", m.Response.FunctionCallID)
	case m.Error != nil:
		return fmt.Sprintf("a2term refused with %s (see action).", m.Error.Code)
	}
	if err != nil || (m.UserAction == nil && m.Action == nil) {
		return "The person acted: " + clip(string(action), 300)
	}
	a := m.UserAction
	if a == nil {
		a = m.Action
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The person pressed %s on %s", a.Name, a.SurfaceID)
	if source != "" {
		fmt.Fprintf(&b, " (%s)", source)
	}
	if pairs := orderedPairs(a.Context); len(pairs) > 0 {
		b.WriteString(": " + clip(strings.Join(pairs, ", "), 500))
	}
	return b.String()
}

// orderedPairs returns key=value for each member of a JSON object, in
// the order they are written.
func orderedPairs(obj json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		var compact bytes.Buffer
		if json.Compact(&compact, v) != nil {
			compact.Reset()
			compact.Write(v)
		}
		out = append(out, key+"="+compact.String())
	}
	return out
}

func stateText(surfaces []hub.SurfaceState, info hub.Info) string {
	var b strings.Builder
	if len(surfaces) == 0 {
		b.WriteString("The canvas is empty.")
	} else {
		parts := make([]string, 0, len(surfaces))
		for _, s := range surfaces {
			shown := "shown"
			if !s.Shown {
				shown = "not shown"
			}
			parts = append(parts, fmt.Sprintf("%s %s, %s", s.SurfaceID, shown, hub.Plural(len(s.Components), "component", "components")))
		}
		fmt.Fprintf(&b, "%s: %s.", hub.Plural(len(surfaces), "surface", "surfaces"), strings.Join(parts, "; "))
	}
	fmt.Fprintf(&b, " %d watching in the web mirror, %s queued.", info.Viewers, hub.Plural(info.Queued, "action", "actions"))
	return b.String()
}

func infoText(o infoOutput) string {
	var b strings.Builder
	fmt.Fprintf(&b, "a2term %s, ", o.Server)
	if o.Canvas == Attached {
		fmt.Fprintf(&b, "attached to the a2term at %s", o.Socket)
	} else {
		b.WriteString("a canvas of its own")
	}
	if len(o.Versions) > 0 {
		fmt.Fprintf(&b, "; A2UI %s", strings.Join(o.Versions, ", "))
	} else {
		fmt.Fprintf(&b, "; %s", o.Protocol)
	}
	catalogs := map[string]bool{o.CatalogID: true}
	for _, c := range o.Capabilities {
		for _, id := range c.SupportedCatalogIDs {
			catalogs[id] = true
		}
	}
	for _, c := range o.RendererCapabilities {
		for _, id := range c.SupportedCatalogIDs {
			catalogs[id] = true
		}
	}
	fmt.Fprintf(&b, " (%s: a2uiRendererCapabilities for v1.0, with its functions; a2uiClientCapabilities for v0.9.1; catalogId for v0.8).", hub.Plural(len(catalogs), "catalog", "catalogs"))
	switch {
	case !o.Web:
		b.WriteString(" No web mirror.")
	case o.WebURL != "":
		fmt.Fprintf(&b, " Web mirror at %s (give the person this address), %d watching.", o.WebURL, o.Viewers)
	default:
		fmt.Fprintf(&b, " Web mirror running, %d watching.", o.Viewers)
	}
	fmt.Fprintf(&b, " %s, %s queued.", hub.Plural(len(o.Surfaces), "surface", "surfaces"), hub.Plural(o.Queued, "action", "actions"))
	return b.String()
}

// trimFloat drops a decimal part of zeros: "2.50" → "2.5", "3.0" → "3".
func trimFloat(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !isRuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// refusalText says what was refused and what to fix.
func refusalText(err error) string {
	var r *a2ui.Error
	var se *SocketError
	switch {
	case errors.As(err, &se):
		return "The canvas cannot be reached: " + se.Error() + "."
	case !errors.As(err, &r):
		return "Failed: " + err.Error() + "."
	}
	var b strings.Builder
	b.WriteString("Refused, nothing changed: ")
	if r.Index >= 0 {
		fmt.Fprintf(&b, "message %d (counting from 0): ", r.Index)
	}
	fmt.Fprintf(&b, "%s: %s.", r.Code, r.Message)
	if r.SurfaceID != "" {
		fmt.Fprintf(&b, " Surface %q.", r.SurfaceID)
	}
	if r.ComponentID != "" {
		fmt.Fprintf(&b, " Component %q.", r.ComponentID)
	}
	if r.Path != "" {
		fmt.Fprintf(&b, " At JSON pointer %s.", r.Path)
	}
	b.WriteString(" Fix: " + fixFor(r))
	return b.String()
}

// fixFor says what to change for a refusal, in the words of the version
// of the message refused (v0.9.1 when it spoke v0.9).
func fixFor(r *a2ui.Error) string {
	v09 := r.ClientMessage != nil
	switch r.Code {
	case a2ui.CodeBadMessage:
		return `each message must be a JSON object with "version": "v1.0" and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface, callRendererFunction, agentFunctionResponse; or "version": "v0.9.1" (or "v0.9") and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface; or, for v0.8, no version and exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface.`
	case a2ui.CodeMissingProperty:
		return "add the required property named above, then send the whole batch again."
	case a2ui.CodeBadValue:
		if v09 {
			return `give the property a value of the right type or one of its allowed values: a literal ("Hi", 3, true), {"path": "/…"} into the data model, or a function call {"call": "formatString", "args": {…}}; a regex pattern is RE2 (no lookaround, no backreferences).`
		}
		return "give the property a value of the right type or one of its allowed values; bound values are {\"literalString\": …} or {\"path\": \"/…\"}."
	case a2ui.CodeUnknownComponent:
		if v09 {
			return `use a component of the basic catalog, written as "component": "Text" beside its properties: Text, Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Modal, Divider, Button, TextField, CheckBox, ChoicePicker, Slider, DateTimeInput.`
		}
		return "use a component of the standard catalog: Text, Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Divider, Modal, Button, CheckBox, TextField, DateTimeInput, MultipleChoice, Slider."
	case a2ui.CodeMissingChild:
		if v09 {
			return "every id named in children, child, trigger, content or tabs must be a component of the surface, sent in this or an earlier updateComponents; add it or correct the id."
		}
		return "every id named in children, child or root must be a component in the surface's surfaceUpdate; add it or correct the id."
	case a2ui.CodeCycle:
		return "a component may not contain itself; break the loop of children."
	case a2ui.CodeEntryWithoutValue:
		return "each data entry needs exactly one of valueString, valueNumber, valueBoolean, valueMap (in v0.9.1, updateDataModel takes a plain JSON value instead)."
	case a2ui.CodeRemoteMedia:
		return "images must be data: URLs; remote URLs are not fetched."
	case a2ui.CodeUnknownSurface:
		if v09 {
			return "send createSurface for the surface first, in the same batch or an earlier one (see canvas_state for the surfaces there are)."
		}
		return "name a surface you have shown (see canvas_state)."
	case a2ui.CodeStringTooLong, a2ui.CodeTooManyComponents, a2ui.CodeTooManySurfaces, a2ui.CodeCanvasTooLarge, a2ui.CodeTooManyNodes, a2ui.CodeTooDeep:
		return "make it smaller: split it across surfaces or leave detail out."
	case a2ui.CodeUnknownProperty:
		return "remove the property named above; it is not in the catalog."
	case a2ui.CodeDuplicateID:
		return "give every component of a surface a different id."
	case a2ui.CodeUnsupportedVersion:
		return `write "version": "v1.0" for A2UI v1.0, "v0.9.1" (or "v0.9") for A2UI v0.9.1, or leave version out for v0.8.`
	case a2ui.CodeVersionMismatch:
		return "a surface keeps the A2UI version that created it: send its messages in that version (canvas_state gives each surface's protocol), or deleteSurface it and create it again in the other."
	case a2ui.CodeUnknownCatalog:
		return "use a catalogId a2term draws, listed by canvas_info under a2uiRendererCapabilities for v1.0 (" + a2ui.BasicCatalogV10ID + ") and a2uiClientCapabilities for v0.9.1 (" + a2ui.BasicCatalogV09ID + ", or the minimal one)."
	case a2ui.CodeNoCatalog:
		return `in v1.0 a component or call without its own "catalogId" is read against the surface's default: give createSurface a "catalogId" (` + a2ui.BasicCatalogV10ID + `) or the component or call its own.`
	case a2ui.CodeUnallowedParent, a2ui.CodeUnallowedChild:
		return "the catalog allows this component only under some parents and some children (its allowedParents and allowedChildren): move it, or put another component between them."
	case a2ui.CodeBadName:
		return `a name is a Unicode identifier: a letter or "_" first, then letters, digits or "_" (no spaces, dots or dashes).`
	case a2ui.CodeSurfaceExists:
		return "the surface exists already: change it with updateComponents and updateDataModel, or send deleteSurface first to create it anew."
	case a2ui.CodeUnknownFunction:
		return "call a function of the surface's catalog: required, regex, length, numeric, email, formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or, not."
	case a2ui.CodeBadCall:
		return `give the function the arguments it takes, by name in "args" (formatCurrency {"value", "currency"}, regex {"value", "pattern"}, length {"value", "min" or "max"}), and a returnType, if any, that fits the property.`
	case a2ui.CodeBadPath:
		return "write at a path the data model can hold: a number indexes a list, and nothing is written inside a string, number or boolean."
	case a2ui.CodeChecksFailed:
		return "the button's checks fail: the person must correct what their messages say; nothing was sent."
	default:
		return "correct the message named above and send the whole batch again."
	}
}
