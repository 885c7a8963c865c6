package metrics

import (
	"math"
	"testing"
)

func TestMovingAverage(t *testing.T) {
	tests := []struct {
		name  string
		y     []float64
		width int
		want  []float64
	}{
		{"width 1", []float64{3, 1, 4}, 1, []float64{3, 1, 4}},
		{"width 3", []float64{1, 2, 6, 3, 0}, 3, []float64{1, 3, 11.0 / 3, 3, 0}},
		{"width 5", []float64{1, 2, 6, 3, 0, 5}, 5, []float64{1, 3, 12.0 / 5, 16.0 / 5, 8.0 / 3, 5}},
		{"wider than y", []float64{2, 4, 9}, 7, []float64{2, 5, 9}},
		{"line", []float64{0, 1, 2, 3, 4, 5, 6}, 5, []float64{0, 1, 2, 3, 4, 5, 6}},
		{"empty", nil, 3, []float64{}},
	}
	for _, tt := range tests {
		got := MovingAverage(tt.y, tt.width)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tt.want[i]) > 1e-15 {
				t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
	for _, width := range []int{0, 2, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("width %d: no panic", width)
				}
			}()
			MovingAverage([]float64{1, 2, 3}, width)
		}()
	}
}
