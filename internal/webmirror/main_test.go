package webmirror_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's tests if any goroutine outlives them: every
// server, connection and wait must end when it is closed.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
