package hub_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/internal/webmirror"
)

// journaled returns a hub keeping its journal at path.
func journaled(t *testing.T, path string) (*hub.Hub, hub.JournalReport) {
	t.Helper()
	h := hub.New(hub.Options{})
	rep, err := h.UseJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h, rep
}

// saved is a hub's canvas as data, the same for two equal canvases.
func saved(t *testing.T, h *hub.Hub) string {
	t.Helper()
	b, err := json.Marshal(h.Snapshot().Canvas.Save())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// texts are the transcript's entries as "seq text".
func texts(h *hub.Hub) []string {
	var out []string
	for _, e := range h.Snapshot().Transcript {
		out = append(out, fmt.Sprintf("%d %s", e.Seq, e.Text))
	}
	return out
}

// drain takes every queued action, as "name context".
func drain(t *testing.T, h *hub.Hub) []string {
	t.Helper()
	var out []string
	for {
		res, err := h.Wait(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.TimedOut {
			return out
		}
		out = append(out, string(res.Action)+" "+string(res.Source))
	}
}

// TestJournalRestoresTheHub: a hub that stops without closing (killed)
// leaves a journal from which the next one starts with the same canvas,
// values, transcript, queue and canvas id, and says it restored it.
func TestJournalRestoresTheHub(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")
	h1 := hub.New(hub.Options{})
	if rep, err := h1.UseJournal(path); err != nil || rep.Restored || rep.Notice != "" {
		t.Fatalf("a new journal: %+v, %v", rep, err)
	}
	if _, err := h1.Show(form); err != nil {
		t.Fatal(err)
	}
	if err := h1.SetValue(hub.Terminal, "main", "note", "typed by the person"); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"pay", "skip", "pay"} {
		if err := h1.Press(hub.Web, "main", b, h1.Snapshot().Canvas.Version()); err != nil {
			t.Fatal(err)
		}
	}
	// The agent takes the first action; two stay queued.
	if res, err := h1.Wait(context.Background(), 0); err != nil || res.TimedOut {
		t.Fatalf("wait: %+v %v", res, err)
	}
	if err := h1.Append(hub.RoleAgent, "a line of the agent"); err != nil {
		t.Fatal(err)
	}
	want, wantTexts, wantID := saved(t, h1), texts(h1), h1.CanvasID()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("journal file: %v, %v", fi, err)
	}
	// The journal as a hub killed now leaves it; h1 goes on, and its
	// agent takes what is queued, which the copy does not hear of.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(dir, "copy.journal")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	wantQueue := drain(t, h1)
	if len(wantQueue) != 2 {
		t.Fatalf("queued: %q", wantQueue)
	}

	h2, rep := journaled(t, path)
	if !rep.Restored || rep.CanvasID != wantID || rep.Surfaces != 1 || rep.Queued != 2 || rep.Lost != 0 {
		t.Errorf("report %+v", rep)
	}
	if !strings.Contains(rep.Notice, "Restored the canvas") || !strings.Contains(rep.Notice, "2 actions waiting") {
		t.Errorf("notice %q", rep.Notice)
	}
	if got := saved(t, h2); got != want {
		t.Errorf("restored canvas\n%s\nwant\n%s", got, want)
	}
	info := h2.Info()
	if info.CanvasID != wantID || !info.Restored || info.Queued != 2 {
		t.Errorf("canvas.info after the restore: id %s restored %v queued %d", info.CanvasID, info.Restored, info.Queued)
	}
	gotTexts := texts(h2)
	if len(gotTexts) != len(wantTexts)+1 || strings.Join(gotTexts[:len(wantTexts)], "\n") != strings.Join(wantTexts, "\n") {
		t.Errorf("restored transcript\n%s\nwant\n%s\nand the notice", strings.Join(gotTexts, "\n"), strings.Join(wantTexts, "\n"))
	}
	if got := drain(t, h2); strings.Join(got, "\n") != strings.Join(wantQueue, "\n") {
		t.Errorf("restored queue\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantQueue, "\n"))
	}
	// What the restored hub's agent took is not queued again after the
	// next restart.
	h2.Close()
	h3, rep := journaled(t, path)
	if rep.Queued != 0 || rep.CanvasID != wantID {
		t.Errorf("after the queue was taken: %+v", rep)
	}
	if got := saved(t, h3); got != want {
		t.Errorf("canvas after a second restore\n%s\nwant\n%s", got, want)
	}
}

// TestJournalTornLastRecord cuts the journal at every byte offset of its
// last record, and flips each of its bytes: each time the hub restores
// the canvas as it was before that record, and says how many bytes were
// lost and where the damaged journal was kept.
func TestJournalTornLastRecord(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")
	h, _ := journaled(t, path)
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "main", "note", "before"); err != nil {
		t.Fatal(err)
	}
	before := saved(t, h)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	start := fi.Size()
	// The last record: one value the person set.
	if err := h.SetValue(hub.Terminal, "main", "note", "after, and lost when torn"); err != nil {
		t.Fatal(err)
	}
	after := saved(t, h)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(data)) <= start+8 {
		t.Fatalf("the last record is %d bytes", int64(len(data))-start)
	}

	restore := func(what string, damaged []byte, wantLost int64) {
		t.Helper()
		p := filepath.Join(t.TempDir(), "j.journal")
		if err := os.WriteFile(p, damaged, 0o600); err != nil {
			t.Fatal(err)
		}
		h2 := hub.New(hub.Options{})
		defer h2.Close()
		rep, err := h2.UseJournal(p)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if got := saved(t, h2); got != before {
			t.Fatalf("%s: restored\n%s\nwant the canvas before the last record\n%s", what, got, before)
		}
		if !rep.Restored || rep.Lost != wantLost {
			t.Fatalf("%s: report %+v, want %d bytes lost", what, rep, wantLost)
		}
		if wantLost > 0 {
			if !strings.Contains(rep.Notice, fmt.Sprintf("last %d bytes were damaged", wantLost)) {
				t.Fatalf("%s: notice %q", what, rep.Notice)
			}
			if kept, err := os.ReadFile(rep.Damaged); err != nil || !bytes.Equal(kept, damaged) {
				t.Fatalf("%s: the damaged journal was not kept: %v", what, err)
			}
		}
		// The journal starts afresh from what was restored: a second
		// restore finds nothing damaged.
		h2.Close()
		h3 := hub.New(hub.Options{})
		defer h3.Close()
		if rep, err := h3.UseJournal(p); err != nil || rep.Lost != 0 || saved(t, h3) != before {
			t.Fatalf("%s: restored again: %+v %v", what, rep, err)
		}
	}
	for off := start; off < int64(len(data)); off++ {
		restore(fmt.Sprintf("cut at %d", off), data[:off], off-start)
	}
	for off := start; off < int64(len(data)); off++ {
		flipped := bytes.Clone(data)
		flipped[off] ^= 0x20
		restore(fmt.Sprintf("byte %d flipped", off), flipped, int64(len(data))-start)
	}
	// Whole, it restores the last record too.
	p := filepath.Join(t.TempDir(), "j.journal")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h4, rep := journaled(t, p)
	if got := saved(t, h4); got != after || rep.Lost != 0 {
		t.Errorf("the whole journal restored\n%s\nwant\n%s (%+v)", got, after, rep)
	}
}

// TestJournalUnreadable: a journal with no good snapshot is kept aside
// and the canvas starts empty, with a new id, and the person is told.
func TestJournalUnreadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	if err := os.WriteFile(path, []byte("not a journal at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	h, rep := journaled(t, path)
	if rep.Restored || rep.Lost != 20 || !strings.Contains(rep.Notice, "could not be read") || h.Info().Restored {
		t.Errorf("report %+v", rep)
	}
	if len(h.Snapshot().Canvas.Surfaces()) != 0 {
		t.Error("a canvas from nowhere")
	}
}

// TestJournalIsOneHubs: while a hub keeps a journal, a second hub cannot
// (ErrSocketInUse); a journal others may read is not read.
func TestJournalIsOneHubs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	journaled(t, path)
	if _, err := hub.New(hub.Options{}).UseJournal(path); !errors.Is(err, statedir.ErrSocketInUse) {
		t.Errorf("a second hub on the same journal: %v", err)
	}
	open := filepath.Join(t.TempDir(), "open.journal")
	if err := os.WriteFile(open, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := hub.New(hub.Options{}).UseJournal(open); err == nil || !strings.Contains(err.Error(), "open to others") {
		t.Errorf("a journal open to others: %v", err)
	}
}

// TestJournalStaysBounded: many changes compact the journal, which
// never grows past about twice its snapshot plus the slack, and still
// restores the last state.
func TestJournalStaysBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h, _ := journaled(t, path)
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 4<<10)
	var largest int64
	for i := 0; i < 1000; i++ {
		if err := h.SetValue(hub.Terminal, "main", "note", fmt.Sprintf("%d %s", i, long)); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		largest = max(largest, fi.Size())
	}
	// 1000 values of 4 KiB: 4 MiB written; the journal kept less than
	// the slack (1 MiB) past its snapshot, and the snapshot is small.
	if largest > 3<<20/2 {
		t.Errorf("the journal grew to %d bytes", largest)
	}
	want := saved(t, h)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "j.journal")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h2, _ := journaled(t, p)
	if got := saved(t, h2); got != want {
		t.Error("the compacted journal does not restore the last value")
	}
}

// BenchmarkJournalAppend is one value the person sets, journaled: one
// record written with write(2), not synced (the journal's fsync policy).
func BenchmarkJournalAppend(b *testing.B) {
	h := hub.New(hub.Options{})
	defer h.Close()
	if _, err := h.UseJournal(filepath.Join(b.TempDir(), "j.journal")); err != nil {
		b.Fatal(err)
	}
	if _, err := h.Show(form); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := h.SetValue(hub.Terminal, "main", "note", fmt.Sprint(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRestore500 restores a canvas of 500 components from its
// journal: read, checked, decoded, applied, and written afresh as a
// snapshot (synced).
func BenchmarkRestore500(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "j.journal")
	h := hub.New(hub.Options{})
	if _, err := h.UseJournal(path); err != nil {
		b.Fatal(err)
	}
	if _, err := h.Show(components500()); err != nil {
		b.Fatal(err)
	}
	if n := h.Snapshot().Canvas.Surface("big").ComponentCount(); n != 500 {
		b.Fatalf("%d components", n)
	}
	h.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		p := filepath.Join(dir, fmt.Sprintf("r%d.journal", i))
		if err := os.WriteFile(p, data, 0o600); err != nil {
			b.Fatal(err)
		}
		h := hub.New(hub.Options{})
		b.StartTimer()
		rep, err := h.UseJournal(p)
		if err != nil || rep.Surfaces != 1 {
			b.Fatal(rep, err)
		}
		b.StopTimer()
		h.Close()
		b.StartTimer()
	}
}

// components500 is one surface of 500 components: a column of 249 rows
// of a text and a field, with a data model.
func components500() []json.RawMessage {
	var comps, children, contents []string
	for i := 0; len(comps) < 498; i++ {
		children = append(children, fmt.Sprintf(`"row%d"`, i))
		comps = append(comps,
			fmt.Sprintf(`{"id":"row%d","component":{"Row":{"children":{"explicitList":["t%d","f%d"]}}}}`, i, i, i),
			fmt.Sprintf(`{"id":"t%d","component":{"Text":{"text":{"literalString":"Item %d of the list"}}}}`, i, i),
			fmt.Sprintf(`{"id":"f%d","component":{"TextField":{"label":{"literalString":"Value %d"},"text":{"path":"/v%d"}}}}`, i, i, i))
		contents = append(contents, fmt.Sprintf(`{"key":"v%d","valueString":"value %d"}`, i, i))
	}
	comps = comps[:498]
	comps = append(comps, `{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(children, ",")+`]}}}}`,
		`{"id":"title","component":{"Text":{"text":{"literalString":"Big"}}}}`)
	return raws(
		`{"surfaceUpdate":{"surfaceId":"big","components":[`+strings.Join(comps, ",")+`]}}`,
		`{"dataModelUpdate":{"surfaceId":"big","contents":[`+strings.Join(contents, ",")+`]}}`,
		`{"beginRendering":{"surfaceId":"big","root":"root"}}`,
	)
}

// TestJournalKeepsTheWebPort: the web mirror of a restored canvas
// listens on the port the last one had, when it is free.
func TestJournalKeepsTheWebPort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h1 := hub.New(hub.Options{})
	if _, err := h1.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	w1, err := webmirror.ServeWeb(h1, webmirror.WebOptions{})
	if err != nil {
		t.Fatal(err)
	}
	port := w1.Port()
	w1.Close()
	h1.Close()

	h2, rep := journaled(t, path)
	if rep.WebPort != port {
		t.Fatalf("the journal kept port %d, want %d", rep.WebPort, port)
	}
	w2, err := webmirror.ServeWeb(h2, webmirror.WebOptions{Port: rep.WebPort})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if w2.Port() != port {
		t.Errorf("the restored mirror listens on %d, want %d", w2.Port(), port)
	}
	// Taken: another port.
	h3 := hub.New(hub.Options{})
	defer h3.Close()
	w3, err := webmirror.ServeWeb(h3, webmirror.WebOptions{Port: port})
	if err != nil {
		t.Fatal(err)
	}
	defer w3.Close()
	if w3.Port() == port {
		t.Error("two mirrors on one port")
	}
}

// TestJournalKeepsNoLink: a line holding a one-time link is shown and
// not journaled.
func TestJournalKeepsNoLink(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h, _ := journaled(t, path)
	h.Board().AppendUnjournaled(hub.RoleNote, "Open this link yourself: http://127.0.0.1:1/pair/secret-code")
	h.Board().Append(hub.RoleNote, "kept")
	if !strings.Contains(strings.Join(texts(h), "\n"), "secret-code") {
		t.Error("the line is not shown")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("secret-code")) || !bytes.Contains(data, []byte("kept")) {
		t.Errorf("journal:\n%s", data)
	}
	h.Close()
	h2, _ := journaled(t, path)
	if got := strings.Join(texts(h2), "\n"); strings.Contains(got, "secret-code") || !strings.Contains(got, "kept") {
		t.Errorf("restored transcript:\n%s", got)
	}
}

// TestJournalOfNothingSaysNothing: a journal whose canvas never showed
// anything (a hub that was started and ended) is
// restored, canvas id and all, without telling the person it restored a
// canvas of nothing.
func TestJournalOfNothingSaysNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.journal")
	h1 := hub.New(hub.Options{})
	if _, err := h1.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	id := h1.Info().CanvasID
	h1.Close()
	h2 := hub.New(hub.Options{})
	defer h2.Close()
	rep, err := h2.UseJournal(path)
	if err != nil || !rep.Restored || rep.Notice != "" || h2.Info().CanvasID != id {
		t.Errorf("report %+v, %v; canvas id %q, was %q", rep, err, h2.Info().CanvasID, id)
	}
	for _, e := range h2.Snapshot().Transcript {
		if strings.Contains(e.Text, "Restored") {
			t.Errorf("the transcript says %q", e.Text)
		}
	}
}

// files is every file in dir with what it holds and its permissions.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = fmt.Sprintf("%v %q", fi.Mode(), data)
	}
	return out
}

// sameFiles fails unless dir holds what was, file for file.
func sameFiles(t *testing.T, what, dir string, was map[string]string) {
	t.Helper()
	now := files(t, dir)
	for name, v := range was {
		if now[name] != v {
			t.Errorf("%s: %s was %s, is %s", what, name, v, now[name])
		}
	}
	for name, v := range now {
		if _, ok := was[name]; !ok {
			t.Errorf("%s: %s is new: %s", what, name, v)
		}
	}
}

// TestJournalAbandonLeavesTheDiskAsFound: a start refused after
// UseJournal (Abandon) leaves no new journal, no damaged copy and no lock
// file, and a journal that was there as it was; the next hub starts as if
// the refused one had never been. A hub that ends (Close) removes its
// lock file and keeps its journal.
func TestJournalAbandonLeavesTheDiskAsFound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")

	// Nothing there: nothing left.
	h := hub.New(hub.Options{})
	if _, err := h.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	id := h.Info().CanvasID
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	if err := h.Abandon(); err != nil {
		t.Fatal(err)
	}
	h.Close()
	sameFiles(t, "a refused start in an empty directory", dir, map[string]string{})
	h2 := hub.New(hub.Options{})
	rep, err := h2.UseJournal(path)
	if err != nil || rep.Restored || h2.Info().CanvasID == id {
		t.Errorf("after a refused start: %+v, %v; canvas id %s, the refused one's %s", rep, err, h2.Info().CanvasID, id)
	}

	// A journal there: it holds what it held, and is restored next.
	if _, err := h2.Show(form); err != nil {
		t.Fatal(err)
	}
	want := saved(t, h2)
	h2.Close()
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock file after the hub closed: %v", err)
	}
	was := files(t, dir)
	if len(was) != 1 {
		t.Fatalf("after a hub closed: %q", was)
	}
	h3 := hub.New(hub.Options{})
	if rep, err := h3.UseJournal(path); err != nil || !rep.Restored {
		t.Fatalf("restoring: %+v, %v", rep, err)
	}
	if err := h3.SetValue(hub.Terminal, "main", "note", "typed while the start was refused"); err != nil {
		t.Fatal(err)
	}
	if err := h3.Abandon(); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "a refused start over a journal", dir, was)
	h4, rep := journaled(t, path)
	if !rep.Restored || rep.Lost != 0 || saved(t, h4) != want {
		t.Errorf("restored after a refused start: %+v\n%s\nwant\n%s", rep, saved(t, h4), want)
	}
	h4.Close()

	// A damaged journal: still damaged, and no damaged copy beside it.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, "torn"...), 0o600); err != nil {
		t.Fatal(err)
	}
	was = files(t, dir)
	h5 := hub.New(hub.Options{})
	rep, err = h5.UseJournal(path)
	if err != nil || rep.Lost != 4 {
		t.Fatalf("a damaged journal: %+v, %v", rep, err)
	}
	if _, err := os.Stat(rep.Damaged); err != nil {
		t.Fatalf("the damaged journal is not kept: %v", err)
	}
	if err := h5.Abandon(); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "a refused start over a damaged journal", dir, was)

	// A damaged copy there from before holds what it held.
	if err := os.WriteFile(path+".damaged", []byte("an older damaged journal"), 0o600); err != nil {
		t.Fatal(err)
	}
	was = files(t, dir)
	h6 := hub.New(hub.Options{})
	if rep, err := h6.UseJournal(path); err != nil || rep.Lost != 4 {
		t.Fatalf("a damaged journal: %+v, %v", rep, err)
	}
	if err := h6.Abandon(); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "a refused start over a damaged journal and an older copy", dir, was)
	h7, rep := journaled(t, path)
	if rep.Lost != 4 || saved(t, h7) != want {
		t.Errorf("after refused starts the damage is still told: %+v", rep)
	}
	h7.Close()

	// A journal whose snapshot is damaged, restored from the previous
	// generation: both, and the damaged copy, as they were.
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[8] ^= 0x41
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	was = files(t, dir)
	h8 := hub.New(hub.Options{})
	if rep, err := h8.UseJournal(path); err != nil || !rep.Previous || saved(t, h8) != want {
		t.Fatalf("a damaged snapshot: %+v, %v", rep, err)
	}
	if err := h8.Abandon(); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "a refused start over a damaged snapshot", dir, was)

	// The journal removed: its previous generation, which the start
	// removed, is back.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	was = files(t, dir)
	if _, ok := was["j.journal.prev"]; !ok {
		t.Fatalf("no previous generation: %q", was)
	}
	h9 := hub.New(hub.Options{})
	if rep, err := h9.UseJournal(path); err != nil || rep.Restored {
		t.Fatalf("a removed journal: %+v, %v", rep, err)
	}
	if err := h9.Abandon(); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "a refused start after the journal was removed", dir, was)
}

// session plays a short session on h: the form shown, a value set, two
// presses queued, a line of the agent.
func session(t *testing.T, h *hub.Hub, note string) {
	t.Helper()
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	if err := h.SetValue(hub.Terminal, "main", "note", note); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"pay", "skip"} {
		if err := h.Press(hub.Web, "main", b, h.Snapshot().Canvas.Version()); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Append(hub.RoleAgent, "a line of the agent"); err != nil {
		t.Fatal(err)
	}
}

// dirFiles is what the files in dir hold, the lock file left out.
func dirFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".lock") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	return files
}

// putFiles writes files (name to content) into a new directory, 0600,
// and returns the journal's path there.
func putFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "j.journal")
}

// TestJournalDamagedSnapshotFallsBack: a journal after a clean stop
// starts with its snapshot, and may hold nothing else. Its snapshot
// damaged — the file emptied, cut short, a byte of the snapshot's frame
// or record flipped — it is restored from its previous generation: the
// same surface, values, queue and canvas id; the person is told that any
// change after the time that generation was last written is lost, and
// the damaged journal is kept. The next start finds a good journal again.
func TestJournalDamagedSnapshotFallsBack(t *testing.T) {
	for _, compacted := range []bool{false, true} {
		t.Run(fmt.Sprintf("compacted before the stop %v", compacted), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "j.journal")
			h1, _ := journaled(t, path)
			session(t, h1, "typed before the restart")
			h1.Close()
			h2, _ := journaled(t, path)
			want, wantID := saved(t, h2), h2.CanvasID()
			if compacted {
				if err := hub.CompactJournal(h2); err != nil {
					t.Fatal(err)
				}
			}
			h2.Close()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			snap := 8 + int(binary.LittleEndian.Uint32(data))
			if snap < 16 || snap > len(data) || compacted && snap != len(data) {
				t.Fatalf("a snapshot of %d bytes in a journal of %d", snap, len(data))
			}
			damageSnapshot(t, dirFiles(t, dir), snap, want, wantID)
		})
	}
}

// damageSnapshot damages the snapshot (its first snap bytes) of the
// journal j.journal of files (a state directory's) in many ways, and
// restores each beside the other files: each restores canvas want, with
// id wantID and its two actions queued.
func damageSnapshot(t *testing.T, files map[string][]byte, snap int, want, wantID string) {
	t.Helper()
	data := files["j.journal"]
	// The time the previous generation was last written, later than
	// any change it holds.
	written := time.Now().Add(time.Minute).Truncate(time.Second)
	flip := func(off int) []byte {
		d := bytes.Clone(data)
		d[off] ^= 0x41
		return d
	}
	for _, tc := range []struct {
		name    string
		damaged []byte
	}{
		{"emptied", []byte{}},
		{"cut in its frame", data[:5]},
		{"cut after its frame", data[:8]},
		{"cut in half", data[:snap/2]},
		{"cut by its last byte", data[:snap-1]},
		{"length flipped", flip(1)},
		{"length grown past the end", flip(2)},
		{"length one short", func() []byte {
			d := bytes.Clone(data)
			binary.LittleEndian.PutUint32(d, uint32(snap-9))
			return d
		}()},
		{"checksum flipped", flip(6)},
		{"first byte of the record flipped", flip(8)},
		{"a middle byte flipped", flip(snap / 2)},
		{"last byte flipped", flip(snap - 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			damaged := maps.Clone(files)
			damaged["j.journal"] = tc.damaged
			p := putFiles(t, damaged)
			if _, ok := files["j.journal.prev"]; ok {
				if err := os.Chtimes(p+".prev", time.Time{}, written); err != nil {
					t.Fatal(err)
				}
			}
			h, rep := journaled(t, p)
			if !rep.Restored || !rep.Previous || rep.CanvasID != wantID || rep.Surfaces != 1 || rep.Queued != 2 {
				t.Fatalf("report %+v", rep)
			}
			if got := saved(t, h); got != want {
				t.Fatalf("restored\n%s\nwant\n%s", got, want)
			}
			at := written.Local().Format("15:04:05")
			for _, w := range []string{"previous generation", "as it was at " + at, "1 surface, 2 actions waiting", "any change made after " + at + " is lost"} {
				if !strings.Contains(rep.Notice, w) {
					t.Errorf("notice %q lacks %q", rep.Notice, w)
				}
			}
			if len(tc.damaged) > 0 {
				if !strings.Contains(rep.Notice, fmt.Sprintf("its %d bytes were damaged (kept in %s)", len(tc.damaged), rep.Damaged)) {
					t.Errorf("notice %q", rep.Notice)
				}
				if kept, err := os.ReadFile(rep.Damaged); err != nil || !bytes.Equal(kept, tc.damaged) {
					t.Errorf("the damaged journal was not kept: %v", err)
				}
			}
			if got := strings.Join(texts(h), "\n"); !strings.Contains(got, rep.Notice) {
				t.Errorf("the transcript does not say it:\n%s", got)
			}
			if got := drain(t, h); len(got) != 2 {
				t.Errorf("queue %q", got)
			}
			// The generation restored from stays the previous one.
			if kept, err := os.ReadFile(p + ".prev"); err != nil || !bytes.Equal(kept, files["j.journal.prev"]) {
				t.Errorf("the previous generation changed: %v", err)
			}
			h.Close()
			h3, rep := journaled(t, p)
			if rep.Previous || rep.Lost != 0 || rep.CanvasID != wantID || saved(t, h3) != want {
				t.Errorf("the next start: %+v", rep)
			}
		})
	}
}

// TestJournalCrashWhileCompacting copies the journal's files at each step
// of a compaction — at a start and later — as a crash there leaves them,
// and with the new file cut short, as a crash while it is written leaves
// it: each copy restores the canvas as it was. Its journal's snapshot
// damaged as well, a copy restores its previous generation.
func TestJournalCrashWhileCompacting(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")
	h1, _ := journaled(t, path)
	session(t, h1, "typed before the restart")
	first := saved(t, h1)
	h1.Close()

	type crash struct {
		step  string
		files map[string][]byte
	}
	var crashes []crash
	h := hub.New(hub.Options{})
	defer h.Close()
	hub.SetJournalSteps(h, func(step string) { crashes = append(crashes, crash{step, dirFiles(t, dir)}) })
	if _, err := h.UseJournal(path); err != nil {
		t.Fatal(err)
	}
	atStart := len(crashes)
	if err := h.SetValue(hub.Terminal, "main", "note", "typed after the restart"); err != nil {
		t.Fatal(err)
	}
	second := saved(t, h)
	if err := hub.CompactJournal(h); err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, c := range crashes {
		steps = append(steps, c.step)
	}
	if got, want := strings.Join(steps, ", "), "new synced, previous kept, renamed, new synced, previous kept, renamed"; got != want {
		t.Fatalf("steps %s, want %s", got, want)
	}

	for i, c := range crashes {
		// The canvas as it was, and the one the previous generation
		// holds at that point.
		want, wantPrev := first, ""
		if i >= atStart {
			want = second
		}
		if _, ok := c.files["j.journal.prev"]; ok {
			wantPrev = first
			if i >= atStart && c.step != "new synced" {
				wantPrev = second
			}
		}
		what := fmt.Sprintf("a crash after %q (compaction %d)", c.step, 1+i/atStart)
		restore := func(what string, files map[string][]byte) (string, hub.JournalReport) {
			t.Helper()
			h := hub.New(hub.Options{})
			defer h.Close()
			rep, err := h.UseJournal(putFiles(t, files))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return saved(t, h), rep
		}
		if got, rep := restore(what, c.files); got != want || rep.Lost != 0 || rep.Previous {
			t.Errorf("%s: restored %+v\n%s\nwant\n%s", what, rep, got, want)
		}
		if n, ok := c.files["j.journal.new"]; ok {
			torn := maps.Clone(c.files)
			torn["j.journal.new"] = n[:len(n)/2]
			if got, rep := restore(what+", the new file cut short", torn); got != want || rep.Lost != 0 {
				t.Errorf("%s, the new file cut short: restored %+v\n%s\nwant\n%s", what, rep, got, want)
			}
		}
		if wantPrev != "" {
			damaged := maps.Clone(c.files)
			damaged["j.journal"] = bytes.Clone(c.files["j.journal"])
			damaged["j.journal"][8] ^= 0x41
			if got, rep := restore(what+", its snapshot damaged", damaged); got != wantPrev || !rep.Previous {
				t.Errorf("%s, its snapshot damaged: restored %+v\n%s\nwant\n%s", what, rep, got, wantPrev)
			}
		}
	}
}

// TestJournalRemovedStartsAfresh: a journal removed, the hub at its path
// starts afresh, and removes the previous generation, which can then
// never bring back the canvas the person meant to leave.
func TestJournalRemovedStartsAfresh(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.journal")
	h1, _ := journaled(t, path)
	session(t, h1, "to be forgotten")
	h1.Close()
	h2, _ := journaled(t, path)
	h2.Close()
	if _, err := os.Stat(path + ".prev"); err != nil {
		t.Fatalf("no previous generation: %v", err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	h3, rep := journaled(t, path)
	if rep.Restored || len(h3.Snapshot().Canvas.Surfaces()) != 0 {
		t.Fatalf("a removed journal restored: %+v", rep)
	}
	if _, err := os.Stat(path + ".prev"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the previous generation of a removed journal is still there: %v", err)
	}
	h3.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[8] ^= 0x41
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h4, rep := journaled(t, path)
	if rep.Restored || rep.Previous || len(h4.Snapshot().Canvas.Surfaces()) != 0 {
		t.Errorf("the removed canvas came back: %+v", rep)
	}
}
