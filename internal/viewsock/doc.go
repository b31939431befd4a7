// Package viewsock is the view channel: how a terminal in another process
// (a2term attach) shows the canvas of a running hub and sends the
// person's intents (viewstream.go draws the exchange).
//
// The files: views.go holds the hub's side (ListenViews, ViewServer: the
// socket a2term.view.sock and the key file a2term.view.key beside the
// agent socket, both 0600, and one connection per terminal); remote.go,
// the terminal's side (Attach, RemoteView: a hub.View that keeps its own
// copy of the canvas, applies the hub's changes to it and connects again
// when the hub comes back, through package redial, and asks the hub for
// the remote pictures it fetched); viewstream.go, the methods, their
// params and the jsonrpc2.ObjectStream both ends read through, over a
// bounded line stream (package linestream).
//
// The program that serves the agent socket (package agentsock) opens the
// view channel beside it after Listen, and closes it before the agent
// socket's Server.
//
// # Bounds
//
// A connection must attach (view.attach with the key) within 5 s and in
// its first 4 KiB, else it is told CodeNotAllowed and closed; refusals
// are logged at the 1st, 10th, 100th... only. At most hub.MaxTerminals
// terminals are attached at once, and a few more connections are let in
// only to be refused politely; beyond them a connection is closed unread.
// An attached view's line to the hub is bounded as an agent's
// (agentsock.MaxRPCMessageBytes, 4 MiB), the person's message to the
// agent in it (view.say) as the hub's own views' (a2ui.MaxStringBytes,
// 64 KiB: a longer one is refused to the person), a line from the hub to
// the view
// at 64 MiB (a whole canvas with its transcript), and a message that
// cannot be written within agentsock.DefaultWriteTimeout (5 s) closes the
// connection. The catalog definitions the hub was given go with each whole
// canvas, and the view reads them with a definition's bounds
// (a2ui.MaxCatalogs, 16, of a2ui.MaxCatalogBytes, 1 MiB, each, and the
// rest): one it refuses leaves its copy as it was. A view keeps at most 1024 pairs of its own and the hub's
// versions to map a press to the version the hub knows. A view that lost
// its hub tries to attach again for AttachOptions.Reconnect (30 s by
// default): first 50 ms after the loss, then pausing twice as long after
// each try, up to 1 s; a try that has not attached within 2 s has failed.
// A view keeps the hub's answers for at most 256 remote pictures
// (view.picture; one more is not asked for), each answer at most
// imagefetch.MaxPictureBytes (2 MiB) and all at most
// imagefetch.MaxCacheBytes (16 MiB): a larger one is refused, and the
// picture drawn as too big or not kept; the hub sends no more than 2 MiB
// of one picture either.
package viewsock
