package ensemble

import (
	"fmt"
	"math"
	"math/bits"

	"gonum.org/v1/gonum/mat"
)

// Format is the value of the "format" field of every ensemble file.
const Format = "csvgd-ensemble"

// Version is the format version this package writes, and the newest it
// reads. Version 2 added "inputs"; version 1 files are read as networks on
// the shifted invariants, which is what they were ([InputsOfVersion1]).
// Version 3 added "prior"; older files are read as trained with the
// normalized prior, which is what they were ([PriorBeforeVersion3]).
// Version 4 added dense networks ("network" and "dense", [NewDense]);
// files of input-convex networks are still written as version 3.
const Version = 4

// The values of "prior": the form of the alpha prior the ensemble was
// trained with (docs/reading.md section 2).
const (
	// PriorPenalty is p(theta) ∝ exp(-lambda |theta|^alpha), eqs.
	// (prior_family) and (log_post).
	PriorPenalty = "penalty"
	// PriorNormalized is the generalised normal of eq. (sparprior),
	// p(theta) ∝ exp(-lambda^alpha c2(alpha) |theta|^alpha).
	PriorNormalized = "normalized"
	// PriorBeforeVersion3 is what files of versions 1 and 2, which have no
	// "prior" field, were trained with: csvgd then read eq. (sparprior).
	PriorBeforeVersion3 = PriorNormalized
)

// The values of "inputs": what the networks take as input x.
const (
	// InputsRaw is x = (I1, I2, I3), the invariants of C = F^T F.
	InputsRaw = "raw"
	// InputsShifted is x = (I1 - 3, I2 - 3, I3 - 1).
	InputsShifted = "shifted"
	// InputsOfVersion1 is what version 1 files, which have no "inputs"
	// field, hold: csvgd then fed the shifted invariants to the network.
	InputsOfVersion1 = InputsShifted
)

// File is a saved Stein ensemble: the networks' layer widths and one flat
// parameter vector per particle (see the package documentation for the
// layout and the JSON form).
type File struct {
	Format    string         `json:"format"`
	Version   int            `json:"version"`
	Network   string         `json:"network,omitempty"` // NetworkDense, or "" (NetworkICNN)
	Widths    []int          `json:"widths"`            // layer widths, input first, output last
	Inputs    string         `json:"inputs,omitempty"`  // an input-convex network's inputs: InputsRaw or InputsShifted
	Dense     *Dense         `json:"dense,omitempty"`   // a dense network's activation, inputs and targets
	Prior     string         `json:"prior"`             // the form of the prior it was trained with: PriorPenalty or PriorNormalized
	Particles [][]float64    `json:"particles"`         // [particle][parameter]
	Meta      map[string]any `json:"meta,omitempty"`    // free-form: training configuration, data, history summary
}

// New returns a File of the current format and version holding widths,
// particles and meta (not copied), for networks on the raw invariants
// trained with the penalty-form prior (set Inputs and Prior for others).
// Call [File.Validate] to check it.
func New(widths []int, particles [][]float64, meta map[string]any) *File {
	return &File{Format: Format, Version: versionICNN, Widths: widths, Inputs: InputsRaw, Prior: PriorPenalty, Particles: particles, Meta: meta}
}

// Note is a one-line remark for the user about how the file was read, or ""
// when there is nothing to say: an older file gets the inputs (version 1)
// and the prior form (versions 1 and 2) it was read with.
func (f *File) Note() string {
	const prior = "read as trained with the normalized prior of eq. sparprior (written before csvgd read the prior as lambda |theta|^alpha)"
	switch f.Version {
	case 1:
		return "format version 1 (written before csvgd fed the raw invariants to the network): read as networks on the shifted invariants (I1 - 3, I2 - 3, I3 - 1), " + prior
	case 2:
		return "format version 2: " + prior
	}
	return ""
}

// NumParams is the length of a particle for the layer widths
// [n_0, .., n_L]: sum_k n_{k+1} n_k, 1020 for [3, 30, 30, 1]. It returns -1
// for widths that do not make a network: fewer than two layers, a width
// below 1, or a count that overflows int.
func NumParams(widths []int) int {
	if len(widths) < 2 {
		return -1
	}
	var total uint64
	for k, w := range widths {
		if w < 1 {
			return -1
		}
		if k == 0 {
			continue
		}
		hi, lo := bits.Mul64(uint64(widths[k-1]), uint64(w))
		sum, carry := bits.Add64(total, lo, 0)
		if hi != 0 || carry != 0 || sum > math.MaxInt {
			return -1
		}
		total = sum
	}
	return int(total)
}

// Validate checks the file: the format and a version this package reads,
// the network, for an input-convex one its inputs (raw or shifted) and
// for a dense one its block ([Dense]), the prior (penalty or normalized),
// widths that make a network (at least two layers, each at least 1 wide),
// at least one particle, every particle with [NumParams] values (for a
// dense network [DenseParams]), and every value finite. The error names
// the first problem found.
func (f *File) Validate() error {
	if f.Format != Format {
		return fmt.Errorf("format %q, want %q", f.Format, Format)
	}
	if err := checkVersion(f.Version); err != nil {
		return err
	}
	switch {
	case f.Network != "" && f.Network != NetworkICNN && f.Network != NetworkDense:
		return fmt.Errorf("network %q: want %q or %q", f.Network, NetworkICNN, NetworkDense)
	case f.IsDense():
		if err := f.validateDense(); err != nil {
			return err
		}
	case f.Inputs != InputsRaw && f.Inputs != InputsShifted:
		return fmt.Errorf("inputs %q: want %q (the invariants I1, I2, I3) or %q (I1 - 3, I2 - 3, I3 - 1)", f.Inputs, InputsRaw, InputsShifted)
	}
	if f.Prior != PriorPenalty && f.Prior != PriorNormalized {
		return fmt.Errorf("prior %q: want %q (lambda |theta|^alpha) or %q (eq. sparprior)", f.Prior, PriorPenalty, PriorNormalized)
	}
	p := f.paramCount()
	if p < 0 {
		return fmt.Errorf("widths %v: want at least two layers, each at least 1 wide (and a parameter count that fits an int)", f.Widths)
	}
	if len(f.Particles) == 0 {
		return fmt.Errorf("no particles")
	}
	return checkParticles(f.Widths, p, f.Particles)
}

// CheckParticles reports the first particle that does not hold
// [NumParams](widths) values, or the first value that is not finite.
// widths must make a network (NumParams not negative).
func CheckParticles(widths []int, particles [][]float64) error {
	return checkParticles(widths, NumParams(widths), particles)
}

// checkParticles is [CheckParticles] for particles of p values.
func checkParticles(widths []int, p int, particles [][]float64) error {
	for a, theta := range particles {
		if len(theta) != p {
			return fmt.Errorf("particle %d has %d parameters, widths %v need %d", a, len(theta), widths, p)
		}
		for i, v := range theta {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("particle %d, parameter %d is %v, not finite", a, i, v)
			}
		}
	}
	return nil
}

// checkVersion accepts the versions this package reads.
func checkVersion(v int) error {
	switch {
	case v > Version:
		return fmt.Errorf("version %d was written by a newer csvgd (this one reads up to version %d)", v, Version)
	case v < 1:
		return fmt.Errorf("version %d: versions start at 1", v)
	}
	return nil
}

// Weights returns the weight matrices W_0 .. W_{L-1} of particle a as
// gonum matrices of n_{k+1} rows (output nodes) and n_k columns. They are
// views: they share memory with f.Particles[a]. Weights panics if a is out
// of range or the particle's length does not match the widths.
func (f *File) Weights(a int) []*mat.Dense {
	theta := f.Particles[a]
	if p := NumParams(f.Widths); p < 0 || len(theta) != p {
		panic(fmt.Sprintf("ensemble: Weights: particle %d has %d parameters, widths %v need %d", a, len(theta), f.Widths, p))
	}
	ws := make([]*mat.Dense, len(f.Widths)-1)
	off := 0
	for k := range ws {
		r, c := f.Widths[k+1], f.Widths[k]
		ws[k] = mat.NewDense(r, c, theta[off:off+r*c:off+r*c])
		off += r * c
	}
	return ws
}
