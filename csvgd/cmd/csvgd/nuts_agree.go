package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// runNUTSAgree is csvgd nuts agree: whether runs saved by csvgd nuts
// template -save agree on their template's posterior.
func runNUTSAgree(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("nuts agree", "csvgd nuts agree [-data DIR] [-tolerance T] [-max-nested-rhat R] [-bootstrap B] [-json] DRAWS.json DRAWS.json ...\n\n"+
		"Measures whether runs of csvgd nuts template -save (other seeds, other starts: -starts stein and -starts init)\n"+
		"agree on the posterior of one template, so that their draws are a reference: each run's in-range 90% and\n"+
		"50% push-forward band widths with Monte Carlo standard errors, their pooled values with 90% intervals,\n"+
		"nested R-hat over the runs (Margossian et al. 2024) and R-hat within each, and the verdict: agrees when\n"+
		"every run's band widths lie within -tolerance of the pooled ones, nested R-hat is at most -max-nested-rhat\n"+
		"and the runs start from at least two kinds of points; unresolved otherwise, with what was missed.", stdout)
	c, o := exact.DefaultCriteria, exact.DefaultAgreeOptions
	dataDir := fs.String("data", "", "folder of train.csv and test.csv (default: the committed data set of the noise level in the files' meta)")
	fs.Float64Var(&c.BandTolerance, "tolerance", c.BandTolerance, "largest share by which a run's band width may differ from the pooled one")
	fs.Float64Var(&c.MaxNestedRHat, "max-nested-rhat", c.MaxNestedRHat, "largest nested R-hat of a watched quantity")
	fs.IntVar(&o.Bootstrap, "bootstrap", o.Bootstrap, "bootstrap replicates of the standard errors and intervals")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	if code, stop := parseOperands(fs, args, stderr, math.MaxInt); stop {
		return code
	}
	if fs.NArg() == 0 {
		return usageError(fs, stderr, errors.New("name the runs' draws files (csvgd nuts template -save FILE)"))
	}
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	if o.Bootstrap < 2 {
		return usageError(fs, stderr, fmt.Errorf("-bootstrap %d: need at least 2 replicates", o.Bootstrap))
	}
	job, err := loadAgreeJob(fs, fs.Args(), *dataDir, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	a, err := exact.Agree(job.arch, job.test, job.watch, job.runs, c, o)
	if err != nil {
		return fail(fs, stderr, err)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, a)
	}
	printAgreement(stdout, a)
	return exitOK
}

// agreeJob is what the agreement of saved runs works on.
type agreeJob struct {
	arch  icnn.Arch
	test  []hyperelastic.Sample
	watch func([]float64) []float64
	runs  []exact.RunDraws
}

// loadAgreeJob reads the draws files, checks that they sample one
// posterior (one template and the same settings), each with draws of its
// own, and splits their draws into chains; every error names the file at
// fault.
func loadAgreeJob(fs *flagSet, paths []string, dataDir string, stderr io.Writer) (*agreeJob, error) {
	job := &agreeJob{}
	var settings exact.Settings
	for i, path := range paths {
		f, err := loadEnsemble(fs, path, stderr)
		if err != nil {
			return nil, err
		}
		arch, err := icnn.ArchOf(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		s, err := exact.FileSettings(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		run, err := savedRun(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		run.Label = path
		if i == 0 {
			job.arch, settings = arch, s
		} else if !slices.Equal(arch.Widths, job.arch.Widths) || s != settings {
			return nil, fmt.Errorf("%s samples template %v with %+v, %s template %v with %+v: not one posterior", path, arch.Widths, s, paths[0], job.arch.Widths, settings)
		}
		for k, prev := range job.runs {
			if reflect.DeepEqual(prev.Chains, run.Chains) {
				return nil, fmt.Errorf("%s holds the draws of %s: one run counted twice, where the agreement needs independent runs", path, paths[k])
			}
		}
		job.runs = append(job.runs, run)
	}
	data, err := loadEnsembleData(dataDir, settings.Noise)
	if err != nil {
		return nil, err
	}
	job.test = data.Test
	job.watch = runcache.Watch(job.arch, data.Test)
	return job, nil
}

// savedRun reads the run that csvgd nuts template -save recorded in the
// meta ("nuts": its chains, seed and starts) and splits the draws into
// its chains.
func savedRun(f *ensemble.File) (exact.RunDraws, error) {
	raw, err := json.Marshal(f.Meta["nuts"])
	if err != nil || f.Meta["nuts"] == nil {
		return exact.RunDraws{}, errors.New(`meta has no "nuts" record: save the draws with csvgd nuts template -save`)
	}
	var rec struct {
		Chains int    `json:"chains"`
		Seed   uint64 `json:"seed"`
		Starts string `json:"starts"`
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		return exact.RunDraws{}, fmt.Errorf(`meta "nuts": %w`, err)
	}
	starts := exact.SteinStarts
	if rec.Starts != "" {
		if starts, err = exact.ParseStarts(rec.Starts); err != nil {
			return exact.RunDraws{}, fmt.Errorf(`meta "nuts": %w`, err)
		}
	}
	chains, err := exact.SplitChains(f.Particles, rec.Chains)
	if err != nil {
		return exact.RunDraws{}, fmt.Errorf("the draws were not kept chain by chain (-keep a multiple of -chains): %w", err)
	}
	return exact.RunDraws{Starts: starts, Seed: rec.Seed, Chains: chains}, nil
}

// printAgreement writes the agreement as a table, one row per run, and
// the verdict.
func printAgreement(w io.Writer, a *exact.Agreement) {
	fmt.Fprintf(w, "%-40s %6s %5s %8s %5s %18s %18s %7s %9s\n", "run", "starts", "seed", "chains", "draws", "90% band", "50% band", "R-hat", "q-shift")
	for _, r := range a.Runs {
		fmt.Fprintf(w, "%-40s %6s %5d %8d %5d %9.4g ± %-6.2g %9.4g ± %-6.2g %7.3f %9.3f\n", r.Label, r.Starts, r.Seed, r.Chains, r.Draws,
			r.Band90.Value, r.Band90.MCSE, r.Band50.Value, r.Band50.MCSE, r.RHat, r.QuantileShift)
	}
	fmt.Fprintf(w, "\npooled: 90%% band %.4g [%.4g, %.4g], 50%% band %.4g [%.4g, %.4g]; nested R-hat over the runs %.4f (%d watched quantities)\n",
		a.Band90.Value, a.Band90.Lo, a.Band90.Hi, a.Band50.Value, a.Band50.Lo, a.Band50.Hi, a.NestedRHat, a.Watched)
	fmt.Fprintf(w, "criteria: bands within %.0f%% of the pooled, nested R-hat at most %.2f, at least %d runs from %d kinds of starts\n",
		100*a.Criteria.BandTolerance, a.Criteria.MaxNestedRHat, a.Criteria.MinRuns, a.Criteria.MinKinds)
	fmt.Fprintf(w, "verdict: %s\n", a.Verdict)
	if len(a.Misses) > 0 {
		fmt.Fprintf(w, "missed: %s\n", strings.Join(a.Misses, "; "))
	}
}
