package a2ui

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// A regex check costs the steps of its program times the bytes it reads:
// Go's RE2 engine never backtracks without bound, but a pattern of sixty
// [a-z]{0,1000} is a program of 120,000 instructions, and matching it
// against a few kilobytes takes seconds. So a pattern is measured before
// it is compiled, a program over MaxRegexpProgram instructions is never
// compiled, a check reads no more than MaxRegexpSteps allow, and each
// match spends its steps from the evaluation's budget. Parsing is bounded
// too: under case folding ((?i)) Go's parser walks every character of a
// class range one by one, so [B-\x{1e942}] alone takes milliseconds; the
// ranges a case-insensitive pattern names may span at most
// maxFoldedRange characters.

// maxFoldedRange bounds the characters the class ranges of a
// case-insensitive pattern span, where case folding applies.
const maxFoldedRange = 1 << 14

// pattern is a compiled regex pattern with the size of its program, as
// programSize counts it.
type pattern struct {
	re    *regexp.Regexp
	insts int
}

// regexpStepCost is what one step of a regex program costs the budget:
// about what writing a few bytes costs.
const regexpStepCost = 4

// match reports whether s matches, spending the steps it may take from b.
func (p *pattern) match(s string, b *evalBudget) (bool, error) {
	if limit := MaxRegexpSteps / p.insts; len(s) > limit {
		return false, boundf("a regex check of this pattern (%d instructions) reads at most %d bytes; the value has %d", p.insts, limit, len(s))
	}
	if err := b.spend(regexpStepCost * p.insts * max(len(s), 1)); err != nil {
		return false, err
	}
	return p.re.MatchString(s), nil
}

// compilePattern compiles an RE2 pattern. A program over MaxRegexpProgram instructions is a
// *BoundError, found from the parsed pattern before it is expanded; a
// pattern RE2 cannot read is another error.
//
// With a budget, compiling spends compileCost a byte of the pattern and an
// instruction of its program from it.
func compilePattern(src string, b *evalBudget) (*pattern, error) {
	folded := 0
	if foldsCase(src) {
		if folded = foldedRange(src); folded > maxFoldedRange {
			return nil, boundf("the case-insensitive regex pattern's character ranges span more than %d characters, a2term's bound", maxFoldedRange)
		}
	}
	if b != nil {
		if err := b.spend(compileCost * (len(src) + folded)); err != nil {
			return nil, err
		}
	}
	parsed, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, err
	}
	n := programSize(parsed, MaxRegexpProgram+1)
	if n > MaxRegexpProgram {
		return nil, boundf("the regex pattern compiles to more than %d instructions, a2term's bound", MaxRegexpProgram)
	}
	if b != nil {
		if err := b.spend(compileCost * n); err != nil {
			return nil, err
		}
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, err
	}
	return &pattern{re: re, insts: max(n, 1)}, nil
}

// programSize is about how many instructions re compiles to (a little
// more than Go's compiler makes), counting each repeat as often as it
// repeats, or more than limit once it passes it: the walk stops there, so
// that measuring costs no more than the bound.
func programSize(re *syntax.Regexp, limit int) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return 2 + programSize(re.Sub[0], limit)
	case syntax.OpConcat, syntax.OpAlternate:
		n := 1
		for _, sub := range re.Sub {
			n += 1 + programSize(sub, limit)
			if n > limit {
				return limit + 1
			}
		}
		return n
	case syntax.OpRepeat:
		times := re.Max
		if times < 0 {
			times = re.Min + 1
		}
		one := 1 + programSize(re.Sub[0], limit)
		if times > 0 && one > limit/times {
			return limit + 1
		}
		return 1 + times*one
	default:
		// Any other op (a class, an anchor, an empty match) is one instruction.
	}
	return 1
}

// jsToRE2 rewrites the \uXXXX escapes JavaScript allows as RE2's
// \x{XXXX}. Other constructs RE2 lacks (lookaround, back references) stay,
// and do not compile.
func jsToRE2(pattern string) string {
	if !strings.Contains(pattern, `\u`) {
		return pattern
	}
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '\\' && i+1 < len(pattern) {
			if pattern[i+1] == 'u' && i+6 <= len(pattern) && isHex4(pattern[i+2:i+6]) {
				b.WriteString(`\x{`)
				b.WriteString(pattern[i+2 : i+6])
				b.WriteByte('}')
				i += 5
				continue
			}
			b.WriteByte(c)
			b.WriteByte(pattern[i+1])
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// patternCache keeps a surface's regex patterns, compiled once for the
// surface's life (its snapshots share it): those its messages write
// (validationRegexp, a regex call's literal pattern) and those its checks
// read from its data model. It holds at most maxCachedPatterns, whose
// programs have at most maxCachedInsts instructions in all (a compiled
// program takes about 50 bytes an instruction); past that, a pattern is
// compiled each time (a message's own patterns once per message), and its
// compilation spends from the budget at hand. Patterns are kept by their
// RE2 source.
type patternCache struct {
	mu    sync.Mutex
	pats  map[string]patternResult
	insts int // the instructions of the programs kept
}

type patternResult struct {
	p   *pattern
	err error
}

const (
	maxCachedPatterns = 64
	maxCachedInsts    = 4 * MaxRegexpProgram
)

// compileCost is what compiling a pattern costs the budget for each byte
// of it, each character a folded range spans and each instruction of its
// program (a pattern is parsed more than once).
const compileCost = 32

// foldsCase reports whether src may turn case folding on: a flag group
// such as (?i) or (?mi:…).
func foldsCase(src string) bool {
	for i := 0; i+2 < len(src); i++ {
		if src[i] == '\\' {
			i++
			continue
		}
		if src[i] != '(' || src[i+1] != '?' {
			continue
		}
		for j := i + 2; j < len(src) && strings.IndexByte("imsU-", src[j]) >= 0; j++ {
			if src[j] == 'i' {
				return true
			}
		}
	}
	return false
}

// foldedRange sums how many characters, among those case folding applies
// to, the ranges of src's character classes span ([a-z] spans 26): what
// Go's parser walks one by one under (?i). Named and Perl classes (\pL,
// \w, [:alpha:]) fold through tables and count nothing.
func foldedRange(src string) int {
	total := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if strings.HasPrefix(src[i:], `\Q`) {
				end := strings.Index(src[i:], `\E`)
				if end < 0 {
					return total
				}
				i += end + 1
				continue
			}
			i++
			continue
		case '[':
		default:
			continue
		}
		i++
		if i < len(src) && src[i] == '^' {
			i++
		}
		for first := true; i < len(src) && (src[i] != ']' || first); first = false {
			if strings.HasPrefix(src[i:], "[:") {
				if end := strings.Index(src[i+2:], ":]"); end >= 0 {
					i += end + 4
					continue
				}
			}
			lo, n := classRune(src[i:])
			i += n
			if lo >= 0 && i+1 < len(src) && src[i] == '-' && src[i+1] != ']' {
				hi, m := classRune(src[i+1:])
				i += 1 + m
				if hi >= lo {
					total += foldSpan(lo, hi)
				}
			} else if lo >= 0 {
				total++
			}
			if total > maxFoldedRange {
				return total
			}
		}
	}
	return total
}

// minFold and maxFold bound the characters that have case folds, as
// regexp/syntax's tables do.
const (
	minFold = 0x0041
	maxFold = 0x1e943
)

// foldSpan counts the characters between lo and hi that have case folds.
func foldSpan(lo, hi rune) int {
	lo, hi = max(lo, minFold), min(hi, maxFold)
	if hi < lo {
		return 0
	}
	return int(hi-lo) + 1
}

// classRune reads one character of a class at the start of s: the rune
// it stands for, or -1 for a class escape (\d, \pL), and its length.
func classRune(s string) (rune, int) {
	if s[0] != '\\' || len(s) == 1 {
		r, n := utf8.DecodeRuneInString(s)
		return r, n
	}
	switch c := s[1]; {
	case c == 'x':
		if len(s) > 2 && s[2] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 {
				return -1, len(s)
			}
			v, err := strconv.ParseUint(s[3:end], 16, 31) // as a rune; larger is no character
			if err != nil {
				return -1, end + 1
			}
			return rune(v), end + 1
		}
		if len(s) >= 4 {
			if v, err := strconv.ParseUint(s[2:4], 16, 8); err == nil {
				return rune(v), 4
			}
		}
		return -1, 2
	case c >= '0' && c <= '7':
		n := 2
		for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(s[1:n], 8, 9) // three octal digits at most
		return rune(v), n
	case c == 'p' || c == 'P':
		if len(s) > 2 && s[2] == '{' {
			if end := strings.IndexByte(s, '}'); end >= 0 {
				return -1, end + 1
			}
		}
		return -1, min(3, len(s))
	case strings.IndexByte("dDsSwW", c) >= 0:
		return -1, 2
	}
	r, n := utf8.DecodeRuneInString(s[1:])
	return r, 1 + n
}

// mustCompilePattern compiles a pattern of a2term's own.
func mustCompilePattern(src string) *pattern {
	p, err := compilePattern(src, nil)
	if err != nil {
		panic(err)
	}
	return p
}

// compile returns the pattern for the RE2 source src, from the cache when
// it is there; c may be nil. A compilation stopped by b's budget is not
// kept: it was not the pattern's doing.
func (c *patternCache) compile(src string, b *evalBudget) (*pattern, error) {
	if c != nil {
		c.mu.Lock()
		r, ok := c.pats[src]
		c.mu.Unlock()
		if ok {
			return r.p, r.err
		}
	}
	p, err := compilePattern(src, b)
	if asBound(err) == errWorkSpent {
		return nil, err
	}
	if c != nil {
		c.mu.Lock()
		if c.pats == nil {
			c.pats = map[string]patternResult{}
		}
		insts := 0
		if p != nil {
			insts = p.insts
		}
		if len(c.pats) < maxCachedPatterns && c.insts+insts <= maxCachedInsts {
			c.pats[src] = patternResult{p, err}
			c.insts += insts
		}
		c.mu.Unlock()
	}
	return p, err
}
