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
// at the median distance between particles is 1/(N+1), for an ensemble
// split into two groups too; with the paper's literal rule the kernel
// between high-dimensional particles vanishes (docs/reading.md section 4).
func TestKernelMedianOfTheMedianRule(t *testing.T) {
	x := randomEnsemble(5, 10, 1020, 0.3).Rows()
	k := Kernel{Beta: 2}
	for name, e := range map[string][][]float64{"spread": x, "two groups": twoGroups(x, 6)} {
		for _, beta := range []float64{1, 2} {
			k := Kernel{Beta: beta}
			lw := KernelMedian(e, k, Bandwidth{Rule: MedianLiuWang}.Of(e, k))
			if math.Abs(lw-1.0/11) > 1e-12 { // 45 pairs: the median is one pair's kernel
				t.Errorf("%s, beta = %v: kernel median %.15g under the median rule, want 1/11", name, beta, lw)
			}
		}
	}
	if lit := KernelMedian(x, k, Bandwidth{Rule: MedianPaper}.Of(x, k)); !(lit < 1e-6) {
		t.Errorf("paper's literal rule: kernel median %.3g, want < 1e-6 for 1020-dimensional particles", lit)
	}
}

// twoGroups moves the first m particles of x close to the first and the
// others close to the last: an ensemble in two groups, m (m-1)/2 +
// (n-m)(n-m-1)/2 close pairs and m (n-m) far ones.
func twoGroups(x [][]float64, m int) [][]float64 {
	out := make([][]float64, len(x))
	for a, row := range x {
		c := x[0]
		if a >= m {
			c = x[len(x)-1]
		}
		out[a] = make([]float64, len(row))
		for i := range row {
			out[a][i] = c[i] + 0.01*row[i]
		}
	}
	return out
}

// TestKernelGroups: three particles on a line at 0, 1 and 3 under the
// RBF kernel at gamma = 1 have kernel values exp(-1/2), exp(-2) and
// exp(-9/2) = 0.011, all coupled; at gamma = 0.3 they are exp(-1/0.6),
// exp(-4/0.6) = 0.0013 and less: 0 and 1 stay coupled, 3 is alone. Two far
// groups of 6 and 4 particles are two groups under a bandwidth of the
// groups' own width, one under a bandwidth of the distance between them.
func TestKernelGroups(t *testing.T) {
	rbf := Kernel{Beta: 2}
	line := [][]float64{{0}, {1}, {3}}
	for _, c := range []struct {
		gamma float64
		want  int
	}{{1, 1}, {0.3, 2}, {1e-3, 3}} {
		if got := KernelGroups(line, rbf, c.gamma); got != c.want {
			t.Errorf("line, gamma %v: %d groups, want %d", c.gamma, got, c.want)
		}
	}
	x := twoGroups(randomEnsemble(5, 10, 20, 0.3).Rows(), 6)
	if got := KernelGroups(x, rbf, 1e-3); got != 2 {
		t.Errorf("two groups, narrow kernel: %d groups, want 2", got)
	}
	if got := KernelGroups(x, rbf, Bandwidth{Rule: MedianLiuWang}.Of(x, rbf)); got != 1 {
		t.Errorf("two groups, median rule: %d groups, want 1 (the median pair lies between them)", got)
	}
	if got := KernelGroups(nil, rbf, 1); got != 0 {
		t.Errorf("no particles: %d groups, want 0", got)
	}
}

// TestKernelNeighbours against the weights written out: around a = (0, 0)
// the RBF kernel at gamma = 1 weighs (1, 0) by e^(-1/2) and (0, 2) by e^(-2),
// a coincident particle by 1, and never a itself; and, for a Gaussian score,
// the neighbours' share of the data-fit term is (W/N) score(m), the sum of
// k(x_b, x_a) score(x_b) over b != a divided by N.
func TestKernelNeighbours(t *testing.T) {
	rbf := Kernel{Beta: 2}
	e1, e4 := math.Exp(-0.5), math.Exp(-2)
	for _, tc := range []struct {
		name   string
		x      [][]float64
		a      int
		weight float64
		mean   []float64
	}{
		{"two neighbours", [][]float64{{0, 0}, {1, 0}, {0, 2}}, 0, e1 + e4, []float64{e1 / (e1 + e4), 2 * e4 / (e1 + e4)}},
		{"a coincident particle counts, a does not", [][]float64{{1, 0}, {0, 0}, {0, 0}}, 1, e1 + 1, []float64{e1 / (e1 + 1), 0}},
		{"one particle", [][]float64{{3, 4}}, 0, 0, nil},
		{"beyond reach", [][]float64{{0, 0}, {1e3, 0}}, 0, 0, nil},
	} {
		w, m := KernelNeighbours(tc.x, rbf, 1, tc.a)
		if math.Abs(w-tc.weight) > 1e-15 {
			t.Errorf("%s: weight %.17g, want %.17g", tc.name, w, tc.weight)
		}
		if (m == nil) != (tc.mean == nil) {
			t.Errorf("%s: mean %v, want %v", tc.name, m, tc.mean)
			continue
		}
		for i := range tc.mean {
			if math.Abs(m[i]-tc.mean[i]) > 1e-15 {
				t.Errorf("%s: mean %v, want %v", tc.name, m, tc.mean)
				break
			}
		}
	}

	// the linear score: sum_{b != a} k_b score(x_b) = W score(m)
	mu, prec := []float64{1, 2}, [][]float64{{2, 1}, {1, 2}}
	score := func(th []float64) []float64 {
		return []float64{-prec[0][0]*(th[0]-mu[0]) - prec[0][1]*(th[1]-mu[1]), -prec[1][0]*(th[0]-mu[0]) - prec[1][1]*(th[1]-mu[1])}
	}
	x := [][]float64{{0.3, 2.5}, {1.1, 1.4}, {-0.2, 0.9}, {0.8, 3.1}, {0.35, 2.4}}
	const a, gamma = 0, 0.7
	direct := make([]float64, 2)
	for b := range x {
		if b != a {
			s := score(x[b])
			for i := range direct {
				direct[i] += rbf.Eval(x[b], x[a], gamma) * s[i]
			}
		}
	}
	w, m := KernelNeighbours(x, rbf, gamma, a)
	for i, s := range score(m) {
		if math.Abs(w*s-direct[i]) > 1e-12 {
			t.Errorf("component %d: W score(m) = %.15g, want the direct sum %.15g", i, w*s, direct[i])
		}
	}
}
