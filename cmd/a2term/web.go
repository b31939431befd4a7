package main

import (
	"fmt"
	"io"
	"log"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/webmirror"
)

// startWeb starts the web mirror of hub unless off. Its log (method and
// path only, never a link or a session) goes to logw, or nowhere when logw
// is nil (under the program, where viewers show in the status line).
// agentLink hands the agent the one-time link (a2term mcp on its own).
//
// port is the port to listen on when it is free (a restored canvas's).
func startWeb(h *hub.Hub, off bool, logw io.Writer, agentLink bool, port int) (*webmirror.WebServer, error) {
	if off {
		return nil, nil
	}
	var logger *log.Logger
	if logw != nil {
		logger = log.New(logw, "", log.LstdFlags)
	}
	web, err := webmirror.ServeWeb(h, webmirror.WebOptions{Logger: logger, AgentLink: agentLink, Port: port})
	if err != nil {
		return nil, fmt.Errorf("web mirror: %w", err)
	}
	return web, nil
}
