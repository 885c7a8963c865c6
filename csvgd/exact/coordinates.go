package exact

// Coordinates are the coordinates the sampler moves in. The target is the
// posterior of the weights in every case: the draws, the log densities and
// the diagnostics of a run are those of the weights theta; only the
// trajectories, the step size and the adapted metric live in the chosen
// coordinates.
type Coordinates int

const (
	// WeightCoordinates sample the weights theta themselves.
	WeightCoordinates Coordinates = iota
	// PriorNormalCoordinates sample phi with theta_i = g(phi_i), the
	// prior's quantile transform ([PriorNormal]): under the prior alone
	// every phi_i is a standard normal, so the weights that only the prior
	// holds (hundreds to thousands of units wide) move on the scale of the
	// others, and the prior's cusp at 0 is gone.
	PriorNormalCoordinates
	// LogScaleCoordinates sample phi with theta_i = exp(phi_i) for the
	// constrained weights and sinh(phi_i) for W_0's ([LogScale]): products
	// of weights become sums, funnels straight ridges.
	LogScaleCoordinates
)

var coordinateNames = names[Coordinates]{"coordinates", []string{"weights", "prior-normal", "log-scale"}}

// String is the coordinates' name: weights, prior-normal or log-scale.
func (c Coordinates) String() string { return coordinateNames.name(c) }

// ParseCoordinates reads the coordinates' name (weights, prior-normal or
// log-scale).
func ParseCoordinates(s string) (Coordinates, error) { return coordinateNames.parse(s) }

// Validate refuses a value that is not one of the coordinates.
func (c Coordinates) Validate() error { return coordinateNames.validate(c) }

// MarshalText writes the coordinates' name.
func (c Coordinates) MarshalText() ([]byte, error) { return coordinateNames.text(c) }

// UnmarshalText reads the coordinates' name.
func (c *Coordinates) UnmarshalText(b []byte) error { return coordinateNames.set(c, string(b)) }

// Set reads the coordinates' name from a command-line flag.
func (c *Coordinates) Set(s string) error { return coordinateNames.set(c, s) }
