//go:build unix

package tui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/tmuxtest"
)

// tmuxWidth prints cluster in a pane of a fresh tmux session, between
// two letters, and returns how many cells tmux moved its cursor for it.
func tmuxWidth(t *testing.T, srv *tmuxtest.Server, n int, cluster string) int {
	t.Helper()
	session := "w" + strconv.Itoa(n)
	srv.NewSession(session, 200, 3, "sh", "-c", `printf 'X%sY' "$1"; exec sleep 60`, "sh", cluster)
	defer srv.Command("kill-session", "-t", session).Run()
	deadline := time.Now().Add(60 * time.Second)
	for {
		out, err := srv.Command("capture-pane", "-p", "-t", session).Output()
		if err == nil && strings.Contains(string(out), "Y") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("tmux never printed %q: %s", cluster, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	out := srv.Run("display", "-p", "-t", session, "#{cursor_x}")
	x, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		t.Fatal(err)
	}
	return x - 2
}

// TestStableClustersMatchTmux asks a real terminal: each cluster of the
// hard cases, and of ordinary text in many scripts, is printed in tmux and
// its width read from #{cursor_x}. Every cluster Output draws as it is
// (stable) must take in tmux the cells the layout gives it; those tmux
// draws otherwise must be ones Output anchors. The test also checks that
// tmux does disagree with the layout on some, so that it exercises what it
// is about.
func TestStableClustersMatchTmux(t *testing.T) {
	srv := tmuxtest.Start(t)
	// A session that stays, so that the server does not exit (and race
	// the next new-session) each time a measuring session ends.
	srv.NewSession("keep", 80, 24, "sleep", "600")

	ordinary := "Hello, café naïve Grüße Ærø ñ ç ş ğ e\u0301 a\u0308 Ђ Ж ω α 日本語 中文 한국어 カタカナ ｶﾀｶﾅ ！ א ב مرحبا क कि कु ก กิ ✓ ✗ ⌘ ─ │ … • ° ± × ’ “"
	seen := map[string]bool{}
	var all []string
	for _, s := range append([]string{ordinary}, hardTexts()...) {
		for _, c := range clusterUnits(a2ui.SanitizeLine(s)) {
			if c != " " && !seen[c] {
				seen[c] = true
				all = append(all, c)
			}
		}
	}
	sort.Strings(all)
	var disagree []string
	for i, c := range all {
		w := ansi.StringWidth(c)
		stable := stableCluster([]byte(c), w)
		tw := tmuxWidth(t, srv, i, c)
		switch {
		case tw != w && stable:
			t.Errorf("%+q: stable by the tables, but %d cells in tmux and %d in the layout", c, tw, w)
		case tw != w:
			disagree = append(disagree, fmt.Sprintf("%+q %d/%d", c, tw, w))
		}
	}
	t.Logf("tmux and the layout disagree on %d of %d clusters (tmux/layout cells), all anchored: %s", len(disagree), len(all), strings.Join(disagree, ", "))
	if len(disagree) < 5 {
		t.Errorf("tmux disagrees with the layout on only %d clusters: the hard cases no longer exercise anchoring", len(disagree))
	}
}

func hardTexts() []string {
	var out []string
	for _, hc := range hardCases {
		out = append(out, hc.text)
	}
	return out
}
