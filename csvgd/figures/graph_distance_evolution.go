package figures

import (
	"errors"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// GraphDistanceEvolution is the paper's Fig. graph_distance_evolution: the
// matrix of inter-particle distances (eq. distances, [train.Record]
// Distances) of the records history[i] for i in recs (indices, not
// iterations: a condensation leaves two records at its iteration), one
// heat map per record, left to right, in rows of at most five maps (as even as they can be: nine
// records make rows of five and four). A record at the end of a stage says
// in its title whether it is before or after that stage's condensation, so
// that both sides of a condensation can be shown. Particle 1 is at the top
// left, as in an image of the matrix, and the diagonal (0) runs down to the
// right. Each map is coloured along viridis from 0 (dark blue) to its own
// largest distance (yellow), as the paper's caption says; that largest
// distance is in the panel's title, since the scales differ between panels.
//
// The figure reports an error when recs is empty or out of range, or when
// a record's distances are not a square matrix of finite, non-negative
// values with at least two particles.
func GraphDistanceEvolution(history []train.Record, recs []int) *Figure {
	const name = "graph_distance_evolution"
	if len(recs) == 0 {
		return plotkit.Failed(name, errors.New("no records"))
	}
	var panels []*plot.Plot
	for _, i := range recs {
		if i < 0 || i >= len(history) {
			return plotkit.Failed(name, fmt.Errorf("record %d of a history of %d", i, len(history)))
		}
		p, err := distancePanel(history[i])
		if err != nil {
			return plotkit.Failed(name, err)
		}
		panels = append(panels, p)
	}
	leg := plotkit.NewLegend()
	leg.Add("distance / panel max")
	for _, t := range []float64{1, 0.75, 0.5, 0.25, 0} {
		leg.Add(plotkit.Num(t), plotkit.FillThumb(plotkit.Viridis(t)))
	}
	// at most distanceCols maps per row, the rows as even as they can be
	rows := (len(panels) + distanceCols - 1) / distanceCols
	cols := (len(panels) + rows - 1) / rows
	grid := make([][]*plot.Plot, rows)
	labels := make([]string, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
		copy(grid[r], panels[r*cols:min(len(panels), (r+1)*cols)])
		labels[r] = "particle"
	}
	return &Figure{
		Name:      name,
		Panels:    grid,
		RowLabels: labels,
		Legend:    leg,
		Width:     vg.Length(6+7.5*float64(cols)) * vg.Centimeter,
		Height:    vg.Length(1.5+8.5*float64(rows)) * vg.Centimeter,
	}
}

// distancePanel is the heat map of the distances of the record rec,
// coloured from 0 to their largest.
func distancePanel(rec train.Record) (*plot.Plot, error) {
	it := rec.Iter
	d := rec.Distances
	top, err := distanceTop(it, d)
	if err != nil {
		return nil, err
	}
	n := len(d)
	// column c is particle c+1 at x = c+1; row r is particle n-r at
	// y = r-n, so that particle 1 is at the top
	g := &plotkit.Grid{Xs: make([]float64, n), Ys: make([]float64, n), Values: make([]float64, n*n)}
	for c := range n {
		g.Xs[c] = float64(c + 1)
	}
	for r := range n {
		g.Ys[r] = float64(r - n)
		a := n - 1 - r
		for c := range n {
			g.Values[r*n+c] = d[a][c]
		}
	}
	hm := plotter.NewHeatMap(g, plotkit.ViridisPalette{})
	hm.Min, hm.Max = 0, top
	if top == 0 {
		hm.Max = 1
	}
	title := fmt.Sprintf("iteration %d (max %s)", it, plotkit.Num(top))
	if rec.Condensation != train.NoCondensation { // two lines, to keep within the panel's width
		title = fmt.Sprintf("iteration %d, %s its condensation\n(max %s)", it, rec.Condensation, plotkit.Num(top))
	}
	p := plotkit.NewPanel(title, "particle", "")
	plotkit.AddFlat(p, hm)
	plotkit.SetRange(&p.X, 0.5, float64(n)+0.5)
	plotkit.SetRange(&p.Y, -float64(n)-0.5, -0.5)
	p.X.Tick.Marker = plotkit.IndexTicks{N: n}
	p.Y.Tick.Marker = plotkit.IndexTicks{N: n, Negative: true}
	return p, nil
}

// distanceTop is the largest of the distances d at iteration it, or an
// error when d is not a square matrix of finite, non-negative values of
// at least two particles.
func distanceTop(it int, d [][]float64) (float64, error) {
	n := len(d)
	if n < 2 {
		return 0, fmt.Errorf("iteration %d: distances of %d particles: need at least 2", it, n)
	}
	top := 0.0
	for a, row := range d {
		if len(row) != n {
			return 0, fmt.Errorf("iteration %d: distance row %d has %d entries, want %d", it, a, len(row), n)
		}
		for b, v := range row {
			if !(v >= 0) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("iteration %d: distance (%d, %d) = %v", it, a, b, v)
			}
			top = math.Max(top, v)
		}
	}
	return top, nil
}

// distanceCols is the largest number of heat maps per row of
// GraphDistanceEvolution.
const distanceCols = 5
