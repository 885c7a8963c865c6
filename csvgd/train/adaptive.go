package train

import "fmt"

// AdaptiveSchedule is the adaptive penalty of Sec. 5.6 (docs/reading.md
// section 11), for method csvgd: the prior multiplier starts at
// lambda_0 = Config.Lambda and, after stage s with training error E_s
// (the RMSE of [Record]) at its end,
//
//	lambda_{s+1} = Growth lambda_s   while E_s <= (1 + Tolerance) min_{r <= s} E_r;
//
// once the error has risen further, lambda reverts to lambda_0 and one
// final stage runs on the then fixed template (without condensation) for
// the rest of the iteration budget. When the error never rises that far,
// the last stage of the budget is that final stage ("at termination,
// revert to minimal lambda").
//
// Config embeds it, so that its fields are Config's in JSON: the spelling
// of saved configurations, checkpoints and the keys of cached runs.
type AdaptiveSchedule struct {
	Adaptive  bool    // csvgd: the adaptive penalty of Sec. 5.6 (Lambda is the initial value)
	Growth    float64 // adaptive: lambda's factor after a stage whose error stayed within Tolerance
	Tolerance float64 // adaptive: relative rise of the training error over its best that ends the growth
}

// validateAdaptive reports a bad schedule ([AdaptiveSchedule.Check]).
func (c Config) validateAdaptive() error { return c.AdaptiveSchedule.Check(c.Method, c.Lambda) }

// Check reports a bad schedule for a run of method m starting at lambda:
// one for a method other than csvgd, a growth factor <= 1, a negative
// tolerance or no initial lambda. A schedule that is off is never bad.
func (a AdaptiveSchedule) Check(m Method, lambda float64) error {
	switch {
	case a.Adaptive && m != CSVGD:
		return fmt.Errorf("the adaptive penalty needs method csvgd, not %q", m)
	case a.Adaptive && !(a.Growth > 1):
		return fmt.Errorf("growth factor = %v must be > 1", a.Growth)
	case a.Adaptive && !(a.Tolerance >= 0):
		return fmt.Errorf("tolerance = %v must be >= 0", a.Tolerance)
	case a.Adaptive && !(lambda > 0):
		return fmt.Errorf("adaptive penalty: initial lambda = %v must be > 0", lambda)
	}
	return nil
}
