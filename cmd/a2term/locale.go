package main

import (
	"flag"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // --time-zone means the same on every machine, with or without a zone database

	"github.com/a2term/a2term/a2ui"
)

// localeFlags are --locale and --time-zone, on every command that draws a
// canvas: what v0.9 functions format numbers, currencies and dates with.
// The specification gives the agent no way to say; the defaults, en-US and
// UTC, make a surface show the same everywhere.
type localeFlags struct {
	locale, zone string
}

func addLocaleFlags(fs *flag.FlagSet, f *localeFlags) {
	fs.StringVar(&f.locale, "locale", a2ui.DefaultLocale, "`TAG` of the locale v0.9 numbers, currencies and dates are formatted for: "+strings.Join(a2ui.Locales(), ", "))
	fs.StringVar(&f.zone, "time-zone", "UTC", "IANA time `ZONE` v0.9 dates and times are shown in, such as Europe/Berlin, or Local for this machine's")
}

// parse checks the flags' values.
func (f localeFlags) parse() (*a2ui.Locale, *time.Location, error) {
	if f.locale == "" && f.zone == "" {
		return nil, nil, nil // a caller that set neither: the defaults
	}
	l, err := a2ui.ParseLocale(f.locale)
	if err != nil {
		return nil, nil, fmt.Errorf("--locale: %w", err)
	}
	zone, err := time.LoadLocation(f.zone)
	if err != nil || f.zone == "" {
		return nil, nil, fmt.Errorf("--time-zone %q: give an IANA time zone such as UTC or Europe/Berlin, or Local", f.zone)
	}
	return l, zone, nil
}
