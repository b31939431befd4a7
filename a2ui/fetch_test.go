package a2ui

import "testing"

func TestFetchHost(t *testing.T) {
	cases := []struct {
		url, host string
		ok        bool
	}{
		{"https://cdn.example.com/a.png", "cdn.example.com", true},
		{"HTTPS://CDN.Example.com:443/a.png", "cdn.example.com", true},
		{"https://127.0.0.1:8443/a.png?x=1", "127.0.0.1:8443", true},
		{"https://[::1]:8443/a.png", "[::1]:8443", true},
		{"http://cdn.example.com/a.png", "", false},
		// Plain http only to this machine, always with its port.
		{"http://localhost:10002/static/a.jpeg", "localhost:10002", true},
		{"HTTP://LocalHost/a.png", "localhost:80", true},
		{"http://127.0.0.1:8080/a.png", "127.0.0.1:8080", true},
		{"http://127.8.9.10:8080/a.png", "127.8.9.10:8080", true},
		{"http://[::1]:8080/a.png", "[::1]:8080", true},
		{"http://10.0.0.1:8080/a.png", "", false},
		{"http://localhost.example.com/a.png", "", false},
		{"http://user:pw@localhost:8080/a.png", "", false},
		{"https://user:pw@cdn.example.com/a.png", "", false},
		{"https://user@cdn.example.com/a.png", "", false},
		{"https:///a.png", "", false},
		{"https:cdn.example.com", "", false},
		{"//cdn.example.com/a.png", "", false},
		{"data:image/png;base64,AAAA", "", false},
	}
	for _, c := range cases {
		host, ok := FetchHost(c.url)
		if host != c.host || ok != c.ok {
			t.Errorf("FetchHost(%q) = %q, %v; want %q, %v", c.url, host, ok, c.host, c.ok)
		}
	}
	hosts := []string{"cdn.example.com", "127.0.0.1:8443", "localhost:10002", "localhost"}
	for u, want := range map[string]bool{
		"https://cdn.example.com/a.png":         true,
		"https://cdn.example.com:443/a.png":     true,
		"https://cdn.example.com:8443/a.png":    false, // another port
		"https://img.cdn.example.com/a.png":     false, // a subdomain
		"https://example.com/a.png":             false,
		"https://cdn.example.com.evil.io/a.png": false,
		"https://127.0.0.1:8443/a.png":          true,
		"https://127.0.0.1/a.png":               false,
		"http://cdn.example.com/a.png":          false,
		"http://127.0.0.1:8443/a.png":           true, // this machine
		"http://localhost:10002/a.png":          true,
		"https://localhost:10002/a.png":         true,
		"http://localhost/a.png":                false, // port 80: "localhost" is 443
		"https://localhost/a.png":               true,
	} {
		if got := Fetchable(u, hosts); got != want {
			t.Errorf("Fetchable(%q) = %v, want %v", u, got, want)
		}
	}
	if Fetchable("https://cdn.example.com/a.png", nil) {
		t.Error("fetchable with no hosts")
	}
}

// An Image from a host the person named is accepted even by a strict v0.8
// canvas, and resolved with its URL in Remote; one from any other host is
// refused as before; video and audio are never fetched.
func TestFetchImagesV08(t *testing.T) {
	opts := Options{FetchImages: []string{"cdn.example.com"}}
	c := canvasOf(t, opts, `
{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"img","component":{"Image":{"url":{"literalString":"https://cdn.example.com/a.png"},"altText":{"literalString":"A cat"}}}}]}}
{"beginRendering":{"surfaceId":"s","root":"img"}}`)
	p := nodeOf(t, c, "s", "img").Props.(*ImageProps)
	if p.Remote != "https://cdn.example.com/a.png" || p.URL != "" || p.Blocked != "" || p.AltText != "A cat" {
		t.Errorf("props %+v, want the URL in Remote", p)
	}
	for _, comp := range []string{
		`{"Image":{"url":{"literalString":"https://other.example.com/a.png"}}}`,
		`{"Image":{"url":{"literalString":"http://cdn.example.com/a.png"}}}`,
		`{"Image":{"url":{"literalString":"https://u:p@cdn.example.com/a.png"}}}`,
		`{"Video":{"url":{"literalString":"https://cdn.example.com/v.mp4"}}}`,
	} {
		_, _, err := New(opts).ApplyJSON(rawLines(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"m","component":` + comp + `}]}}`))
		if err == nil || err.(*Error).Code != CodeRemoteMedia {
			t.Errorf("%s: err %v, want %s", comp, err, CodeRemoteMedia)
		}
	}
}

// A blocked picture says whether --fetch-images would show it: only an
// https URL without credentials.
func TestFetchImagesBlocked(t *testing.T) {
	c := canvasOf(t, Options{Lenient: true}, `
{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["a","b","c"]}}}},{"id":"a","component":{"Image":{"url":{"literalString":"https://cdn.example.com/a.png"}}}},{"id":"b","component":{"Image":{"url":{"literalString":"http://cdn.example.com/a.png"}}}},{"id":"c","component":{"Image":{"url":{"literalString":"https://u:p@cdn.example.com/a.png"}}}}]}}
{"beginRendering":{"surfaceId":"s","root":"col"}}`)
	for id, want := range map[string]bool{"a": true, "b": false, "c": false} {
		p := nodeOf(t, c, "s", id).Props.(*ImageProps)
		if p.Blocked != "cdn.example.com" || p.Fetchable != want || p.Remote != "" {
			t.Errorf("%s: props %+v, want blocked cdn.example.com, fetchable %v", id, p, want)
		}
	}
}

// v0.9 and the data model: a bound URL from a named host is fetched, and
// one from another host is a placeholder.
func TestFetchImagesV09Bound(t *testing.T) {
	opts := Options{FetchImages: []string{"cdn.example.com"}}
	c := canvasOf(t, opts, v9Create("s")+"\n"+
		v9Comps("s", `{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"Image","url":{"path":"/a"}},{"id":"b","component":"Image","url":"https://other.example/b.png"}`)+"\n"+
		v9Data("s", "/a", `"https://cdn.example.com/a.png"`))
	if p := nodeOf(t, c, "s", "a").Props.(*ImageProps); p.Remote != "https://cdn.example.com/a.png" {
		t.Errorf("bound: props %+v, want Remote", p)
	}
	if p := nodeOf(t, c, "s", "b").Props.(*ImageProps); p.Remote != "" || p.Blocked != "other.example" || !p.Fetchable {
		t.Errorf("other host: props %+v, want blocked", p)
	}
}

// A strict v0.8 canvas that knows a host an earlier a2term of it fetched
// pictures from (FetchedImages: a journal's) accepts its pictures, literal
// or from the data model, and draws them as ones not fetched, naming the
// flag; nothing is fetched from it, and other hosts are refused as before.
func TestFetchedImagesV08(t *testing.T) {
	opts := Options{FetchedImages: []string{"cdn.example.com"}}
	c := canvasOf(t, opts, `
{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"col","component":{"Column":{"children":{"explicitList":["a","b"]}}}},{"id":"a","component":{"Image":{"url":{"literalString":"https://cdn.example.com/a.png"},"altText":{"literalString":"A cat"}}}},{"id":"b","component":{"Image":{"url":{"path":"/b"}}}}]}}
{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"b","valueString":"https://cdn.example.com/b.png"}]}}
{"beginRendering":{"surfaceId":"s","root":"col"}}`)
	for _, id := range []string{"a", "b"} {
		if p := nodeOf(t, c, "s", id).Props.(*ImageProps); p.Remote != "" || p.URL != "" || p.Blocked != "cdn.example.com" || !p.Fetchable {
			t.Errorf("%s: props %+v, want blocked, fetchable", id, p)
		}
	}
	for _, u := range []string{"https://other.example.com/a.png", "http://cdn.example.com/a.png"} {
		_, _, err := New(opts).ApplyJSON(rawLines(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"m","component":{"Image":{"url":{"literalString":"` + u + `"}}}}]}}`))
		if err == nil || err.(*Error).Code != CodeRemoteMedia {
			t.Errorf("%s: err %v, want %s", u, err, CodeRemoteMedia)
		}
	}
}
