package hub_test

import (
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
)

// TestTranscriptContinues checks what tells a view to draw its transcript
// again rather than add to it: entries that go on from the last one drawn
// (newer ones added, older ones dropped, even all it had) continue it;
// those of a hub started again without its journal, numbered from 1 again
// or with other entries under the same numbers, do not.
func TestTranscriptContinues(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	e := func(seq uint64, text string) hub.Entry {
		return hub.Entry{Seq: seq, Time: at.Add(time.Duration(seq) * time.Second), Role: hub.RoleAgent, From: hub.FromAgent, Text: text}
	}
	last := e(3, "three")
	for _, c := range []struct {
		what    string
		entries []hub.Entry
		want    bool
	}{
		{"the same entries", []hub.Entry{e(1, "one"), e(2, "two"), e(3, "three")}, true},
		{"newer ones added", []hub.Entry{e(2, "two"), e(3, "three"), e(4, "four")}, true},
		{"all drawn ones dropped", []hub.Entry{e(9, "nine")}, true},
		{"numbered from 1 again, fewer", []hub.Entry{e(1, "new one")}, false},
		{"numbered from 1 again, more", []hub.Entry{e(1, "new one"), e(2, "new two"), e(3, "new three"), e(4, "new four")}, false},
		{"another text under the same number", []hub.Entry{e(3, "three, again")}, false},
		{"the same text at another time", []hub.Entry{{Seq: 3, Time: at, Role: hub.RoleAgent, From: hub.FromAgent, Text: "three"}}, false},
		{"none", nil, false},
	} {
		if got := hub.Continues(c.entries, last); got != c.want {
			t.Errorf("%s: Continues = %v, want %v", c.what, got, c.want)
		}
	}
}
