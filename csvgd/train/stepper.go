package train

import (
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// stepper is the update of a stage: the first-order Stein flow with its
// optimizer (package stein), or a Newton flow (package svn).
type stepper interface {
	// Steps takes k steps on x.
	Steps(x *stein.Ensemble, k int) error
	// compile compiles the update's graphs for an ensemble shaped like x
	// before the stage's clock starts.
	compile(x *stein.Ensemble) error
	// State is the optimizer state to carry to the next stage (none for a
	// Newton flow).
	State() ([]*stein.Ensemble, error)
	// SetState gives the update the state carried from the previous stage
	// and the run's iteration count, which the optimizer (Adam's bias
	// correction) or the noise stream (the stochastic Newton update)
	// follows.
	SetState(state []*stein.Ensemble, iter int) error
	iterations() int
	// mode says how the steps ran on the device.
	mode() string
	// reads is the number of times the host read the device while
	// stepping (0 for a Newton flow, which does not count them).
	reads() int
	lambda() float64
	setLambda(l float64)
	update() svn.Update
}

// firstOrder is the first-order flow as a [stepper].
type firstOrder struct{ *stein.Flow }

func (f firstOrder) compile(x *stein.Ensemble) error { return f.Compile(x) }
func (f firstOrder) iterations() int                 { return f.Iter }
func (f firstOrder) reads() int                      { return f.Reads }
func (f firstOrder) mode() string {
	if f.ModeNote != "" {
		return f.Mode.String() + "; " + f.ModeNote
	}
	return f.Mode.String()
}
func (f firstOrder) lambda() float64     { return f.Lambda }
func (f firstOrder) setLambda(l float64) { f.Lambda = l }
func (f firstOrder) update() svn.Update  { return svn.SVGD }

// secondOrder is a Newton flow as a [stepper]. It keeps no optimizer
// state: the state of a first-order stage before it is dropped.
type secondOrder struct{ *svn.Flow }

func (f secondOrder) State() ([]*stein.Ensemble, error) { return nil, nil }
func (f secondOrder) SetState(_ []*stein.Ensemble, iter int) error {
	f.Iter = iter
	return nil
}

// Steps takes k Newton steps, one graph execution each.
func (f secondOrder) Steps(x *stein.Ensemble, k int) error {
	for range k {
		if err := f.Step(x); err != nil {
			return err
		}
	}
	return nil
}

// compile does nothing: a Newton flow compiles its graphs at its first
// step, inside the stage's time.
func (f secondOrder) compile(*stein.Ensemble) error { return nil }
func (f secondOrder) iterations() int               { return f.Iter }
func (f secondOrder) mode() string                  { return "single Newton steps" }
func (f secondOrder) reads() int                    { return 0 }
func (f secondOrder) lambda() float64               { return f.Lambda }
func (f secondOrder) setLambda(l float64)           { f.Lambda = l }
func (f secondOrder) update() svn.Update            { return f.Update }
