package plotkit

import (
	"math"

	"gonum.org/v1/plot"
)

// flat hides a plotter's glyph boxes. plot.Plot shrinks a panel's data area
// so that glyphs at its edges fit inside; on panels with fixed axis ranges
// that only makes the data areas of a figure's panels differ, which
// plot.Align then compensates by shifting titles. Ranges are padded instead.
type flat struct{ plot.Plotter }

// DataRange implements plot.DataRanger when the wrapped plotter does.
func (f flat) DataRange() (xmin, xmax, ymin, ymax float64) {
	if dr, ok := f.Plotter.(plot.DataRanger); ok {
		return dr.DataRange()
	}
	return math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
}

// AddFlat adds the plotters to p without their glyph boxes.
func AddFlat(p *plot.Plot, ps ...plot.Plotter) {
	for _, q := range ps {
		p.Add(flat{q})
	}
}
