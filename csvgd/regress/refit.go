package regress

import (
	"fmt"
	"math"
	"time"
)

// refitNoise is step 4 of [Fit]; it returns the number of particles
// whose noise precision of some target changed.
func (f *fit) refitNoise() int {
	m := f.res.Model
	if f.dev.Len() == 0 || m.Fixed != nil {
		return 0
	}
	x, y := f.res.XScale.Apply(f.dev.X), f.res.YScale.Apply(f.dev.Y)
	changed := 0
	for _, theta := range f.x.Rows() {
		moved := false
		for k := range m.Arch.Outputs() {
			var sq float64
			for i := range x {
				r := y[i][k] - m.Arch.HostForward(theta, x[i])[k]
				sq += r * r
			}
			n := float64(len(x))
			lik := func(logGamma float64) float64 { return n*logGamma/2 - math.Exp(logGamma)*sq/2 }
			if heuristic := -math.Log(sq / n); lik(heuristic) > lik(theta[m.LogGamma(k)]) {
				theta[m.LogGamma(k)], moved = heuristic, true
			}
		}
		if moved {
			changed++
		}
	}
	return changed
}

// finish measures the final ensemble.
func (f *fit) finish(elapsed time.Duration) {
	r := f.res
	r.Train, r.Test = r.Evaluate(f.trainSet), r.Evaluate(f.test)
	r.ActiveWeights, r.Iterations, r.Seconds = f.activeWeights(), f.done, elapsed.Seconds()
}

func (f *fit) progress(format string, args ...any) {
	if f.o.Progress != nil {
		fmt.Fprintf(f.o.Progress, format, args...)
	}
}
