package figures

import (
	"os"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

func TestScratchTiming(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	b, _ := backend.Default()
	for _, n := range []int{32, 128} {
		for _, g := range []float64{0.1, 1, 10, 100} {
			for _, l := range []float64{0.1, 1} {
				c := mvn.DefaultConfig()
				c.Particles, c.Iters = n, 1000
				c.Lambda = l
				c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: g}
				st := time.Now()
				r, err := mvn.Run(b, mvn.PaperTarget(), c)
				if err != nil {
					t.Log(err)
					continue
				}
				t.Logf("n=%d gamma=%g lambda=%g: %.2fs mean=%.2f bh=%.3f l1=%.3f cov diag %.2f %.2f %.2f", n, g, l, time.Since(st).Seconds(), r.Mean, r.Bhattacharyya, r.L1Theta3, r.Cov.At(0, 0), r.Cov.At(1, 1), r.Cov.At(2, 2))
			}
		}
	}
}
