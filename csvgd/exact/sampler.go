package exact

// Sampler is the algorithm of a run.
type Sampler int

const (
	// NUTSSampler is the No-U-Turn sampler of package nuts: a few long
	// chains, each adapting its own step size and metric, trajectories
	// that stop where they turn back or at Config.MaxDepth doublings.
	NUTSSampler Sampler = iota
	// CHEESSampler is the many-chain Hamiltonian Monte Carlo of package
	// hmc: Config.Chains chains run as one batch, one batched evaluation
	// of the log density per leapfrog step, the step size, the diagonal
	// metric and the trajectory length (ChEES) adapted across the chains,
	// at most Config.MaxLeapfrog steps per trajectory.
	CHEESSampler
)

var samplerNames = names[Sampler]{"sampler", []string{"nuts", "chees"}}

// String is the sampler's name: nuts or chees.
func (s Sampler) String() string { return samplerNames.name(s) }

// ParseSampler reads a sampler's name (nuts or chees).
func ParseSampler(s string) (Sampler, error) { return samplerNames.parse(s) }

// Validate refuses a value that is not a sampler.
func (s Sampler) Validate() error { return samplerNames.validate(s) }

// MarshalText writes the sampler's name.
func (s Sampler) MarshalText() ([]byte, error) { return samplerNames.text(s) }

// UnmarshalText reads the sampler's name.
func (s *Sampler) UnmarshalText(b []byte) error { return samplerNames.set(s, string(b)) }

// Set reads the sampler's name from a command-line flag.
func (s *Sampler) Set(v string) error { return samplerNames.set(s, v) }

// Starts are where the chains of a run start. Runs whose agreement
// decides whether their draws are a reference start from disjoint points
// of at least two kinds ([Agree]).
type Starts int

const (
	// SteinStarts are the Stein particles of the template's last stage,
	// chain k at particle floor(k N / C), the last Config.Overdispersed
	// chains at perturbed particles ([Perturb]).
	SteinStarts Starts = iota
	// InitStarts are random initialisations of the template as training
	// draws them ([icnn.Arch.Init]), each optimised on the log posterior
	// for Config.OptimizeSteps steps of Adam ([Optimize]): points of the
	// region the data allow, found without the Stein run, in as many
	// places as there are chains.
	InitStarts
)

var startNames = names[Starts]{"starts", []string{"stein", "init"}}

// String is the starts' name: stein or init.
func (s Starts) String() string { return startNames.name(s) }

// ParseStarts reads the starts' name (stein or init).
func ParseStarts(s string) (Starts, error) { return startNames.parse(s) }

// Validate refuses a value that is not one of the starts.
func (s Starts) Validate() error { return startNames.validate(s) }

// MarshalText writes the starts' name.
func (s Starts) MarshalText() ([]byte, error) { return startNames.text(s) }

// UnmarshalText reads the starts' name.
func (s *Starts) UnmarshalText(b []byte) error { return startNames.set(s, string(b)) }

// Set reads the starts' name from a command-line flag.
func (s *Starts) Set(v string) error { return startNames.set(s, v) }
