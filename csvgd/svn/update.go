package svn

import (
	"fmt"
	"strings"
)

// Update names the Stein update of a flow; in JSON and on the command
// line it is its name. The zero value is [SVGD].
type Update string

// The updates.
const (
	// SVGD is the first-order Stein update of eq. (stein_grad) through the
	// flow's optimizer (package stein): every number of the paper.
	SVGD Update = "svgd"
	// Newton is Stein variational Newton with the block-diagonal Hessian
	// and the Hessian-scaled kernel (Detommaso et al. 2018): [Flow].
	Newton Update = "newton"
	// StochasticNewton is the Newton-preconditioned Stein update with the
	// noise that makes the ensemble a sample of the posterior (after
	// Leviyev et al. 2022): [Flow].
	StochasticNewton Update = "snewton"
)

// Or is u, or [SVGD] for the zero value.
func (u Update) Or() Update {
	if u == "" {
		return SVGD
	}
	return u
}

// SecondOrder reports whether u is one of the Newton updates of [Flow].
func (u Update) SecondOrder() bool { return u == Newton || u == StochasticNewton }

// Validate reports an update that is none of the three (the zero value is
// [SVGD]).
func (u Update) Validate() error {
	switch u {
	case "", SVGD, Newton, StochasticNewton:
		return nil
	}
	return fmt.Errorf("update %q: want svgd, newton or snewton", string(u))
}

// UnmarshalText reads an update's name, in any case, and checks it.
func (u *Update) UnmarshalText(b []byte) error {
	v := Update(strings.ToLower(strings.TrimSpace(string(b))))
	if err := v.Validate(); err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalText writes the name.
func (u Update) MarshalText() ([]byte, error) { return []byte(u), nil }

// String is the name, "svgd" for the zero value.
func (u Update) String() string { return string(u.Or()) }
