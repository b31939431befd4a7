package hub

import (
	"slices"
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// A journal written by an a2term that fetched pictures (--fetch-images)
// holds surfaces with pictures from those hosts, which a canvas accepts
// only from hosts it fetches from, or fetched from before. Each snapshot
// therefore names the hosts its canvas accepted pictures from; a hub
// started again without them restores the canvas knowing them
// (a2ui.Options.FetchedImages): its pictures are drawn as ones not
// fetched, naming the flag that would show them, rather than refused
// with the surface, and the rest of the journal with it.

// maxPictureHosts bounds the hosts a journal's snapshot names: the hub's
// own (--fetch-images, at most imagefetch.MaxHosts) first, then those it
// was restored knowing. The others are forgotten, and a surface with a
// picture from one of them no longer restores.
const maxPictureHosts = 64

// pictureHosts are the hosts a canvas with opts accepts pictures from, as
// a snapshot names them.
func pictureHosts(opts a2ui.Options) []string {
	var hosts []string
	for _, h := range slices.Concat(opts.FetchImages, opts.FetchedImages) {
		if len(hosts) == maxPictureHosts {
			break
		}
		if !slices.Contains(hosts, h) {
			hosts = append(hosts, h)
		}
	}
	return hosts
}

// fetchedBefore returns opts knowing the hosts a snapshot names that it
// does not fetch from, at most maxPictureHosts; a name that is not a
// host as --fetch-images names one (imagefetch.ParseHosts) is left out.
func fetchedBefore(opts a2ui.Options, named []string) a2ui.Options {
	opts.FetchedImages = nil
	for _, h := range named[:min(len(named), maxPictureHosts)] {
		if got, ok := a2ui.FetchHost("https://" + h + "/"); !ok || got != h || strings.ContainsAny(h, "/?#@*\\") ||
			slices.Contains(opts.FetchImages, h) || slices.Contains(opts.FetchedImages, h) {
			continue
		}
		opts.FetchedImages = append(opts.FetchedImages, h)
	}
	return opts
}
