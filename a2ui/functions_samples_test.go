package a2ui

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// samplesV09Dir holds the official A2UI v0.9.1 example streams, shared
// beside the repository.
const samplesV09Dir = "../../shared/a2ui-samples-v09"

// v09Sample is what the sample walk keeps of a v0.9 surface.
type v09Sample struct {
	fns   *functionSet
	data  any
	comps map[string]jval
	order []string
	at    map[string]string // component id → JSON Pointer of the component
}

// readSample applies a sample's messages the simple way: createSurface
// picks the catalog, updateComponents adds components, updateDataModel
// writes its value at its path.
func readV09Sample(t *testing.T, path string) map[string]*v09Sample {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file := mustJSON(t, string(raw))
	msgs, _ := file.member("messages")
	surfaces := map[string]*v09Sample{}
	for i, m := range msgs.vals() {
		for j, kind := range m.keys() {
			body := m.vals()[j]
			if kind == "version" {
				continue
			}
			idv, _ := body.member("surfaceId")
			s := surfaces[idv.str()]
			switch kind {
			case "createSurface":
				cat, _ := body.member("catalogId")
				s = &v09Sample{fns: functionsFor(cat.str()), comps: map[string]jval{}, at: map[string]string{}}
				if s.fns == nil {
					t.Fatalf("%s: unknown catalog %s", path, cat.str())
				}
				surfaces[idv.str()] = s
			case "updateComponents":
				comps, _ := body.member("components")
				for k, c := range comps.vals() {
					id, _ := c.member("id")
					if _, seen := s.comps[id.str()]; !seen {
						s.order = append(s.order, id.str())
					}
					s.comps[id.str()] = c
					s.at[id.str()] = "/messages/" + itoa(i) + "/updateComponents/components/" + itoa(k)
				}
			case "updateDataModel":
				segs := []string(nil)
				if pv, ok := body.member("path"); ok {
					segs = parseDynPath(pv.str()).segs
				}
				if vv, ok := body.member("value"); ok {
					s.data = store(s.data, segs, vv.plain())
				}
			}
		}
	}
	return surfaces
}

// scopes returns the data scope each component is drawn in: the first
// item of the template that repeats it, or the root.
func (s *v09Sample) scopes() map[string][]string {
	out := map[string][]string{}
	var walk func(id string, scope []string)
	walk = func(id string, scope []string) {
		c, ok := s.comps[id]
		if !ok {
			return
		}
		if _, seen := out[id]; seen {
			return
		}
		out[id] = scope
		for k, v := range c.keys() {
			child := c.vals()[k]
			switch {
			case v == "children" && child.kind == jObject:
				cid, _ := child.member("componentId")
				pv, _ := child.member("path")
				p := parseDynPath(pv.str())
				items := p.segs
				if !p.abs() {
					items = append(append([]string(nil), scope...), p.segs...)
				}
				walk(cid.str(), append(items, "0"))
			case v == "children":
				for _, e := range child.vals() {
					walk(e.str(), scope)
				}
			case v == "child" || v == "trigger" || v == "content":
				walk(child.str(), scope)
			case v == "tabs":
				for _, tab := range child.vals() {
					if cv, ok := tab.member("child"); ok {
						walk(cv.str(), scope)
					}
				}
			}
		}
	}
	walk("root", nil)
	return out
}

// evalSample parses and evaluates every function use of every sample
// surface: calls in properties as text, checks as the messages of the
// failing ones. Any refusal or evaluation error fails the test.
func evalV09Sample(t *testing.T, path string) map[string]string {
	out := map[string]string{}
	for sid, s := range readV09Sample(t, path) {
		p := dynParser{fns: s.fns}
		scopes := s.scopes()
		for _, id := range s.order {
			c := s.comps[id]
			e := &modelEnv{data: s.data, item: scopes[id]}
			for k, key := range c.keys() {
				v := c.vals()[k]
				at := s.at[id] + "/" + key
				name := sid + "/" + id + "/" + key
				switch {
				case key == "checks":
					rules, err := p.checks(v, at)
					if err != nil {
						t.Errorf("%s: %v", path, err)
						continue
					}
					out[name] = strings.Join(failedChecks(rules, e), " | ")
				case v.kind == jObject && hasMember(v, "call"):
					d, err := p.value(v, typeString, at)
					if err != nil {
						t.Errorf("%s: %v", path, err)
						continue
					}
					text, eerr := evalText(d, e)
					if eerr != nil {
						t.Errorf("%s %s: %v", path, name, eerr)
					}
					out[name] = text
				}
			}
		}
	}
	return out
}

func hasMember(v jval, key string) bool {
	_, ok := v.member(key)
	return ok
}

// Every function use in the official v0.9.1 examples parses, is accepted
// and evaluates as the official renderers show it.
func TestSampleFunctions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(samplesV09Dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no A2UI v0.9 samples at %s (the shared folder beside the repository); sample functions not checked", samplesV09Dir)
	}
	want := map[string]map[string]string{
		"v091-basic-09_login-form.json": {
			"gallery-login-form/email-field/checks":    "Email is required | Please enter a valid email address",
			"gallery-login-form/password-field/checks": "Password is required | Password must be at least 8 characters long",
			"gallery-login-form/login-btn/checks":      "Please fix errors before signing in",
		},
		"v091-basic-13_coffee-order.json": {
			"gallery-coffee-order/item-price/text":     "$6.45", // the first item of the template
			"gallery-coffee-order/subtotal-value/text": "$10.70",
			"gallery-coffee-order/tax-value/text":      "$0.96",
			"gallery-coffee-order/total-value/text":    "$11.66",
		},
		"v091-basic-30_live-invitation-builder.json": {
			"gallery-invitation-builder/invite-date-text/text":     "Tuesday, July 15, 2025 at 7:00 PM",
			"gallery-invitation-builder/invite-location-text/text": "Location: terrace",
		},
		"v091-basic-32_advanced-form-validator.json": {
			"gallery-advanced-validator/welcome-text/text":  "Hello! Today is Monday, December 15.",
			"gallery-advanced-validator/email-field/checks": "Invalid email format",
			"gallery-advanced-validator/phone-field/checks": "Invalid phone format",
			"gallery-advanced-validator/zip-field/checks":   "Must be exactly 5 digits",
			"gallery-advanced-validator/submit-btn/checks":  "You must agree to terms AND provide either Email or Phone, plus a Zip code.",
		},
		"v091-basic-33_financial-data-grid.json": {
			"gallery-financial-grid/asset-price/text":      "$43,500.25",
			"gallery-financial-grid/asset-change/text":     "1.2%",
			"gallery-financial-grid/asset-market-cap/text": "$850,000,000,000.00",
		},
		"v091-minimal-6_capitalized_text.json": {
			"example_6/result_text/text": "",
		},
	}
	for _, f := range files {
		got := evalV09Sample(t, f)
		w := want[filepath.Base(f)] // files not listed use no functions
		if len(got) == 0 && len(w) == 0 || reflect.DeepEqual(got, w) {
			continue
		}
		keys := make([]string, 0, len(got)+len(w))
		for k := range got {
			keys = append(keys, k)
		}
		for k := range w {
			if _, ok := got[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			g, ok := got[k]
			if !ok {
				t.Errorf("%s: %s not found", filepath.Base(f), k)
			} else if g != w[k] {
				t.Errorf("%s: %s = %q, want %q", filepath.Base(f), k, g, w[k])
			}
		}
	}
}

// The samples' checks follow their inputs: the advanced validator's
// button passes once the form is filled in.
func TestSampleChecksFollowInputs(t *testing.T) {
	path := filepath.Join(samplesV09Dir, "v091-basic-32_advanced-form-validator.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no A2UI v0.9 samples at %s; not checked", samplesV09Dir)
	}
	s := readV09Sample(t, path)["gallery-advanced-validator"]
	p := dynParser{fns: s.fns}
	btn := s.comps["submit-btn"]
	cv, _ := btn.member("checks")
	rules, err := p.checks(cv, s.at["submit-btn"]+"/checks")
	if err != nil {
		t.Fatal(err)
	}
	data := s.data
	for _, step := range []struct {
		path, value string
		pass        bool
	}{
		{"/formData/agree", "true", false},
		{"/formData/phone", `"+4915112345678"`, false},
		{"/formData/zip", `"10115"`, true},
		{"/formData/agree", "false", false},
	} {
		data = store(data, parseDynPath(step.path).segs, mustJSON(t, step.value).plain())
		failed := failedChecks(rules, &modelEnv{data: data})
		if (len(failed) == 0) != step.pass {
			t.Errorf("after %s = %s the button's checks fail with %q; want passing %v", step.path, step.value, failed, step.pass)
		}
	}
}
