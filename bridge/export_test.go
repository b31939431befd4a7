package bridge

import "time"

// WithViewHello sets how long a view connection has to attach.
func WithViewHello(o ServerOptions, d time.Duration) ServerOptions {
	o.viewHello = d
	return o
}
