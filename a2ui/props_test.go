package a2ui

import "testing"

// TestComponentTable checks the table both decoders read through: every
// type of each version has a row, and every property row names a version,
// is required only where it is named, has values where it is an enum, and
// leads to a field of the type its kind reads.
func TestComponentTable(t *testing.T) {
	for _, typ := range ComponentTypes() {
		if specs08.find(typ) == nil {
			t.Errorf("v0.8 type %s has no row in componentTable", typ)
		}
	}
	for _, typ := range basicCatalogV09.typeList() {
		if specs09.find(typ) == nil {
			t.Errorf("v0.9 type %s has no row in componentTable", typ)
		}
	}
	if len(specs08) != len(ComponentTypes()) || len(specs09) != len(basicCatalogV09.typeList()) {
		t.Errorf("componentTable has %d v0.8 and %d v0.9 types, the catalogs %d and %d",
			len(specs08), len(specs09), len(ComponentTypes()), len(basicCatalogV09.typeList()))
	}
	for _, s := range componentTable {
		p := s.new(&decoder{})
		for _, r := range s.props {
			at := s.v08 + "/" + r.v08 + " (" + s.v09 + "/" + r.v09 + ")"
			if r.v08 == "" && r.v09 == "" {
				t.Errorf("%s: a row names its property in no version", at)
			}
			if (r.required&in08 != 0 && r.v08 == "") || (r.required&in09 != 0 && r.v09 == "") {
				t.Errorf("%s: required in a version that does not read it", at)
			}
			if r.kind == enumProp || r.kind == hintProp {
				if (r.v08 != "" && len(r.values08) == 0) || (r.v09 != "" && len(r.values09) == 0) {
					t.Errorf("%s: an enum without values", at)
				}
			}
			if r.kind >= iconProp {
				if r.field != nil {
					t.Errorf("%s: a kind read by a method of its own has a field", at)
				}
				continue
			}
			if r.field == nil || !fieldOfKind(r.kind, r.field(p)) {
				t.Errorf("%s: kind %d does not lead to a field of its type", at, r.kind)
			}
		}
		if s.checks != nil && s.checks(p) == nil {
			t.Errorf("%s: checks leads to no field", s.v09)
		}
	}
}

// fieldOfKind reports whether f is a pointer to the type kind reads.
func fieldOfKind(kind propKind, f any) bool {
	switch f.(type) {
	case *Bound[string]:
		return kind == strProp || kind == dateProp
	case *Bound[float64]:
		return kind == numProp
	case *Bound[bool]:
		return kind == boolProp
	case *Bound[[]string]:
		return kind == strListProp
	case *string:
		return kind == enumProp || kind == hintProp || kind == idProp
	case *bool:
		return kind == flagProp
	case **bool:
		return kind == optFlagProp
	case **float64:
		return kind == optNumProp
	case *Children:
		return kind == childrenProp
	case *Action:
		return kind == actionProp
	case *[]TabItem:
		return kind == tabsProp
	case *[]Option:
		return kind == optionsProp
	}
	return false
}
