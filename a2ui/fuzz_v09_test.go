package a2ui

import "testing"

// FuzzApplyV09 is FuzzApply for the v0.9 decoder: arbitrary streams
// applied to a canvas holding a v0.9 surface with checks, a template,
// function calls and a sendDataModel flag (and a v0.8 surface beside it).
// It must never panic; a refused batch leaves the canvas as it was; an
// accepted one holds only clean strings, resolves to the same tree again
// however it was updated, and survives a press and a value set on every
// node.
func FuzzApplyV09(f *testing.F) {
	for _, seed := range []string{
		v9Comps("n", v9Text("t", `"hi"`)),
		v9Data("n", "/form/name", `"Ada"`),
		v9Data("n", "/items/1", `{"name":"\u001b]52;c;aGk=\u0007"}`),
		`{"version":"v0.9","updateDataModel":{"surfaceId":"n","path":"/items/0"}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"n"}}`,
		v9Create("n"),
		v9Create("z") + "\n" + v9Comps("z", `{"id":"root","component":"Card","child":"root"}`),
		`{"version":"v0.9","deleteSurface":{"surfaceId":"n"}}`,
		`{"version":"v1","createSurface":{"surfaceId":"q","catalogId":"x"}}`,
		msgSurface("n", textComp("root", "x")),
		v9Comps("n", `{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"${/form/name} ${formatNumber(value:${/n},decimals:2)}"}}}`),
		v9Comps("n", `{"id":"root","component":"Button","child":"golabel","action":{"functionCall":{"call":"openUrl","args":{"url":"javascript:alert(1)"}}}}`),
		v9Comps("n", `{"id":"root","component":"Image","url":"https://example.com/a.png"}`),
		v9Comps("n", `{"id":"list","component":"List","children":{"componentId":"list","path":"/items"}}`),
		"[" + v9Data("n", "/form/name", `"x"`) + "," + v9Data("n", "/form/name/deep", `1`) + "]",
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	base := v9Base + "\n" + msgSurface("old", textComp("root", "v0.8")) + "\n" + msgBegin("old", "root") + "\n" +
		`{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"` + MinimalCatalogV09ID + `","sendDataModel":true}}` + "\n" +
		v9Comps("m", `{"id":"root","component":"Column","children":["f","t"]},{"id":"f","component":"TextField","label":"L","value":{"path":"/v"}},`+
			v9Text("t", `{"call":"capitalize","args":{"value":{"path":"/v"}}}`))
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) { fuzzApplyOn(t, base, data, lenient) })
}
