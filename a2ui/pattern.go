package a2ui

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// A regex check costs the steps of its program times the bytes it reads:
// Go's RE2 engine never backtracks without bound, but a pattern of sixty
// [a-z]{0,1000} is a program of 120,000 instructions, and matching it
// against a few kilobytes takes seconds. So a pattern is measured before
// it is compiled, a program over MaxRegexpProgram instructions is never
// compiled, a check reads no more than MaxRegexpSteps allow, and each
// match spends its steps from the evaluation's budget.

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
	if max := MaxRegexpSteps / p.insts; len(s) > max {
		return false, boundf("a regex check of this pattern (%d instructions) reads at most %d bytes; the value has %d", p.insts, max, len(s))
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
	if b != nil {
		if err := b.spend(compileCost * len(src)); err != nil {
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

// patternCache keeps the patterns a surface's checks read from its data
// model, compiled once for the surface's life (its snapshots share it).
// It holds at most maxCachedPatterns; past that, a pattern is compiled
// each time, and its compilation spends from the evaluation's budget.
type patternCache struct {
	mu   sync.Mutex
	pats map[string]patternResult
}

type patternResult struct {
	p   *pattern
	err error
}

const maxCachedPatterns = 64

// compileCost is what compiling a pattern costs the budget for each byte
// of it and each instruction of its program.
const compileCost = 16

// mustCompilePattern compiles a pattern of a2term's own.
func mustCompilePattern(src string) *pattern {
	p, err := compilePattern(src, nil)
	if err != nil {
		panic(err)
	}
	return p
}

// compile returns the pattern for src, from the cache when it is there.
func (c *patternCache) compile(src string, b *evalBudget) (*pattern, error) {
	if c != nil {
		c.mu.Lock()
		r, ok := c.pats[src]
		c.mu.Unlock()
		if ok {
			return r.p, r.err
		}
	}
	p, err := compilePattern(jsToRE2(src), b)
	if asBound(err) == errWorkSpent {
		return nil, err // not the pattern's doing: not kept
	}
	if c != nil {
		c.mu.Lock()
		if c.pats == nil {
			c.pats = map[string]patternResult{}
		}
		if len(c.pats) < maxCachedPatterns {
			c.pats[src] = patternResult{p, err}
		}
		c.mu.Unlock()
	}
	return p, err
}
