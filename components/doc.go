// Package components draws resolved A2UI nodes as terminal widgets: one
// file per component type, and a catalog that maps type names to them.
//
// Widgets are functions of a node, a width and a Context: they keep no
// state of their own. What the person is doing — the focused control, a
// cursor, the selected tab, an open modal, a filter — lives in a State the
// program owns and passes down, keyed by node id, so that it survives the
// agent rebuilding the tree on every update.
//
// Drawing returns a Block: lines of exactly the width asked for, plus the
// rectangles where controls were drawn, which the program uses for focus
// order, scrolling to the focused control, and mouse clicks. Controls turn
// keys and clicks into an Intent (press this button, set this input to
// that value); the program sends intents to the hub, which decides what
// they mean.
package components
