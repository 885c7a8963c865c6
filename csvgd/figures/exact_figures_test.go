package figures

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// exactInputs are synthetic inputs of mvn_exact: survey points of two
// alphas and two bandwidths over three lambdas, and one marginal run of
// each kind over a normal density.
func exactInputs() ([]mvn.SurveyPoint, []mvn.MarginalRun, func(float64) float64) {
	var pts []mvn.SurveyPoint
	for _, a := range []float64{1, 2} {
		for _, g := range []float64{1, 10} {
			for _, l := range []float64{0.1, 1, 10} {
				pts = append(pts, mvn.SurveyPoint{Alpha: a, Beta: 2, Lambda: l, Gamma: g, Bhattacharyya: l, BhattacharyyaPosterior: l / (10 * g), L1Theta3: 1})
			}
		}
	}
	base := mvn.DefaultConfig()
	theta := []float64{-2, -1, 0, 0.5, 1, 3}
	var runs []mvn.MarginalRun
	for _, vary := range []string{"base", "bandwidth", "beta", "particles"} {
		c := base
		c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: 3}
		runs = append(runs, mvn.MarginalRun{Vary: vary, Config: c, Theta3: theta, W1: 0.5})
	}
	normal := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	return pts, runs, normal
}

// steinNUTS is a synthetic comparison on the 30-point path of tinyResult's
// data: members with stresses the truth times 1 + 0.01 j.
func steinNUTS(t *testing.T) SteinNUTS {
	c := hyperelastic.PaperData(0.1, 1)
	c.NTest = 30
	_, test, err := hyperelastic.Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	members := func(n int, scale float64) ([][][6]float64, [][]float64) {
		pred, w := make([][][6]float64, n), make([][]float64, n)
		for j := range n {
			for _, s := range test {
				p := s.STrue
				for k := range p {
					p[k] *= 1 + scale*float64(j-n/2)
				}
				pred[j] = append(pred[j], p)
			}
			w[j] = []float64{float64(j), -1, 2, 0.5, 0.1, 3, 0.2 * float64(j), 1}
		}
		return pred, w
	}
	r := SteinNUTS{Particles: 5, Arch: arch, Test: test}
	r.Stein, r.SteinWeights = members(5, 0.01)
	r.NUTS, r.NUTSWeights = members(40, 0.005)
	return r
}

// TestExactFiguresRender: mvn_exact, stein_vs_nuts and calibration render
// from synthetic inputs with their grids of panels.
func TestExactFiguresRender(t *testing.T) {
	pts, runs, density := exactInputs()
	r := steinNUTS(t)
	rep := calibration.Report{Levels: []float64{0.5, 0.9}, Truth: []float64{0.4, 0.8}, Predictive: []float64{0.6, 0.95}, Entries: 10}
	checkFigureCases(t, "", []figureCase{
		{MVNExact(pts, runs, density), "mvn_exact", 2, 3},
		{SteinVsNUTS([]SteinNUTS{r, r}), "stein_vs_nuts", 2, 3},
		{Calibration([]Coverage{{Label: "Stein", Report: rep}, {Label: "NUTS", Exact: true, Report: rep}}), "calibration", 1, 2},
	})
}

// TestExactFigureErrors: the figures refuse missing or broken input.
func TestExactFigureErrors(t *testing.T) {
	pts, runs, density := exactInputs()
	short := steinNUTS(t)
	short.NUTS = short.NUTS[:1]
	nan := steinNUTS(t)
	nan.Stein[0][3][0] = math.NaN()
	bad := calibration.Report{Levels: []float64{0.5}, Truth: []float64{1.5}, Predictive: []float64{0.5}}
	checkFailedFigures(t, map[string]*Figure{
		"mvn_exact, no survey":        MVNExact(nil, runs, density),
		"mvn_exact, no runs":          MVNExact(pts, nil, density),
		"stein_vs_nuts, none":         SteinVsNUTS(nil),
		"stein_vs_nuts, one draw":     SteinVsNUTS([]SteinNUTS{short}),
		"stein_vs_nuts, NaN":          SteinVsNUTS([]SteinNUTS{nan}),
		"calibration, none":           Calibration(nil),
		"calibration, coverage above": Calibration([]Coverage{{Label: "x", Report: bad}}),
	})
}
