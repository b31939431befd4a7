package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// TestRefusalOf checks that a refusal is found through wrapping, and that
// an error that is not one is still reported rather than a panic.
func TestRefusalOf(t *testing.T) {
	want := &a2ui.Error{Code: a2ui.CodeBadValue, Message: "no", Index: 2}
	if got := refusalOf(fmt.Errorf("batch: %w", want)); got != want {
		t.Errorf("refusalOf(wrapped) = %v, want %v", got, want)
	}
	got := refusalOf(errors.New("something else"))
	if got == nil || got.Code != a2ui.CodeBadMessage || got.Message != "something else" {
		t.Errorf("refusalOf(other) = %+v, want a bad_message refusal with its text", got)
	}
}
