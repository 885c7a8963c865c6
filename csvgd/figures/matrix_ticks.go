package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/internal/subscript"
	"gonum.org/v1/plot"
)

// matrixTicks labels the positions 0 .. n-1 W₀ .. W_{n-1} and n "all".
type matrixTicks int

func (m matrixTicks) Ticks(_, _ float64) []plot.Tick {
	var ts []plot.Tick
	for k := range int(m) {
		ts = append(ts, plot.Tick{Value: float64(k), Label: "W" + subscript.Itoa(k)})
	}
	return append(ts, plot.Tick{Value: float64(m), Label: "all"})
}
