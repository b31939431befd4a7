package a2ui

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Which catalog a surface, a component or a function call names is
// decided here, for every version: a2term's own catalogs (v0.9's basic
// and minimal ones, v1.0's basic and terminal ones), then the catalog
// definitions it was given (Options.Catalogs). A catalog belongs to one
// protocol version, and only surfaces of that version may use it: the
// specification has every catalog a surface mixes speak the same
// version, and a definition says its own (protocolVersion, "0.9" when
// absent).

// ownCatalogs are a2term's own catalogs, of every version.
var ownCatalogs = []*catalogV09{basicCatalogV09, minimalCatalogV09, basicCatalogV10, terminalCatalogV10}

// catalog returns the catalog id names for a surface of v1.0 (v10) or of
// v0.9: one of a2term's own, or of the definitions it was given; nil when
// there is none of that version. o may be nil: a2term's own catalogs
// alone.
func (o *Options) catalog(id string, v10 bool) *catalogV09 {
	for _, c := range ownCatalogs {
		if c.id == id && c.v10 == v10 {
			return c
		}
	}
	if o == nil {
		return nil
	}
	for _, d := range o.Catalogs {
		if d.ID == id && d.cat.v10 == v10 {
			return d.cat
		}
	}
	return nil
}

// catalogIDs lists the catalogs a surface of v1.0 (v10) or of v0.9 may
// use: a2term's own, then the definitions it was given, in order.
func (o *Options) catalogIDs(v10 bool) []string {
	var ids []string
	for _, c := range ownCatalogs {
		if c.v10 == v10 {
			ids = append(ids, c.id)
		}
	}
	if o == nil {
		return ids
	}
	for _, d := range o.Catalogs {
		if d.cat.v10 == v10 {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// noCatalog says why id names no catalog a surface of v1.0 (v10) or of
// v0.9 may use: none of that id, or one of the other version.
func (o *Options) noCatalog(id string, v10 bool) string {
	if o.catalog(id, !v10) != nil { // one of a2term's or a definition's: its id is short
		have, want := ProtocolV09, ProtocolV10
		if v10 {
			have, want = want, have
		}
		return fmt.Sprintf("catalog %q is a %s catalog: a %s surface cannot use it (every catalog of a surface speaks its version)", id, want, have)
	}
	return fmt.Sprintf("catalog %q is not one a2term has: it has %s", SanitizeLine(clip(id)), strings.Join(o.catalogIDs(v10), " and "))
}

// CatalogIDsV09 returns a2term's own v0.9 catalogs, as the
// specification's client capabilities list them.
func CatalogIDsV09() []string { return (*Options)(nil).catalogIDs(false) }

// CatalogIDsV10 returns a2term's own v1.0 catalogs, as the renderer
// capabilities list them.
func CatalogIDsV10() []string { return (*Options)(nil).catalogIDs(true) }

// Capabilities returns a2term's client capabilities in the
// specification's shape, for v0.9.1 and v0.9 (which share their catalogs).
func Capabilities() ClientCapabilities { return CapabilitiesFor(Options{}) }

// CapabilitiesFor is Capabilities with the v0.9 catalogs of opts'
// definitions among the supported ones.
func CapabilitiesFor(opts Options) ClientCapabilities {
	ids := opts.catalogIDs(false)
	return ClientCapabilities{
		messageV091: {SupportedCatalogIDs: ids},
		ProtocolV09: {SupportedCatalogIDs: slices.Clone(ids)},
	}
}

// CapabilitiesV10 returns a2term's v1.0 renderer capabilities.
func CapabilitiesV10() RendererCapabilities { return CapabilitiesV10For(Options{}) }

// CapabilitiesV10For is CapabilitiesV10 with the v1.0 catalogs of opts'
// definitions among the supported ones, and those of their functions an
// agent may call (and a2term can run) among the functions.
func CapabilitiesV10For(opts Options) RendererCapabilities {
	ids := opts.catalogIDs(true)
	var fns []FunctionInfo
	for _, id := range ids {
		c := opts.catalog(id, true)
		names := make([]string, 0, len(c.fns.byName))
		for n := range c.fns.byName {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			f := c.fns.byName[n]
			if f.callers() == CallersRendererOnly {
				continue // not the agent's to call
			}
			args := make([]string, len(f.args))
			for i, a := range f.args {
				args[i] = a.name
			}
			fns = append(fns, FunctionInfo{CatalogID: id, Name: n, AllowedCallers: f.callers(), ReturnType: f.ret, Args: args, Description: f.doc})
		}
	}
	return RendererCapabilities{ProtocolV10: {SupportedCatalogIDs: ids, Functions: fns}}
}
