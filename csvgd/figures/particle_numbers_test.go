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
