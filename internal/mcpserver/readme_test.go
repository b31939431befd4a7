package mcpserver

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeRegistrations checks the registration snippet docs/mcp.md
// gives for each client, in that client's own format: each names the
// command a2term with the argument mcp.
func TestReadmeRegistrations(t *testing.T) {
	data, err := os.ReadFile("../../docs/mcp.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, c := range []struct {
		client, lang string
		entry        func(map[string]any) any // the a2term entry of a JSON snippet
	}{
		{"Claude Code", "json", func(m map[string]any) any { return dig(m, "mcpServers", "a2term") }},
		{"Codex CLI", "toml", nil},
		{"Gemini CLI", "json", func(m map[string]any) any { return dig(m, "mcpServers", "a2term") }},
		{"VS Code", "json", func(m map[string]any) any { return dig(m, "servers", "a2term") }},
		{"GitHub Copilot CLI", "json", func(m map[string]any) any { return dig(m, "mcpServers", "a2term") }},
	} {
		m := regexp.MustCompile("(?s)\n#### " + regexp.QuoteMeta(c.client) + "\n(.*?)```" + c.lang + "\n(.*?)```").FindStringSubmatch(readme)
		if m == nil {
			t.Errorf("%s: no %s snippet under its heading", c.client, c.lang)
			continue
		}
		if strings.Contains(m[1], "####") {
			t.Errorf("%s: its snippet is under another heading", c.client)
		}
		if c.lang == "toml" {
			want := "[mcp_servers.a2term]\ncommand = \"a2term\"\nargs = [\"mcp\"]\n"
			if m[2] != want {
				t.Errorf("%s: snippet\n%s", c.client, m[2])
			}
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(m[2]), &v); err != nil {
			t.Errorf("%s: the snippet is not JSON: %v", c.client, err)
			continue
		}
		e, _ := c.entry(v).(map[string]any)
		args, _ := json.Marshal(e["args"])
		if e["command"] != "a2term" || string(args) != `["mcp"]` {
			t.Errorf("%s: entry %v", c.client, e)
		}
		if c.client == "VS Code" && e["type"] != "stdio" {
			t.Errorf("VS Code: entry %v has no stdio type", e)
		}
		if c.client == "GitHub Copilot CLI" && (e["type"] != "local" || e["tools"] == nil) {
			t.Errorf("Copilot CLI: entry %v needs type local and tools", e)
		}
	}
}

func dig(m map[string]any, keys ...string) any {
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}
