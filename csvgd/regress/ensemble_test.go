package regress

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestEnsembleIsIndependentMAP: method ensemble fits each network alone:
// every particle of the fit ends where a single network ends when it
// starts at that particle's initial draw and ascends its own log
// posterior (Model.HostScore on the same mini-batches, scaled N/B) with
// the same Adagrad with momentum, h = 0.9 h + 0.1 g^2 (g^2 at the first
// step), theta += eps g / (sqrt(h) + 1e-6), within 1e-8; SVGD from the
// same draws ends elsewhere (by more than 1e-3), so the comparison can
// fail.
func TestEnsembleIsIndependentMAP(t *testing.T) {
	d := sineData(120, 0, 0.1, 1)
	c := smallConfig(40)
	c.Particles, c.Hidden, c.Dev, c.Every = 3, []int{6}, 0, 0
	c.Method = train.Ensemble
	f, err := newFit(c, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := f.x.Rows()
	m := f.res.Model
	b := backendtest.Backend(t)
	res, err := Fit(b, c, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	svgdCfg := c
	svgdCfg.Method = train.SVGD
	svgd, err := Fit(b, svgdCfg, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, bs := f.train.Len(), c.Batch
	maxDiff := func(a, b []float64) float64 {
		var w float64
		for i := range a {
			w = max(w, math.Abs(a[i]-b[i]))
		}
		return w
	}
	for a, theta0 := range start {
		theta := append([]float64(nil), theta0...)
		h := make([]float64, len(theta))
		for it := range c.Iters {
			var x, y [][]float64
			for j := range bs {
				r := (it*bs + j) % n
				x, y = append(x, f.train.X[r]), append(y, f.train.Y[r])
			}
			g := m.HostScore(theta, x, y, float64(n)/float64(bs))
			for i, gi := range g {
				if it == 0 {
					h[i] = gi * gi
				} else {
					h[i] = 0.9*h[i] + 0.1*gi*gi
				}
				theta[i] += c.StepSize * gi / (math.Sqrt(h[i]) + 1e-6)
			}
		}
		if diff := maxDiff(res.Particles.Rows()[a], theta); diff > 1e-8 {
			t.Errorf("particle %d: the ensemble's network is %.3g from its single MAP fit, want within 1e-8", a, diff)
		}
		if diff := maxDiff(svgd.Particles.Rows()[a], theta); diff < 1e-3 {
			t.Errorf("particle %d: SVGD's network is %.3g from the single MAP fit, want the kernel to move it by more than 1e-3", a, diff)
		}
	}
}
