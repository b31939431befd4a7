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
//
// Pictures are drawn with half-block cells, or, when Options.Graphics
// names a terminal graphics protocol, as kitty's placeholder cells, which
// the program's output sends or paints (docs/components.md, "Pictures in
// the terminal"). The Pictures store behind them decodes and scales each
// picture once per size, within bounds: maxPictureIDs (65,280 pictures at
// a size; past it, half-blocks), maxScaledPixels (1 Mpixel a picture;
// past it, fewer pixels a cell), maxPictureBytes (64 MiB of pixels; past
// it, the oldest let go and made again when needed) and placeholderSides
// (297 cells a side; past it, half-blocks). Decoding refuses a picture of
// more than maxPictureSide (4,096) pixels a side from its header.
package components
