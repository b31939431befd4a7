package main

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// --fetch-images names hosts, nothing else, and gives the hub a fetcher
// of exactly those; without it the hub fetches nothing.
func TestFetchImagesFlag(t *testing.T) {
	for _, bad := range []string{"https://cdn.example.com", "*.example.com", "cdn.example.com/pics"} {
		for _, cmd := range []string{"serve", "mcp"} {
			code, _, errOut := runCmd(t, cmd, "--fetch-images", bad)
			if code != exitUsage || !strings.Contains(errOut, "--fetch-images") {
				t.Errorf("%s --fetch-images %s: %d %s", cmd, bad, code, errOut)
			}
		}
	}
	parse := func(args ...string) *hubFlags {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := addHubFlags(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := parse("--fetch-images", "cdn.example.com, 127.0.0.1:8443")
	opts, err := f.hubOptions()
	defer f.stopFetching()
	if err != nil || opts.Pictures == nil || strings.Join(opts.Pictures.Hosts(), " ") != "cdn.example.com 127.0.0.1:8443" {
		t.Errorf("hub options %+v, %v", opts, err)
	}
	f = parse()
	if opts, err := f.hubOptions(); err != nil || opts.Pictures != nil {
		t.Errorf("without the flag: %+v, %v", opts, err)
	}
}
