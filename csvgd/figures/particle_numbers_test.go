package figures

import (
	"slices"
	"testing"

	"gonum.org/v1/plot/plotter"
)

// TestParticleNumbersShareLabels: points on top of each other share one
// label, which names them (at most three, then the count); points apart
// keep their own.
func TestParticleNumbersShareLabels(t *testing.T) {
	xy := plotter.XYs{{X: 0, Y: 0}, {X: 10, Y: 10}, {X: 0.1, Y: 0.1}, {X: 5, Y: 0}, {X: 0.2, Y: 0}, {X: 0, Y: 0.2}, {X: 10, Y: 9.9}}
	l := particleNumbers(xy)
	want := []string{"1,3,5… (4)", "2,7", "4"}
	if !slices.Equal(l.Labels, want) {
		t.Errorf("labels %q, want %q", l.Labels, want)
	}
	if len(l.XYs) != len(want) || l.XYs[1] != xy[1] {
		t.Errorf("label positions %v: want one per group, at its first point", l.XYs)
	}
	apart := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
	if got := particleNumbers(apart).Labels; !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("two points apart: labels %q, want 1 and 2", got)
	}
}

// TestPairNumbersLinkClusters: the pair plot's labels join chains of close
// points (single linkage), so a row of points a little apart each, which
// the greedy grouping of particleNumbers splits into two overlapping
// labels, becomes one; a cluster of more than three is a letter, spelled
// out in the legend keys with every number, and each label sits at its
// group's rightmost point.
func TestPairNumbersLinkClusters(t *testing.T) {
	// x span 10, y span 10: close means within 0.8 on both axes.
	xy := plotter.XYs{{X: 0, Y: 0}, {X: 0.5, Y: 0}, {X: 10, Y: 10}, {X: 1.0, Y: 0}, {X: 1.5, Y: 0.7}, {X: 6, Y: 0}, {X: 2.0, Y: 0}, {X: 10, Y: 9.5}, {X: 4, Y: 4}, {X: 4.5, Y: 4}}
	l, keys := pairNumbers(xy)
	want := []string{"A", "3,8", "6", "9,10"}
	if !slices.Equal(l.Labels, want) {
		t.Errorf("labels %q, want %q", l.Labels, want)
	}
	if len(l.XYs) != len(want) || l.XYs[0] != xy[6] || l.XYs[3] != xy[9] {
		t.Errorf("label positions %v: want one per group, at its rightmost point", l.XYs)
	}
	if wantKeys := []string{"A: particles 1, 2, 4, 5, 7"}; !slices.Equal(keys, wantKeys) {
		t.Errorf("keys %q, want %q", keys, wantKeys)
	}
	if greedy := particleNumbers(xy).Labels; slices.Contains(greedy, "A") || len(greedy) <= len(want) {
		t.Errorf("greedy labels %q: the row should split there (the case linkage fixes)", greedy)
	}
	// A long cluster: its key wraps after keyWidth numbers; points apart keep their own labels.
	var row plotter.XYs
	for i := range 11 {
		row = append(row, plotter.XY{X: 0.05 * float64(i), Y: 0})
	}
	row = append(row, plotter.XY{X: 10, Y: 10})
	l, keys = pairNumbers(row)
	if !slices.Equal(l.Labels, []string{"A", "12"}) || !slices.Equal(keys, []string{"A: particles 1, 2, 3, 4, 5, 6, 7, 8,", "    9, 10, 11"}) {
		t.Errorf("long cluster: labels %q, keys %q", l.Labels, keys)
	}
	if l, keys := pairNumbers(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}); !slices.Equal(l.Labels, []string{"1", "2"}) || len(keys) != 0 {
		t.Errorf("two points apart: labels %q, keys %q; want 1 and 2, no keys", l.Labels, keys)
	}
}
