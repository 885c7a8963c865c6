package compare

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// TestPool: runs of different lengths give as many draws each as the
// shortest, evenly thinned and in run order; one run is itself.
func TestPool(t *testing.T) {
	draw := func(vs ...float64) [][]float64 {
		out := make([][]float64, len(vs))
		for i, v := range vs {
			out[i] = []float64{v}
		}
		return out
	}
	for _, c := range []struct {
		name string
		runs [][][]float64
		want []float64
	}{
		{"equal runs", [][][]float64{draw(1, 2), draw(3, 4)}, []float64{1, 2, 3, 4}},
		{"the longer thinned", [][][]float64{draw(1, 2, 3, 4), draw(5, 6)}, []float64{1, 3, 5, 6}},
		{"thinned to three of five", [][][]float64{draw(1, 2, 3), draw(4, 5, 6, 7, 8)}, []float64{1, 2, 3, 4, 5, 7}},
		{"one run", [][][]float64{draw(1, 2, 3)}, []float64{1, 2, 3}},
		{"no run", nil, nil},
	} {
		var got []float64
		for _, d := range Pool(c.runs...) {
			got = append(got, d[0])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: pooled %v, want %v", c.name, got, c.want)
		}
	}
}

// TestPoolFiles: files of one template pool into a copy of the first
// with the pooled draws (the inputs untouched); a file of another
// template is refused with ErrMismatch, naming it.
func TestPoolFiles(t *testing.T) {
	a := ensemble.New([]int{3, 1, 1}, [][]float64{{1, 1, 1, 1}, {2, 2, 2, 2}}, nil)
	b := ensemble.New([]int{3, 1, 1}, [][]float64{{3, 3, 3, 3}, {4, 4, 4, 4}, {5, 5, 5, 5}, {6, 6, 6, 6}}, nil)
	p, err := PoolFiles(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Particles) != 4 || p.Particles[2][0] != 3 || p.Particles[3][0] != 5 || len(a.Particles) != 2 {
		t.Errorf("pooled %v (first file now %v): want 1, 2, 3, 5", p.Particles, a.Particles)
	}
	other := ensemble.New([]int{3, 2, 1}, [][]float64{make([]float64, 11)}, nil)
	if _, err := PoolFiles(a, other); !errors.Is(err, ErrMismatch) {
		t.Errorf("pooling another template: %v, want ErrMismatch", err)
	} else if want := "reference 2's [3 2 1]"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q lacks %q", err, want)
	}
	if _, err := PoolFiles(); err == nil {
		t.Error("pooling no file: want an error")
	}
}
