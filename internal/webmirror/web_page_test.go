package webmirror

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/a2term/a2term/components"
)

// snakeCase turns a component type into its file name: CheckBox ->
// check_box, as components/ names its Go files.
func snakeCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsCode is a module without its comment lines.
func jsCode(src []byte) string {
	var b strings.Builder
	for line := range strings.Lines(string(src)) {
		if !strings.HasPrefix(strings.TrimSpace(line), "//") {
			b.WriteString(line)
		}
	}
	return b.String()
}

var (
	jsImport   = regexp.MustCompile(`(?m)^import (?:\{[^}]*\} from )?'([^']+)';$`)
	jsRegister = regexp.MustCompile(`(?m)^register\('([A-Za-z]+)', ([A-Za-z]+)\);$`)
)

// TestWebPageModules checks the page's script as the browser loads it:
// index.html loads app.js as a module, every import of every module
// resolves to a file the server serves, and every component type the
// terminal draws has a module of its own, named as in components/, that
// the catalog registers.
func TestWebPageModules(t *testing.T) {
	index, static, err := loadPage()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `<script type="module" src="/static/app.js"></script>`) {
		t.Errorf("index.html does not load /static/app.js as a module")
	}
	if strings.Contains(string(index), "<script>") {
		t.Errorf("index.html has an inline script, which the policy refuses")
	}
	var modules []string
	for p, f := range static {
		if !strings.HasSuffix(p, ".js") {
			continue
		}
		modules = append(modules, p)
		if f.contentType != "text/javascript; charset=utf-8" {
			t.Errorf("%s is served as %q", p, f.contentType)
		}
		for _, m := range jsImport.FindAllStringSubmatch(string(f.body), -1) {
			if !strings.HasPrefix(m[1], "./") && !strings.HasPrefix(m[1], "../") {
				t.Errorf("%s imports %q, which is not one of the page's own modules", p, m[1])
				continue
			}
			if _, ok := static[path.Join(path.Dir(p), m[1])]; !ok {
				t.Errorf("%s imports %q, which the server does not serve", p, m[1])
			}
		}
		if code := jsCode(f.body); strings.Contains(code, "innerHTML") || strings.Contains(code, "outerHTML") ||
			strings.Contains(code, "insertAdjacentHTML") || strings.Contains(code, "document.write") {
			t.Errorf("%s writes HTML; the page builds its DOM with createElement and textContent only", p)
		}
	}
	if len(modules) < 10 {
		t.Fatalf("the page has %d modules: %v", len(modules), modules)
	}

	catalog, ok := static["/static/components/catalog.js"]
	if !ok {
		t.Fatal("no /static/components/catalog.js")
	}
	registered := map[string]bool{}
	for _, m := range jsRegister.FindAllStringSubmatch(string(catalog.body), -1) {
		registered[m[1]] = true
	}
	var types []string
	for typ := range components.DefaultCatalog() {
		types = append(types, typ)
	}
	slices.Sort(types)
	for _, typ := range types {
		p := "/static/components/" + snakeCase(typ) + ".js"
		f, ok := static[p]
		if !ok {
			t.Errorf("component %s has no module %s", typ, p)
			continue
		}
		if !strings.Contains(string(f.body), "export function "+typ+"(") {
			t.Errorf("%s does not export the function %s", p, typ)
		}
		if !registered[typ] {
			t.Errorf("the catalog does not register %s", typ)
		}
		delete(registered, typ)
	}
	for typ := range registered {
		t.Errorf("the page's catalog registers %s, which the terminal does not draw", typ)
	}
}
