package weights

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/subscript"
)

// Entry names one weight of a network: W_K[I][J], the weight from node J
// of layer K to node I of layer K+1, all three 0-based (the figures print
// I and J from 1, as "W₁(2, 3)").
type Entry struct{ K, I, J int }

// String is the entry as the figures print it: W₁(2, 3) for K = 1, I = 1,
// J = 2.
func (e Entry) String() string {
	return fmt.Sprintf("W%s(%d, %d)", subscript.Itoa(e.K), e.I+1, e.J+1)
}

// ParseEntry reads an entry written "k,i,j": the weight matrix W_k (k from
// 0) and its row i and column j, both from 1 as the figures print them;
// "1,2,3" is W₁(2, 3). It does not check the entry against a network
// (see [Entry.Index]).
func ParseEntry(s string) (Entry, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return Entry{}, fmt.Errorf("entry %q: want k,i,j (W_k row i, column j; i and j from 1)", s)
	}
	var v [3]int
	for n, p := range parts {
		x, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || x < 0 || (n > 0 && x < 1) {
			return Entry{}, fmt.Errorf("entry %q: want k,i,j with k >= 0 and i, j >= 1", s)
		}
		v[n] = x
	}
	return Entry{K: v[0], I: v[1] - 1, J: v[2] - 1}, nil
}

// Index is the position of e in a particle of arch, or an error naming
// the entry and the widths when arch has no such weight.
func (e Entry) Index(arch icnn.Arch) (int, error) {
	ls := arch.Layers()
	if e.K < 0 || e.K >= len(ls) {
		return 0, fmt.Errorf("entry %v: widths %v have the weight matrices W₀ .. W%s", e, arch.Widths, subscript.Itoa(len(ls)-1))
	}
	l := ls[e.K]
	if e.I < 0 || e.I >= l.Rows || e.J < 0 || e.J >= l.Cols {
		return 0, fmt.Errorf("entry %v: W%s of widths %v is %d x %d", e, subscript.Itoa(e.K), arch.Widths, l.Rows, l.Cols)
	}
	return l.Offset + e.I*l.Cols + e.J, nil
}

// EntryAt is the entry at position i of a particle of arch, the inverse of
// [Entry.Index], or an error naming i and the widths when a particle of
// arch has no position i.
func EntryAt(arch icnn.Arch, i int) (Entry, error) {
	for k, l := range arch.Layers() {
		if i >= l.Offset && i < l.Offset+l.Rows*l.Cols {
			return Entry{K: k, I: (i - l.Offset) / l.Cols, J: (i - l.Offset) % l.Cols}, nil
		}
	}
	return Entry{}, fmt.Errorf("weight %d: a network of widths %v has %d weights", i, arch.Widths, arch.NumParams())
}
