package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/muesli/termenv"
)

func TestTidyMergesRunsAndTrims(t *testing.T) {
	for _, tc := range []struct{ in, want, pad string }{
		{"plain   ", "plain", "plain   "},
		{"\x1b[1;38;5;12mA\x1b[0m\x1b[1;38;5;12mB\x1b[0m  x  ", "\x1b[1;38;5;12mAB\x1b[m  x", "\x1b[1;38;5;12mAB\x1b[m  x  "},
		// The same style written another way is the same run.
		{"\x1b[38;5;12;1mA\x1b[22mB\x1b[1mC\x1b[m", "\x1b[1;38;5;12mA\x1b[0;38;5;12mB\x1b[0;1;38;5;12mC\x1b[m", ""},
		// Spaces that show are kept: reverse video, a background, an underline.
		{"a\x1b[7m  \x1b[0m   ", "a\x1b[7m  \x1b[m", "a\x1b[7m  \x1b[m   "},
		{"a\x1b[48;2;1;2;3m \x1b[0m", "a\x1b[48;2;1;2;3m \x1b[m", ""},
		{"a\x1b[4m \x1b[24m ", "a\x1b[4m \x1b[m", ""},
		// A coloured space shows nothing.
		{"a\x1b[31m   \x1b[0m", "a", ""},
		{"\x1b[31m\x1b[32m\x1b[0m", "", ""},
		{"\x1b[1m\x1b[31mred\x1b[39m\x1b[22m!", "\x1b[1;31mred\x1b[m!", ""},
	} {
		if got := tidyFrame(tc.in, false); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
		if tc.pad != "" {
			if got := tidyFrame(tc.in, true); got != tc.pad {
				t.Errorf("%q padded: %q, want %q", tc.in, got, tc.pad)
			}
		}
	}
}

func TestSGRParams(t *testing.T) {
	for in, want := range map[string]string{
		"1;2;3;4;5;7;8;9;53":             "1;2;3;4;5;7;8;9;53",
		"1;22":                           "",
		"38;5;208;48;2;1;2;3;58;5;1":     "38;5;208;48;2;1;2;3;58;5;1",
		"31;39":                          "",
		"91;101":                         "91;101",
		"4:3":                            "4",
		"4;4:0":                          "",
		"38:2::1:2:3":                    "38:2::1:2:3",
		"38;5":                           "", // malformed: ignored
		"3;23;7;27;9;29;5;25;53;55;8;28": "",
		"0;1":                            "1",
		";1":                             "1",
	} {
		if got := (sgrStyle{}).apply(in).params(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

var sgrSeq = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// TestTidyKeepsEveryCellsLook draws every fixture in colour: tidied,
// each character has the style it had, lines end where the last visible
// cell is, and every escape sequence changes the style (so no run of one
// style has two).
func TestTidyKeepsEveryCellsLook(t *testing.T) {
	for name, data := range fixtures(t) {
		b := boardFrom(t, data, true)
		for _, profile := range []termenv.Profile{termenv.ANSI256, termenv.TrueColor} {
			m := New(b, testOptions(profile))
			m.SetSize(120, 30)
			raw := m.View()
			m.Close()
			for _, pad := range []bool{false, true} {
				tidy := tidyFrame(raw, pad)
				rl, tl := strings.Split(raw, "\n"), strings.Split(tidy, "\n")
				if len(rl) != len(tl) {
					t.Fatalf("%s: %d lines, tidied %d", name, len(rl), len(tl))
				}
				for i := range rl {
					want, got := cellStyles(rl[i]), cellStyles(tl[i])
					if !pad {
						for len(want) > len(got) && want[len(want)-1].c == ' ' && !want[len(want)-1].s.blankShows() {
							want = want[:len(want)-1]
						}
					}
					if len(want) != len(got) {
						t.Fatalf("%s %v line %d: %d cells, tidied %d:\n%q\n%q", name, profile, i, len(want), len(got), rl[i], tl[i])
					}
					for j := range want {
						if want[j] != got[j] {
							t.Fatalf("%s %v line %d byte %d: %+v, tidied %+v", name, profile, i, j, want[j], got[j])
						}
					}
					var st sgrStyle
					for _, seq := range sgrSeq.FindAllString(tl[i], -1) {
						next := st.apply(seq[2 : len(seq)-1])
						if next == st {
							t.Fatalf("%s line %d: %q changes nothing in %q", name, i, seq, tl[i])
						}
						st = next
					}
					if !st.plain() {
						t.Fatalf("%s line %d ends styled: %q", name, i, tl[i])
					}
				}
				if n, rn := len(sgrSeq.FindAllString(tidy, -1)), len(sgrSeq.FindAllString(raw, -1)); n >= rn && rn > 0 {
					t.Errorf("%s: %d sequences tidied, %d drawn", name, n, rn)
				}
			}
		}
	}
}

type styledByte struct {
	c byte
	s sgrStyle
}

// cellStyles is each byte of a line's text with the style it is drawn in.
func cellStyles(line string) []styledByte {
	var out []styledByte
	for _, r := range parseStyled(line, nil) {
		for i := 0; i < len(r.text); i++ {
			out = append(out, styledByte{r.text[i], r.style})
		}
	}
	return out
}
