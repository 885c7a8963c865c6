package ensemble

import (
	"math"
	"strings"
	"testing"
)

func TestNumParams(t *testing.T) {
	tests := []struct {
		widths []int
		want   int
	}{
		{[]int{3, 30, 30, 1}, 1020},
		{[]int{3, 12, 7, 1}, 36 + 84 + 7},
		{[]int{3, 1}, 3},
		{[]int{1, 1}, 1},
		{[]int{3}, -1},
		{nil, -1},
		{[]int{3, 0, 1}, -1},
		{[]int{3, -2, 1}, -1},
		{[]int{1 << 40, 1 << 40}, -1}, // 2^80 overflows
		{[]int{math.MaxInt, 2}, -1},   // product overflows
		{[]int{1 << 31, 1 << 31, 1 << 31, 1 << 31, 1 << 31}, -1}, // sum overflows
	}
	for _, tt := range tests {
		if got := NumParams(tt.widths); got != tt.want {
			t.Errorf("NumParams(%v) = %d, want %d", tt.widths, got, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	good := func() *File {
		return New([]int{2, 2, 1}, [][]float64{{1, 2, 3, 4, 5, 6}, {0, 0, 0, 0, 0, 0}}, nil)
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("valid file: %v", err)
	}
	tests := []struct {
		name   string
		damage func(f *File)
		want   string
	}{
		{"format", func(f *File) { f.Format = "other" }, `format "other"`},
		{"no version", func(f *File) { f.Version = 0 }, "version 0"},
		{"future version", func(f *File) { f.Version = Version + 1 }, "newer csvgd"},
		{"one layer", func(f *File) { f.Widths = []int{6} }, "widths [6]"},
		{"zero width", func(f *File) { f.Widths = []int{2, 0, 1} }, "widths [2 0 1]"},
		{"no particles", func(f *File) { f.Particles = nil }, "no particles"},
		{"short particle", func(f *File) { f.Particles[1] = f.Particles[1][:5] }, "particle 1 has 5 parameters, widths [2 2 1] need 6"},
		{"NaN", func(f *File) { f.Particles[1][3] = math.NaN() }, "particle 1, parameter 3 is NaN"},
		{"Inf", func(f *File) { f.Particles[0][0] = math.Inf(-1) }, "particle 0, parameter 0 is -Inf"},
	}
	for _, tt := range tests {
		f := good()
		tt.damage(f)
		err := f.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestWeights(t *testing.T) {
	theta := make([]float64, NumParams([]int{3, 2, 2, 1}))
	for i := range theta {
		theta[i] = float64(i)
	}
	f := New([]int{3, 2, 2, 1}, [][]float64{theta}, nil)
	ws := f.Weights(0)
	shapes := [][2]int{{2, 3}, {2, 2}, {1, 2}}
	if len(ws) != len(shapes) {
		t.Fatalf("%d matrices, want %d", len(ws), len(shapes))
	}
	off := 0
	for k, w := range ws {
		r, c := w.Dims()
		if r != shapes[k][0] || c != shapes[k][1] {
			t.Fatalf("W_%d is %dx%d, want %dx%d", k, r, c, shapes[k][0], shapes[k][1])
		}
		for i := range r {
			for j := range c {
				if got := w.At(i, j); got != float64(off+i*c+j) { // row-major, row = output node
					t.Errorf("W_%d[%d][%d] = %v, want %v", k, i, j, got, float64(off+i*c+j))
				}
			}
		}
		off += r * c
	}
	ws[1].Set(0, 1, -7) // a view: writes through to the particle
	if theta[6+1] != -7 {
		t.Errorf("Weights does not share memory with the particle")
	}
}
