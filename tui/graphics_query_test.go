package tui

import (
	"errors"
	"testing"

	"github.com/a2term/a2term/components"
)

// TestChooseGraphicsAsksOnlyLocalKitty is the table of the decision for
// kitty: the environment, what the terminal answers (or that it does
// not), and what a2term draws with; the query is asked only of a kitty on
// this machine, never over SSH, never of Ghostty, never when the person
// said what to use.
func TestChooseGraphicsAsksOnlyLocalKitty(t *testing.T) {
	local := map[string]string{"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}
	with := func(env map[string]string, kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range env {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	timeout := errors.New("no answer")
	for _, tc := range []struct {
		name  string
		flag  string
		env   map[string]string
		reply string
		err   error
		asked bool
		want  components.Graphics
	}{
		{"local kitty 0.26.5", "auto", local, "kitty(0.26.5)", nil, true, components.GraphicsBlocks},
		{"local kitty 0.27.1", "auto", local, "kitty(0.27.1)", nil, true, components.GraphicsBlocks},
		{"local kitty 0.28.0", "auto", local, "kitty(0.28.0)", nil, true, components.GraphicsKitty},
		{"local kitty 0.35.2", "auto", local, "kitty(0.35.2)", nil, true, components.GraphicsKitty},
		{"local kitty 1.0", "auto", local, "kitty(1.0.0)", nil, true, components.GraphicsKitty},
		{"local kitty with TERM changed", "", with(local, "TERM", "xterm-256color"), "kitty(0.26.5)", nil, true, components.GraphicsBlocks},
		{"local kitty, no answer", "auto", local, "", timeout, true, components.GraphicsBlocks},
		{"local kitty, DA1 alone (a kitty before XTVERSION)", "auto", local, "", nil, true, components.GraphicsBlocks},
		{"another terminal answers", "auto", local, "WezTerm 20240203", nil, true, components.GraphicsBlocks},
		{"a garbled version", "auto", local, "kitty(x.y)", nil, true, components.GraphicsBlocks},
		{"kitty over ssh (SSH_CONNECTION)", "auto", with(local, "SSH_CONNECTION", "10.0.0.2 5 10.0.0.1 22"), "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"kitty over ssh (SSH_CLIENT)", "auto", with(local, "SSH_CLIENT", "10.0.0.2 5 22"), "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"kitty over ssh (SSH_TTY)", "auto", with(local, "SSH_TTY", "/dev/pts/3"), "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"TERM=xterm-kitty alone", "auto", map[string]string{"TERM": "xterm-kitty"}, "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"kitty over ssh, --graphics kitty", "kitty", map[string]string{"TERM": "xterm-kitty", "SSH_TTY": "/dev/pts/3"}, "", timeout, false, components.GraphicsKitty},
		{"old local kitty, --graphics kitty", "kitty", local, "kitty(0.26.5)", nil, false, components.GraphicsKitty},
		{"kitty over ssh, A2TERM_GRAPHICS=kitty", "auto", map[string]string{"TERM": "xterm-kitty", "SSH_TTY": "/dev/pts/3", GraphicsEnv: "kitty"}, "", timeout, false, components.GraphicsKitty},
		{"ghostty", "auto", map[string]string{"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"}, "", timeout, false, components.GraphicsKitty},
		{"ghostty over ssh", "auto", map[string]string{"TERM": "xterm-ghostty", "SSH_TTY": "/dev/pts/3"}, "", timeout, false, components.GraphicsKitty},
		{"ghostty started from kitty", "auto", with(local, "TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty"), "", timeout, false, components.GraphicsKitty},
		{"tmux in kitty", "auto", with(local, "TMUX", "/tmp/t,1,0"), "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"xterm", "auto", map[string]string{"TERM": "xterm-256color"}, "kitty(0.35.2)", nil, false, components.GraphicsBlocks},
		{"wezterm", "auto", map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, "", timeout, false, components.GraphicsITerm},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			ask := func() (string, error) {
				asked = true
				return tc.reply, tc.err
			}
			got, err := ChooseGraphics(tc.flag, func(k string) string { return tc.env[k] }, ask)
			if err != nil || got != tc.want {
				t.Errorf("ChooseGraphics = %v, %v; want %v", got, err, tc.want)
			}
			if asked != tc.asked {
				t.Errorf("the terminal was asked: %v, want %v", asked, tc.asked)
			}
		})
	}
}

// TestChooseGraphicsWithoutQuery: with no query to ask (checking the
// flags), a local kitty is not taken for a recent one.
func TestChooseGraphicsWithoutQuery(t *testing.T) {
	env := map[string]string{"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}
	if got, err := ChooseGraphics("auto", func(k string) string { return env[k] }, nil); err != nil || got != components.GraphicsBlocks {
		t.Errorf("ChooseGraphics with no query = %v, %v; want blocks", got, err)
	}
}

// TestParseVersionReply: the answer is in once DA1's answer is; the
// XTVERSION text before it is taken, whatever came around it.
func TestParseVersionReply(t *testing.T) {
	for _, tc := range []struct {
		in      string
		version string
		ok      bool
	}{
		{"\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;c", "kitty(0.26.5)", true},
		{"\x1b[?62;c", "", true},
		{"\x1b[?1;2c", "", true},
		{"\x1bP>|kitty(0.26.5)\x1b\\", "", false},
		{"\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;", "", false},
		{"", "", false},
		{"x\x1bP>|XTerm(379)\x1b\\\x1b[?64;1;2;6;9;15;18;21;22c", "XTerm(379)", true},
		{"\x1b[?2004h\x1b[?62;c", "", true},
		{"\x1bP>|kitty(0.26.5)\x1b[?62;c", "", true},
	} {
		version, ok := parseVersionReply([]byte(tc.in))
		if version != tc.version || ok != tc.ok {
			t.Errorf("parseVersionReply(%q) = %q, %v; want %q, %v", tc.in, version, ok, tc.version, tc.ok)
		}
	}
}
