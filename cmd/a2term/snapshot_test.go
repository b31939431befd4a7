package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSnapshotCommand(t *testing.T) {
	if code, out, errOut := runCmd(t, "snapshot", "check", filepath.Join("..", "..", "testdata", "snapshots")); code != 0 {
		t.Fatalf("the project's snapshots: exit %d\n%s%s", code, out, errOut)
	}
	dir := t.TempDir()
	data, err := os.ReadFile(orderStream)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "order.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd(t, "snapshot", "check", dir); code != 1 || !strings.Contains(out, "no order.golden yet") {
		t.Errorf("check with no golden file: exit %d\n%s", code, out)
	}
	if code, out, _ := runCmd(t, "snapshot", "update", dir); code != 0 || !strings.Contains(out, "wrote ") {
		t.Errorf("update: exit %d\n%s", code, out)
	}
	if code, out, _ := runCmd(t, "snapshot", "check", dir); code != 0 || !strings.Contains(out, "1 snapshot matches") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "order.jsonl"), []byte(strings.Replace(string(data), "Order a coffee", "Order a tea", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCmd(t, "snapshot", "check", dir); code != 1 || !strings.Contains(out, "+ Order a tea") || !strings.Contains(out, "- Order a coffee") {
		t.Errorf("check of a changed stream: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"snapshot"}, {"snapshot", "check"}, {"snapshot", "fix", dir}, {"snapshot", "check", filepath.Join(dir, "nope")}} {
		if code, _, _ := runCmd(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
