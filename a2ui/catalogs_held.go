package a2ui

import (
	"encoding/json"
	"slices"
)

// A journal written by an a2term given a catalog definition (--catalog)
// holds surfaces an a2term started without it cannot draw. It keeps them
// aside, as they are, until an a2term that has the catalog again restores
// them; these say which surfaces and messages those are.

// LackedCatalog returns the catalog a saved surface draws with that a
// canvas with o lacks ("" when it has every one it needs): its own, or,
// on v1.0, one a component names. A lenient v0.9 surface lacks none: it
// draws an unknown catalog's components as placeholders, as it did when
// the agent made it.
func (o *Options) LackedCatalog(si SavedSurface) string {
	switch si.Protocol {
	case ProtocolV09:
		if !o.Lenient && o.catalog(si.CatalogID, false) == nil {
			return si.CatalogID
		}
	case ProtocolV10:
		return o.lackedV10(si.CatalogID, si.Components)
	}
	return ""
}

// lackedV10 is the first catalog of a v1.0 surface of catalog id, with
// components comps, that o lacks.
func (o *Options) lackedV10(id string, comps []json.RawMessage) string {
	if id != "" && o.catalog(id, true) == nil {
		return id
	}
	for _, raw := range comps {
		var c struct {
			CatalogID string `json:"catalogId"`
		}
		if json.Unmarshal(raw, &c) == nil && c.CatalogID != "" && o.catalog(c.CatalogID, true) == nil {
			return c.CatalogID
		}
	}
	return ""
}

// MessageSurface reads which surface the message raw is about ("" when
// none: a v1.0 answer to a call, a message that cannot be read), and,
// when it creates one with a catalog a canvas with o lacks, that catalog.
func (o *Options) MessageSurface(raw []byte) (surfaceID, lacked string) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return "", ""
	}
	var version string
	_ = json.Unmarshal(m["version"], &version)
	for k, body := range m {
		if k == "version" {
			continue
		}
		var b struct {
			SurfaceID  string            `json:"surfaceId"`
			CatalogID  string            `json:"catalogId"`
			Components []json.RawMessage `json:"components"`
		}
		if json.Unmarshal(body, &b) != nil || b.SurfaceID == "" {
			continue
		}
		if k == "createSurface" {
			switch {
			case version == ProtocolV10:
				lacked = o.lackedV10(b.CatalogID, b.Components)
			case slices.Contains(MessageVersions, version) && !o.Lenient && o.catalog(b.CatalogID, false) == nil:
				lacked = b.CatalogID
			}
		}
		return b.SurfaceID, lacked
	}
	return "", ""
}
