//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// TestConnectRefusals: a2term connect stops before it takes the
// terminal, saying why, for a missing URL, plain http to another machine
// and a credential the card requires; a --header value is never printed.
func TestConnectRefusals(t *testing.T) {
	const secret = "Authorization: Bearer s3kr1t-value"
	a := a2aagent.Start(t, a2aagent.Options{Token: "another"})
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"connect"}, exitUsage, "give the agent's URL"},
		{[]string{"connect", "http://agent.example.com", "--header", secret}, exitUsage, "use https, or --insecure"},
		{[]string{"connect", "--header", "no colon"}, exitUsage, "a header is given as 'Name: value'"},
		{[]string{"connect", a.URL, "--plain", "--no-web", "--no-state", "--socket", sock}, exitRefused, `requires the security scheme "bearer" (HTTP Bearer)`},
	} {
		code, out, errOut := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("a2term %s: exit %d, stderr:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), code, errOut, tc.code, tc.want)
		}
		if strings.Contains(out+errOut, "s3kr1t") {
			t.Errorf("a2term %s printed the header's value", strings.Join(tc.args, " "))
		}
	}
}
