package a2aconn

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestNegotiate: the newest version both sides speak, with the names of
// its metadata; v1.0 when a2ui speaks it.
func TestNegotiate(t *testing.T) {
	card := func(uris ...string) *a2a.AgentCard {
		c := &a2a.AgentCard{}
		for _, u := range uris {
			c.Capabilities.Extensions = append(c.Capabilities.Extensions, a2a.AgentExtension{URI: u})
		}
		return c
	}
	today := []string{"v0.8", "v0.9", "v0.9.1"}
	withV10 := []string{"v0.8", "v0.9", "v0.9.1", "v1.0"}
	for _, tc := range []struct {
		name  string
		ours  []string
		card  *a2a.AgentCard
		want  string
		caps  string
		model string
		mime  string
	}{
		{"none", today, card(), "", "", "", ""},
		{"other extension", today, card("https://example.com/ext/v1"), "", "", "", ""},
		{"v0.9.1", today, card(ExtensionBase + "v0.9.1"), "v0.9.1", "a2uiClientCapabilities", "a2uiClientDataModel", MIMEType},
		{"restaurant finder", today, card(ExtensionBase+"v0.8", ExtensionBase+"v0.9"), "v0.9", "a2uiClientCapabilities", "a2uiClientDataModel", LegacyMIMEType},
		{"v0.8 only", today, card(ExtensionBase + "v0.8"), "v0.8", "a2uiClientCapabilities", "a2uiClientDataModel", LegacyMIMEType},
		{"v1.0 not spoken yet", today, card(ExtensionBase+"v1.0", ExtensionBase+"v0.9.1"), "v0.9.1", "a2uiClientCapabilities", "a2uiClientDataModel", MIMEType},
		{"v1.0 alone, not spoken", today, card(ExtensionBase + "v1.0"), "", "", "", ""},
		{"v1.0 spoken", withV10, card(ExtensionBase+"v0.9.1", ExtensionBase+"v1.0"), "v1.0", "a2uiRendererCapabilities", "a2uiRendererDataModel", MIMEType},
		{"order of the card", withV10, card(ExtensionBase+"v1.0", ExtensionBase+"v0.8"), "v1.0", "a2uiRendererCapabilities", "a2uiRendererDataModel", MIMEType},
		{"v0.10 after v0.9.1", []string{"v0.9.1", "v0.10"}, card(ExtensionBase+"v0.10", ExtensionBase+"v0.9.1"), "v0.10", "a2uiClientCapabilities", "a2uiClientDataModel", MIMEType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := Negotiate(tc.ours, tc.card)
			if ok != (tc.want != "") || v.Name != tc.want {
				t.Fatalf("Negotiate = %q, %v; want %q", v.Name, ok, tc.want)
			}
			if !ok {
				return
			}
			if v.URI != ExtensionBase+tc.want || v.CapabilitiesKey != tc.caps || v.DataModelKey != tc.model || v.MIMEType != tc.mime {
				t.Errorf("got %+v", v)
			}
		})
	}
}

// TestRequired: an A2UI extension the card requires and a2term does not
// speak is named; one it speaks is not.
func TestRequired(t *testing.T) {
	c := &a2a.AgentCard{}
	c.Capabilities.Extensions = []a2a.AgentExtension{
		{URI: ExtensionBase + "v0.9.1", Required: true},
		{URI: ExtensionBase + "v2.0", Required: true},
	}
	got := Required([]string{"v0.9.1"}, c)
	if len(got) != 1 || got[0] != ExtensionBase+"v2.0" {
		t.Errorf("Required = %v", got)
	}
}

// TestCapabilitiesShapes: what a2term tells an agent of what it draws is
// in the shape of the version spoken, and names the catalogs the canvas
// was given (--catalog) beside its own.
func TestCapabilitiesShapes(t *testing.T) {
	defs, err := a2ui.LoadCatalogDefs([]string{"../../testdata/catalogs/team.json", "../../testdata/catalogs/team_v10.json"})
	if err != nil {
		t.Fatal(err)
	}
	h := hub.New(hub.Options{Catalogs: defs})
	t.Cleanup(h.Close)
	info := h.Info()
	for _, tc := range []struct {
		version, key, catalog string
	}{
		{"v1.0", `"v1.0"`, defs[1].ID},
		{"v0.9.1", `"v0.9.1"`, defs[0].ID},
		{"v0.9", `"v0.9"`, defs[0].ID},
		{"v0.8", `"supportedCatalogIds"`, a2ui.StandardCatalogID},
	} {
		b, err := json.Marshal(Version{Name: tc.version}.Capabilities(info))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(b); !strings.Contains(got, tc.key) || !strings.Contains(got, tc.catalog) {
			t.Errorf("%s: capabilities %s, want %s with %s among them", tc.version, got, tc.key, tc.catalog)
		}
	}
	if b, _ := json.Marshal(Version{Name: "v1.0"}.Capabilities(info)); strings.Contains(string(b), defs[0].ID+`"`) || strings.Contains(string(b), `"v0.9`) {
		t.Errorf("v1.0 capabilities name v0.9 or its definition: %s", b)
	}
}
