package stein

import (
	"fmt"
	"strings"
)

// PriorForm is which of the paper's two ways of writing the alpha prior a
// [Prior] follows: they share the shape exp(-c |theta|^alpha) and differ in
// the coefficient c that lambda sets (docs/reading.md section 2).
type PriorForm int

const (
	// PenaltyForm, the default, is the prior as eqs. (prior_family) and
	// (log_post) write it, p(theta) ∝ exp(-lambda |theta|^alpha): lambda
	// is "a penalty parameter on the regularizing objective" |theta|^alpha,
	// the same coefficient for every alpha.
	PenaltyForm PriorForm = iota
	// NormalizedForm is the generalised normal of eq. (sparprior),
	// p(theta) = lambda c1(alpha) exp(-lambda^alpha c2(alpha) |theta|^alpha):
	// variance 1/lambda^2 for every alpha, so that its coefficient
	// lambda^alpha c2(alpha) spans three orders of magnitude over
	// alpha in [1/4, 2] at lambda = 0.05.
	NormalizedForm
)

// String is "penalty" or "normalized", the inverse of [ParsePriorForm].
func (f PriorForm) String() string {
	switch f {
	case PenaltyForm:
		return "penalty"
	case NormalizedForm:
		return "normalized"
	}
	return fmt.Sprintf("PriorForm(%d)", int(f))
}

// ParsePriorForm reads "penalty" or "normalized" ("normalised" too).
func ParsePriorForm(s string) (PriorForm, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "penalty":
		return PenaltyForm, nil
	case "normalized", "normalised":
		return NormalizedForm, nil
	}
	return 0, fmt.Errorf("prior %q: want penalty (lambda |theta|^alpha, eq. log_post) or normalized (the generalised normal of eq. sparprior)", s)
}

// Validate reports a form that is neither of the two.
func (f PriorForm) Validate() error {
	if f != PenaltyForm && f != NormalizedForm {
		return fmt.Errorf("prior form %d: want penalty or normalized", int(f))
	}
	return nil
}

// MarshalText writes [PriorForm.String], so that configurations and files
// name the form.
func (f PriorForm) MarshalText() ([]byte, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads what [PriorForm.MarshalText] writes.
func (f *PriorForm) UnmarshalText(b []byte) error {
	v, err := ParsePriorForm(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}
