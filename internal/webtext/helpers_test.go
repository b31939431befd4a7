package webtext

// Fixtures the hub's own tests have too.

import (
	"encoding/json"
	"time"
)

func clock() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }

func msgs(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}
