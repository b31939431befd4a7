package a2ui

import "unicode"

// isCatalogName reports whether s is an identifier by UAX #31, as the
// specification's "Catalog Entity Naming Rules" ask of a catalog's
// component, function and property names: a character of XID_Start or
// "_", then characters of XID_Continue, none of Pattern_Syntax or
// Pattern_White_Space.
//
// Go's tables have no XID_ properties; they are taken as the ID_ ones
// they are the closure of (ID_Start: letters, letter numbers and
// Other_ID_Start; ID_Continue adds marks, digits, connector punctuation
// and Other_ID_Continue), which differ from them only in a handful of
// compatibility characters.
func isCatalogName(s string) bool {
	if s == "" || len(s) > maxCatalogNameBytes {
		return false
	}
	for i, r := range s {
		if unicode.Is(unicode.Pattern_Syntax, r) && r != '_' || unicode.Is(unicode.Pattern_White_Space, r) {
			return false
		}
		start := r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
		if i == 0 {
			if !start {
				return false
			}
			continue
		}
		if !start && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) {
			return false
		}
	}
	return true
}

// maxCatalogNameBytes bounds a name of a catalog's, which messages
// repeat.
const maxCatalogNameBytes = 256
