package figures

import (
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestGraphDistanceEvolutionScale: each panel's title gives its own largest
// distance; the axes span the particles.
func TestGraphDistanceEvolutionScale(t *testing.T) {
	d := func(s float64) [][]float64 {
		return [][]float64{{0, s, 2 * s}, {s, 0, 3 * s}, {2 * s, 3 * s, 0}}
	}
	hist := []train.Record{{Iter: 0, Distances: d(1)}, {Iter: 10, Distances: d(0.5)}, {Iter: 20, Distances: d(0)}}
	f := GraphDistanceEvolution(hist, []int{1, 0, 2})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for c, want := range []string{"iteration 10 (max 1.5)", "iteration 0 (max 3)", "iteration 20 (max 0)"} {
		p := f.Panels[0][c]
		if p.Title.Text != want {
			t.Errorf("panel %d titled %q, want %q", c, p.Title.Text, want)
		}
		if p.X.Min != 0.5 || p.X.Max != 3.5 || p.Y.Min != -3.5 || p.Y.Max != -0.5 {
			t.Errorf("panel %d spans x %v..%v, y %v..%v", c, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
		}
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
	// more than five maps wrap into even rows: seven make rows of 4 and 3
	var long []train.Record
	var recs []int
	for i := range 7 {
		long = append(long, train.Record{Iter: 10 * i, Distances: d(float64(i))})
		recs = append(recs, i)
	}
	f = GraphDistanceEvolution(long, recs)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if len(f.Panels) != 2 || len(f.Panels[0]) != 4 || f.Panels[1][3] != nil || f.Panels[1][2] == nil || len(f.RowLabels) != 2 {
		t.Fatalf("7 maps laid out as %d rows of %d", len(f.Panels), len(f.Panels[0]))
	}
	if got := f.Panels[1][0].Title.Text; !strings.HasPrefix(got, "iteration 40 ") {
		t.Errorf("second row starts with %q, want iteration 40", got)
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
	ticks := plotkit.IndexTicks{N: 20, Negative: true}.Ticks(-20.5, -0.5)
	var labels []string
	for _, tk := range ticks {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
			if n, err := strconv.Atoi(tk.Label); err != nil || tk.Value != -float64(n) {
				t.Errorf("tick %q at %v", tk.Label, tk.Value)
			}
		}
	}
	if len(ticks) != 20 || strings.Join(labels, ",") != "1,5,10,15,20" {
		t.Errorf("%d ticks labelled %v", len(ticks), labels)
	}
}

// TestGraphDistanceEvolution: records at one iteration, before and after
// its condensation, are two maps whose titles say which side each is; a
// record out of range is an error.
func TestGraphDistanceEvolution(t *testing.T) {
	d := func(s float64) [][]float64 { return [][]float64{{0, s}, {s, 0}} }
	hist := []train.Record{{Iter: 0, Distances: d(1)}, {Iter: 5, Condensation: train.Before, Distances: d(2)}, {Iter: 5, Condensation: train.After, Distances: d(4)}}
	f := GraphDistanceEvolution(hist, []int{0, 1, 2})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for c, want := range []string{"iteration 0 (max 1)", "iteration 5, before its condensation\n(max 2)", "iteration 5, after its condensation\n(max 4)"} {
		if got := f.Panels[0][c].Title.Text; got != want {
			t.Errorf("panel %d titled %q, want %q", c, got, want)
		}
	}
	for _, recs := range [][]int{nil, {3}, {-1}} {
		if GraphDistanceEvolution(hist, recs).Err() == nil {
			t.Errorf("records %v: no error", recs)
		}
	}
}
