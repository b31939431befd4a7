package tui

import (
	"strconv"
	"strings"
)

// tidyFrame rewrites a frame for keeping: every run of characters of one
// style gets one SGR sequence that sets that style whole (instead of one
// per character, as widgets draw them), a line that ends styled ends with
// a reset, and, unless pad, the spaces at the end of a line that show
// nothing (no background, reverse video or line through them) are cut. The
// text and what it looks like are unchanged. Escape sequences other than
// SGR (there are none in frames) are kept as they are.
func tidyFrame(frame string, pad bool) string {
	lines := strings.Split(frame, "\n")
	var b strings.Builder
	b.Grow(len(frame))
	var segs []styledRun
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		segs = parseStyled(l, segs[:0])
		if !pad {
			segs = trimBlank(segs)
		}
		writeStyled(&b, segs)
	}
	return b.String()
}

// sgrStyle is the effect of SGR sequences: attributes as bits (bit n is
// SGR n: 1 bold, 2 faint, 3 italic, 4 underline, 5 blink, 7 reverse,
// 8 conceal, 9 crossed out; bit 10 stands for 53, overline) and the
// colours as their parameters ("31", "38;5;208", "48;2;0;0;0").
type sgrStyle struct {
	attrs      uint16
	fg, bg, ul string
}

const overlineBit = 10

func (s sgrStyle) plain() bool { return s == sgrStyle{} }

// blankShows reports whether a space drawn in s is visible.
func (s sgrStyle) blankShows() bool {
	return s.bg != "" || s.attrs&(1<<7|1<<4|1<<9|1<<overlineBit) != 0
}

// params writes the parameters that set s from a reset.
func (s sgrStyle) params() string {
	var p []string
	for bit := 1; bit <= overlineBit; bit++ {
		if s.attrs&(1<<bit) != 0 {
			n := bit
			if bit == overlineBit {
				n = 53
			}
			p = append(p, strconv.Itoa(n))
		}
	}
	for _, c := range []string{s.fg, s.bg, s.ul} {
		if c != "" {
			p = append(p, c)
		}
	}
	return strings.Join(p, ";")
}

// apply changes s by the parameters of one SGR sequence.
func (s sgrStyle) apply(params string) sgrStyle {
	if params == "" {
		return sgrStyle{}
	}
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		// A colon form (4:3, 38:5:208) is one parameter of its own.
		if j := strings.IndexByte(p, ':'); j >= 0 {
			switch p[:j] {
			case "4":
				if p[j+1:] == "0" {
					s.attrs &^= 1 << 4
				} else {
					s.attrs |= 1 << 4
				}
			case "38":
				s.fg = p
			case "48":
				s.bg = p
			case "58":
				s.ul = p
			}
			continue
		}
		n, err := strconv.Atoi(p)
		if p == "" {
			n, err = 0, nil
		}
		if err != nil {
			continue
		}
		switch {
		case n == 0:
			s = sgrStyle{}
		case n >= 1 && n <= 9 && n != 6:
			s.attrs |= 1 << n
		case n == 21: // doubly underlined, in most terminals
			s.attrs |= 1 << 4
		case n == 22:
			s.attrs &^= 1<<1 | 1<<2
		case n == 23:
			s.attrs &^= 1 << 3
		case n == 24:
			s.attrs &^= 1 << 4
		case n == 25:
			s.attrs &^= 1 << 5
		case n == 27:
			s.attrs &^= 1 << 7
		case n == 28:
			s.attrs &^= 1 << 8
		case n == 29:
			s.attrs &^= 1 << 9
		case n == 53:
			s.attrs |= 1 << overlineBit
		case n == 55:
			s.attrs &^= 1 << overlineBit
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			s.fg = p
		case n == 39:
			s.fg = ""
		case n >= 40 && n <= 47, n >= 100 && n <= 107:
			s.bg = p
		case n == 49:
			s.bg = ""
		case n == 59:
			s.ul = ""
		case n == 38 || n == 48 || n == 58:
			var c string
			switch {
			case i+2 < len(ps) && ps[i+1] == "5":
				c = strings.Join(ps[i:i+3], ";")
				i += 2
			case i+4 < len(ps) && ps[i+1] == "2":
				c = strings.Join(ps[i:i+5], ";")
				i += 4
			default:
				i = len(ps) // malformed: the rest means nothing
				continue
			}
			switch n {
			case 38:
				s.fg = c
			case 48:
				s.bg = c
			default:
				s.ul = c
			}
		}
	}
	return s
}

// styledRun is text drawn in one style.
type styledRun struct {
	style sgrStyle
	text  string
}

// parseStyled cuts a line into runs of one style each, merging
// neighbours of the same style, and appends them to runs.
func parseStyled(line string, runs []styledRun) []styledRun {
	var cur sgrStyle
	var text strings.Builder
	flush := func() {
		if text.Len() == 0 {
			return
		}
		if n := len(runs); n > 0 && runs[n-1].style == cur {
			runs[n-1].text += text.String()
		} else {
			runs = append(runs, styledRun{style: cur, text: text.String()})
		}
		text.Reset()
	}
	for i := 0; i < len(line); {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && line[j] >= 0x30 && line[j] <= 0x3f {
				j++
			}
			for j < len(line) && line[j] >= 0x20 && line[j] <= 0x2f {
				j++
			}
			if j < len(line) && line[j] == 'm' && j > i+1 {
				next := cur.apply(line[i+2 : j])
				if next != cur {
					flush()
					cur = next
				}
				i = j + 1
				continue
			}
			if j < len(line) {
				text.WriteString(line[i : j+1]) // another sequence: kept
				i = j + 1
				continue
			}
		}
		text.WriteByte(line[i])
		i++
	}
	flush()
	return runs
}

// trimBlank cuts the spaces at the end of a line that show nothing.
func trimBlank(runs []styledRun) []styledRun {
	for len(runs) > 0 {
		last := &runs[len(runs)-1]
		if last.style.blankShows() {
			break
		}
		t := strings.TrimRight(last.text, " ")
		if t != "" {
			last.text = t
			break
		}
		runs = runs[:len(runs)-1]
	}
	return runs
}

// writeStyled writes runs with one SGR sequence where the style changes,
// and a reset at the end of a styled line.
func writeStyled(b *strings.Builder, runs []styledRun) {
	var cur sgrStyle
	for _, r := range runs {
		if r.style != cur {
			switch {
			case r.style.plain():
				b.WriteString("\x1b[m")
			case cur.plain():
				b.WriteString("\x1b[" + r.style.params() + "m")
			default:
				b.WriteString("\x1b[0;" + r.style.params() + "m")
			}
			cur = r.style
		}
		b.WriteString(r.text)
	}
	if !cur.plain() {
		b.WriteString("\x1b[m")
	}
}
