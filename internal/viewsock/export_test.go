package viewsock

import (
	"time"
)

// WithViewHello sets how long a view connection has to attach.
func WithViewHello(o ViewOptions, d time.Duration) ViewOptions {
	o.hello = d
	return o
}

// Resync asks the hub for the whole canvas again, as the view does when
// its copy can no longer follow the changes; the hub sends it with the
// next change.
func (r *RemoteView) Resync() error { return r.call(ViewMethodResync, nil, nil) }

// WithoutMethods has the hub answer methods as unknown, as a hub older
// than them does.
func WithoutMethods(o ViewOptions, methods ...string) ViewOptions {
	o.without = map[string]bool{}
	for _, m := range methods {
		o.without[m] = true
	}
	return o
}
