// Command a2aform is a scripted A2A agent that speaks A2UI v0.9.1, to try
// a2term connect without an agent of your own: a2a-go's server on
// 127.0.0.1, answering a message with a list, a form with a check box and
// a button, and the press with an update of the form. A message "fail",
// "reject", "auth", "slow" (works until canceled with ctrl+x) or "bad" (a
// surface a2term refuses) shows the other ways a task ends.
//
// Run it, then connect to the URL it prints:
//
//	go run ./testdata/agents/a2aform
//	a2term connect http://127.0.0.1:10002
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

func main() {
	port := flag.Int("port", 10002, "the port to listen on, on 127.0.0.1 (0 picks a free one)")
	flag.Parse()
	if err := run(*port); err != nil {
		fmt.Fprintln(os.Stderr, "a2aform:", err)
		os.Exit(1)
	}
}

func run(port int) error {
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return err
	}
	a, h := a2aagent.New("http://"+ln.Addr().String(), a2aagent.Options{})
	fmt.Println(a.URL)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
