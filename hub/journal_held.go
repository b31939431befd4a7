package hub

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// A journal written by an a2term given a catalog definition (--catalog)
// may hold surfaces that use it. An a2term started without it cannot draw
// them: rather than lose them, or the rest of the journal with them, it
// holds them aside as they are — the surface as the snapshot kept it and
// the changes to it after — writes them into each snapshot of its own
// journal, and says so in the transcript, naming the catalog and the
// flag. An a2term started with the catalog again restores them, unless
// the agent made a surface of the same id meanwhile, which replaces it.

// heldSurface is a surface the journal holds that the hub cannot draw:
// Catalog is the catalog it lacks, Saved the surface as a snapshot kept
// it (nil when it was made after the snapshot), Records the changes to it
// since, in order.
type heldSurface struct {
	ID      string             `json:"id"`
	Catalog string             `json:"catalog"`
	Saved   *a2ui.SavedSurface `json:"saved,omitempty"`
	Records []journalRecord    `json:"records,omitempty"`
	// live says the hub that wrote the journal drew the surface (it had
	// the catalog), so the changes to it that follow are held with it;
	// one it held already is replaced by a surface the agent makes of
	// the same id.
	live bool
}

// heldOf returns the surface id held, or nil.
func (st *replayed) heldOf(id string) *heldSurface {
	for i := range st.held {
		if st.held[i].ID == id {
			return &st.held[i]
		}
	}
	return nil
}

// holdSaved moves the surfaces of saved whose catalog opts lacks, and
// their waiting calls, to st's held surfaces, and returns the rest.
func (st *replayed) holdSaved(saved a2ui.SavedCanvas, opts a2ui.Options) a2ui.SavedCanvas {
	rest := a2ui.SavedCanvas{}
	for _, si := range saved.Surfaces {
		if cat := opts.LackedCatalog(si); cat != "" {
			st.held = append(st.held, heldSurface{ID: si.ID, Catalog: cat, Saved: &si, live: true})
			continue
		}
		rest.Surfaces = append(rest.Surfaces, si)
	}
	for _, sc := range saved.Calls {
		if hs := st.heldOf(sc.SurfaceID); hs != nil {
			hs.Records = append(hs.Records, journalRecord{Call: &sc})
			continue
		}
		rest.Calls = append(rest.Calls, sc)
	}
	return rest
}

// holdShow moves the messages of a batch about a surface the hub holds,
// or that makes one with a catalog it lacks, to that held surface, and
// returns the rest to apply.
func (st *replayed) holdShow(show []json.RawMessage, opts a2ui.Options) []json.RawMessage {
	rest := make([]json.RawMessage, 0, len(show))
	for _, m := range show {
		id, lacked := opts.MessageSurface(m)
		hs := st.heldOf(id)
		switch {
		case id == "":
		case hs != nil && hs.live:
			hs.Records = append(hs.Records, journalRecord{Show: []json.RawMessage{m}})
			continue
		case lacked != "":
			st.dropHeld(id)
			st.held = append(st.held, heldSurface{ID: id, Catalog: lacked, Records: []journalRecord{{Show: []json.RawMessage{m}}}, live: true})
			continue
		case hs != nil:
			// A surface the agent made with the id of one the hub
			// held: it replaces it.
			st.dropHeld(id)
		}
		rest = append(rest, m)
	}
	return rest
}

// dropHeld forgets the held surface id.
func (st *replayed) dropHeld(id string) {
	for i := range st.held {
		if st.held[i].ID == id {
			st.held = append(st.held[:i:i], st.held[i+1:]...)
			return
		}
	}
}

// lacked returns the catalog the held surface still needs that opts
// lacks ("" when opts has every one).
func (hs *heldSurface) lacked(opts a2ui.Options) string {
	if hs.Saved != nil {
		if cat := opts.LackedCatalog(*hs.Saved); cat != "" {
			return cat
		}
	}
	for _, rec := range hs.Records {
		for _, m := range rec.Show {
			if _, cat := opts.MessageSurface(m); cat != "" {
				return cat
			}
		}
	}
	return ""
}

// unhold restores, once the journal is read, the surfaces the last hub
// held whose catalogs opts has, unless the canvas has a surface of the
// same id; the others stay held. A held surface that does not restore
// stays held too.
func (st *replayed) unhold(opts a2ui.Options) {
	held := st.held
	st.held = nil
	for _, hs := range held {
		switch {
		case hs.live:
		case st.canvas.Surface(hs.ID) != nil:
			continue // replaced by the agent's
		case hs.lacked(opts) != "":
			hs.Catalog = hs.lacked(opts)
		default:
			before := st.canvas
			if err := st.restoreHeld(hs, opts); err == nil {
				continue
			}
			st.canvas = before
		}
		hs.live = false
		st.held = append(st.held, hs)
	}
}

// restoreHeld draws a held surface again on st's canvas.
func (st *replayed) restoreHeld(hs heldSurface, opts a2ui.Options) error {
	if hs.Saved != nil {
		c, err := st.canvas.Restore(a2ui.SavedCanvas{Surfaces: []a2ui.SavedSurface{*hs.Saved}})
		if err != nil {
			return err
		}
		st.canvas = c
	}
	for _, rec := range hs.Records {
		if _, err := st.apply(&rec, opts); err != nil {
			return err
		}
	}
	return nil
}

// heldWords tells the person of the surfaces the hub holds: which
// catalog each lacks, and how to show them again.
func heldWords(held []heldSurface) string {
	by := map[string][]string{}
	for _, hs := range held {
		by[hs.Catalog] = append(by[hs.Catalog], fmt.Sprintf("%q", a2ui.SanitizeLine(hs.ID)))
	}
	cats := make([]string, 0, len(by))
	for c := range by {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	out := make([]string, 0, len(cats))
	for _, c := range cats {
		what := "Surface " + by[c][0] + " uses"
		if len(by[c]) > 1 {
			what = "Surfaces " + strings.Join(by[c], ", ") + " use"
		}
		out = append(out, fmt.Sprintf("%s catalog %q, which this a2term was not given: kept, not shown. Start a2term with --catalog FILE, FILE holding that catalog's definition, to show it again.",
			what, a2ui.SanitizeLine(c)))
	}
	return strings.Join(out, " ")
}
