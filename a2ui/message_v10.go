package a2ui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A2UI v1.0 beside v0.9.1 and v0.8: a message that names "version":
// "v1.0" is read by the v0.9 decoder with v1.0's differences (see
// decode_v10.go), and makes surfaces that keep speaking v1.0. A v1.0
// surface draws the same components as a v0.9 one; what is new is how
// it finds its catalogs (several per surface, by id), the function calls
// that go both ways between a2term and the agent, and the shapes of what
// a2term sends back.

// ProtocolV10 is the version v1.0 messages name, and Surface.Protocol of
// the surfaces they create.
const ProtocolV10 = "v1.0"

// The v1.0 catalogs a2term knows: the specification's basic catalog, and
// a2term's own catalog of terminal functions (no components), which an
// agent may call with callRendererFunction and a surface may mix in.
const (
	BasicCatalogV10ID    = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
	TerminalCatalogV10ID = "https://github.com/a2term/a2term/catalogs/v1_0/terminal.json"
)

// Who may call a catalog function (a FunctionDefinition's allowedCallers).
const (
	CallersRendererOnly    = "rendererOnly"
	CallersAgentOnly       = "agentOnly"
	CallersRendererOrAgent = "rendererOrAgent"
)

// The error codes of v1.0's renderer-to-agent error message that a2term
// sends, beside VALIDATION_FAILED.
const (
	UnallowedParent     = "UNALLOWED_PARENT"
	UnallowedChild      = "UNALLOWED_CHILD"
	InvalidFunctionCall = "INVALID_FUNCTION_CALL"
	UnknownFunction     = "UNKNOWN_FUNCTION"
)

// Refusal codes of v1.0 rules, beside the v0.9 ones.
const (
	CodeUnallowedParent Code = "unallowed_parent" // a component under a parent its catalog does not allow
	CodeUnallowedChild  Code = "unallowed_child"  // a child its parent's catalog does not allow
	CodeNoCatalog       Code = "no_catalog"       // a component or call with no catalogId and a surface with no default
	CodeBadName         Code = "bad_name"         // a name that is not a UAX #31 identifier
)

// SurfaceType is the reserved component type of the container
// createSurface makes, whose one child is "root".
const SurfaceType = "Surface"

var (
	basicCatalogV10 = &catalogV09{
		id: BasicCatalogV10ID, fns: basicFunctionsV10, v10: true,
		buttonVariants: []string{"default", "primary", "borderless"},
	}
	terminalCatalogV10 = &catalogV09{
		id: TerminalCatalogV10ID, fns: terminalFunctions, v10: true,
		types: map[string]bool{},
	}
)

// isIdentifier reports whether s is a name by Unicode Standard Annex #31
// as the specification's catalog naming rules ask: an XID_Start letter or
// "_", then XID_Continue characters. (Go's unicode tables approximate
// XID_Start with letters and letter numbers, and XID_Continue with those,
// marks, digits and connector punctuation.)
func isIdentifier(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		start := r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r)
		if i == 0 && !start {
			return false
		}
		if !start && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) && !unicode.Is(unicode.Pc, r) {
			return false
		}
	}
	return true
}

// CallRendererFunction is an agent's call of one of a2term's functions.
// The answer, a rendererFunctionResponse or an error naming the call, goes
// to the agent through canvas.wait.
type CallRendererFunction struct {
	FunctionCallID string
	Call           string
	CatalogID      string
	Args           *Object // the arguments as sent, cleaned; nil when none
}

// AgentFunctionResponse is the agent's answer to a callAgentFunction
// a2term sent: a value, or an error.
type AgentFunctionResponse struct {
	FunctionCallID string
	Value          any
	HasValue       bool
	ErrorCode      string
	ErrorMessage   string
}

// RendererCapabilities is the specification's v1.0 renderer capabilities
// object (a2uiRendererCapabilities), keyed by protocol version, with
// a2term's functions described beside the catalog ids.
type RendererCapabilities map[string]RendererSupport

// RendererSupport lists what a2term draws and runs for one version.
type RendererSupport struct {
	SupportedCatalogIDs []string `json:"supportedCatalogIds"`
	// Functions describes the functions an agent may call with
	// callRendererFunction, by catalog; not a field of the
	// specification's object, which leaves functions to the catalogs.
	Functions []FunctionInfo `json:"functions,omitempty"`
}

// FunctionInfo describes one catalog function for an agent.
type FunctionInfo struct {
	CatalogID      string   `json:"catalogId"`
	Name           string   `json:"name"`
	AllowedCallers string   `json:"allowedCallers"`
	ReturnType     string   `json:"returnType"`
	Args           []string `json:"args,omitempty"`
	Description    string   `json:"description,omitempty"`
}

// callers is the function's allowedCallers, rendererOnly by default.
func (f *funcSpec) callers() string {
	if f.allowed == "" {
		return CallersRendererOnly
	}
	return f.allowed
}

// quoteNames quotes names for a refusal.
func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "\"" + n + "\""
	}
	return strings.Join(q, ", ")
}
