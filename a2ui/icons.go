package a2ui

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

// IsIconName reports whether name is one of the 48 standard icon names.
func IsIconName(name string) bool {
	for _, n := range iconNames {
		if n == name {
			return true
		}
	}
	return false
}
