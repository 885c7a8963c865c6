package stein

import (
	"math"
	"testing"
)

// TestKernelMedian against the kernel values written out: three particles
// on a line at 0, 1 and 3 have squared distances 1, 4 and 9, so for the
// RBF kernel (beta = 2) at gamma = 2 the values are exp(-d/4) and their
// median is exp(-1); with four particles (0, 1, 3, 7: squared distances 1,
// 4, 9, 16, 36, 49) the median is the mean of the two middle values. The
// beta = 1 kernel sums absolute differences: 2, 3 and 3 for the three
// points in the plane, so at gamma = 1/2 the median is exp(-6).
func TestKernelMedian(t *testing.T) {
	rbf := Kernel{Beta: 2}
	for _, tc := range []struct {
		name  string
		x     [][]float64
		k     Kernel
		gamma float64
		want  float64
	}{
		{"three on a line", [][]float64{{0}, {1}, {3}}, rbf, 2, math.Exp(-1)},
		{"four on a line", [][]float64{{0}, {1}, {3}, {7}}, rbf, 2, (math.Exp(-9.0/4) + math.Exp(-16.0/4)) / 2},
		{"laplace kernel", [][]float64{{0, 0}, {1, 1}, {2, -1}}, Kernel{Beta: 1}, 0.5, math.Exp(-6)},
		{"equal particles", [][]float64{{1, 2}, {1, 2}}, rbf, 1e-12, 1},
	} {
		got := KernelMedian(tc.x, tc.k, tc.gamma)
		if math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: KernelMedian = %.17g, want %.17g", tc.name, got, tc.want)
		}
	}
	if v := KernelMedian([][]float64{{1}}, rbf, 1); !math.IsNaN(v) {
		t.Errorf("one particle: KernelMedian = %v, want NaN", v)
	}
}

// TestKernelMedianOfTheMedianRule: with Liu & Wang's bandwidth the kernel
// at the median distance is about 1/(N+1); with the paper's literal rule
// the kernel between high-dimensional particles vanishes (reading.md
// section 3).
func TestKernelMedianOfTheMedianRule(t *testing.T) {
	x := randomEnsemble(5, 10, 1020, 0.3).Rows()
	k := Kernel{Beta: 2}
	lw := KernelMedian(x, k, Bandwidth{Rule: MedianLiuWang}.Of(x, k))
	if lw < 0.5/11 || lw > 2.0/11 {
		t.Errorf("median rule: kernel median %.3g, want about 1/11", lw)
	}
	if lit := KernelMedian(x, k, Bandwidth{Rule: MedianPaper}.Of(x, k)); !(lit < 1e-6) {
		t.Errorf("paper's literal rule: kernel median %.3g, want < 1e-6 for 1020-dimensional particles", lit)
	}
}
