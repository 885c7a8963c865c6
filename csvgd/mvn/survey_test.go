package mvn

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func tinySurvey() SurveyConfig {
	s := PaperSurvey(true)
	s.Alphas, s.Betas = []float64{1}, []float64{2}
	s.Lambdas, s.Gammas = []float64{0.01, 10}, []float64{1}
	s.Base.Particles, s.Base.Iters = 16, 100
	return s
}

// TestSurveyTrendAndCache: sparsity (mean |theta_3|) falls as lambda rises,
// and at the largest lambda the ensemble is nearer the exact posterior than
// the likelihood;
// a second call reads the cached file and gives identical points, and a
// changed configuration is not served from the stale file.
func TestSurveyTrendAndCache(t *testing.T) {
	b := testBackend(t)
	s := tinySurvey()
	path := filepath.Join(t.TempDir(), "sub", "survey.json")
	if _, err := ReadSurvey(path, s); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSurvey without a file: %v, want fs.ErrNotExist", err)
	}
	pts, err := CachedSurvey(b, PaperTarget(), s, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 2 || !(pts[1].L1Theta3 < pts[0].L1Theta3) {
		t.Fatalf("mean |theta_3| should fall from lambda = 0.01 to 10: %+v", pts)
	}
	// At lambda = 10 the prior moves the posterior far from the likelihood:
	// the ensemble, which samples the posterior, is nearer to it.
	if !(pts[1].BhattacharyyaPosterior < pts[1].Bhattacharyya) {
		t.Errorf("lambda = 10: distance to the posterior %v, to the likelihood %v", pts[1].BhattacharyyaPosterior, pts[1].Bhattacharyya)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	again, err := CachedSurvey(nil, PaperTarget(), s, path, nil) // nil backend: must not run
	if err != nil {
		t.Fatal(err)
	}
	for i := range pts {
		if pts[i] != again[i] {
			t.Fatalf("cached point %d = %+v, want %+v", i, again[i], pts[i])
		}
	}
	if read, err := ReadSurvey(path, s); err != nil || read[1] != pts[1] {
		t.Errorf("ReadSurvey of the cached survey: %v, %+v", err, read)
	}
	s.Base.Seed++
	if _, err := ReadSurvey(path, s); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSurvey of another configuration: %v, want fs.ErrNotExist", err)
	}
	third, err := CachedSurvey(b, PaperTarget(), s, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if third[0] == pts[0] {
		t.Fatal("a changed configuration was served from the cache")
	}
}

func TestSurveyPointJSONKeepsNaN(t *testing.T) {
	p := SurveyPoint{Alpha: 1, Beta: 2, Lambda: 3, Gamma: 4, Bhattacharyya: math.NaN(), L1Theta3: 0.5, BhattacharyyaPosterior: math.NaN(), Error: "diverged"}
	raw, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var q SurveyPoint
	if err := q.UnmarshalJSON(raw); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(q.Bhattacharyya) || !math.IsNaN(q.BhattacharyyaPosterior) || q.L1Theta3 != 0.5 || q.Error != "diverged" || q.Gamma != 4 {
		t.Fatalf("round trip gave %+v from %s", q, raw)
	}
}

// TestPaperSurveyGridExact: the survey's grids hold their decade values
// exactly (lambda = 1 itself, not a neighbour one rounding error away, so
// that a run configured with lambda = 1 is the survey's point), and the
// half-decade values lie where the log grid puts them.
func TestPaperSurveyGridExact(t *testing.T) {
	for _, tc := range []struct {
		quick           bool
		lambdas, gammas []float64
	}{
		{false, []float64{0.01, math.Pow(10, -1.5), 0.1, math.Pow(10, -0.5), 1, math.Pow(10, 0.5), 10}, []float64{0.3, 3, 30, 300}},
		{true, []float64{0.01, 0.1, 1, 10}, []float64{0.3, 3 * math.Pow(10, 0.5), 300}},
	} {
		s := PaperSurvey(tc.quick)
		for _, g := range []struct {
			name      string
			got, want []float64
		}{{"lambda", s.Lambdas, tc.lambdas}, {"gamma", s.Gammas, tc.gammas}} {
			if len(g.got) != len(g.want) {
				t.Fatalf("quick %v: %d values of %s, want %d", tc.quick, len(g.got), g.name, len(g.want))
			}
			for i := range g.want {
				if math.Abs(g.got[i]-g.want[i]) > 1e-15*g.want[i] {
					t.Errorf("quick %v: %s[%d] = %v, want %v", tc.quick, g.name, i, g.got[i], g.want[i])
				}
			}
		}
		exact := func(v []float64, x float64) bool { return slices.Contains(v, x) }
		for _, x := range []float64{0.01, 0.1, 1, 10} {
			if !exact(s.Lambdas, x) {
				t.Errorf("quick %v: the lambda grid %v does not hold %v exactly", tc.quick, s.Lambdas, x)
			}
		}
		for _, x := range []float64{0.3, 300} {
			if !exact(s.Gammas, x) {
				t.Errorf("quick %v: the gamma grid %v does not hold %v exactly", tc.quick, s.Gammas, x)
			}
		}
	}
	if got := decadeGrid(1, -2, 1, 7)[4]; got != 1 {
		t.Errorf("decadeGrid(1, -2, 1, 7)[4] = %v, want exactly 1", got)
	}
}

// TestSurveyPointAt: the point at exactly the asked coordinates, and none
// at a lambda one rounding error away.
func TestSurveyPointAt(t *testing.T) {
	pts := []SurveyPoint{
		{Alpha: 0.25, Beta: 2, Lambda: math.Nextafter(1, 0), Gamma: 300, L1Theta3: 1},
		{Alpha: 0.25, Beta: 2, Lambda: 1, Gamma: 300, L1Theta3: 2},
		{Alpha: 0.25, Beta: 1, Lambda: 1, Gamma: 300, L1Theta3: 3},
	}
	for _, tc := range []struct {
		beta, lambda float64
		want         float64 // L1Theta3 of the point found; 0: none
	}{
		{2, 1, 2},
		{2, math.Nextafter(1, 0), 1},
		{1, 1, 3},
		{1, math.Nextafter(1, 0), 0},
		{2, math.Nextafter(1, 2), 0},
	} {
		p, ok := SurveyPointAt(pts, 0.25, tc.beta, tc.lambda, 300)
		if ok != (tc.want != 0) || p.L1Theta3 != tc.want {
			t.Errorf("beta %v, lambda %v: found %v, %+v; want L1Theta3 %v", tc.beta, tc.lambda, ok, p, tc.want)
		}
	}
}
