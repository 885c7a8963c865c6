package train

import "fmt"

// Method is how a run trains its ensemble; in JSON and on the command line
// it is its name.
type Method string

const (
	// CSVGD runs stages of Config.Stage iterations, each ended by graph
	// condensation (Alg. svgd with Alg. graph_condense): the paper's method.
	CSVGD Method = "csvgd"
	// SVGD is the Stein flow without condensation.
	SVGD Method = "svgd"
	// Sequential is the authors' earlier "L2 + Stein": one network
	// sparsified by MAP training with the alpha = 2 prior and pruned, then
	// SVGD on its structure (docs/reading.md section 12).
	Sequential Method = "sequential"
	// Ensemble is a deep ensemble: independent MAP fits of the particles,
	// the Stein flow without its kernel (each particle ascends its own
	// log posterior, [stein.Config].Independent); regression fits only
	// (package regress, docs/reading.md section 18).
	Ensemble Method = "ensemble"
)

// Validate reports a method that is none of the four.
func (m Method) Validate() error {
	switch m {
	case CSVGD, SVGD, Sequential, Ensemble:
		return nil
	}
	return fmt.Errorf("method %q: want csvgd, svgd, sequential or ensemble", string(m))
}

// UnmarshalText reads a method's name and checks it.
func (m *Method) UnmarshalText(b []byte) error {
	v := Method(b)
	if err := v.Validate(); err != nil {
		return err
	}
	*m = v
	return nil
}

// MarshalText writes the name.
func (m Method) MarshalText() ([]byte, error) { return []byte(m), nil }

// Likelihood is how the Gaussian log-likelihood of the stresses
// aggregates the data points (docs/reading.md section 9).
type Likelihood string

const (
	// MeanLikelihood is the mean over the data points, a mean-squared-error
	// loss: the default.
	MeanLikelihood Likelihood = "mean"
	// SumLikelihood is the sum over the data points, as printed.
	SumLikelihood Likelihood = "sum"
)

// Validate reports a likelihood that is neither form.
func (l Likelihood) Validate() error {
	if l != MeanLikelihood && l != SumLikelihood {
		return fmt.Errorf("likelihood %q: want mean (per data point) or sum (over the data)", string(l))
	}
	return nil
}

// UnmarshalText reads a likelihood's name and checks it.
func (l *Likelihood) UnmarshalText(b []byte) error {
	v := Likelihood(b)
	if err := v.Validate(); err != nil {
		return err
	}
	*l = v
	return nil
}

// MarshalText writes the name.
func (l Likelihood) MarshalText() ([]byte, error) { return []byte(l), nil }
