package arena

import "testing"

// TestValuesAreZeroAndApart: every value is zero and its own, whatever was
// written into the ones taken before it, and a block is no larger than
// what the caller said was left.
func TestValuesAreZeroAndApart(t *testing.T) {
	var b Values[[2]int]
	seen := map[*[2]int]bool{}
	for i := range 100 {
		v := b.Take(100 - i)
		if *v != [2]int{} {
			t.Fatalf("value %d is %v, not zero", i, *v)
		}
		if seen[v] {
			t.Fatalf("value %d was handed out before", i)
		}
		seen[v] = true
		v[0], v[1] = i, -i
	}
	var one Values[[8]byte]
	one.Take(1)
	if len(one.free) != 0 {
		t.Fatalf("a caller that takes one value got a block of %d more", len(one.free))
	}
}

// TestListsAreCapped: appending to a list never writes into the next.
func TestListsAreCapped(t *testing.T) {
	var l Lists[int]
	a := l.Take(3, 100)
	b := l.Take(3, 100)
	if cap(a) != 3 || cap(b) != 3 {
		t.Fatalf("capacities %d and %d, want 3", cap(a), cap(b))
	}
	a = append(a, 7)
	if b[0] != 0 {
		t.Fatal("appending to one list wrote into the next")
	}
	if long := l.Take(17, 100); len(long) != 17 || cap(long) != 17 {
		t.Fatalf("a long list is %d long, capacity %d", len(long), cap(long))
	}
	_ = a
}

// TestBytesCopies: copies are capped, equal to what was given and left
// as they are by later copies; a block is no larger than what is left.
func TestBytesCopies(t *testing.T) {
	var s Bytes
	src := []byte("hello")
	c := s.Copy(src, 64, 100)
	str := s.String([]byte("world"), 64, 95)
	src[0] = 'j'
	c2 := s.Copy([]byte("!"), 64, 90)
	if string(c) != "hello" || str != "world" || string(c2) != "!" || cap(c) != 5 {
		t.Fatalf("copies %q %q %q (cap %d)", c, str, c2, cap(c))
	}
	if c = append(c, 'x'); str != "world" || string(c) != "hellox" {
		t.Fatal("appending to a copy wrote into a string")
	}
	var small Bytes
	small.Copy([]byte("ab"), 4096, 10)
	if small.Size() != 10 {
		t.Fatalf("a block of %d bytes for the 10 left", small.Size())
	}
	if s.String(nil, 64, 0) != "" {
		t.Fatal("an empty string is not empty")
	}
}

// TestRef: a reference gives back the list it was made of, capped.
func TestRef(t *testing.T) {
	list := []string{"a", "b", "c", "d"}
	r := RefTo(list[1:3])
	got := r.Slice(2)
	if len(got) != 2 || cap(got) != 2 || got[0] != "b" || got[1] != "c" {
		t.Fatalf("got %v (cap %d)", got, cap(got))
	}
	if (Ref[string]{}).Slice(0) != nil {
		t.Fatal("the zero reference is not an empty list")
	}
	if n := len(Chunk[[64]byte](8192)); n != 128 {
		t.Fatalf("a chunk of 8 KiB holds %d values of 64 bytes", n)
	}
}
