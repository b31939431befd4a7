// Package hub is a2term's core: the one canvas, its transcript and status
// (the Board), and the one queue of the person's actions (the Hub), which
// every view feeds and every agent reads. It knows no screen and no
// transport: the terminal (package tui), the web mirror, the attached
// terminals, the agent socket and the MCP server all talk to it through
// the methods here, and none of them is imported here.
//
// The view contract is the View interface (view.go): a Snapshot to draw,
// Subscribe to hear of changes, Press and SetValue for the person's
// intents, Say and CancelTask for their words to the agent. A Hub is a View; so is an attached terminal's copy. A hub
// given Pictures (--fetch-images) hands it to every view in the Snapshot,
// so that the views draw the remote pictures a2term fetched from the same
// bytes, and counts the fetches that ended in the status, so that they
// draw again.
//
// Where the transport carries the person's own words (an A2A agent,
// a2term connect), it gives the hub a Talker (talk.go), the status says so
// (Status.Talk), and any view may write a message to the agent (Say) or
// ask it to cancel its task (CancelTask), as it asks for a press.
//
// # Data flow
//
//	agent --JSON-RPC--> Server --> Hub.Show --> Board: a2ui.Canvas.Apply(batch), all or none
//	                                             |
//	                       views (terminal, web) read Snapshot, send intents
//	                                             |
//	agent <--canvas.wait-- Hub's action queue <--+ Press: the hub builds the userAction
//
// The Hub owns the state: a Board (the canvas, the transcript, the status
// line) and one FIFO queue of the person's actions, which every view
// feeds and every agent reads. An action is delivered exactly once,
// oldest first, and concurrent waits each get a different one. Each show,
// wait, action and timeout is written to the transcript by the hub
// itself.
//
// # Locks, and where the work happens
//
// No decoding or evaluating happens under a lock that a reader waits on.
// A canvas never changes (a change makes a new one), so a change is
// computed beside the current canvas and then swapped in:
//
//   - Board.wmu makes the board's writers one at a time, in the order
//     they came: a batch shown, a value set, a press (which builds its
//     action from the canvas). A writer decodes the batch (up to 4 MiB),
//     checks the value, evaluates bindings, checks and functions holding
//     wmu alone; only the writers after it wait for it.
//   - Board.mu guards the canvas pointer, the transcript, the status, the
//     changes views follow and the subscribers. A writer takes it only to
//     swap its canvas in, record the change (the transcript, the changes,
//     the journal's record) and notify; every reader (Snapshot, and
//     so canvas.info, canvas.state, the terminal's redraw, the web
//     mirror, the view channel) and every transcript line or status takes
//     it only for as long. A show is recorded in the transcript when it
//     lands, after the lines added while it was computed. (Now and then
//     the journal's record compacts it, writing a snapshot of the whole
//     state, under the same lock.)
//   - Hub.mu guards the action queue, the waits and what the hub keeps of
//     its views; Hub.pressMu makes presses one at a time, so the queue
//     holds actions in the transcript's order.
//
// The locks are taken in that order (pressMu, wmu, Hub.mu, Board.mu, the
// journal's), never the other way, and none is held while writing to an
// agent, a view or a page. An attached terminal (RemoteView) applies the
// hub's changes to its copy of the canvas without its own lock too, so
// its redraws never wait for an apply either; the full-screen program
// sends its intents (RemoteView.Press and SetValue, calls to the hub) in
// commands, one after another, never from its update loop.
//
// # Journal
//
// A journal (journal.go) holds at most about twice its snapshot plus
// journalSlack (1 MiB) and one record; beside it, path.prev keeps one
// previous generation, no more, of the same bound. A journal whose
// snapshot is damaged is restored from path.prev, and the person is told
// that any change made after path.prev was last written is lost.
// A surface whose catalog the hub was not given (a definition an a2term
// started with --catalog drew) is held, not drawn, in every snapshot
// until a hub given it restores it (journal_held.go); held surfaces are
// what the journal held, within its bound. Each snapshot names at most
// maxPictureHosts (64) hosts the canvas took pictures from
// (journal_pictures.go), so that a hub started without --fetch-images
// restores their pictures as ones it does not fetch; further hosts are
// forgotten.
//
// # Bounds
//
// MaxQueued (256) actions wait for the agent at most; a press beyond it is
// refused to the person (ErrQueueFull) and reported to the agent. One
// wait waits at most MaxWait (600 s). At most MaxViewers (4) web pages
// and MaxTerminals (8) attached terminals show the canvas at once. The
// transcript keeps MaxTranscript (2000) entries and MaxTranscriptBytes
// (4 MiB) of text; a message a view writes to the agent (Say) is at most
// a2ui.MaxStringBytes (64 KiB), and a longer one is refused to the
// person. The board keeps the last 512 canvas changes, up to
// MaxChangesBytes (8 MiB), for views in other processes (one further
// behind is sent the whole canvas).
//
// # A2UI v1.0
//
// What a v1.0 batch has for the agent (the answer to its
// callRendererFunction, or an error naming the call) joins the queue
// beside the person's actions, and a press on a button calling a
// function of the agent's is queued as its callAgentFunction; the button
// waits for the agentFunctionResponse for at most a2ui.MaxAgentCallWait
// (60 s), after which ExpireCalls lets it take presses again.
package hub
