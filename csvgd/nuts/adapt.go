package nuts

import "fmt"

// Adaptation holds the warm-up's settings (Stan's names in parentheses).
type Adaptation struct {
	TargetAccept float64 // mean acceptance the step size aims at (delta), in (0, 1)
	Gamma        float64 // dual averaging regularisation scale (gamma), > 0
	T0           float64 // dual averaging iteration offset (t0), >= 0
	Kappa        float64 // dual averaging relaxation exponent (kappa), in (0.5, 1]
	InitBuffer   int     // iterations before the first metric window (init_buffer)
	TermBuffer   int     // iterations after the last metric window (term_buffer)
	BaseWindow   int     // length of the first metric window (window)
}

// DefaultAdaptation is Stan's: delta 0.8, gamma 0.05, t0 10, kappa 0.75,
// buffers 75 and 50, first window 25.
func DefaultAdaptation() Adaptation {
	return Adaptation{TargetAccept: 0.8, Gamma: 0.05, T0: 10, Kappa: 0.75, InitBuffer: 75, TermBuffer: 50, BaseWindow: 25}
}

// Validate reports the first out-of-range setting, naming its value.
func (a Adaptation) Validate() error {
	switch {
	case !(a.TargetAccept > 0 && a.TargetAccept < 1):
		return fmt.Errorf("target acceptance = %v must be in (0, 1)", a.TargetAccept)
	case !(a.Gamma > 0):
		return fmt.Errorf("dual averaging gamma = %v must be > 0", a.Gamma)
	case !(a.T0 >= 0):
		return fmt.Errorf("dual averaging t0 = %v must be >= 0", a.T0)
	case !(a.Kappa > 0.5 && a.Kappa <= 1):
		return fmt.Errorf("dual averaging kappa = %v must be in (0.5, 1]", a.Kappa)
	case a.InitBuffer < 0 || a.TermBuffer < 0 || a.BaseWindow < 1:
		return fmt.Errorf("adaptation buffers %d, %d and window %d: want buffers >= 0 and window >= 1",
			a.InitBuffer, a.TermBuffer, a.BaseWindow)
	}
	return nil
}

// Window is the iterations [Start, End) of warm-up whose draws estimate the
// mass matrix; it is updated after iteration End-1.
type Window struct{ Start, End int }

// Windows lists the metric adaptation windows of a warm-up of the given
// length, as Stan lays them out: below 20 iterations none; if the buffers
// and the first window do not fit, 15% initial buffer, 75% window, 10%
// terminal buffer; otherwise windows of BaseWindow, 2 BaseWindow, ...
// iterations after InitBuffer, the last one stretched to end TermBuffer
// iterations before the end of warm-up when the next would not fit.
// For Stan's defaults and 1000 iterations: [75, 100), [100, 150),
// [150, 250), [250, 450), [450, 950).
func (a Adaptation) Windows(warmup int) []Window {
	if warmup < 20 {
		return nil
	}
	init, term, size := a.InitBuffer, a.TermBuffer, a.BaseWindow
	if init+size+term > warmup {
		init, term = int(0.15*float64(warmup)), int(0.1*float64(warmup))
		size = warmup - init - term
	}
	end := warmup - term
	w := []Window{{init, init + size}}
	for start := init + size; start < end; start = w[len(w)-1].End {
		size *= 2
		next := start + size
		if next+2*size > end {
			next = end
		}
		w = append(w, Window{start, next})
	}
	return w
}
