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
	members := func(n int, scale float64) (hyperelastic.Predictions, [][]float64) {
		pred, w := make(hyperelastic.Predictions, n), make([][]float64, n)
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
	r := SteinNUTS{Particles: 5, Seed: 1, Arch: arch, Test: test, Ratio90: [3]float64{0.6, 0.4, 0.9}, Resolved: true}
	r.Stein, r.SteinWeights = members(5, 0.01)
	r.NUTS, r.NUTSWeights = members(40, 0.005)
	return r
}

// nutsRun is a synthetic NUTS run of the template [3, 2, 1]: four chains
// of 60 draws, the last chain shifted, and three divergences, labelled
// at the length of a real run's label.
func nutsRun() NUTSRun {
	r := NUTSRun{Label: "NUTS (stein starts, seed 1) on the template 3-14-30-1 of cSVGD, 10 particles", WatchedName: "S11 at watch point 1", Arch: icnn.Arch{Widths: []int{3, 2, 1}}}
	for k := range 4 {
		var lp, q []float64
		for i := range 60 {
			lp = append(lp, math.Sin(float64(i*(k+2)))+float64(k/3))
			q = append(q, math.Cos(float64(i*(k+3))))
			r.Draws = append(r.Draws, []float64{float64(i), -1, 2, 0.5, 0.1, 3, 0.2 * float64(i), 100})
		}
		r.LogDensity, r.Watched = append(r.LogDensity, lp), append(r.Watched, q)
	}
	for i := range 3 {
		r.Diverged = append(r.Diverged, []float64{30, -1, 2, 0.5, 0.1, 3, 6, 1000 * float64(i+1)})
		r.WarmupDiverged = append(r.WarmupDiverged, []float64{30, -1, 2, 0.5, 0.1, 3, 6, 500 * float64(i+1)})
	}
	return r
}

// TestRankCounts: the pooled ranks fill the bins evenly over all chains,
// and a chain of the largest values has all its ranks in the top bins;
// the pairs weights of the synthetic run start with the one whose
// divergences sit furthest from the draws (the last weight).
func TestRankCounts(t *testing.T) {
	chains := make([][]float64, 4)
	for i := range 60 { // three chains interleaved
		chains[i%3] = append(chains[i%3], float64(i))
	}
	for i := range 20 { // and one above them all
		chains[3] = append(chains[3], 100+float64(i))
	}
	counts, total := rankCounts(chains)
	if total != 80 {
		t.Fatalf("total %d", total)
	}
	for b := range rankBins {
		if sum := counts[0][b] + counts[1][b] + counts[2][b] + counts[3][b]; sum != 4 {
			t.Errorf("bin %d holds %v draws, want 4", b, sum)
		}
		if want := map[bool]float64{true: 4, false: 0}[b >= 15]; counts[3][b] != want {
			t.Errorf("bin %d: the top chain has %v, want %v", b, counts[3][b], want)
		}
	}
	r := nutsRun()
	if w := pairsWeights(r.Draws, r.WarmupDiverged); w[0] != 7 {
		t.Errorf("pairs weights %v, want weight 8 (index 7) first", w)
	}
	if got := weightName(r.Arch, 7); got != "W₁(1, 2)" {
		t.Errorf("weight name %q, want W₁(1, 2)", got)
	}
}

// TestExactFiguresRender: mvn_exact, stein_vs_nuts, nuts_diagnostics and
// calibration render from synthetic inputs with their grids of panels
// and lay out without overlaps (CheckLayout);
// nuts_diagnostics names its run in its title, not in the legend.
func TestExactFiguresRender(t *testing.T) {
	if f := NUTSDiagnostics(nutsRun()); f.Title != nutsRun().Label {
		t.Errorf("nuts_diagnostics titled %q, want the run's label %q", f.Title, nutsRun().Label)
	}
	pts, runs, density := exactInputs()
	r := steinNUTS(t)
	rep := calibration.Report{Levels: []float64{0.5, 0.9}, Truth: []float64{0.4, 0.8}, Predictive: []float64{0.6, 0.95}, Entries: 10}
	checkFigureCases(t, "", []figureCase{
		{MVNExact(pts, runs, density), "mvn_exact", 2, 3},
		{SteinVsNUTS([]SteinNUTS{r, r}), "stein_vs_nuts", 2, 3},
		{NUTSDiagnostics(nutsRun()), "nuts_diagnostics", 2, 2},
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
	oneChain, shortDraw := nutsRun(), nutsRun()
	oneChain.LogDensity = oneChain.LogDensity[:1]
	shortDraw.Draws[3] = shortDraw.Draws[3][:2]
	checkFailedFigures(t, map[string]*Figure{
		"mvn_exact, no survey":         MVNExact(nil, runs, density),
		"mvn_exact, no runs":           MVNExact(pts, nil, density),
		"stein_vs_nuts, none":          SteinVsNUTS(nil),
		"stein_vs_nuts, one draw":      SteinVsNUTS([]SteinNUTS{short}),
		"stein_vs_nuts, NaN":           SteinVsNUTS([]SteinNUTS{nan}),
		"calibration, none":            Calibration(nil),
		"nuts_diagnostics, one chain":  NUTSDiagnostics(oneChain),
		"nuts_diagnostics, short draw": NUTSDiagnostics(shortDraw),
		"calibration, coverage above":  Calibration([]Coverage{{Label: "x", Report: bad}}),
	})
}
