package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// nutsOutput is the JSON printed by "csvgd nuts mvn -json": the moments of the
// NUTS draws (pooled over chains) beside the exact ones by quadrature, and
// the sampler's diagnostics. step_size and inv_mass are per chain.
type nutsOutput struct {
	Target          string        `json:"target"`
	Alpha           float64       `json:"alpha"`
	Lambda          float64       `json:"lambda"`
	Chains          int           `json:"chains"`
	Draws           int           `json:"draws"`
	Warmup          int           `json:"warmup"`
	Seed            uint64        `json:"seed"`
	Mean            []float64     `json:"mean"`
	Cov             [][]float64   `json:"cov"`
	ExactMean       []float64     `json:"exact_mean"`
	ExactCov        [][]float64   `json:"exact_cov"`
	RHatMax         jsonnum.Float `json:"rhat_max"`
	ESSBulkMin      jsonnum.Float `json:"ess_bulk_min"`
	ESSTailMin      jsonnum.Float `json:"ess_tail_min"`
	Divergences     int           `json:"divergences"`
	AcceptRate      float64       `json:"accept_rate"`
	StepSize        []float64     `json:"step_size"`
	InvMass         [][]float64   `json:"inv_mass"`
	TreeDepthMean   float64       `json:"tree_depth_mean"`
	TreeDepthMax    int           `json:"tree_depth_max"`
	MaxDepthHits    int           `json:"max_depth_hits"`
	Gradients       int           `json:"gradients"`
	WarmupGradients int           `json:"warmup_gradients"`
	Seconds         float64       `json:"seconds"`
}

// minNUTSDraws is the fewest kept draws per chain for which the split-chain
// bulk and tail ESS are defined (halves of 4).
const minNUTSDraws = 8

// runNUTSMVN is csvgd nuts mvn: NUTS on the posterior of the Sec. 4
// example, beside its moments by quadrature.
func runNUTSMVN(args []string, stdout, stderr io.Writer) int {
	prior, c := stein.Prior{Alpha: 1, Lambda: 1}, nuts.DefaultConfig()
	fs := newFlagSet("nuts mvn", "csvgd nuts mvn [-alpha A] [-lambda L] [-chains C] [-draws D] [-warmup W] [-seed S] [-max-depth M] [-accept A] [-json]\n\n"+
		"Samples the exact posterior of the paper's Sec. 4 example (likelihood times the smoothed alpha prior the Stein\n"+
		"flow targets) with the No-U-Turn sampler, and prints its moments beside those of deterministic quadrature.\n"+
		"csvgd nuts -mvn ..., the earlier spelling, is the same. The posterior of a saved ensemble's template is\n"+
		"csvgd nuts template -ensemble FILE (csvgd nuts template -h).", stdout)
	fs.Float64Var(&prior.Alpha, "alpha", prior.Alpha, "prior order alpha in (0, 2]")
	fs.Float64Var(&prior.Lambda, "lambda", prior.Lambda, "prior multiplier lambda >= 0 (0: no prior)")
	fs.IntVar(&c.Chains, "chains", c.Chains, "number of chains (run in parallel)")
	fs.IntVar(&c.Draws, "draws", c.Draws, fmt.Sprintf("kept draws per chain (>= %d)", minNUTSDraws))
	fs.IntVar(&c.Warmup, "warmup", c.Warmup, "warm-up iterations per chain (step size and mass matrix adaptation)")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of every chain's random stream")
	fs.IntVar(&c.MaxDepth, "max-depth", c.MaxDepth, "most doublings of a trajectory")
	fs.Float64Var(&c.Adapt.TargetAccept, "accept", c.Adapt.TargetAccept, "target acceptance of the step size adaptation, in (0, 1)")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := validateNUTS(prior, c); err != nil {
		return usageError(fs, stderr, err)
	}
	out, err := sampleMVN(prior, c)
	if err != nil {
		return fail(fs, stderr, err)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	printNUTS(stdout, out)
	return exitOK
}

func validateNUTS(prior stein.Prior, c nuts.Config) error {
	if err := prior.Validate(); err != nil {
		return err
	}
	if c.Draws < minNUTSDraws {
		return fmt.Errorf("draws = %d: need at least %d for the split-chain diagnostics", c.Draws, minNUTSDraws)
	}
	return c.Validate(3)
}

// sampleMVN runs NUTS on the Sec. 4 posterior and computes its exact
// moments.
func sampleMVN(prior stein.Prior, c nuts.Config) (nutsOutput, error) {
	target := mvn.PaperTarget()
	exactMean, exactCov, err := mvn.ExactMoments(target, prior)
	if err != nil {
		return nutsOutput{}, err
	}
	start := time.Now()
	r, err := nuts.Sample(target.LogPosterior(prior), target.Dim(), c)
	if err != nil {
		return nutsOutput{}, err
	}
	seconds := time.Since(start).Seconds()
	mean, cov := r.Moments()
	rhat, bulk, tail := nuts.Worst(r.Summary())
	s := r.Stats()
	return nutsOutput{
		Target: "mvn", Alpha: prior.Alpha, Lambda: prior.Lambda, Chains: c.Chains, Draws: c.Draws, Warmup: c.Warmup, Seed: c.Seed,
		Mean: mean, Cov: mvn.Rows(cov), ExactMean: exactMean, ExactCov: mvn.Rows(exactCov),
		RHatMax: jsonnum.Float(rhat), ESSBulkMin: jsonnum.Float(bulk), ESSTailMin: jsonnum.Float(tail),
		Divergences: s.Divergences, AcceptRate: s.AcceptRate, StepSize: s.StepSizes, InvMass: s.InvMass,
		TreeDepthMean: s.TreeDepthMean, TreeDepthMax: s.TreeDepthMax, MaxDepthHits: s.AtMaxDepth,
		Gradients: s.Gradients, WarmupGradients: s.WarmupGradients, Seconds: seconds,
	}, nil
}

func printNUTS(w io.Writer, o nutsOutput) {
	fmt.Fprintf(w, "NUTS on the Sec. 4 posterior, alpha %g, lambda %g: %d chains x %d draws after %d warm-up\n\n",
		o.Alpha, o.Lambda, o.Chains, o.Draws, o.Warmup)
	fmt.Fprintf(w, "           %10s %10s %10s %10s\n", "mean", "exact", "sd", "exact sd")
	for i := range o.Mean {
		fmt.Fprintf(w, "theta_%d    %10.4f %10.4f %10.4f %10.4f\n", i+1, o.Mean[i], o.ExactMean[i],
			math.Sqrt(o.Cov[i][i]), math.Sqrt(o.ExactCov[i][i]))
	}
	fmt.Fprintf(w, "\nR-hat max %.4f, ESS bulk min %.0f, tail min %.0f\n", float64(o.RHatMax), float64(o.ESSBulkMin), float64(o.ESSTailMin))
	fmt.Fprintf(w, "%d divergences, acceptance %.3f, tree depth mean %.2f max %d (%d at the limit), step sizes %.3g\n",
		o.Divergences, o.AcceptRate, o.TreeDepthMean, o.TreeDepthMax, o.MaxDepthHits, o.StepSize)
	fmt.Fprintf(w, "%d gradient evaluations (%d in warm-up) in %.2f s\n", o.Gradients+o.WarmupGradients, o.WarmupGradients, o.Seconds)
}
