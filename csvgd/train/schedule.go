package train

import "math"

// Schedule is the sequence of stages of Alg. svgd: how long each stage
// runs, its lambda, whether graph condensation ends it, and (with the
// adaptive penalty of Sec. 5.6, [AdaptiveSchedule]) how lambda follows the
// training error. [Run] drives the input-convex network with it, and
// package regress the dense networks of the regression benchmark, so that
// both run the same stages.
//
// A run of Iters iterations takes stages of Stage iterations (method
// csvgd) or one stage of all of them (svgd), the last one shorter when
// Stage does not divide Iters. With Adaptive, after each stage
// [Schedule.Adapt] grows Lambda by Growth while the stage's training error
// stays within (1 + Tolerance) of the best so far; once it rises further,
// Lambda reverts to Lambda0 and one final stage runs on the then fixed
// template (no condensation) for the rest of the budget, and the last
// stage of the budget is that final stage in any case.
type Schedule struct {
	Method  Method
	Iters   int     // the run's iterations
	Stage   int     // csvgd: iterations per stage
	Lambda0 float64 // the prior multiplier of the first stage, and of the adaptive schedule's final one
	AdaptiveSchedule

	Lambda float64 // the current stage's lambda
	Best   float64 // adaptive: the lowest training error at the end of a stage so far (+Inf before the first)
	Final  bool    // adaptive: the current stage is the last, on a fixed template
}

// NewSchedule is the schedule of a run of method m for iters iterations
// in stages of stage iterations, starting at lambda, with the adaptive
// penalty a (off when a.Adaptive is false).
func NewSchedule(m Method, iters, stage int, lambda float64, a AdaptiveSchedule) Schedule {
	return Schedule{Method: m, Iters: iters, Stage: stage, Lambda0: lambda, AdaptiveSchedule: a, Lambda: lambda, Best: math.Inf(1)}
}

// schedule is the schedule of the configuration.
func (c Config) schedule() Schedule {
	return NewSchedule(c.Method, c.Iters, c.Stage, c.Lambda, c.AdaptiveSchedule)
}

// stageLength is the number of iterations of a stage: all of them for
// svgd, Stage for csvgd.
func (s Schedule) stageLength() int {
	if s.Method != CSVGD {
		return s.Iters
	}
	return s.Stage
}

// First is the length of the first stage.
func (s Schedule) First() int { return min(s.stageLength(), s.Iters) }

// Condenses reports whether the current stage ends with graph
// condensation: every csvgd stage but the adaptive schedule's final one.
func (s Schedule) Condenses() bool { return s.Method == CSVGD && !s.Final }

// Adapt applies the adaptive penalty after a stage whose training error
// at its end was e: it grows Lambda, or, when e rose past the tolerance
// over the best so far, reverts it to Lambda0, makes the next stage the
// final one and reports the rise. Without Adaptive it does nothing.
func (s *Schedule) Adapt(e float64) (rose bool) {
	if !s.Adaptive {
		return false
	}
	s.Best = math.Min(s.Best, e)
	if e > s.Best*(1+s.Tolerance) {
		s.Lambda, s.Final = s.Lambda0, true
		return true
	}
	s.Lambda *= s.Growth
	return false
}

// Next is the length of the stage after one that ended with done
// iterations of the run: 0 when the run is over (the budget is spent, or
// the stage that ended was the final one, given as final). With Adaptive,
// the stage that takes the rest of the budget, or the one that follows a
// rise of the error, is the final stage at Lambda0.
func (s *Schedule) Next(done int, final bool) int {
	if final || done >= s.Iters {
		return 0
	}
	n := min(s.stageLength(), s.Iters-done)
	if s.Adaptive && (s.Final || n == s.Iters-done) {
		s.Lambda, s.Final, n = s.Lambda0, true, s.Iters-done
	}
	return n
}
