package figures

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// syntheticSurvey is a seeded stand-in for mvn.Survey's output on the
// paper's grid, with the survey's trends (error up, mean |theta_3| down
// with lambda) and two failed runs.
func syntheticSurvey() []mvn.SurveyPoint {
	rng := rand.New(rand.NewPCG(3, 4))
	s := mvn.PaperSurvey(true)
	var pts []mvn.SurveyPoint
	for _, a := range s.Alphas {
		for _, b := range s.Betas {
			for _, l := range s.Lambdas {
				for _, g := range s.Gammas {
					pts = append(pts, mvn.SurveyPoint{Alpha: a, Beta: b, Lambda: l, Gamma: g,
						Bhattacharyya: 0.1 * math.Pow(l/0.01, 0.5) * (1 + 0.1*rng.Float64()),
						L1Theta3:      10 / (1 + l*g/10) * (1 + 0.1*rng.Float64())})
				}
			}
		}
	}
	pts[3].Bhattacharyya, pts[3].L1Theta3, pts[3].Error = math.NaN(), math.NaN(), "diverged"
	pts[7].Bhattacharyya = math.Inf(1) // singular covariance
	return pts
}

// syntheticResult is a run of the Sec. 4 example without running it:
// n particles around the posterior, seeded, with snapshots.
func syntheticResult(seed uint64, lambda, gamma float64, n int) *mvn.Result {
	rng := rand.New(rand.NewPCG(seed, 1))
	c := mvn.DefaultConfig()
	c.Lambda, c.Particles = lambda, n
	c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: gamma}
	spread := 3 / (1 + 3*lambda)
	x := stein.GaussianEnsemble(n, []float64{1, 2, 0.5}, 0.6, rng)
	for a := 0; a < n; a++ {
		x.Particle(a)[2] *= spread * (1 + math.Log10(gamma+1))
	}
	return &mvn.Result{Config: c, Particles: x, Iterations: 100, Snapshots: map[int]*stein.Ensemble{
		0:   stein.GaussianEnsemble(n, []float64{0, 0, 0}, 1, rng),
		20:  stein.GaussianEnsemble(n, []float64{0.5, 1, 0.3}, 0.8, rng),
		100: x,
	}}
}

// nanResult is a result whose last snapshot diverged.
func nanResult() *mvn.Result {
	r := syntheticResult(8, 1, 1, 6)
	bad := r.Snapshots[100].Clone()
	bad.Data[4] = math.NaN()
	r.Snapshots[100] = bad
	return r
}

func forceField(t *testing.T) (stein.ForceField, *stein.Ensemble) {
	t.Helper()
	b, err := backend.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := stein.Config{Prior: stein.Prior{Alpha: 1, Lambda: 1}, Kernel: stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang}, Optimizer: stein.SGD{LR: 0.1}}
	flow, err := stein.NewFlow(b, cfg, mvn.PaperTarget().LogLikelihood)
	if err != nil {
		t.Fatal(err)
	}
	x := stein.GaussianEnsemble(16, []float64{1, 2, 0}, 1, rand.New(rand.NewPCG(5, 6)))
	ff, err := flow.Forces(x, 0)
	if err != nil {
		t.Fatal(err)
	}
	return ff, x
}

// TestFiguresRender saves every figure: Save writes NAME.png, which decodes
// at the figure's size and resolution and is not blank, and NAME.svg, a
// complete SVG document, and leaves no temporary file.
func TestFiguresRender(t *testing.T) {
	ff, x := forceField(t)
	grad, err := MVNGradient()
	if err != nil {
		t.Fatal(err)
	}
	particles := []*mvn.Result{
		syntheticResult(1, 0.1, 0.1, 24), syntheticResult(2, 0.1, 10, 24),
		syntheticResult(3, 1, 0.1, 24), syntheticResult(4, 1, 10, 24), nil,
	}
	cases := []figureCase{
		{PriorFamily(), "prior_family", 3, 4},
		{grad, "mvn_gradient", 1, 3},
		{MVNSurvey(syntheticSurvey()), "mvn_survey", 4, 3},
		{MVNParticles(particles), "mvn_particles", 2, 2}, // rows: lambda; columns: gamma
		{FlowSnapshots(syntheticResult(7, 1, 1, 20)), "flow_snapshots", 1, 3},
		{ForceArrows(ff, x, 2), "force_arrows", 1, 1},
		{SteinAblations([]float64{1, 2}, [2][2]float64{{2.0 / 3, -1.0 / 3}, {-1.0 / 3, 2.0 / 3}}, []SteinAblation{
			{"four", [][]float64{{0, 0}, {1, 1}, {-1, 0}, {0, 2}}, [][]float64{{1, 2}, {1.5, 2}, {0.5, 2}, {1, 1.5}}},
			{"one", [][]float64{{0, 0}}, [][]float64{{1, 2}}},
			{"two", [][]float64{{0, 0}, {1, 0}}, [][]float64{{1, 2.1}, {1, 1.9}}},
			{"fourth", [][]float64{{3, 3}}, [][]float64{{1, 2}}},
		}), "stein_ablations", 2, 3},
	}
	dir := t.TempDir()
	checkFigureCases(t, dir, cases)
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp*"))
	if len(left) > 0 {
		t.Errorf("Save left temporary files: %v", left)
	}
}

// figureCase is a figure under test with the name and the grid of panels
// (rows x cols) it must have.
type figureCase struct {
	fig        *Figure
	name       string
	rows, cols int
}

// checkFigureCases checks each case with checkFigure, in a subtest named
// after the figure.
func checkFigureCases(t *testing.T, saveDir string, cases []figureCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkFigure(t, saveDir, c) })
	}
}

// checkFigure checks that c's figure was built, has c's name and grid of
// panels, renders (checkRendered): its PNG and SVG are Render's or,
// where saveDir is not "", the NAME.png and NAME.svg that Save writes
// there, and is laid out without overlaps (CheckLayout). It returns the
// SVG.
func checkFigure(t *testing.T, saveDir string, c figureCase) []byte {
	t.Helper()
	f := c.fig
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if f.Name != c.name || len(f.Panels) != c.rows || len(f.Panels[0]) != c.cols {
		t.Fatalf("figure %q with %d x %d panels, want %q with %d x %d", f.Name, len(f.Panels), len(f.Panels[0]), c.name, c.rows, c.cols)
	}
	var raw, svg []byte
	var err error
	if saveDir != "" {
		if err := f.Save(saveDir); err != nil {
			t.Fatal(err)
		}
		if raw, err = os.ReadFile(filepath.Join(saveDir, c.name+".png")); err != nil {
			t.Fatal(err)
		}
		svg, err = os.ReadFile(filepath.Join(saveDir, c.name+".svg"))
	} else {
		if raw, err = f.PNG(); err != nil {
			t.Fatal(err)
		}
		svg, err = f.Render("svg")
	}
	if err != nil {
		t.Fatal(err)
	}
	checkRendered(t, f, raw, svg)
	if err := f.CheckLayout(); err != nil {
		t.Error(err)
	}
	return svg
}

// checkRendered checks a figure's PNG (decodes, has the figure's size at
// plotkit.DefaultDPI, is not blank) and SVG (a complete document).
func checkRendered(t *testing.T, f *Figure, rawPNG, svg []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(rawPNG))
	if err != nil {
		t.Fatal(err)
	}
	wantW := int(math.Round(float64(f.Width / vg.Inch * plotkit.DefaultDPI)))
	wantH := int(math.Round(float64(f.Height / vg.Inch * plotkit.DefaultDPI)))
	if b := img.Bounds(); abs(b.Dx()-wantW) > 1 || abs(b.Dy()-wantH) > 1 {
		t.Errorf("PNG is %d x %d pixels, want %d x %d", b.Dx(), b.Dy(), wantW, wantH)
	}
	if !inked(img) {
		t.Error("PNG is blank")
	}
	if s := string(svg); !strings.HasPrefix(s, "<?xml") || !strings.Contains(s, "</svg>") || len(s) < 1000 {
		t.Errorf("SVG of %d bytes is not a complete document", len(s))
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestPNGAndRender: PNG is Render("png"), deterministic, at the DPI asked.
func TestPNGAndRender(t *testing.T) {
	ff, x := forceField(t)
	f := ForceArrows(ff, x, 0)
	a, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.Render("PNG")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two renderings differ")
	}
	f.DPI = 72
	c, err := f.Render("png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(c))
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); abs(w-int(math.Round(float64(f.Width)))) > 1 {
		t.Errorf("at 72 DPI the PNG is %d pixels wide, want %v", w, float64(f.Width))
	}
}

// inked reports whether at least 1% of the pixels are far from white.
func inked(img image.Image) bool {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0xffff*8/10 {
				dark++
			}
		}
	}
	return dark >= b.Dx()*b.Dy()/100
}

// TestFigureErrors: bad input never panics; the figure carries the reason
// and Render, PNG and Save return it.
func TestFigureErrors(t *testing.T) {
	ff, x := forceField(t)
	good := PriorFamily()
	ragged := *good
	ragged.Panels = [][]*plot.Plot{{plot.New(), plot.New()}, {plot.New()}}
	badLabels := *good
	badLabels.RowLabels = []string{"only one"}
	badName := *good
	badName.Name = "../escape"
	noSize := *good
	noSize.Width = 0
	cases := map[string]*Figure{
		"no survey points":       MVNSurvey(nil),
		"lambda = 0 on log axis": MVNSurvey([]mvn.SurveyPoint{{Alpha: 1, Beta: 2, Lambda: 0, Gamma: 1, Bhattacharyya: 0.5, L1Theta3: 1}}),
		"no particle results":    MVNParticles([]*mvn.Result{nil, nil}),
		"nil result":             FlowSnapshots(nil),
		"non-finite snapshot":    FlowSnapshots(nanResult()),
		"particle out of range":  ForceArrows(ff, x, x.N),
		"forces of another size": ForceArrows(stein.ForceField{Likelihood: ff.Likelihood, Prior: ff.Prior, Repulsion: stein.NewEnsemble(2, 3)}, x, 0),
		"ragged panels":          &ragged,
		"row labels":             &badLabels,
		"zero width":             &noSize,
		"nil figure":             nil,
	}
	dir := t.TempDir()
	for name, f := range cases {
		if _, err := f.Render("png"); err == nil {
			t.Errorf("%s: Render succeeded", name)
		}
		if err := f.Save(dir); err == nil {
			t.Errorf("%s: Save succeeded", name)
		}
	}
	if err := badName.Save(dir); err == nil {
		t.Error("Save accepted a name with a path separator")
	}
	// a survey whose runs all failed still renders: empty panels, a note
	allFailed := MVNSurvey([]mvn.SurveyPoint{{Alpha: 1, Beta: 2, Lambda: 0.1, Gamma: 1, Bhattacharyya: math.NaN(), L1Theta3: math.NaN(), Error: "diverged"}})
	if _, err := allFailed.Render("svg"); err != nil {
		t.Errorf("all-failed survey: %v", err)
	}
	if _, err := good.Render("gif"); err == nil {
		t.Error("Render accepted an unknown format")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed saves wrote %d files", len(entries))
	}
}

// checkFailedFigures asserts that every figure of cases reports an error
// and that neither Render nor Save succeeds for it.
func checkFailedFigures(t *testing.T, cases map[string]*Figure) {
	t.Helper()
	dir := t.TempDir()
	for name, f := range cases {
		if f.Err() == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if _, err := f.Render("svg"); err == nil {
			t.Errorf("%s: Render succeeded", name)
		}
		if err := f.Save(dir); err == nil {
			t.Errorf("%s: Save succeeded", name)
		}
	}
}
