package a2ui

import (
	"encoding/json"
	"testing"
)

// TestLackedCatalog: a saved surface or a createSurface lacks the catalog
// a canvas was not given — its own, or on v1.0 one a component names — and
// a lenient v0.9 one lacks none, drawing its components as placeholders.
func TestLackedCatalog(t *testing.T) {
	def := teamCatalog(t)
	with, without := &Options{Catalogs: []*CatalogDef{def}}, &Options{}
	v09 := SavedSurface{ID: "team", Protocol: ProtocolV09, CatalogID: teamID}
	v10 := SavedSurface{ID: "mixed", Protocol: ProtocolV10, CatalogID: BasicCatalogV10ID,
		Components: []json.RawMessage{json.RawMessage(`{"id":"root","component":"OrgNode","catalogId":"https://example.com/other"}`)}}
	for _, tc := range []struct {
		name string
		o    *Options
		si   SavedSurface
		want string
	}{
		{"v0.9 with the definition", with, v09, ""},
		{"v0.9 without it", without, v09, teamID},
		{"v0.9 lenient", &Options{Lenient: true}, v09, ""},
		{"v0.9 basic", without, SavedSurface{Protocol: ProtocolV09, CatalogID: BasicCatalogV09ID}, ""},
		{"v1.0 component's catalog", with, v10, "https://example.com/other"},
		{"v0.8", without, SavedSurface{Protocol: ProtocolV08, CatalogID: teamID}, ""},
	} {
		if got := tc.o.LackedCatalog(tc.si); got != tc.want {
			t.Errorf("%s: lacks %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		o          *Options
		raw        string
		id, lacked string
	}{
		{without, `{"version":"v0.9","createSurface":{"surfaceId":"team","catalogId":"` + teamID + `"}}`, "team", teamID},
		{with, `{"version":"v0.9","createSurface":{"surfaceId":"team","catalogId":"` + teamID + `"}}`, "team", ""},
		{without, `{"version":"v0.9","updateDataModel":{"surfaceId":"team","value":{}}}`, "team", ""},
		{without, `{"version":"v1.0","createSurface":{"surfaceId":"m","catalogId":"` + BasicCatalogV10ID + `","components":[{"id":"root","component":"X","catalogId":"https://example.com/x"}]}}`, "m", "https://example.com/x"},
		{without, `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"c1","value":true}}`, "", ""},
		{without, `not json`, "", ""},
	} {
		if id, lacked := tc.o.MessageSurface([]byte(tc.raw)); id != tc.id || lacked != tc.lacked {
			t.Errorf("%s: %q %q, want %q %q", tc.raw, id, lacked, tc.id, tc.lacked)
		}
	}
}
