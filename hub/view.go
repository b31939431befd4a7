package hub

import (
	"time"

	"github.com/a2term/a2term/a2ui"
)

// View is what a view of the canvas (the terminal program, the web page)
// reads and where it sends the person's intents. Implementations are safe
// for concurrent use: views call them from their own goroutines.
type View interface {
	// Snapshot returns the current state. The canvas in it never changes;
	// a later change produces a new snapshot.
	Snapshot() Snapshot
	// Subscribe returns a channel that receives after every change, and a
	// function that ends the subscription. Changes coalesce: a slow
	// reader gets one signal for many changes and reads the latest
	// Snapshot, never a backlog.
	Subscribe() (changed <-chan struct{}, cancel func())
	// Press asks for button nodeID of surfaceID, as seen at version, to be
	// pressed on the person's behalf.
	Press(source Source, surfaceID, nodeID string, version uint64) error
	// SetValue sets input nodeID of surfaceID to value.
	SetValue(source Source, surfaceID, nodeID string, value any) error
	// Say sends text to the agent as the person's message, and
	// CancelTask asks the agent to cancel its task, where the status
	// says someone listens (Status.Talk); elsewhere they are refused
	// (ErrNoTalk). Either may take as long as the transport's bound of
	// time: views call them from their own goroutines.
	Say(text string) error
	CancelTask() error
}

// Source names the view an intent came from.
type Source string

// The views.
const (
	Terminal Source = "terminal"
	Web      Source = "web"
)

// Snapshot is everything a view draws.
type Snapshot struct {
	Canvas     *a2ui.Canvas
	Transcript []Entry
	// Dropped is how many older entries are no longer kept: the oldest go
	// first once the transcript is over its bound of entries or bytes.
	Dropped uint64
	Status  Status
	// Anew counts the times the view took the whole canvas again (an
	// attached terminal resyncing with its hub, or reaching a hub started
	// again): every surface then has a new version, though most hold what
	// they held. A view of the hub itself never does.
	Anew uint64
	// Pictures gives the bytes of the canvas's remote pictures
	// (a2ui.ImageProps.Remote), the same to every view (an attached
	// terminal's asks the hub for them); nil where no picture is fetched
	// (no --fetch-images).
	Pictures Pictures
}

// Pictures fetches remote pictures for the views: a2term itself fetches
// them, from the hosts the person named, so that no view loads anything
// (package internal/imagefetch). Implementations are safe for concurrent
// use.
type Pictures interface {
	// Hosts are the hosts pictures are fetched from.
	Hosts() []string
	// Picture returns the bytes of the picture at url, or why there are
	// none, in a few words the view shows in the picture's place
	// ("loading" while they are on their way). It never blocks: the
	// first ask starts the fetch.
	Picture(url string) ([]byte, error)
	// Watch has changed called each time a fetch ends.
	Watch(changed func())
}

// Role says who a transcript entry is from.
type Role string

// Transcript roles: what the agent said, its tool output, a note, and what
// a2term itself records (shows, waits, actions, timeouts, CMD's output).
const (
	RoleAgent Role = "agent"
	RoleTool  Role = "tool"
	RoleNote  Role = "note"
	RoleEvent Role = "event"
)

// Entry is one line (or paragraph) of the transcript. Text is sanitized.
// From says who wrote it, and is set by the API that added it, never by
// the text: views draw it as a label and a gutter of their own, so that
// nothing an agent or a child process writes can pass for a2term's own
// lines.
type Entry struct {
	// Seq numbers the entries from 1, in order.
	Seq  uint64    `json:"seq"`
	Time time.Time `json:"time"`
	Role Role      `json:"role"`
	From From      `json:"from"`
	Text string    `json:"text"`
}

// Continues reports whether entries, a view's transcript, go on from last,
// the newest entry a view has drawn of it: they hold last as it was, or
// only entries newer than it (the ones between were dropped). They do not
// when the view now shows another transcript — that of a hub started
// again without its journal, or another canvas — whose numbers start over
// or name other entries: what was drawn must be drawn again from them.
func Continues(entries []Entry, last Entry) bool {
	if len(entries) == 0 {
		return false
	}
	first := entries[0].Seq
	if first > last.Seq {
		return true
	}
	i := last.Seq - first // entries are numbered one after another
	if i >= uint64(len(entries)) {
		return false
	}
	e := entries[i]
	return e.Seq == last.Seq && e.Role == last.Role && e.From == last.From && e.Text == last.Text && e.Time.Equal(last.Time)
}

// From is who wrote a transcript entry.
type From string

// Who writes the transcript: a2term itself (its events and notes), the
// agent (transcript.append), and the child process of a2term run, on its
// standard output or its standard error.
const (
	FromA2term From = "a2term"
	FromAgent  From = "agent"
	FromStdout From = "stdout"
	FromStderr From = "stderr"
)

// Status is what the status line reports besides the canvas.
type Status struct {
	// Listening says where agents connect (a socket path), or "".
	Listening string
	// WebURL is what the terminal shows of the web mirror: its unused
	// one-time pairing link, or its plain address once the link was used,
	// or "" with no mirror. It is the person's: never the agent's.
	WebURL string
	// AgentURL is the unused pairing link when the agent may pass it on
	// (WebOptions.AgentLink: no terminal for the person), else "".
	AgentURL string
	// Viewers is how many web pages watch, Terminals how many terminals
	// are attached (a2term attach); the hub's own terminal is not counted.
	Viewers   int
	Terminals int
	// Queued is how many actions wait for the agent.
	Queued int
	// Agent says whether an agent is connected, where a2term can tell
	// (a socket server that reports it: ServerOptions.ReportAgent), so
	// that a view can say when what the person presses only waits.
	Agent AgentPresence
	// Task is what the agent's task is doing, where the transport says
	// (an A2A agent's task state: working, input-required, completed,
	// failed, canceled, auth-required), or "".
	Task string
	// Talk says that the person can write to the agent and ask it to
	// cancel its task (View.Say, View.CancelTask): the transport carries
	// their words (Hub.SetTalk). Views offer a line to write on only
	// then.
	Talk bool
	// Lost says, while a view has lost the a2term it shows (an attached
	// terminal's hub went away), what happened and whether it tries to
	// reach it again; "" while it is connected, and for a hub's own
	// views. It is said beside the transcript, never in it: the
	// transcript's entries are the hub's, numbered by it.
	Lost string
	// PictureHosts are the hosts remote pictures come from, joined by
	// ", " (--fetch-images), or "" when none are fetched; Pictures counts
	// the fetches that ended, so that a view draws its pictures again
	// when it changes.
	PictureHosts string
	Pictures     uint64
	// Notice is the newest notice for the person (the notify function of
	// a2term's own catalog, the answer to an agent function), Focus the
	// newest control the agent asked the views to focus, and Reveal the
	// newest component it asked them to scroll into view. Each carries
	// its number, so that a view acts on it once though it reads the
	// status many times; Asks counts them all.
	Notice, Focus, Reveal Ask
	Asks                  uint64
}

// Ask is something a v1.0 function call asked of the views: a notice to
// show (Text), or a node to focus or scroll into view. Seq numbers it
// among all asks (Status.Asks), from 1; zero is no ask.
type Ask struct {
	Seq       uint64
	SurfaceID string
	NodeID    string
	Text      string
}

// AgentPresence says whether an agent is connected to the canvas.
type AgentPresence uint8

// What a view can know of the agent: nothing (no socket reports it: a
// replay, a frame drawn alone), that none is connected (none came yet, or
// the last one left), or that one is.
const (
	AgentUnknown AgentPresence = iota
	AgentNone
	AgentConnected
)
