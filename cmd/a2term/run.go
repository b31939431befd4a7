package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/imagefetch"
	"github.com/a2term/a2term/internal/statedir"
	"github.com/a2term/a2term/tui"
	"github.com/a2term/a2term/tui/plain"
	"github.com/a2term/a2term/tui/snapshot"
)

const runAbout = `
Run opens the canvas with a socket of its own listening (private to this
run unless --socket names one, so that runs never collide), then starts
CMD with the socket's path in A2TERM_SOCKET, so that CMD (your agent) can
show surfaces and wait for the person. CMD's output never reaches the
terminal: each line it prints appears in the transcript, labelled "out"
("err" for its standard error), and its standard input is empty
(/dev/null).

When CMD exits the transcript says so, with its status, and the canvas
stays until you quit. Quitting (ctrl+c) ends CMD if it still runs: SIGTERM
to its process group, then SIGKILL 3 seconds later.

Everything after "--" is CMD and its arguments, untouched:

  a2term run -- python3 agent.py --verbose

The web mirror (a tokenized page on 127.0.0.1) shows the same canvas in a
browser: ctrl+o or --open opens it, or over SSH shows the ssh -L command
that reaches it; --no-web turns it off.

With --plain (chosen by itself when TERM=dumb, A2TERM_PLAIN=1, or standard
output is not a terminal) the canvas is printed as plain lines and you
type commands ("help" lists them): for screen readers, logs and pipes.
When standard input ends, the canvas stays until CMD exits.

With --keep the canvas and CMD outlive the terminal: when it goes away
(SIGHUP, an SSH drop, a closed tmux pane) the hub stays, and 'a2term
attach --socket PATH' shows the same canvas again (the log in the state
directory, $XDG_STATE_HOME/a2term, names PATH). It ends on SIGTERM.`

// killGrace is how long CMD has between SIGTERM and SIGKILL once the
// person quits.
const killGrace = 3 * time.Second

// outputGrace is how long, after CMD exits, its last lines have to reach
// the transcript before the line saying it exited: a process it left
// behind holding its output open does not hold that line back for longer.
const outputGrace = 2 * time.Second

// hubFlags are the flags of every command that runs a hub.
type hubFlags struct {
	socket  string // "": a socket private to the run (ListenPrivate)
	noWeb   bool
	open    bool
	lenient bool
	// catalogs are the --catalog files.
	catalogs snapshot.CatalogFiles
	plain    plainFlag
	locale   localeFlags
	// keep says the hub outlives the terminal (--keep); stateDir is where
	// its log goes then, and its journal unless noState.
	keep     bool
	stateDir string
	noState  bool
	// fetchImages is --fetch-images; fetcher fetches from its hosts,
	// once hubOptions made it.
	fetchImages string
	fetcher     *imagefetch.Fetcher
	// graphics is --graphics, for the commands that draw in the terminal.
	graphics string
}

// useJournal has hub keep its journal in the state directory, restoring
// the canvas of the last hub at socket, unless --no-state or the socket
// is private to a run (no later a2term would find it).
func (f *hubFlags) useJournal(h *hub.Hub, socket string) (hub.JournalReport, error) {
	if f.noState || f.stateDir == "" || socket == "" {
		return hub.JournalReport{}, nil
	}
	if err := statedir.Prepare(f.stateDir); err != nil {
		return hub.JournalReport{}, err
	}
	path, _ := statedir.Files(f.stateDir, socket)
	return h.UseJournal(path)
}

const stateUsage = "keep the canvas's journal in `DIR` (0700; one journal per socket path, 0600): an a2term started again at the same socket restores the canvas, its values and the actions not yet taken (not for a run's private socket)"

const keepUsage = "when the terminal goes away (SIGHUP, an SSH drop, a closed tmux pane) keep the canvas, its agent and its waits: 'a2term attach' shows it again; the hub then logs to a file in the state directory and ends on SIGTERM"

// addKeepFlag adds --keep and --graphics, for the commands whose hub has
// a terminal.
func addKeepFlag(fs *flag.FlagSet, f *hubFlags) {
	fs.BoolVar(&f.keep, "keep", false, keepUsage)
	addGraphicsFlag(fs, &f.graphics)
}

func addHubFlags(fs *flag.FlagSet) *hubFlags {
	f := addFlags(fs)
	fs.StringVar(&f.socket, "socket", agentsock.DefaultSocketPath(), "listen on the Unix socket at `PATH`, in a directory only you can enter")
	return f
}

// addRunFlags are a2term run's flags: its socket is private to the run
// unless --socket names one.
func addRunFlags(fs *flag.FlagSet) *hubFlags {
	f := addFlags(fs)
	fs.StringVar(&f.socket, "socket", "", "listen on the Unix socket at `PATH`, in a directory only you can enter (default: a socket private to this run, passed to CMD)")
	return f
}

func addFlags(fs *flag.FlagSet) *hubFlags {
	f := &hubFlags{stateDir: statedir.Default()}
	fs.BoolVar(&f.noWeb, "no-web", false, "do not start the web mirror on 127.0.0.1")
	fs.BoolVar(&f.open, "open", false, "open the web mirror in a browser (over SSH: show how to reach it)")
	fs.BoolVar(&f.lenient, "lenient", false, "accept the non-conformant shapes of third-party streams (see 'a2term validate -h')")
	fs.Var(&f.catalogs, "catalog", snapshot.CatalogUsage)
	fs.Var(&f.plain, "plain", plainUsage)
	fs.StringVar(&f.stateDir, "state", f.stateDir, stateUsage)
	fs.BoolVar(&f.noState, "no-state", false, "keep no journal: the canvas starts empty and is not kept for the next a2term")
	addLocaleFlags(fs, &f.locale)
	fs.StringVar(&f.fetchImages, "fetch-images", "", fetchImagesUsage)
	return f
}

const fetchImagesUsage = "fetch remote pictures from exactly these hosts (`HOST[,HOST...]`, with :PORT when not 443), over HTTPS (plain http only from this machine), and show them in both views; by default no remote picture is ever fetched"

// hubOptions are the hub's options the flags ask for. Call stopFetching
// when the hub is done.
func (f *hubFlags) hubOptions() (hub.Options, error) {
	l, zone, err := f.locale.parse()
	if err != nil {
		return hub.Options{}, err
	}
	cats, err := f.catalogs.Load()
	if err != nil {
		return hub.Options{}, err
	}
	opts := hub.Options{Lenient: f.lenient, Locale: l, Location: zone, Catalogs: cats}
	pics, err := newFetcher(f.fetchImages)
	if pics != nil {
		f.fetcher, opts.Pictures = pics, pics
	}
	return opts, err
}

// stopFetching ends the fetches of pictures under way.
func (f *hubFlags) stopFetching() {
	if f.fetcher != nil {
		f.fetcher.Close()
	}
}

// newFetcher is the fetcher of --fetch-images, or nil when it names no
// host.
func newFetcher(flagValue string) (*imagefetch.Fetcher, error) {
	hosts, err := imagefetch.ParseHosts(flagValue)
	if err != nil || len(hosts) == 0 {
		return nil, err
	}
	return imagefetch.New(imagefetch.Options{Hosts: hosts}), nil
}

func runRun(args []string, _ io.Reader, _, stderr io.Writer) int {
	fs := newFlagSet("run", "run [--socket PATH] [--keep] [--no-web] [--open] [--lenient] [--plain] [--fetch-images HOST,...] -- CMD [ARGS...]", runAbout, stderr)
	f := addRunFlags(fs)
	addKeepFlag(fs, f)
	// Not parseFlags: the flags end at CMD, whose own flags are its own.
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	argv := fs.Args()
	if len(argv) == 0 {
		fmt.Fprintln(stderr, "a2term run: give the command to run after --")
		fs.Usage()
		return exitUsage
	}
	mode, err := f.plain.decide(true)
	if err == nil {
		err = checkGraphics(f.graphics)
	}
	if err != nil {
		fmt.Fprintf(stderr, "a2term run: %v\n", err)
		return exitUsage
	}
	return runCanvas("run", f, mode, agentSpec{argv: argv}, stderr)
}

const canvasAbout = `
With no command, a2term opens the canvas and waits for an agent: the
status line shows the socket agents connect to. Give its path to your
agent in A2TERM_SOCKET (or use 'a2term run -- CMD', which does that and
starts the agent for you). The web mirror shows the same canvas in a
browser: ctrl+o or --open opens it; --no-web turns it off. With --plain
(chosen by itself when TERM=dumb or A2TERM_PLAIN=1) the canvas is printed
as plain lines and you type commands ("help" lists them).

With --keep the canvas outlives the terminal: when it goes away (SIGHUP,
an SSH drop, a closed tmux pane) the hub stays, with its agent's waits,
and 'a2term attach' shows the same canvas again; it then logs to a file in
the state directory ($XDG_STATE_HOME/a2term) and ends on SIGTERM.

Every accepted change is kept in a journal in the state directory (--state
DIR; one per socket path): an a2term started again at the same socket,
after a crash or a quit, restores the canvas, its values and the actions
not yet taken. --no-state keeps none.`

// runBare is a2term with no command: the canvas, waiting for an agent.
func runBare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("", "[--socket PATH] [--keep] [--no-web] [--open] [--lenient] [--plain] [--fetch-images HOST,...]", canvasAbout, stderr)
	f := addHubFlags(fs)
	addKeepFlag(fs, f)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "a2term: unknown command %q\n\n", rest[0])
		usage(stderr)
		return exitUsage
	}
	mode, err := f.plain.decide(false)
	if err == nil {
		err = checkGraphics(f.graphics)
	}
	if err != nil {
		fmt.Fprintf(stderr, "a2term: %v\n", err)
		return exitUsage
	}
	if !mode.On && (!isTerminal(stdin) || !isTerminal(stdout)) {
		// A script that runs a2term bare gets the usage, as it always did.
		usage(stdout)
		fmt.Fprintln(stderr, "\na2term: the canvas needs a terminal (or --plain); see 'a2term serve' for headless use")
		return exitUsage
	}
	return runCanvas("", f, mode, agentSpec{}, stderr)
}

// agentSpec says which agent the canvas starts: CMD (argv), an agent run
// in-process as a client of the socket (script), or none.
type agentSpec struct {
	argv    []string
	script  func(ctx context.Context, socket string) error
	widgets components.Options
	// a2a dials an A2A agent for the hub (a2term connect); statePath is
	// where the conversation keeps its context, beside the journal.
	a2a func(ctx context.Context, h *hub.Hub, statePath string) (*a2aconn.Conn, error)
}

// runCanvas runs the program with the hub listening and, when the spec
// names one, the agent. Whatever happens — an error, a panic, a signal —
// the terminal is restored (Bubble Tea does that), the agent is ended and
// the socket removed (the deferred calls below).
func runCanvas(name string, f *hubFlags, mode plain.Mode, agent agentSpec, stderr io.Writer) int {
	argv := agent.argv
	prefix := "a2term: "
	if name != "" {
		prefix = "a2term " + name + ": "
	}
	hopts, err := f.hubOptions()
	if err != nil {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		return exitUsage
	}
	defer f.stopFetching()
	h := hub.New(hopts)
	defer h.Close()
	board := h.Board()
	restored, err := f.useJournal(h, f.socket)
	if err != nil {
		journalRefused(prefix, name, f.socket, err, stderr)
		return exitRefused
	}
	// The terminal belongs to the program: the servers' log goes to the
	// transcript.
	logger := log.New(transcriptLog{board}, "", 0)
	opts := agentsock.ServerOptions{
		Logger:      logger,
		ReportAgent: true,
	}
	var srv *agentsock.Server
	if f.socket == "" {
		srv, err = agentsock.ListenPrivate(h, opts)
	} else {
		srv, err = agentsock.Listen(h, f.socket, opts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		if errors.Is(err, statedir.ErrSocketInUse) {
			socketInUse(prefix, name, f.socket, stderr)
		}
		abandon(prefix, h, stderr)
		return exitRefused
	}
	// Deferred after the hub's Close, so it runs first: every pending
	// wait is answered before the socket closes. It also takes the socket
	// off the status line, and removes the socket's directory once the
	// view channel has left it.
	defer srv.Close()
	closeViews := listenViews(h, srv, logger)
	defer closeViews()

	web, err := startWeb(h, f.noWeb, nil, false, restored.WebPort)
	if err != nil {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		closeViews()
		srv.Close()
		abandon(prefix, h, stderr)
		return exitRefused
	}
	var openWeb func() []string
	var webLink func() string
	if web != nil {
		defer web.Close()
		openWeb = func() []string { return web.Open(true) }
		webLink = web.PairingLink
		if f.open {
			// The opener may take a moment to fail: the canvas and the
			// agent start meanwhile, and the transcript says what it did.
			opened := make(chan struct{})
			go func() {
				defer close(opened)
				for _, l := range web.Open(true) {
					if l != "" {
						board.AppendUnjournaled(hub.RoleNote, l)
					}
				}
			}()
			defer func() { <-opened }() // before the mirror closes
		}
	}

	// From here to the end a signal quits the program instead of killing
	// a2term, so that CMD is ended and the socket removed: SIGINT and
	// SIGTERM (which Bubble Tea also handles while it runs), and a hangup
	// (the terminal or the SSH connection went away).
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, append([]os.Signal{os.Interrupt, syscall.SIGTERM}, hangupSignals()...)...)
	defer signal.Stop(sigs)

	// agentDone is closed once the agent is over: CMD exited and its last
	// lines are in the transcript, or the script ended.
	var agentDone <-chan struct{}
	switch {
	case len(argv) > 0:
		c, err := startChild(argv, append(os.Environ(), "A2TERM_SOCKET="+srv.Path()), board)
		if err != nil {
			fmt.Fprintf(stderr, "%s%v\n", prefix, err)
			return exitRefused
		}
		agentDone = c.finished
		defer func() {
			if c.stop(killGrace) {
				fmt.Fprintf(stderr, "%s%s did not end within %s of SIGTERM; it was killed\n", prefix, c.name, killGrace)
			}
		}()
	case agent.a2a != nil:
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		state := ""
		if path, _ := statedir.Files(f.stateDir, f.socket); !f.noState && f.stateDir != "" && f.socket != "" {
			state = path + ".a2a"
		}
		conn, err := agent.a2a(ctx, h, state)
		if err != nil {
			fmt.Fprintf(stderr, "%s%v\n", prefix, err)
			return exitRefused
		}
		// No one else is to connect: the person talks to the A2A agent.
		board.SetStatus(func(s *hub.Status) { s.Listening = "" })
		connDone := make(chan struct{})
		agentDone = connDone
		go func() { defer close(connDone); _ = conn.Run(ctx) }()
		defer func() { cancel(); <-connDone }()
		h.SetTalk(conn.Talker(ctx))
		defer h.SetTalk(nil)
	case agent.script != nil:
		// The script's socket is private to it: nothing for the person
		// to connect to, so the status line does not show it.
		board.SetStatus(func(s *hub.Status) { s.Listening = "" })
		ctx, cancel := context.WithCancel(context.Background())
		scriptDone := make(chan struct{})
		agentDone = scriptDone
		go func() {
			defer close(scriptDone)
			if err := agent.script(ctx, srv.Path()); err != nil && ctx.Err() == nil {
				board.Append(hub.RoleNote, "The script stopped: "+err.Error())
			}
		}()
		defer func() { cancel(); <-scriptDone }()
	default:
		board.Append(hub.RoleNote, "Waiting for an agent: start it with A2TERM_SOCKET="+srv.Path()+" in its environment.")
	}

	// The terminal shows the canvas: no one has to be told later what
	// happened while it did.
	unwatch := h.Watch()
	defer unwatch()

	// With --keep, a hangup ends only what draws on the terminal, and so
	// does a terminal that stopped answering: the hub stays.
	onTerminal := isTerminal(os.Stdin)
	var hungUp atomic.Bool
	gone := func() bool { return f.keep && (hungUp.Load() || onTerminal && !isTerminal(os.Stdin)) }
	keep := func() int { return keepServing(prefix, f, h, srv, sigs, unwatch) }

	if mode.On {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		watched := make(chan struct{})
		go func() {
			defer close(watched)
			select {
			case sig := <-sigs:
				hungUp.Store(isHangup(sig))
				cancel()
			case <-ctx.Done():
			}
		}()
		err := runPlainSession(ctx, h, mode, openWeb, agentDone)
		cancel()
		<-watched
		if gone() {
			return keep()
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s%v\n", prefix, err)
			return exitRefused
		}
		return exitOK
	}

	r, ssh := terminalRenderer()
	out := tui.NewOutput(os.Stdout)
	widgets := terminalWidgets(out, agent.widgets, f.graphics)
	m := tui.New(h, tui.Options{
		Renderer: r, Widgets: widgets, OpenWeb: openWeb, WebLink: webLink, Clipboard: out.Copy, Notice: restored.Notice,
	})
	defer m.Close()
	p := tea.NewProgram(m, out.ProgramOptions(ssh)...)

	done, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case sig := <-sigs:
			hungUp.Store(isHangup(sig))
			p.Quit()
		case <-done:
		}
	}()

	_, err = p.Run()
	close(done)
	<-watched
	if gone() {
		m.Close()
		return keep()
	}
	if err != nil && !errors.Is(err, tea.ErrInterrupted) {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		return exitRefused
	}
	return exitOK
}

// abandon ends the hub of a refused start, leaving its journal as it
// was found.
func abandon(prefix string, h *hub.Hub, stderr io.Writer) {
	if err := h.Abandon(); err != nil {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
	}
}

// journalRefused tells why the journal of the canvas at socket could not
// be used: its lock is held when an a2term runs there already.
func journalRefused(prefix, name, socket string, err error, stderr io.Writer) {
	if errors.Is(err, statedir.ErrSocketInUse) {
		fmt.Fprintf(stderr, "%sa2term socket %s: %v\n", prefix, socket, statedir.ErrSocketInUse)
		socketInUse(prefix, name, socket, stderr)
		return
	}
	fmt.Fprintf(stderr, "%s%v\n", prefix, err)
	fmt.Fprintf(stderr, "%sor start without the journal: --no-state\n", prefix)
}

// socketInUse tells what to do when an a2term runs at socket already.
func socketInUse(prefix, name, socket string, stderr io.Writer) {
	if name == "run" {
		fmt.Fprintf(stderr, "%sleave out --socket (a run's socket is private to it) or give another PATH\n", prefix)
		return
	}
	fmt.Fprintf(stderr, "%sshow that canvas here with: a2term attach --socket %s\n", prefix, socket)
	fmt.Fprintf(stderr, "%sto open another canvas, give it a socket of its own with --socket PATH (and that PATH to its agent in A2TERM_SOCKET), or use 'a2term run -- CMD', which gives CMD a private one\n", prefix)
}

// keepServing goes on serving the canvas once its terminal went away
// (--keep), until SIGTERM or SIGINT: standard input and output point at
// /dev/null and standard error at the log in the state directory, the
// terminal's view no longer counts as watching (the next terminal to
// attach is told what happened meanwhile), and further hangups are
// ignored. The agent, its waits and the web mirror notice nothing.
func keepServing(prefix string, f *hubFlags, h *hub.Hub, srv *agentsock.Server, sigs <-chan os.Signal, unwatch func()) int {
	unwatch()
	board := h.Board()
	logf, err := statedir.OpenLog(f.stateDir, srv.Path())
	if err != nil {
		board.Append(hub.RoleNote, "The terminal went away; the canvas stays, without a log: "+err.Error())
		if logf, err = os.OpenFile(os.DevNull, os.O_WRONLY, 0); err != nil {
			return exitRefused
		}
	}
	defer logf.Close()
	if err := leaveTerminal(logf); err != nil {
		board.Append(hub.RoleNote, "The terminal went away, and a2term could not leave it: "+err.Error())
	}
	logger := log.New(logf, prefix, log.LstdFlags)
	logger.Printf("the terminal went away; the canvas stays at %s (pid %d) until SIGTERM; show it with: a2term attach --socket %s", srv.Path(), os.Getpid(), srv.Path())
	board.Append(hub.RoleNote, "The terminal went away; the canvas stayed. Show it with: a2term attach --socket "+srv.Path())
	for sig := range sigs {
		if !isHangup(sig) {
			logger.Printf("%v: the hub ends", sig)
			break
		}
	}
	return exitOK
}

// isTerminal reports whether v is a terminal.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// transcriptLog writes log lines into the transcript as notes.
type transcriptLog struct{ board *hub.Board }

func (l transcriptLog) Write(p []byte) (int, error) {
	l.board.Append(hub.RoleNote, strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// child is CMD of a2term run: a process whose output lines go to the
// transcript and never to the terminal.
type child struct {
	name  string
	cmd   *exec.Cmd
	board *hub.Board
	// outputs are the read ends of CMD's standard output and error.
	outputs [2]*os.File
	// exited is closed once the process has been waited for, drained
	// once both outputs reached their end, finished once both happened.
	exited, drained, finished chan struct{}
}

// startChild starts argv with env, its standard input /dev/null and its
// output read line by line into board's transcript: lines from standard
// output as its "out", from standard error as its "err". The board
// sanitizes them like any agent text. When CMD exits, the transcript says
// how.
func startChild(argv, env []string, board *hub.Board) (*child, error) {
	var reads, writes [2]*os.File
	closeAll := func() {
		for i := range reads {
			if reads[i] != nil {
				reads[i].Close()
			}
			if writes[i] != nil {
				writes[i].Close()
			}
		}
	}
	for i := range reads {
		var err error
		if reads[i], writes[i], err = os.Pipe(); err != nil {
			closeAll()
			return nil, err
		}
	}
	cmd := exec.Command(argv[0], argv[1:]...) //nolint:gosec,noctx // the agent the person named; stop ends it (SIGTERM, then a kill), not a context
	cmd.Env = env
	cmd.Stdin = nil // /dev/null
	// Files, not writers: the process writes straight into the pipes, and
	// Wait does not wait for whatever CMD leaves behind holding them.
	cmd.Stdout, cmd.Stderr = writes[0], writes[1]
	detach(cmd)
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, err
	}
	writes[0].Close()
	writes[1].Close()

	c := &child{
		name: filepath.Base(argv[0]), cmd: cmd, board: board, outputs: reads,
		exited: make(chan struct{}), drained: make(chan struct{}), finished: make(chan struct{}),
	}
	board.Append(hub.RoleNote, "Started "+strings.Join(argv, " ")+"; its output appears here.")
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.pump(reads[0], false) }()
	go func() { defer wg.Done(); c.pump(reads[1], true) }()
	go func() { wg.Wait(); close(c.drained) }()
	go c.wait()
	return c, nil
}

// pump appends every line read from r to the transcript. A line longer
// than a transcript entry may be arrives in pieces; blank lines are left
// out.
func (c *child) pump(r io.Reader, stderr bool) {
	br := bufio.NewReaderSize(r, a2ui.MaxStringBytes)
	for {
		line, err := br.ReadSlice('\n')
		if s := strings.TrimRight(a2ui.SanitizeLine(string(line)), " "); s != "" {
			c.board.AppendOutput(stderr, s)
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
	}
}

// wait waits for the process and says in the transcript how it ended,
// after its last lines.
func (c *child) wait() {
	err := c.cmd.Wait()
	close(c.exited)
	timer := time.NewTimer(outputGrace)
	select {
	case <-c.drained:
	case <-timer.C:
	}
	timer.Stop()
	c.board.Append(hub.RoleNote, exitText(c.name, c.cmd.ProcessState, err))
	<-c.drained
	close(c.finished)
}

// exitText says how a process ended: "agent exited with status 0",
// "agent ended by signal SIGTERM".
func exitText(name string, ps *os.ProcessState, err error) string {
	if ps == nil {
		return fmt.Sprintf("%s could not be waited for: %v", name, err)
	}
	if sig := signalName(ps); sig != "" {
		return fmt.Sprintf("%s ended by signal %s", name, sig)
	}
	return fmt.Sprintf("%s exited with status %d", name, ps.ExitCode())
}

// stop ends CMD, and whatever it left behind holding its output open:
// SIGTERM to its process group, then SIGKILL when they have not all ended
// within grace. It reports whether SIGKILL was needed. A CMD that is
// already over, output and all, is left alone.
func (c *child) stop(grace time.Duration) (killed bool) {
	defer func() {
		// Ends the pumps of output held open by a process that survived
		// even SIGKILL's group (it left the group).
		c.outputs[0].Close()
		c.outputs[1].Close()
	}()
	select {
	case <-c.finished:
		return false
	default:
	}
	signalGroup(c.cmd.Process, true)
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case <-c.finished:
		return false
	case <-timer.C:
	}
	signalGroup(c.cmd.Process, false)
	timer.Reset(grace)
	select {
	case <-c.exited:
	case <-timer.C: // stuck in the kernel; the process ends when it can
	}
	return true
}
