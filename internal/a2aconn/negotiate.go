package a2aconn

import (
	"slices"
	"strconv"
	"strings"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// ExtensionBase is the A2UI extension's URI without its version: the
// extension of version v is ExtensionBase + v ("…/v0.9.1", "…/v1.0").
const ExtensionBase = "https://a2ui.org/a2a-extension/a2ui/"

// MIMEType marks a DataPart that holds A2UI messages; LegacyMIMEType is
// the older spelling that agents of v0.8 and v0.9 still send, read alike.
const (
	MIMEType       = "application/a2ui+json"
	LegacyMIMEType = "application/json+a2ui"
)

// Version is an A2UI version a2term and the agent both speak, with the
// names its extension gives the metadata a2term sends.
type Version struct {
	// Name is the version as a2ui names it ("v0.9.1", "v1.0").
	Name string
	// URI is the extension's URI, sent in X-A2A-Extensions.
	URI string
	// CapabilitiesKey names the renderer's capabilities in a message's
	// metadata: a2uiClientCapabilities up to v0.9.1,
	// a2uiRendererCapabilities from v1.0.
	CapabilitiesKey string
	// DataModelKey names the data model a surface asked to be sent with
	// its actions: a2uiClientDataModel, or a2uiRendererDataModel.
	DataModelKey string
	// MIMEType is what a2term marks its own DataParts with.
	MIMEType string
}

// version describes A2UI version name.
func version(name string) Version {
	v := Version{
		Name: name, URI: ExtensionBase + name, MIMEType: MIMEType,
		CapabilitiesKey: "a2uiClientCapabilities", DataModelKey: "a2uiClientDataModel",
	}
	if !older(name, "v1.0") {
		v.CapabilitiesKey, v.DataModelKey = "a2uiRendererCapabilities", "a2uiRendererDataModel"
	}
	if older(name, "v0.9.1") {
		v.MIMEType = LegacyMIMEType
	}
	return v
}

// Negotiate picks the newest A2UI version that a2term speaks (ours, as
// a2ui.Versions says) and the card advertises among its extensions. It
// reports false when they share none: the agent is then a text chat.
func Negotiate(ours []string, card *a2a.AgentCard) (Version, bool) {
	var best string
	for _, ext := range card.Capabilities.Extensions {
		name, ok := strings.CutPrefix(ext.URI, ExtensionBase)
		if !ok || !slices.Contains(ours, name) {
			continue
		}
		if best == "" || older(best, name) {
			best = name
		}
	}
	if best == "" {
		return Version{}, false
	}
	return version(best), true
}

// Required lists the A2UI extensions the card marks required that
// a2term does not speak: an agent that requires one cannot be talked to.
func Required(ours []string, card *a2a.AgentCard) []string {
	var out []string
	for _, ext := range card.Capabilities.Extensions {
		if name, ok := strings.CutPrefix(ext.URI, ExtensionBase); ok && ext.Required && !slices.Contains(ours, name) {
			out = append(out, ext.URI)
		}
	}
	return out
}

// Capabilities is what a2term tells an agent of v it draws, in v's shape,
// from what the canvas says of itself (info, its --catalog definitions
// included): v1.0's renderer capabilities, the catalogs by version from
// v0.9 on, and v0.8's flat list of catalogs.
func (v Version) Capabilities(info hub.Info) any {
	switch {
	case older(v.Name, a2ui.ProtocolV09):
		return map[string]any{"supportedCatalogIds": []string{a2ui.StandardCatalogID}}
	case older(v.Name, a2ui.ProtocolV10):
		return info.Capabilities
	}
	return info.RendererCapabilities
}

// older reports whether version a ("v0.9", "v0.9.1", "v1.0") comes before
// b, comparing their numbers one by one; a missing number counts as 0.
func older(a, b string) bool {
	pa, pb := numbers(a), numbers(b)
	for i := range max(len(pa), len(pb)) {
		x, y := at(pa, i), at(pb, i)
		if x != y {
			return x < y
		}
	}
	return false
}

func numbers(v string) []int {
	fields := strings.Split(strings.TrimPrefix(v, "v"), ".")
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			n = -1
		}
		out = append(out, n)
	}
	return out
}

func at(xs []int, i int) int {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}
