// Package webtext is the page-text oracle: WebText writes what the web
// mirror's page shows for a snapshot and a view state (WebView) as text,
// without a browser, for snapshot tests (a2term snapshot --web) and for
// the mirror's browser tests, which check it against the page a real
// browser builds.
//
// The files: webtext.go holds WebText, the DOM it builds and writes, and
// JavaScript's rules for numbers and truth that the page follows;
// webdraw.go, each component drawn as the page's script draws it;
// webmarkdown.go, the page's Markdown. It reads the snapshot as the page
// receives it (package webpage), and the page's own icon glyphs.
package webtext
