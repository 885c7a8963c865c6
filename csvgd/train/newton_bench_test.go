package train

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// BenchmarkNewtonCurvature times the data score and Gauss-Newton
// curvature of an ensemble, the model evaluation of every Newton step, in
// the GoMLX graph (icnn.Arch.GaussNewton) and on the host
// (reference.Likelihood.GaussNewton, the particles split over the CPUs),
// on the committed 10%-noise data (80 points) for three condensed
// templates (57 and 101 weights, sizes Sec. 5's runs end on, and 207,
// above the Newton update's default bound) and 10, 20 and 50 particles.
//
//	go test ./csvgd/train -run '^$' -bench NewtonCurvature
func BenchmarkNewtonCurvature(b *testing.B) {
	data, err := LoadPaperData(0.1)
	if err != nil {
		b.Skip(err)
	}
	for _, widths := range [][]int{{3, 5, 7, 1}, {3, 7, 10, 1}, {3, 9, 18, 1}} {
		arch := icnn.Arch{Widths: widths}
		for _, n := range []int{10, 20, 50} {
			x := arch.Init(n, rand.New(rand.NewPCG(1, 2)))
			for _, place := range []Placement{GraphPlacement, HostPlacement} {
				c := DefaultConfig()
				c.Particles, c.Curvature = n, place
				p := NewProblem(c, data)
				p.Arch = arch
				m, err := p.CurvatureModel(testBackend(b))
				if err != nil {
					b.Fatal(err)
				}
				b.Run(fmt.Sprintf("%s/D=%d/N=%d/%s", FormatWidths(widths), arch.NumParams(), n, place), func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						if _, _, err := m.Derivatives(x); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
