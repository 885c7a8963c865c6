package exact

import (
	"runtime"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// WatchPoints are n test points spread evenly over those inside the
// training range, |d| <= [hyperelastic.TrainingDelta] (all of them when
// there are fewer than n): the points at which [StressWatch] follows the
// push-forward.
func WatchPoints(test []hyperelastic.Sample, n int) []hyperelastic.Sample {
	in := hyperelastic.WithinRange(test, hyperelastic.TrainingDelta)
	n = min(n, len(in))
	out := make([]hyperelastic.Sample, n)
	for j := range out {
		out[j] = test[in[j*len(in)/n]]
	}
	return out
}

// StressWatch is the watch function of [Sample] that follows the
// push-forward: the six stress components of a draw of network arch at
// each of the points, 6 len(points) quantities, evaluated on the host
// ([icnn.Arch.HostStress]).
func StressWatch(arch icnn.Arch, points []hyperelastic.Sample) func([]float64) []float64 {
	return func(theta []float64) []float64 {
		out := make([]float64, 0, 6*len(points))
		for _, p := range points {
			s := arch.HostStress(theta, p.Kinematics)
			out = append(out, s[:]...)
		}
		return out
	}
}

// HostPredict is the stress of every particle at every sample,
// [particle][point], evaluated on the host ([icnn.Arch.HostStresses]),
// the particles shared out over one goroutine per CPU.
func HostPredict(arch icnn.Arch, samples []hyperelastic.Sample, particles [][]float64) hyperelastic.Predictions {
	ks := make([]hyperelastic.Kinematics, len(samples))
	for m, s := range samples {
		ks[m] = s.Kinematics
	}
	out := make(hyperelastic.Predictions, len(particles))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for a := range next {
				out[a] = make([]hyperelastic.Stress, len(samples))
				arch.HostStresses(particles[a], ks, out[a])
			}
		})
	}
	for a := range particles {
		next <- a
	}
	close(next)
	wg.Wait()
	return out
}
