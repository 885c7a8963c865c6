package speed

import (
	"fmt"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
)

// BenchmarkStep times one Stein step of every case of [PaperCases] with
// the graph (a call per step, and calls of 100 steps) and the reference
// (ms/step; the first steps, which compile the graph, are not timed). `csvgd bench` reports the same as medians:
//
//	go test -run '^$' -bench Step -benchtime 20x ./csvgd/speed/
func BenchmarkStep(b *testing.B) {
	be := backendtest.Backend(b)
	for _, c := range PaperCases() {
		s, err := newSteppers(be, c, Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, impl := range []struct {
			name string
			step func() error
		}{{"graph", s.graph}, {"graph, calls of 100", func() error { return s.steps(100) }}, {"reference", s.hand}} {
			b.Run(fmt.Sprintf("N=%d/width=%d/%s", c.Particles, c.Width, impl.name), func(b *testing.B) {
				for i := 0; i < 3; i++ {
					if err := impl.step(); err != nil {
						b.Fatal(err)
					}
				}
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					if err := impl.step(); err != nil {
						b.Fatal(err)
					}
				}
				per := float64(b.N)
				if impl.name == "graph, calls of 100" {
					per *= 100
				}
				b.ReportMetric(ms(time.Since(start))/per, "ms/step")
			})
		}
	}
}
