package figures

import (
	"math"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// TestRegressionBands: two ensembles' bands and a reliability panel,
// one row; bad series are errors.
func TestRegressionBands(t *testing.T) {
	x := []float64{0.3, 0.1, 0.2, 0.5, 0.4}
	y := [][]float64{{1}, {0}, {0.4}, {2.2}, {1.5}}
	var es []RegressionEnsemble
	for i, sd := range []float64{0.1, 0.5} {
		p := regress.Predictive{SD: [][]float64{{sd}, {sd}}}
		for a := range 2 {
			var m [][]float64
			for _, v := range x {
				m = append(m, []float64{5*v*v - 0.1 + 0.2*float64(a)})
			}
			p.Mean = append(p.Mean, m)
		}
		e, err := RegressionEnsembleOf([]string{"narrow", "wide"}[i], p, y, 0, 0.9, []float64{0.5, 0.9})
		if err != nil {
			t.Fatal(err)
		}
		if e.Hi[0] <= e.Lo[0] || math.IsNaN(e.Coverage[1]) {
			t.Fatalf("band %v..%v, coverage %v", e.Lo[0], e.Hi[0], e.Coverage)
		}
		es = append(es, e)
	}
	ys := []float64{1, 0, 0.4, 2.2, 1.5}
	checkFigureCases(t, "", []figureCase{{RegressionBands("x", "y", x, ys, es), "regression_bands", 1, 3}})
	if f := RegressionBands("x", "y", x, ys[:2], es); f.Err() == nil {
		t.Error("two observations for five points: want an error")
	}
	if f := RegressionBands("x", "y", x, ys, nil); f.Err() == nil {
		t.Error("no ensembles: want an error")
	}
}

// TestDodged: points that share an abscissa are spread side by side,
// centred on it and no further than the nearest other value allows;
// distinct abscissae stay.
func TestDodged(t *testing.T) {
	x := []float64{0.1, 0.2, 0.2, 0.3, 0.2, 0.3}
	got := dodged(x)
	// the step is the gap 0.1 over one more than the 3 points at 0.2
	want := []float64{0.1, 0.2 - 0.025, 0.2, 0.3 - 0.0125, 0.2 + 0.025, 0.3 + 0.0125}
	for i := range x {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("point %d at %g moved to %g, want %g", i, x[i], got[i], want[i])
		}
	}
	if d := dodged([]float64{1, 2, 3}); !slices.Equal(d, []float64{1, 2, 3}) {
		t.Errorf("distinct abscissae moved: %v", d)
	}
	if levelShift(0, 2) == levelShift(1, 2) || levelShift(0, 1) != 0 {
		t.Errorf("level shifts %g, %g; one ensemble %g", levelShift(0, 2), levelShift(1, 2), levelShift(0, 1))
	}
}
