package study

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// TestNUTSBandsAgreeWithALongerRun: on the template of the 10-particle
// run of the comparison, the push-forward bands of the default NUTS run
// and of a run with a four times longer warm-up and draws (another seed)
// have mean 50% and 90% widths inside the training range within 25% of
// each other: the comparison's bands do not hinge on the run's length.
// Skipped with -short (trains the run, then samples for about five
// minutes on two cores).
func TestNUTSBandsAgreeWithALongerRun(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a run and samples its posterior twice: minutes")
	}
	s := &Store{Backend: backendtest.Backend(t), Dir: t.TempDir()}
	spec := Plan{Quick: false}.ConvergenceEnsembleRuns()[0]
	short := exact.DefaultConfig(false)
	long := short
	long.Warmup, long.Draws, long.Keep, long.Seed = 4*short.Warmup, 4*short.Draws, 2*short.Keep, short.Seed+6
	data, err := LoadPaperData(spec.Noise)
	if err != nil {
		t.Skip(err)
	}
	var widths [2][2]float64
	for i, c := range []exact.Config{short, long} {
		r, err := s.NUTS(NUTSSpec{Run: spec, Config: c})
		if err != nil {
			t.Fatal(err)
		}
		pred := exact.HostPredict(r.Arch, data.Test, r.Draws)
		for j, level := range []float64{0.5, 0.9} {
			if widths[i][j], err = BandWidth(pred, data.Test, level); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%d + %d iterations: R-hat %.3f, bulk ESS %.0f, band widths %.4f (50%%) %.4f (90%%)",
			c.Warmup, c.Draws, r.Report.RHatMax, r.Report.ESSBulkMin, widths[i][0], widths[i][1])
	}
	for j, level := range []float64{0.5, 0.9} {
		if d := math.Abs(widths[0][j]/widths[1][j] - 1); d > 0.25 {
			t.Errorf("%.0f%% band: width %.4f in the default run, %.4f in the long one (%.0f%% apart)", 100*level, widths[0][j], widths[1][j], 100*d)
		}
	}
}
