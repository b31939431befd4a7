package webmirror

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/a2term/a2term/hub"
)

// benchWeb starts a hub showing webForm and its mirror, and a client
// paired with it (its session in a cookie jar), and returns the page's
// CSRF value; everything ends with the benchmark.
func benchWeb(b *testing.B) (*hub.Hub, *WebServer, *http.Client, string) {
	b.Helper()
	hb := hub.New(hub.Options{})
	b.Cleanup(hb.Close)
	if _, err := hb.Show(webRaws(webForm...)); err != nil {
		b.Fatal(err)
	}
	ws, err := ServeWeb(hb, WebOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ws.Close() })
	tr := &http.Transport{}
	b.Cleanup(tr.CloseIdleConnections)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Transport: tr, Jar: jar}
	resp, err := client.Get(ws.PairingLink())
	if err != nil {
		b.Fatalf("pairing: %v", err)
	}
	// Read and closed, so that the connection goes back to the idle
	// ones the cleanup closes.
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("pairing: %s", resp.Status)
	}
	resp, err = client.Get(ws.URL())
	if err != nil {
		b.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfMeta.FindSubmatch(page)
	if m == nil {
		b.Fatalf("no CSRF value in the page: %s", resp.Status)
	}
	return hb, ws, client, string(m[1])
}

// BenchmarkWebPressToWait measures a press POSTed by the page up to the
// return of the canvas.wait that receives it (the target is under 1 ms).
func BenchmarkWebPressToWait(b *testing.B) {
	hb, ws, client, csrf := benchWeb(b)
	url := fmt.Sprintf("http://127.0.0.1:%d/api/press", ws.Port())
	body := []byte(fmt.Sprintf(`{"surfaceId":"main","nodeId":"go","version":%d}`, hb.Snapshot().Canvas.Version()))

	ctx, cancel := context.WithCancel(context.Background())
	results := make(chan hub.WaitResult)
	var wg sync.WaitGroup
	wg.Go(func() { // the agent, always waiting
		for {
			res, err := hb.Wait(ctx, hub.MaxWait)
			if err != nil {
				return
			}
			select {
			case results <- res:
			case <-ctx.Done():
				return
			}
		}
	})
	defer wg.Wait()
	defer cancel()

	b.ReportAllocs()
	for b.Loop() {
		req, err := http.NewRequest("POST", url, bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", fmt.Sprintf("http://127.0.0.1:%d", ws.Port()))
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set(WebCSRFHeader, csrf)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			b.Fatalf("press: %s", resp.Status)
		}
		if res := <-results; res.Source != hub.Web {
			b.Fatalf("wait: %+v", res)
		}
	}
}

// BenchmarkFanout4 measures one change of the canvas up to the moment
// each of 4 viewers has received the snapshot that shows it.
func BenchmarkFanout4(b *testing.B) {
	hb, ws, client, _ := benchWeb(b)
	var (
		seen    [hub.MaxViewers]atomic.Uint64 // the newest version each viewer got
		arrived = make(chan struct{}, 1)
		wg      sync.WaitGroup
	)
	for i := range hub.MaxViewers {
		resp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d/events", ws.Port()))
		if err != nil {
			b.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("viewer %d: %s", i, resp.Status)
		}
		wg.Go(func() {
			defer resp.Body.Close()
			br := bufio.NewReaderSize(resp.Body, 64<<10)
			for {
				line, err := br.ReadSlice('\n')
				if err == bufio.ErrBufferFull {
					for err == bufio.ErrBufferFull { // a long data line
						_, err = br.ReadSlice('\n')
					}
					continue
				}
				if err != nil {
					return
				}
				if id, ok := bytes.CutPrefix(line, []byte("id: ")); ok {
					v, _ := strconv.ParseUint(string(bytes.TrimSpace(id)), 10, 64)
					seen[i].Store(v)
					select {
					case arrived <- struct{}{}:
					default:
					}
				}
			}
		})
	}
	defer wg.Wait()  // the streams end with the server
	defer ws.Close() // (before the viewers' goroutines are waited for)
	waitAll := func(v uint64) {
		for {
			all := true
			for i := range seen {
				all = all && seen[i].Load() >= v
			}
			if all {
				return
			}
			<-arrived
		}
	}
	waitAll(hb.Snapshot().Canvas.Version())

	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		if err := hb.SetValue(hub.Terminal, "main", "note", strconv.Itoa(n)); err != nil {
			b.Fatal(err)
		}
		waitAll(hb.Snapshot().Canvas.Version())
	}
}
