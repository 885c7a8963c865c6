package main

import (
	"fmt"
	"io"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// collapseOutput is the JSON printed by "csvgd collapse -json": the run's
// collapse.Result with the target's description and the fixed points the
// theory gives for it.
type collapseOutput struct {
	*collapse.Result
	Target  string  `json:"target"`
	Alpha   float64 `json:"alpha,omitempty"`
	Lambda  float64 `json:"lambda,omitempty"`
	Backend string  `json:"backend"`
	// FixedPointHolds says whether the regular-simplex fixed points exist
	// for the target's dimension D and the run's N particles, N - 1 <= D
	// (collapse.FixedPointHolds). Only then are FixedPointMedian and
	// FixedPointNewton given: collapse.FixedPointVariance with the median
	// rule's and the Hessian-scaled kernel's bandwidths (whitened ratios;
	// exact for the Gaussians). Where they do not hold they are left out,
	// as the figure variance_collapse leaves them out.
	FixedPointHolds  bool     `json:"fixed_point_holds"`
	FixedPointMedian *float64 `json:"fixed_point_median,omitempty"`
	FixedPointNewton *float64 `json:"fixed_point_newton,omitempty"`
	// The results that a diverged run leaves not finite, in place of the
	// Result's fields of the same names: jsonnum.Floats, null in the JSON,
	// so that such a run prints them as the text output does.
	VarianceRatio jsonnum.Float   `json:"variance_ratio"`
	WhitenedRatio jsonnum.Float   `json:"whitened_ratio"`
	MeanError     jsonnum.Float   `json:"mean_error"`
	Ratios        []jsonnum.Float `json:"ratios"`
}

// setFixedPoints gives o the fixed points of the theory for dimension d
// and n particles where they hold.
func (o *collapseOutput) setFixedPoints(d, n int) {
	o.FixedPointHolds = collapse.FixedPointHolds(d, n)
	if !o.FixedPointHolds {
		return
	}
	median, newton := collapse.FixedPointVariance(d, n, 1), collapse.FixedPointVariance(d, n, float64(d))
	o.FixedPointMedian, o.FixedPointNewton = &median, &newton
}

func runCollapse(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("collapse", "csvgd collapse [-dim D] [-particles N] [-update svgd|newton|snewton] [-seed S] [-iters K] [-target ar|isotropic] [-json]\n\n"+
		"Runs one Stein update on a Gaussian target whose moments are known and compares the ensemble with it\n"+
		"(the variance collapse of Ba et al. 2022): variance_ratio, the mean over coordinates of the ensemble's\n"+
		"variance over the target's, and mean_error, the error of its mean in target standard deviations.\n"+
		"-dim 3 is the posterior of the paper's Sec. 4 (its moments by quadrature; -alpha and -lambda set its\n"+
		"prior); other dimensions the AR(1) Gaussian of package collapse (-target isotropic: N(0, I)).", stdout)
	var c collapse.Config
	dim := fs.Int("dim", 50, "dimension of the target (3: the posterior of Sec. 4)")
	fs.IntVar(&c.Particles, "particles", 20, "number of particles (>= 2)")
	fs.TextVar(&c.Update, "update", svn.SVGD, "svgd (first-order, Liu & Wang's median bandwidth and optimizer), newton or snewton")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the initial particles (N(0, I)) and of the noise")
	fs.IntVar(&c.Iters, "iters", 0, "iterations (0: 2000 for svgd, 300 for newton, 1000 for snewton)")
	fs.Float64Var(&c.StepSize, "lr", 0, "step size (0: Adagrad 0.05 for svgd, 0.5 for newton, 0.3 for snewton)")
	target := fs.String("target", "ar", "the Gaussian of dimensions other than 3: ar (AR(1) correlation, scales 1/2 to 2) or isotropic (N(0, I))")
	alpha := fs.Float64("alpha", 1, "-dim 3: the prior's order alpha")
	lambda := fs.Float64("lambda", 0.1, "-dim 3: the prior's multiplier lambda (0: the Gaussian likelihood alone)")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	p, name, err := collapseProblem(*dim, *target, stein.Prior{Alpha: *alpha, Lambda: *lambda}, fs.isSet("alpha") || fs.isSet("lambda"))
	if err == nil {
		err = c.Validate()
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	r, err := collapse.Run(b, p, c)
	if err != nil {
		return fail(fs, stderr, err)
	}
	out := collapseOutput{Result: r, Target: name, Backend: backend.Config(),
		VarianceRatio: jsonnum.Float(r.VarianceRatio), WhitenedRatio: jsonnum.Float(r.WhitenedRatio),
		MeanError: jsonnum.Float(r.MeanError), Ratios: jsonnum.Floats(r.Ratios)}
	out.setFixedPoints(*dim, c.Particles)
	if *dim == 3 {
		out.Alpha, out.Lambda = *alpha, *lambda
	}
	if *asJSON {
		if code := writeJSON(fs, stdout, stderr, out); code != exitOK {
			return code
		}
	} else {
		fmt.Fprintf(stdout, "%s, %d particles, %s, %d iterations: variance ratio %.3f (independent draws: 1 ± %.3f), mean error %.3f (independent draws: %.3f), %.2f ms per iteration\n",
			name, r.Particles, r.Update, r.Iterations, r.VarianceRatio, r.VarianceRatioSE, r.MeanError, r.MeanErrorIID, r.MsPerIter)
	}
	if err := notFinite(one("variance ratio", r.VarianceRatio), one("mean error", r.MeanError)); err != nil {
		return fail(fs, stderr, err)
	}
	return exitOK
}

// collapseProblem is the target of -dim and -target, with its name;
// priorSet says whether -alpha or -lambda was given, which only -dim 3
// takes.
func collapseProblem(dim int, target string, prior stein.Prior, priorSet bool) (collapse.Problem, string, error) {
	switch {
	case dim == 3 && target != "ar":
		return collapse.Problem{}, "", fmt.Errorf("-target %s: dimension 3 is the posterior of Sec. 4", target)
	case dim == 3:
		p, err := collapse.NewProblem(3, prior)
		return p, fmt.Sprintf("the posterior of Sec. 4 (alpha %g, lambda %g)", prior.Alpha, prior.Lambda), err
	case priorSet:
		return collapse.Problem{}, "", fmt.Errorf("-alpha and -lambda set the prior of -dim 3 only; dimension %d is a Gaussian without prior", dim)
	case target == "isotropic":
		p, err := collapse.IsotropicProblem(dim)
		return p, fmt.Sprintf("N(0, I_%d)", dim), err
	case target == "ar":
		p, err := collapse.NewProblem(dim, stein.Prior{Alpha: 1})
		return p, fmt.Sprintf("the %d-dimensional AR(1) Gaussian", dim), err
	}
	return collapse.Problem{}, "", fmt.Errorf("-target %q: want ar or isotropic", target)
}
