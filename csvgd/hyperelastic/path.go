package hyperelastic

import (
	"fmt"
	"math"
	"strings"
)

// TestPath is the one-parameter family of deformations F(d) of the test
// set, d in [-TestRange, TestRange].
type TestPath int

const (
	// PrintedPath is the test path of Sec. 5.2 as printed,
	// F = diag(1+d, sqrt(1+d), sqrt(1+d)). It is not volume-preserving,
	// J = (1+d)^2 (0.36 to 1.96 for |d| <= 0.4), and beyond |d| = 0.2 it
	// leaves the training cloud F = I + H, |H_ij| <= 0.2 (docs/reading.md
	// section 7). The default.
	PrintedPath TestPath = iota
	// IsochoricPath is F = diag(1+d, 1/sqrt(1+d), 1/sqrt(1+d)), uniaxial
	// stretch at constant volume (J = 1): a plausible intended reading of
	// the printed path, offered for comparison.
	IsochoricPath
)

// F is the deformation gradient at d (row-major).
func (p TestPath) F(d float64) [9]float64 {
	r := math.Sqrt(1 + d)
	if p == IsochoricPath {
		r = 1 / r
	}
	return [9]float64{1 + d, 0, 0, 0, r, 0, 0, 0, r}
}

// String is "printed" or "isochoric", the inverse of [ParseTestPath].
func (p TestPath) String() string {
	switch p {
	case PrintedPath:
		return "printed"
	case IsochoricPath:
		return "isochoric"
	}
	return fmt.Sprintf("TestPath(%d)", int(p))
}

// ParseTestPath reads "printed" or "isochoric".
func ParseTestPath(s string) (TestPath, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "printed":
		return PrintedPath, nil
	case "isochoric":
		return IsochoricPath, nil
	}
	return 0, fmt.Errorf("test path %q: want printed (diag(1+d, sqrt(1+d), sqrt(1+d)), as in Sec. 5.2) or isochoric (diag(1+d, 1/sqrt(1+d), 1/sqrt(1+d)))", s)
}

// MarshalText writes [TestPath.String].
func (p TestPath) MarshalText() ([]byte, error) {
	if p != PrintedPath && p != IsochoricPath {
		return nil, fmt.Errorf("hyperelastic: unknown test path %d", int(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads what [TestPath.MarshalText] writes.
func (p *TestPath) UnmarshalText(b []byte) error {
	v, err := ParseTestPath(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}
