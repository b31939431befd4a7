package main

import (
	"fmt"
	"io"
	"log"

	"github.com/a2term/a2term/bridge"
)

// startWeb starts the web mirror of hub unless off. Its log (method and
// path only, never the token) goes to logw, or nowhere when logw is nil
// (under the program, where viewers show in the status line). The returned function opens
// the mirror in a browser, or over SSH says how to reach it: the program's
// ctrl+o and --open.
func startWeb(hub *bridge.Hub, off bool, logw io.Writer) (*bridge.WebServer, func() []string, error) {
	if off {
		return nil, nil, nil
	}
	var logger *log.Logger
	if logw != nil {
		logger = log.New(logw, "", log.LstdFlags)
	}
	web, err := bridge.ServeWeb(hub, bridge.WebOptions{Logger: logger})
	if err != nil {
		return nil, nil, fmt.Errorf("web mirror: %w", err)
	}
	open := func() []string {
		if bridge.OverSSH() {
			return []string{
				"a2term runs over SSH, so the browser is not opened here. To see the canvas in your own browser:",
				"",
				bridge.SSHHint(web.Port(), web.URL()),
			}
		}
		how, err := bridge.OpenBrowser(web.URL())
		if err != nil {
			return []string{"Could not open a browser: " + err.Error(), "", "Open this address yourself: " + web.URL()}
		}
		return []string{"The web mirror is " + how + ".", "", "Its address: " + web.URL()}
	}
	return web, open, nil
}
