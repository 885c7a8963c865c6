package figures

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot/plotter"
)

func TestViridis(t *testing.T) {
	cases := []struct {
		t    float64
		want color.RGBA
	}{
		{-1, viridisAnchors[0]},
		{0, viridisAnchors[0]},
		{1.0 / 9, viridisAnchors[1]},
		{1, viridisAnchors[9]},
		{2, viridisAnchors[9]},
		{math.NaN(), viridisAnchors[0]},
	}
	for _, c := range cases {
		if got := viridis(c.t); got != c.want {
			t.Errorf("viridis(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	// luminance rises along the map, so darker means smaller gamma
	lum := func(c color.RGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	for k := 1; k <= 20; k++ {
		if a, b := viridis(float64(k-1)/20), viridis(float64(k)/20); !(lum(b) > lum(a)) {
			t.Errorf("luminance falls from t = %v to %v", float64(k-1)/20, float64(k)/20)
		}
	}
}

func TestValueColors(t *testing.T) {
	vals, col := valueColors([]float64{300, 0.3, 9.5, 0.3, math.NaN()})
	if len(vals) != 3 || vals[0] != 0.3 || vals[2] != 300 {
		t.Fatalf("distinct values %v", vals)
	}
	if col(0.3) != color.Color(viridis(0)) || col(300) != color.Color(viridis(viridisTop)) {
		t.Errorf("colours %v .. %v, want viridis(0) .. viridis(%v)", col(0.3), col(300), viridisTop)
	}
}

func TestCleanTicks(t *testing.T) {
	cases := []struct {
		lo, hi float64
		want   string
	}{
		{-1.5, 3.5, "-1 0 1 2 3"},
		{0.1, 0.9, "0.2 0.4 0.6 0.8"},
		{-20, 60, "-20 0 20 40 60"},
		{-0.35, 0.35, "-0.3 -0.2 -0.1 0 0.1 0.2 0.3"},
		{-2.7, 2.7, "-2 -1 0 1 2"},
		{0, 12.5, "0 2.5 5 7.5 10 12.5"},
	}
	for _, c := range cases {
		var labels []string
		for _, tk := range (cleanTicks{}).Ticks(c.lo, c.hi) {
			if tk.Value < c.lo-1e-12 || tk.Value > c.hi+1e-12 {
				t.Errorf("[%v, %v]: tick %v outside the range", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("[%v, %v]: labels %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

func TestArrowsDataRange(t *testing.T) {
	a, err := NewArrows(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: -1}}, plotter.XYs{{X: -2, Y: 0.5}, {X: 0.5, Y: -3}}, red, 1)
	if err != nil {
		t.Fatal(err)
	}
	x0, x1, y0, y1 := a.DataRange()
	if x0 != -2 || x1 != 1.5 || y0 != -4 || y1 != 0.5 {
		t.Errorf("range [%v, %v] x [%v, %v], want [-2, 1.5] x [-4, 0.5]", x0, x1, y0, y1)
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, nil, red, 1); err == nil {
		t.Error("mismatched tails and vectors accepted")
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, plotter.XYs{{X: math.NaN(), Y: 0}}, red, 1); err == nil {
		t.Error("NaN vector accepted")
	}
}

// TestPriorFamilyModes checks the figure's science for the prior
// exp(-lambda |theta|^alpha): for alpha = 2 the posterior is Gaussian with
// precision P + 2 lambda I, so the grid maximum must sit within one grid
// step of its mean (P + 2 lambda I)^-1 P mu; for alpha = 1 and lambda = 10
// it is at the origin; for alpha = 1/4 it lies on an axis (the prior's
// cusps) once lambda >= 1, and at lambda = 0.1, where the prior is weak,
// off the axes near the likelihood's mean (1, 2).
func TestPriorFamilyModes(t *testing.T) {
	step := (priorFamilyHi - priorFamilyLo) / 200
	for _, lambda := range priorFamilyLambdas {
		// P = [[2,1],[1,2]], mu = (1,2): P mu = (4, 5)
		a, b, d := 2+2*lambda, 1.0, 2+2*lambda
		det := a*d - b*b
		wx, wy := (d*4-b*5)/det, (a*5-b*4)/det
		x, y, _ := priorFamilyGrid(2, lambda).argmax()
		if math.Hypot(x-wx, y-wy) > step*math.Sqrt2/2+1e-12 {
			t.Errorf("alpha = 2, lambda = %v: grid maximum (%.3f, %.3f), exact mode (%.3f, %.3f)", lambda, x, y, wx, wy)
		}
		x, y, _ = priorFamilyGrid(0.25, lambda).argmax()
		onAxis := math.Abs(x) < 1e-12 || math.Abs(y) < 1e-12
		if lambda >= 1 && !onAxis {
			t.Errorf("alpha = 1/4, lambda = %v: maximum (%.3f, %.3f) off the axes", lambda, x, y)
		}
		if lambda < 1 && (onAxis || math.Hypot(x-1, y-2) > 0.2) {
			t.Errorf("alpha = 1/4, lambda = %v: maximum (%.3f, %.3f), want it off the axes near (1, 2)", lambda, x, y)
		}
	}
	if x, y, _ := priorFamilyGrid(1, 10).argmax(); math.Abs(x) > 1e-12 || math.Abs(y) > 1e-12 {
		t.Errorf("alpha = 1, lambda = 10: maximum (%.3f, %.3f), want the origin", x, y)
	}
}

// TestMVNParticlesFromStudy feeds a tiny real study (mvn.ParticlesStudy)
// to the figure: one panel per lambda.
func TestMVNParticlesFromStudy(t *testing.T) {
	b, err := backend.Default()
	if err != nil {
		t.Fatal(err)
	}
	s := mvn.PaperParticles(true)
	s.Gammas = []float64{0.1, 10}
	s.Base.Particles, s.Base.Iters = 8, 30
	res, err := mvn.ParticlesStudy(b, mvn.PaperTarget(), s)
	if err != nil {
		t.Fatal(err)
	}
	f := MVNParticles(res)
	if _, err := f.PNG(); err != nil {
		t.Fatal(err)
	}
	if len(f.Panels) != 1 || len(f.Panels[0]) != len(s.Lambdas) {
		t.Errorf("%d x %d panels, want 1 x %d", len(f.Panels), len(f.Panels[0]), len(s.Lambdas))
	}
}
