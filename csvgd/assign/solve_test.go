package assign

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteForce is the least total over all one-to-one maps of the rows of
// cost (n <= m) to its columns, by enumeration.
func bruteForce(cost [][]float64) float64 {
	n, m := len(cost), len(cost[0])
	best := math.Inf(1)
	used := make([]bool, m)
	var walk func(i int, sum float64)
	walk = func(i int, sum float64) {
		if i == n {
			best = math.Min(best, sum)
			return
		}
		for j := range m {
			if !used[j] {
				used[j] = true
				walk(i+1, sum+cost[i][j])
				used[j] = false
			}
		}
	}
	walk(0, 0)
	return best
}

// transpose is cost's transpose.
func transpose(cost [][]float64) [][]float64 {
	t := make([][]float64, len(cost[0]))
	for j := range t {
		t[j] = make([]float64, len(cost))
		for i := range cost {
			t[j][i] = cost[i][j]
		}
	}
	return t
}

// randomCost draws an n x m matrix: uniform on [-scale, scale), or, when
// levels > 0, integers in [0, levels) (many ties).
func randomCost(rng *rand.Rand, n, m, levels int, scale float64) [][]float64 {
	c := make([][]float64, n)
	for i := range c {
		c[i] = make([]float64, m)
		for j := range c[i] {
			if levels > 0 {
				c[i][j] = float64(rng.IntN(levels))
			} else {
				c[i][j] = scale * (2*rng.Float64() - 1)
			}
		}
	}
	return c
}

// checkAssignment fails unless rowToCol is a valid assignment of cost
// (every row of the smaller side matched, distinct columns), total is its
// cost, and it equals want within tol.
func checkAssignment(t *testing.T, cost [][]float64, rowToCol []int, total, want, tol float64) {
	t.Helper()
	n, m := len(cost), len(cost[0])
	if len(rowToCol) != n {
		t.Fatalf("%d rows assigned, want %d", len(rowToCol), n)
	}
	seen := map[int]bool{}
	sum, unassigned := 0.0, 0
	for i, j := range rowToCol {
		if j == -1 {
			unassigned++
			continue
		}
		if j < 0 || j >= m || seen[j] {
			t.Fatalf("row %d -> column %d: out of range or used twice (%v)", i, j, rowToCol)
		}
		seen[j] = true
		sum += cost[i][j]
	}
	if want := max(n-m, 0); unassigned != want {
		t.Errorf("%d rows unassigned, want %d", unassigned, want)
	}
	if math.Abs(sum-total) > tol {
		t.Errorf("reported total %v, the assignment costs %v", total, sum)
	}
	if math.Abs(total-want) > tol {
		t.Errorf("total %v, brute force %v (assignment %v)", total, want, rowToCol)
	}
}

// TestSolveBruteForce: on seeded random matrices up to 7 x 7, square and
// rectangular both ways, continuous and with many ties, the total equals
// the least one over all assignments (1e-12 relative).
func TestSolveBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	for _, tc := range []struct {
		name   string
		levels int
		scale  float64
	}{
		{"uniform", 0, 1},
		{"wide range", 0, 1e6},
		{"ties, 3 levels", 3, 0},
		{"ties, 2 levels", 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for n := 1; n <= 7; n++ {
				for _, m := range []int{n, n + 1, n + 3, max(n-2, 1)} {
					if max(n, m) > 7 {
						continue
					}
					for range 8 {
						c := randomCost(rng, n, m, tc.levels, tc.scale)
						got, total, err := Solve(c)
						if err != nil {
							t.Fatal(err)
						}
						var want float64
						if n <= m {
							want = bruteForce(c)
						} else {
							want = bruteForce(transpose(c))
						}
						checkAssignment(t, c, got, total, want, 1e-12*(1+tc.scale*float64(n)))
					}
				}
			}
		})
	}
}

// TestSolveKnown: hand-made cases with a known optimum.
func TestSolveKnown(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cost  [][]float64
		want  []int
		total float64
	}{
		{"identity is best", [][]float64{{0, 1, 1}, {1, 0, 1}, {1, 1, 0}}, []int{0, 1, 2}, 0},
		{"anti-diagonal", [][]float64{{5, 5, 0}, {5, 0, 5}, {0, 5, 5}}, []int{2, 1, 0}, 0},
		{"greedy is wrong", [][]float64{{1, 2}, {2, 100}}, []int{1, 0}, 4},
		{"negative costs", [][]float64{{-1, -5}, {-3, -2}}, []int{1, 0}, -8},
		{"one row, wide", [][]float64{{3, 1, 2}}, []int{1}, 1},
		{"one column, tall", [][]float64{{3}, {1}, {2}}, []int{-1, 0, -1}, 1},
		{"tall", [][]float64{{1, 9}, {9, 1}, {5, 5}}, []int{0, 1, -1}, 2},
		{"zero columns", [][]float64{{}, {}}, []int{-1, -1}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, total, err := Solve(tc.cost)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) || total != tc.total {
				t.Errorf("got %v (total %v), want %v (total %v)", got, total, tc.want, tc.total)
			}
		})
	}
}

// TestSolveDegenerate: all-equal and all-zero matrices give a valid
// assignment of that total; an empty matrix an empty one.
func TestSolveDegenerate(t *testing.T) {
	for _, v := range []float64{0, 2.5, -1} {
		for _, shape := range [][2]int{{1, 1}, {5, 5}, {3, 6}, {6, 3}} {
			c := make([][]float64, shape[0])
			for i := range c {
				c[i] = slices.Repeat([]float64{v}, shape[1])
			}
			got, total, err := Solve(c)
			if err != nil {
				t.Fatal(err)
			}
			checkAssignment(t, c, got, total, v*float64(min(shape[0], shape[1])), 1e-12)
		}
	}
	got, total, err := Solve(nil)
	if err != nil || len(got) != 0 || total != 0 {
		t.Errorf("empty matrix: %v, %v, %v", got, total, err)
	}
}

// TestSolveDoesNotModify: the cost matrix is left as it was.
func TestSolveDoesNotModify(t *testing.T) {
	c := randomCost(rand.New(rand.NewPCG(2, 3)), 5, 6, 0, 1)
	keep := make([][]float64, len(c))
	for i := range c {
		keep[i] = slices.Clone(c[i])
	}
	if _, _, err := Solve(c); err != nil {
		t.Fatal(err)
	}
	for i := range c {
		if !slices.Equal(c[i], keep[i]) {
			t.Fatalf("row %d changed: %v, was %v", i, c[i], keep[i])
		}
	}
}

func TestSolveErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		cost [][]float64
	}{
		{"ragged", [][]float64{{1, 2}, {3}}},
		{"NaN", [][]float64{{1, math.NaN()}, {3, 4}}},
		{"Inf", [][]float64{{1, 2}, {math.Inf(-1), 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := Solve(tc.cost); err == nil {
				t.Error("no error")
			}
		})
	}
}

// BenchmarkSolve30 is a 30 x 30 problem, the size of one hidden layer of
// the paper's network.
func BenchmarkSolve30(b *testing.B) {
	c := randomCost(rand.New(rand.NewPCG(5, 5)), 30, 30, 0, 1)
	for b.Loop() {
		if _, _, err := Solve(c); err != nil {
			b.Fatal(err)
		}
	}
}
