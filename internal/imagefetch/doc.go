// Package imagefetch fetches the remote pictures the person lets a2term
// show (--fetch-images HOST[,HOST…]), so that both views draw them from
// the same bytes and neither loads anything itself: the terminal decodes
// them as it decodes a data: picture, and the web mirror sends them to
// its page as data: URLs (the page's CSP keeps img-src data:).
//
// By default nothing is fetched: a picture that is not a data: URL would
// tell another site that the person is looking. With the flag, only
// these requests leave a2term:
//
//   - GET over HTTPS to exactly the hosts named (a2ui.Fetchable: no
//     subdomain, no other port, no user or password in the URL), or over
//     plain http when the host named is this machine (localhost or a
//     loopback address, as an A2A sample serves its pictures), with the
//     system's certificate pool (Options.RootCAs only for tests), directly:
//     no proxy from the environment, so that no one but the host named
//     learns what the person looks at;
//   - with no cookies (no jar), no Authorization, no Referer, and an
//     Accept of the four picture types a2term draws;
//   - following a redirect only to the same host (https, or http on
//     this machine), at most
//     MaxRedirects times; one to another host is refused.
//
// A response is kept only when it is 200, declares an image type (or
// none) and its first bytes are a PNG, JPEG, GIF or WebP picture (sniffed,
// whatever it declares).
//
// Bounds (each a named constant; what passes it is shown in place of the
// picture, in its one line of alt text):
//
//   - MaxPictureBytes (2 MiB, the most a data: picture can hold, as the
//     canvas holds at most a2ui.MaxCanvasBytes): a larger body is cut off
//     and refused, "too big".
//   - FetchTimeout (10 s) from the request to the last byte: "timed out".
//   - MaxHeaderBytes (64 KiB) of response headers: the fetch fails.
//   - MaxFetching (4) fetches at once; the others wait, "loading".
//   - MaxPictures (64) pictures fetched in the canvas's life, and
//     MaxCacheBytes (16 MiB) kept: a picture beyond either is refused and
//     not fetched (or not kept). Nothing is evicted: a picture shown
//     again is never fetched again, so an agent cannot make a2term call
//     a host over and over.
//   - MaxRedirects (3), each to the same host: the fetch fails.
//   - MaxHosts (32) hosts in --fetch-images: a usage error.
//
// Flow: a view asks Picture(url) while it draws. The first ask starts the
// fetch in a goroutine and answers ErrLoading; every later ask answers
// from the cache, which keeps each picture, or why it failed, for the
// Fetcher's life (a hub's, so the canvas's). When a fetch ends, the
// functions given to Watch are called: the hub then tells its views to
// draw again (hub.Pictures).
package imagefetch
