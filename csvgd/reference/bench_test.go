package reference_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// BenchmarkReferenceStep times one Stein step of the hand-written
// reference (the ICNN flow of internal/dotvjp: 80 training points, Adam,
// the alpha = 0.5 prior, the RBF kernel with the paper's bandwidth) for
// 10 and 100 particles of the networks [3, w, w, 1], w = 30, 8, 4, with
// the default number of workers (GOMAXPROCS), reporting ms/step:
//
//	go test -run '^$' -bench ReferenceStep -benchtime 20x ./csvgd/reference/
func BenchmarkReferenceStep(b *testing.B) {
	batch := icnn.NewBatch(trainingSamples(b))
	for _, n := range []int{10, 100} {
		for _, w := range []int{30, 8, 4} {
			b.Run(fmt.Sprintf("N=%d/width=%d", n, w), func(b *testing.B) {
				arch := icnn.Arch{Widths: []int{3, w, w, 1}}
				s := newStep(b, arch, batch, "adam")
				x := initial(arch, n, 1)
				if err := s.Do(x); err != nil { // sizes the buffers
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					if err := s.Do(x); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/step")
			})
		}
	}
}
