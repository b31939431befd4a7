package a2ui

import (
	"strings"
	"unicode"
)

// iconNames are the 48 icon names the standard catalog allows for a literal
// Icon name, in the catalog's order.
var iconNames = [...]string{
	"accountCircle", "add", "arrowBack", "arrowForward", "attachFile",
	"calendarToday", "call", "camera", "check", "close", "delete", "download",
	"edit", "event", "error", "favorite", "favoriteOff", "folder", "help",
	"home", "info", "locationOn", "lock", "lockOpen", "mail", "menu",
	"moreVert", "moreHoriz", "notificationsOff", "notifications", "payment",
	"person", "phone", "photo", "print", "refresh", "search", "send",
	"settings", "share", "shoppingCart", "star", "starHalf", "starOff",
	"upload", "visibility", "visibilityOff", "warning",
}

// IconNames returns the 48 standard icon names.
func IconNames() []string { return append([]string(nil), iconNames[:]...) }

// StandardIconName returns the standard icon a name means: the name itself,
// or the catalog's camelCase spelling of a Material snake_case name
// ("calendar_today" is calendarToday). ok is false when it means none.
func StandardIconName(name string) (string, bool) {
	if IsIconName(name) {
		return name, true
	}
	return camelIcon(name, IsIconName)
}

// IsIconName reports whether name is one of the 48 standard icon names.
func IsIconName(name string) bool {
	for _, n := range iconNames {
		if n == name {
			return true
		}
	}
	return false
}

// iconNamesV09 are the v0.9 basic catalog's icon names: v0.8's 48 and 11
// for media players.
var iconNamesV09 = func() []string {
	extra := []string{
		"fastForward", "pause", "play", "rewind", "skipNext", "skipPrevious", "stop",
		"volumeDown", "volumeMute", "volumeOff", "volumeUp",
	}
	return append(append([]string(nil), iconNames[:]...), extra...)
}()

// IconNamesV09 returns the v0.9 basic catalog's 59 icon names.
func IconNamesV09() []string { return append([]string(nil), iconNamesV09...) }

// IsIconNameV09 reports whether name is one of the v0.9 icon names.
func IsIconNameV09(name string) bool { return containsString(iconNamesV09, name) }

// iconNameV09 reads a Material snake_case name as the v0.9 catalog's
// camelCase one ("skip_next" is skipNext).
func iconNameV09(name string) (string, bool) {
	return camelIcon(name, IsIconNameV09)
}

// camelIcon reads a Material snake_case name in a catalog's camelCase
// spelling ("calendar_today" is calendarToday), if known says the catalog
// has it.
func camelIcon(name string, known func(string) bool) (string, bool) {
	if !strings.ContainsRune(name, '_') {
		return "", false
	}
	var b strings.Builder
	up := false
	for _, r := range name {
		switch {
		case r == '_':
			up = b.Len() > 0
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	if camel := b.String(); known(camel) {
		return camel, true
	}
	return "", false
}
