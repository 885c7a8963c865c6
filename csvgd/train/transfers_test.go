package train

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestStepsMakeOneTransferPerCall: between two history records a run makes
// one call of many steps and the host reads the device once per call, not
// once per iteration, with the loop in the graph (the GPU's mode) and
// with chained steps taking the median on the device, on the pure-Go
// backend; with the host's median (the pure-Go backend's default) it reads
// the distances once more per step. Every mode gives the default run's
// numbers (TestDefaultRunMatchesGolden's file holds the host median's).
func TestStepsMakeOneTransferPerCall(t *testing.T) {
	c := defaultPathConfig()
	c.Every = 10
	for _, tc := range []struct {
		mode        stein.StepsMode
		readsPerIts float64
	}{{stein.LoopInGraph, 0}, {stein.ChainedSteps, 0}, {stein.BackendSteps, 1}} {
		res, err := RunWith(testBackend(t), c, testData(t, 0.1), Options{Steps: tc.mode})
		if err != nil {
			t.Fatalf("%v: %v", tc.mode, err)
		}
		every := res.History
		res.History = nil // the golden run records every 20 iterations
		for _, h := range every {
			if h.Iter%20 == 0 {
				res.History = append(res.History, h)
			}
		}
		for _, d := range goldenDiffs(t, res) {
			t.Errorf("%v: %s", tc.mode, d)
		}
		for _, s := range res.Stages {
			calls := s.Iterations / c.Every // one call between two records
			want := calls + int(tc.readsPerIts*float64(s.Iterations))
			if s.StepCalls != calls || s.HostReads != want {
				t.Errorf("%v, stage %d (%s): %d calls and %d host reads for %d iterations; want %d and %d",
					tc.mode, s.Stage, s.StepsMode, s.StepCalls, s.HostReads, s.Iterations, calls, want)
			}
		}
	}
}
