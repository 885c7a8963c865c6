package weights

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestEntry: entries parse from "k,i,j" (i, j from 1), print from 1, and
// locate their weight in a particle, or say why they cannot.
func TestEntry(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 4, 2, 1}} // W0 4x3 at 0, W1 2x4 at 12, W2 1x2 at 20
	for _, c := range []struct {
		in    string
		want  Entry
		index int
		bad   string // the parse or index error, when there is one
	}{
		{in: "1,2,3", want: Entry{1, 1, 2}, index: 12 + 1*4 + 2},
		{in: "0, 1, 1", want: Entry{0, 0, 0}, index: 0},
		{in: "2,1,2", want: Entry{2, 0, 1}, index: 21},
		{in: "1,0,2", bad: "i, j >= 1"},
		{in: "-1,1,1", bad: "k >= 0"},
		{in: "1,2", bad: "want k,i,j"},
		{in: "a,1,1", bad: "want k,i,j"},
		{in: "3,1,1", want: Entry{3, 0, 0}, bad: "W₀ .. W₂"},
		{in: "1,3,1", want: Entry{1, 2, 0}, bad: "is 2 x 4"},
	} {
		e, err := ParseEntry(c.in)
		if err == nil {
			var idx int
			idx, err = e.Index(arch)
			if err == nil && idx != c.index {
				t.Errorf("%q: index %d, want %d", c.in, idx, c.index)
			}
		}
		if e != c.want {
			t.Errorf("%q parsed to %+v, want %+v", c.in, e, c.want)
		}
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("%q: %v", c.in, err)
		case c.bad != "" && (err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("%q: error %v, want one saying %q", c.in, err, c.bad)
		}
	}
	if s := (Entry{1, 1, 2}).String(); s != "W₁(2, 3)" {
		t.Errorf("String() = %q", s)
	}
}

// TestEntryAtInvertsIndex: every position of a particle names the entry
// whose index it is, and a position past the weights is an error that
// names it.
func TestEntryAtInvertsIndex(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 4, 2, 1}}
	for i := range arch.NumParams() {
		e, err := EntryAt(arch, i)
		if err != nil {
			t.Fatal(err)
		}
		if idx, err := e.Index(arch); err != nil || idx != i {
			t.Errorf("position %d: entry %v at index %d (%v)", i, e, idx, err)
		}
	}
	if _, err := EntryAt(arch, arch.NumParams()); err == nil || !strings.Contains(err.Error(), "weight 22") {
		t.Errorf("EntryAt past the weights: %v", err)
	}
}
