package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
)

func TestDemoPartsAreValid(t *testing.T) {
	for _, p := range demoParts {
		code, out, errOut := runCmd(t, "validate", "demo/"+p.name+".jsonl")
		if code != 0 {
			t.Errorf("%s: exit %d\n%s%s", p.name, code, out, errOut)
		}
	}
	code, out, _ := runCmd(t, "demo", "--list")
	if code != 0 || !strings.Contains(out, "invoices") || !strings.Contains(out, "gallery") {
		t.Errorf("demo --list: %d\n%s", code, out)
	}
	if code, _, errOut := runCmd(t, "demo", "--script", "nope"); code != 2 || !strings.Contains(errOut, `no part "nope"`) {
		t.Errorf("demo --script nope: %d %s", code, errOut)
	}
}

// TestDemoAgentAnswers presses through the demo headless: the agent says
// what it understood, with the note, updates the summary and opens the
// next surface.
func TestDemoAgentAnswers(t *testing.T) {
	hub := bridge.NewHub(bridge.HubOptions{})
	defer hub.Close()
	agent := &demoAgent{hub: hub, parts: []string{"invoices", "settings", "gallery"}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	defer func() { cancel(); hub.Close(); <-done }()
	agent.open(0)
	go func() { agent.run(ctx); close(done) }()
	if err := hub.SetValue(bridge.Terminal, "invoices", "note", "see you soon"); err != nil {
		t.Fatal(err)
	}
	v := hub.Snapshot().Canvas.Version()
	if err := hub.Press(bridge.Web, "invoices", "pay-both", v); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for hub.Snapshot().Canvas.Surface("settings") == nil {
		if time.Now().After(deadline) {
			t.Fatal("the demo agent never opened the settings")
		}
		time.Sleep(10 * time.Millisecond)
	}
	snap := hub.Snapshot()
	var said string
	for _, e := range snap.Transcript {
		if e.Role == bridge.RoleAgent && strings.Contains(e.Text, "pay_both") {
			said = e.Text
		}
	}
	if !strings.Contains(said, "in the web") || !strings.Contains(said, `"see you soon"`) {
		t.Errorf("the agent said %q", said)
	}
	sum := snap.Canvas.Surface("invoices").Tree().Find("summary").Props.(*a2ui.TextProps).Text
	if sum != "Paid INV-1042 and INV-1057." {
		t.Errorf("summary %q", sum)
	}
}
