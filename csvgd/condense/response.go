package condense

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// StressChange is the largest change of a stress component between the
// particles a[i] of archA and b[i] of archB over the deformations ks,
// relative to the largest stress component of a there: 0 when the two
// ensembles compute the same stresses, about 1e-16 when they differ by
// rounding (as a node permutation does). It fails on ensembles of
// different sizes.
func StressChange(archA icnn.Arch, a [][]float64, archB icnn.Arch, b [][]float64, ks []hyperelastic.Kinematics) (float64, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("condense: StressChange: %d and %d particles", len(a), len(b))
	}
	var change, size float64
	for i := range a {
		for _, k := range ks {
			x, y := archA.HostStress(a[i], k), archB.HostStress(b[i], k)
			for v := range x {
				change, size = math.Max(change, math.Abs(x[v]-y[v])), math.Max(size, math.Abs(x[v]))
			}
		}
	}
	if size == 0 {
		return change, nil
	}
	return change / size, nil
}
