package nuts

import "fmt"

// Metric is the form of the mass matrix M that the warm-up adapts: the
// kinetic energy is 1/2 p^T M^-1 p, and M^-1 is estimated from the
// warm-up's draws.
type Metric int

const (
	// Diagonal is Stan's diag_e, the default: M^-1 is the diagonal of the
	// draws' variances, one step-size scale per coordinate.
	Diagonal Metric = iota
	// Dense is Stan's dense_e: M^-1 is the draws' full covariance, so that
	// the leapfrog also follows correlations between coordinates (a
	// linear ridge), at the price of a d x d matrix-vector product per
	// step and a Cholesky factor per window.
	Dense
)

// String is the metric's name: diag or dense.
func (m Metric) String() string {
	switch m {
	case Diagonal:
		return "diag"
	case Dense:
		return "dense"
	}
	return fmt.Sprintf("Metric(%d)", int(m))
}

// ParseMetric reads a metric's name (diag or dense).
func ParseMetric(s string) (Metric, error) {
	switch s {
	case "diag", "diagonal", "diag_e":
		return Diagonal, nil
	case "dense", "dense_e":
		return Dense, nil
	}
	return 0, fmt.Errorf("metric %q: want diag or dense", s)
}

// Validate refuses a value that is not a metric.
func (m Metric) Validate() error {
	if m != Diagonal && m != Dense {
		return fmt.Errorf("metric = %d: want Diagonal or Dense", int(m))
	}
	return nil
}

// MarshalText writes the metric's name, so that JSON holds "diag" or
// "dense".
func (m Metric) MarshalText() ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a metric's name.
func (m *Metric) UnmarshalText(b []byte) error {
	v, err := ParseMetric(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Set makes a Metric a flag.Value.
func (m *Metric) Set(s string) error { return m.UnmarshalText([]byte(s)) }
