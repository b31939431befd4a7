package a2aconn_test

import (
	"log"
	"net/http"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

const token = "t0ken-never-shown"

// TestAuthMissing: a card that requires a scheme a2term was not given is
// refused with the scheme named.
func TestAuthMissing(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{Token: token})
	h := hub.New(hub.Options{})
	defer h.Close()
	_, err := a2aconn.Dial(hubtest.CtxFor(t), h, a2aconn.Options{URL: a.URL})
	if err == nil || !strings.Contains(err.Error(), `"bearer" (HTTP Bearer)`) || !strings.Contains(err.Error(), "--header") {
		t.Fatalf("Dial: %v; want the bearer scheme named", err)
	}
}

// TestAuthGiven: with the credential in a header the conversation goes
// on; its value is in no transcript line and no log line.
func TestAuthGiven(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{Token: token})
	var logs testutil.SyncBuffer
	h, c := connect(t, a, a2aconn.Options{
		Header: http.Header{"Authorization": {"Bearer " + token}},
		Logger: log.New(&logs, "", 0),
	})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Here is the menu.", 1)
	for _, e := range h.Snapshot().Transcript {
		if strings.Contains(e.Text, token) {
			t.Errorf("the transcript shows the credential: %q", e.Text)
		}
	}
	if strings.Contains(logs.String(), token) {
		t.Error("the log holds the credential")
	}
}

// TestAuthRefused: a credential the agent refuses (401) is said in the
// transcript, the value not.
func TestAuthRefused(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{Token: token})
	h, c := connect(t, a, a2aconn.Options{Header: http.Header{"Authorization": {"Bearer wrong-" + token}}})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "refused a2term's credentials (HTTP 401)", 1)
	for _, e := range h.Snapshot().Transcript {
		if strings.Contains(e.Text, token) {
			t.Errorf("the transcript shows the credential: %q", e.Text)
		}
	}
}

// TestCheckURL: plain http only to this machine, unless insecure.
func TestCheckURL(t *testing.T) {
	for _, tc := range []struct {
		url      string
		insecure bool
		ok       bool
	}{
		{"https://agent.example.com", false, true},
		{"http://localhost:10002", false, true},
		{"http://127.0.0.1:10002/.well-known/agent-card.json", false, true},
		{"http://[::1]:10002", false, true},
		{"http://agent.example.com", false, false},
		{"http://agent.example.com", true, true},
		{"http://10.0.0.2:8000", false, false},
		{"ftp://agent.example.com", true, false},
		{"https://user:pass@agent.example.com", false, false},
		{"localhost:10002", false, false},
	} {
		_, err := a2aconn.CheckURL(tc.url, tc.insecure)
		if (err == nil) != tc.ok {
			t.Errorf("CheckURL(%q, %v) = %v; want ok %v", tc.url, tc.insecure, err, tc.ok)
		}
	}
}

// TestParseHeader: --header values, and never the value in an error.
func TestParseHeader(t *testing.T) {
	name, value, err := a2aconn.ParseHeader("authorization:  Bearer abc ")
	if err != nil || name != "Authorization" || value != "Bearer abc" {
		t.Errorf("got %q %q %v", name, value, err)
	}
	for _, bad := range []string{"no colon secret", ": secret", "Bad Name: secret", "X: secret\r\nInjected: yes"} {
		if _, _, err := a2aconn.ParseHeader(bad); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("ParseHeader(%q) = %v", bad, err)
		}
	}
}
