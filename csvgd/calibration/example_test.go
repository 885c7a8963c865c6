package calibration_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Example measures the coverage of two synthetic ensembles of 400
// members on the test path of Sec. 5.2, inside the training range (50
// test points, 3 stress components of each not zero: [calibration.Entries]).
// The members of the first are draws of the data's own noise model at
// 10%, f_j(x) = S(x)(1 + 0.1 z_j), so its predictive intervals cover fresh
// observations ([calibration.Fresh]) about as often as the level says. The
// second has half that spread: it covers an observation S(x)(1 + 0.1 xi)
// about when |xi| <= z_L / 2, z_L the standard normal's central quantile
// of level L, with probability 0.26 at L = 0.5 and 0.59 at L = 0.9. The
// truth S(x), the median of both, lies inside every band. The
// likelihood's noise sigma is negligible here, so that the predictive is
// the members' spread alone.
func Example() {
	dc := hyperelastic.PaperData(0.1, 1)
	dc.NTest = 100
	_, test, err := hyperelastic.Generate(dc)
	if err != nil {
		fmt.Println(err)
		return
	}
	obs := calibration.Fresh(test, 0.1, 1)
	levels := []float64{0.5, 0.9}
	for _, spread := range []float64{0.1, 0.05} {
		rng := rand.New(rand.NewPCG(2, 3))
		pred := make(hyperelastic.Predictions, 400)
		for j := range pred {
			pred[j] = make([]hyperelastic.Stress, len(test))
			for m, s := range test {
				for k, v := range s.STrue {
					pred[j][m][k] = v * (1 + spread*rng.NormFloat64())
				}
			}
		}
		r, err := calibration.Calibrate(pred, test, obs, 1e-9, levels)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("spread %.2f, %d entries: truth covered %.2f, fresh observations %.2f at levels %v\n", spread, r.Entries, r.Truth, r.Predictive, r.Levels)
	}
	// Output:
	// spread 0.10, 150 entries: truth covered [1.00 1.00], fresh observations [0.53 0.91] at levels [0.5 0.9]
	// spread 0.05, 150 entries: truth covered [1.00 1.00], fresh observations [0.29 0.61] at levels [0.5 0.9]
}
