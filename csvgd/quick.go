package csvgd

import (
	"os"
	"strconv"
)

// QuickEnv is the environment variable that switches on quick mode: reduced
// grids, particles and iterations, for CI and for a first look. Any value
// that strconv.ParseBool reads as true ("1", "true") turns it on.
const QuickEnv = "CSVGD_QUICK"

// Quick reports whether quick mode is on.
func Quick() bool { return ParseQuick(os.Getenv(QuickEnv)) }

// ParseQuick reports whether value, a value of CSVGD_QUICK, turns quick
// mode on: whatever strconv.ParseBool reads as true ("1", "true").
func ParseQuick(value string) bool {
	v, err := strconv.ParseBool(value)
	return err == nil && v
}
