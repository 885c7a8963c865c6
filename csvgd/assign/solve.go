package assign

import (
	"fmt"
	"math"
)

// Solve returns an assignment of the rows of the cost matrix cost (n rows
// of m entries each) to distinct columns that minimises the total cost,
// and that total.
//
// For n <= m every row gets a column: rowToCol[i] is row i's column. For
// n > m every column gets a row, and the n - m rows left over get -1 (the
// problem is solved on the transpose). An empty matrix gives an empty
// assignment and a total of 0.
//
// Solve fails on rows of differing lengths and on an entry that is not
// finite, naming it. It does not modify cost.
func Solve(cost [][]float64) (rowToCol []int, total float64, err error) {
	n := len(cost)
	if n == 0 {
		return []int{}, 0, nil
	}
	m := len(cost[0])
	for i, row := range cost {
		if len(row) != m {
			return nil, 0, fmt.Errorf("assign: row %d has %d entries, row 0 has %d", i, len(row), m)
		}
		for j, c := range row {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				return nil, 0, fmt.Errorf("assign: cost[%d][%d] = %v is not finite", i, j, c)
			}
		}
	}
	if m == 0 {
		rowToCol = make([]int, n)
		for i := range rowToCol {
			rowToCol[i] = -1
		}
		return rowToCol, 0, nil
	}
	if n > m {
		colToRow := augment(m, n, func(i, j int) float64 { return cost[j][i] })
		rowToCol = make([]int, n)
		for i := range rowToCol {
			rowToCol[i] = -1
		}
		for j, i := range colToRow {
			rowToCol[i] = j
		}
	} else {
		rowToCol = augment(n, m, func(i, j int) float64 { return cost[i][j] })
	}
	for i, j := range rowToCol {
		if j >= 0 {
			total += cost[i][j]
		}
	}
	return rowToCol, total, nil
}

// augment solves the n x m problem (n <= m) with costs c(i, j) by
// shortest augmenting paths and returns each row's column. Indices are
// shifted by one inside: column 0 is a virtual column that holds the row
// being added, p[j] is the row (1-based, 0 none) assigned to column j, and
// u, v are the dual potentials of rows and columns.
func augment(n, m int, c func(i, j int) float64) []int {
	u := make([]float64, n+1)
	v := make([]float64, m+1)
	p := make([]int, m+1)
	way := make([]int, m+1)
	minv := make([]float64, m+1)
	used := make([]bool, m+1)
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j], used[j] = math.Inf(1), false
		}
		for p[j0] != 0 {
			used[j0] = true
			i0, delta, j1 := p[j0], math.Inf(1), 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				if cur := c(i0-1, j-1) - u[i0] - v[j]; cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
		}
		for j0 != 0 { // flip the alternating path back to the virtual column
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	rowToCol := make([]int, n)
	for j := 1; j <= m; j++ {
		if p[j] != 0 {
			rowToCol[p[j]-1] = j - 1
		}
	}
	return rowToCol
}
