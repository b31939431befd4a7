// Package arena hands out many small values, lists and strings from
// blocks allocated together, and holds every use of unsafe in the
// decoder, the resolver and the widgets' cache.
//
// Decoding a message of hundreds of components, resolving its tree and
// drawing it make thousands of small objects that live and die
// together. Taking them from shared blocks makes one allocation for many
// and gives the collector fewer objects to go through: without the
// blocks of the components' properties alone, BenchmarkApply500 made
// twice the allocations and cost 11% more with the collector on.
//
// What it guarantees:
//
//   - Every value, list or byte a block hands out is zero (or, for
//     Bytes, the copy asked for) and handed out once: no two callers
//     share one.
//   - A list is capped at its length, so that appending to it copies it
//     instead of writing into its neighbour.
//   - Nothing is reused: a block is never emptied and handed out again.
//     A value lives as long as anything points into its block, and the
//     collector frees the block once nothing does. The cost is that one
//     value kept long keeps its whole block alive; blocks are kept small
//     (32 values, a few KB of bytes) and no larger than what the caller
//     says it may still take, so that a message of one component holds
//     no more than it needs.
//   - The bytes behind a string of Bytes.String are written once, before
//     the string is made, and never again, which is what makes the
//     string immutable as Go requires.
//
// A Values, Lists or Bytes belongs to one goroutine at a time (a decoder,
// a resolver, a cache); none is safe for concurrent use.
package arena

import (
	"slices"
	"unsafe"
)

// DefaultMax is the most values a block of Values holds when its Max is
// zero.
const DefaultMax = 32

// Values hands out zero values of T from blocks allocated together.
// Blocks double from a few values up to Max, and none holds more values
// than the caller says are left to take, so that taking one value
// allocates one.
type Values[T any] struct {
	// Max is the most values a block holds: DefaultMax when zero.
	Max  int
	free []T
	n    int
}

// Take returns a zero T; left is how many the caller may still take, this
// one included.
func (b *Values[T]) Take(left int) *T {
	if len(b.free) == 0 {
		most := b.Max
		if most <= 0 {
			most = DefaultMax
		}
		b.n = min(max(2*b.n, 4), most)
		b.free = Full[T](min(b.n, max(left, 1)))
	}
	t := &b.free[0]
	b.free = b.free[1:]
	return t
}

// Lists hands out short lists of T from blocks allocated together, as
// Values hands out values: blocks double from 8 values up to 64, and none
// holds more than limit, what the caller may still take at most. A list
// longer than 16 is allocated on its own.
type Lists[T any] struct {
	free []T
	n    int
}

// Take returns a list of n zero values, capped at n.
func (l *Lists[T]) Take(n, limit int) []T {
	if n > 16 {
		return make([]T, n)
	}
	if len(l.free) < n {
		l.n = min(max(2*l.n, 8), 64, max(n, limit))
		l.free = Full[T](max(l.n, n))
	}
	t := l.free[:n:n]
	l.free = l.free[n:]
	return t
}

// Full returns a block of at least n zero values: as many as the
// allocation it takes holds. The allocator rounds a block up to one of
// its sizes, with room for a word of type information in a block of
// pointers over 512 bytes: 64 values of 192 bytes take 13,568 bytes,
// room for 70.
func Full[T any](n int) []T {
	b := slices.Grow([]T(nil), n)
	return b[:cap(b)]
}

// Chunk returns as many zero values of T as an allocation of size bytes
// holds (at least one).
func Chunk[T any](size int) []T {
	var t T
	return Full[T](max(size/int(max(unsafe.Sizeof(t), 1)), 1))
}

// Bytes hands out copies of short byte strings from shared blocks, and
// strings made of those copies.
type Bytes struct {
	room []byte
}

// Copy returns a copy of b from the current block, capped at its length.
// A new block takes size bytes, or rest when that is less (rest is how
// many bytes the caller may still copy at most), and never less than b.
func (s *Bytes) Copy(b []byte, size, rest int) []byte {
	if cap(s.room)-len(s.room) < len(b) {
		s.room = make([]byte, 0, min(size, max(rest, len(b))))
	}
	at := len(s.room)
	s.room = append(s.room, b...)
	return s.room[at:len(s.room):len(s.room)]
}

// String returns b as a string made of a copy (see Copy), which shares
// its block with other short strings instead of taking an allocation of
// its own. The block's bytes are never written again.
func (s *Bytes) String(b []byte, size, rest int) string {
	if len(b) == 0 {
		return ""
	}
	c := s.Copy(b, size, rest)
	return unsafe.String(&c[0], len(c))
}

// Size is the size of the current block, which a caller's test holds to
// what the caller said was left.
func (s *Bytes) Size() int { return cap(s.room) }

// Reset lets go of the current block: what was handed out stays.
func (s *Bytes) Reset() { s.room = nil }

// Ref is a list held by where it starts, one word where a slice takes
// three, for a struct that keeps many lists and their lengths in 32 bits
// beside them: the smaller a struct of which a frame makes thousands, the
// less the collector goes through. Ref keeps the list's memory alive as
// a slice would.
type Ref[T any] struct{ p *T }

// RefTo returns a reference to the list s.
func RefTo[T any](s []T) Ref[T] { return Ref[T]{unsafe.SliceData(s)} }

// Slice returns the list of n values the reference starts; n must be at
// most the length of the list RefTo was given. The slice is capped at n,
// so that a caller appending to it can never write into what follows.
func (r Ref[T]) Slice(n int) []T {
	if r.p == nil {
		return nil
	}
	return unsafe.Slice(r.p, n)
}

// Addr is p's address, for a table keyed by pointers to hash: Go's
// collector does not move heap objects. The table must keep p itself,
// not only its address, to keep the object alive and to compare keys.
func Addr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }
