package a2termtest_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/client"
	"github.com/a2term/a2term/internal/script"
	"github.com/a2term/a2term/tui/a2termtest"
	"github.com/a2term/a2term/tui/snapshot"
)

// TestGreeterFlow is what an agent author writes: the agent's own code,
// the person's keys, golden frames (go test -update rewrites them).
func TestGreeterFlow(t *testing.T) {
	c := a2termtest.New(t, a2termtest.Size(100, 12))
	c.Go(greeter)
	c.Golden(t, "asked")
	c.Keys(`type:"Ada Lovelace" tab enter`) // the name has the focus at first
	c.Golden(t, "pressed")
	if f := c.Frame(); !strings.Contains(f, "1 queued") || strings.Contains(f, "Hello,") {
		t.Errorf("before wait the agent has not answered:\n%s", f)
	}
	c.Keys("wait")
	c.Golden(t, "greeted")
	if f := c.Frame(); !strings.Contains(f, "Hello, Ada Lovelace!") {
		t.Errorf("after wait:\n%s", f)
	}
	st, err := c.Hub().State("hello")
	if err != nil || !strings.Contains(string(st[0].DataModel), `"answer":"Hello, Ada Lovelace!"`) {
		t.Errorf("state %v %v", st, err)
	}
}

// TestScriptAndColor plays a scripted agent in colour, and reads the
// golden file the way x/exp/golden keeps it.
func TestScriptAndColor(t *testing.T) {
	s, err := script.Load("../../testdata/snapshots/order-flow.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	c := a2termtest.New(t, a2termtest.Size(100, 16), a2termtest.Color(snapshot.ANSI256))
	c.Go(s.Run)
	c.Keys("tab tab tab enter wait")
	c.Golden(t, "")
	b, err := os.ReadFile("testdata/TestScriptAndColor.golden")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\x1b[") || !strings.Contains(string(b), "Thanks, Ada") {
		t.Errorf("the golden file lacks the colours or the answer:\n%s", b)
	}
}

// TestAnAgentThatDialsItself plays an agent that connects to the socket
// on its own (as one given A2TERM_SOCKET does), under Go, so the canvas
// knows when it has ended.
func TestAnAgentThatDialsItself(t *testing.T) {
	c := a2termtest.New(t, a2termtest.Size(60, 10))
	c.Go(func(ctx context.Context, _ *client.Client) error {
		cl, err := client.Dial(ctx, c.Socket())
		if err != nil {
			return err
		}
		defer cl.Close()
		return greeter(ctx, cl)
	})
	if f := c.Frame(); !strings.Contains(f, "What is your name?") {
		t.Fatalf("after the agent waits:\n%s", f)
	}
	c.Keys("type:Bo tab enter wait")
	if f := c.Frame(); !strings.Contains(f, "Hello, Bo!") {
		t.Errorf("after wait:\n%s", f)
	}
	if w := c.Web(); !strings.Contains(w, `p.a2-text.a2-body "Hello, Bo!"`) || !strings.Contains(w, `input.a2-input [type="text" value="Bo"]`) {
		t.Errorf("the web page:\n%s", w)
	}
	c.Keys("ctrl+t")
	if f := c.Frame(); !strings.Contains(f, "→ the agent took greet from hello") {
		t.Errorf("the transcript:\n%s", f)
	}
}

// TestTheTestsOwnClient shows a stream and adds a line through Client.
func TestTheTestsOwnClient(t *testing.T) {
	c := a2termtest.New(t, a2termtest.Size(60, 10))
	if err := c.Client().Append(context.Background(), "note", "from the test"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../testdata/streams/order-form.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	c.Show(b)
	c.Focus("send")
	c.Keys("ctrl+t")
	if f := c.Frame(); !strings.Contains(f, "from the test") || !strings.Contains(f, "→ show order") {
		t.Errorf("the transcript:\n%s", f)
	}
	c.Keys("ctrl+t")
	if f := c.Frame(); !strings.Contains(f, "> Order <") {
		t.Errorf("the surface, focused:\n%s", f)
	}
}

func TestErrorsAreReturnedOutsideATest(t *testing.T) {
	c, err := a2termtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Keys("tab nope"); err == nil || !strings.Contains(err.Error(), `unknown key "nope"`) {
		t.Errorf("a bad key: %v", err)
	}
	if err := c.Show([]byte(`{"beginRendering":{"surfaceId":"s","root":"r"}}` + "\n" + `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"r","component":{"Nope":{}}}]}}`)); err == nil {
		t.Error("a refused stream")
	}
	if err := c.Open("nope"); err == nil {
		t.Error("a missing dialog")
	}
	if err := c.Go(func(ctx context.Context, cl *client.Client) error {
		_, err := cl.Show(ctx, []byte(`{"beginRendering":{"surfaceId":"s","root":"r"}}`), []byte(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"r","component":{"Nope":{}}}]}}`))
		return err
	}); err == nil || !strings.Contains(err.Error(), "the agent stopped") {
		t.Errorf("an agent that stopped: %v", err)
	}
}

// TestLocaleAndTimeZone: a v0.9.1 surface's numbers, currencies and dates
// follow the canvas's locale and time zone, en-US and UTC unless the test
// asks for others; canvas.info reports them.
func TestLocaleAndTimeZone(t *testing.T) {
	b, err := os.ReadFile("../../testdata/streams/order-form-v09.json")
	if err != nil {
		t.Fatal(err)
	}
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts         []a2termtest.Option
		locale, zone string
		want         []string
	}{
		{nil, "en-US", "UTC", []string{"2 cups at €3.20 each", "Ready Monday, 08:30"}},
		{
			[]a2termtest.Option{a2termtest.Locale(a2ui.LookupLocale("fr-FR")), a2termtest.TimeZone(berlin)},
			"fr-FR", "Europe/Berlin",
			[]string{"2 cups at 3,20\u00a0€ each", "Ready lundi, 09:30"},
		},
	} {
		c := a2termtest.New(t, append(tc.opts, a2termtest.Size(60, 12))...)
		c.Show(b)
		f := c.Frame()
		for _, w := range tc.want {
			if !strings.Contains(f, w) {
				t.Errorf("%s in %s: no %q in\n%s", tc.locale, tc.zone, w, f)
			}
		}
		info, err := c.Client().Info(context.Background())
		if err != nil || info.Locale != tc.locale || info.TimeZone != tc.zone {
			t.Errorf("canvas.info says %s in %s (%v), want %s in %s", info.Locale, info.TimeZone, err, tc.locale, tc.zone)
		}
	}
}
