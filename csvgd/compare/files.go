package compare

import (
	"fmt"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/errtag"
)

// NearZero is the magnitude below which a constrained weight counts as
// near 0: the prior's smoothing s and the condensation threshold.
const NearZero = condense.PaperThreshold

// ZeroWeights counts the constrained weights (W_1 .. W_L) at 0 and near
// 0 in both ensembles, as shares of all constrained weights of all
// members.
type ZeroWeights struct {
	PerMember         int     `json:"per_member"`          // constrained weights of the template
	SteinAtZero       float64 `json:"stein_at_zero"`       // exactly 0: clipped by the flow's projection (or pruned)
	SteinNearZero     float64 `json:"stein_near_zero"`     // below NearZero, 0 included
	ReferenceAtZero   float64 `json:"reference_at_zero"`   // exactly 0
	ReferenceNearZero float64 `json:"reference_near_zero"` // below NearZero, 0 included
	NearZero          float64 `json:"near_zero"`
}

// Files compares the Stein ensemble saved at steinPath (csvgd train
// -save) with the reference draws saved at refPath (csvgd nuts -save) on
// the test points test: [Ensembles] on the loaded files.
func Files(steinPath, refPath string, test []hyperelastic.Sample, o Options) (*Result, error) {
	stein, err := ensemble.Load(steinPath)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	ref, err := ensemble.Load(refPath)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	return Ensembles(stein, ref, test, o)
}

// Ensembles compares two saved ensembles of one template, the Stein
// particles and the reference draws, on the test points test: their
// predictions by [Predictions], and the constrained weights at and near
// 0. It refuses files of different templates or inputs, and files whose
// recorded posteriors (sigma, likelihood, prior, noise: [exact.FileSettings])
// differ when both record one: like must be compared with like (errors
// wrapping [ErrMismatch]).
func Ensembles(stein, ref *ensemble.File, test []hyperelastic.Sample, o Options) (*Result, error) {
	arch, err := sameTemplate(stein, ref)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	r, err := Predictions(exact.HostPredict(arch, test, stein.Particles), exact.HostPredict(arch, test, ref.Particles), test, o)
	if err != nil {
		return nil, err
	}
	r.Weights = ZeroWeightsOf(arch, stein.Particles, ref.Particles)
	return r, nil
}

// sameTemplate is the network of both files, or an error wrapping
// [ErrMismatch] that says how they differ.
func sameTemplate(stein, ref *ensemble.File) (icnn.Arch, error) {
	return sameTemplateOf(stein, ref, "the Stein ensemble", "the reference", "compare an ensemble with draws of its own template")
}

// sameTemplateOf is sameTemplate of files a and b named for people as
// nameA and nameB, with advice closing the error on different templates.
func sameTemplateOf(a, b *ensemble.File, nameA, nameB, advice string) (icnn.Arch, error) {
	archA, err := icnn.ArchOf(a)
	if err != nil {
		return icnn.Arch{}, errtag.With(fmt.Errorf("%s: %w", nameA, err), ErrMismatch)
	}
	archB, err := icnn.ArchOf(b)
	if err != nil {
		return icnn.Arch{}, errtag.With(fmt.Errorf("%s: %w", nameB, err), ErrMismatch)
	}
	if !slices.Equal(archA.Widths, archB.Widths) || archA.Inputs != archB.Inputs {
		return icnn.Arch{}, errtag.With(fmt.Errorf("%s's template %v (%s inputs) is not %s's %v (%s inputs): %s", nameA, archA.Widths, a.Inputs, nameB, archB.Widths, b.Inputs, advice), ErrMismatch)
	}
	sa, errA := exact.FileSettings(a)
	sb, errB := exact.FileSettings(b)
	if errA == nil && errB == nil && sa != sb {
		return icnn.Arch{}, errtag.With(fmt.Errorf("%s's posterior %+v is not %s's %+v", nameA, sa, nameB, sb), ErrMismatch)
	}
	return archA, nil
}

// ZeroWeightsOf counts the constrained weights of the template arch at
// and near 0 among the Stein particles stein and the reference draws ref.
func ZeroWeightsOf(arch icnn.Arch, stein, ref [][]float64) *ZeroWeights {
	cons := arch.Constrained()
	per := 0
	for _, c := range cons {
		if c {
			per++
		}
	}
	z := &ZeroWeights{PerMember: per, NearZero: NearZero}
	share := func(members [][]float64, near bool) float64 {
		n := 0
		for _, theta := range members {
			for i, v := range theta {
				if cons[i] && (v == 0 || near && v < NearZero) {
					n++
				}
			}
		}
		return float64(n) / float64(per*len(members))
	}
	if per > 0 {
		z.SteinAtZero, z.SteinNearZero = share(stein, false), share(stein, true)
		z.ReferenceAtZero, z.ReferenceNearZero = share(ref, false), share(ref, true)
	}
	return z
}
