package main

import (
	"fmt"
	"io"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// compareOutput is the JSON printed by "csvgd compare -json": the two
// files and package compare's result.
type compareOutput struct {
	Ensemble  string `json:"ensemble"`
	Reference string `json:"reference"`
	*compare.Result
}

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("compare", "csvgd compare -ensemble STEIN.json -reference DRAWS.json [-data DIR] [-bootstrap B] [-seed S] [-json]\n\n"+
		"Compares a Stein ensemble with reference draws of the posterior of its template (csvgd nuts -save), over\n"+
		"the test points inside the training range: band90_ratio and band50_ratio, the mean widths of the central\n"+
		"bands of the ensemble's push-forward over those of N reference draws (N = the ensemble's size, the mean over\n"+
		"every subsample of N draws), the same against all draws, and the W1 distance between the push-forwards,\n"+
		"each with a 90% interval from B bootstrap replicates; and the shares of constrained weights at and near 0.\n"+
		"Both files must hold the same template and, where recorded, the same posterior.", stdout)
	o := compare.DefaultOptions()
	path := fs.String("ensemble", "", "the Stein ensemble (csvgd train -save or -save-last-stage)")
	ref := fs.String("reference", "", "reference draws of its template's posterior (csvgd nuts -save)")
	dataDir := fs.String("data", "", "folder of train.csv, test.csv and data.json (default: the committed data set of the noise level in the ensemble's meta)")
	fs.IntVar(&o.Bootstrap, "bootstrap", o.Bootstrap, "bootstrap replicates of the 90% intervals (>= 100)")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "seed of the bootstrap's resamples")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("ensemble", "reference"); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := o.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	stein, err := loadEnsemble(fs, *path, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	draws, err := loadEnsemble(fs, *ref, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	s, err := exact.FileSettings(stein)
	if err != nil {
		return fail(fs, stderr, badInput(fmt.Errorf("-ensemble %s: %w (the noise level picks the test data)", *path, err)))
	}
	data, err := loadEnsembleData(*dataDir, s.Noise)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	r, err := compare.Ensembles(stein, draws, data.Test, o)
	if err != nil {
		return fail(fs, stderr, err)
	}
	out := compareOutput{Ensemble: *path, Reference: *ref, Result: r}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	printCompare(stdout, out)
	return exitOK
}

func printCompare(w io.Writer, o compareOutput) {
	fmt.Fprintf(w, "%s (%d members) against %s (%d draws), %d entries at %d test points inside the training range\n",
		o.Ensemble, o.Members, o.Reference, o.ReferenceDraws, o.Entries, o.InRangePoints)
	fmt.Fprintf(w, "90%% intervals from %d bootstrap replicates (seed %d)\n\n", o.Bootstrap, o.Seed)
	fmt.Fprintf(w, "band widths, Stein / %d reference draws:  90%%: %v   50%%: %v\n", o.Members, o.Band90Ratio, o.Band50Ratio)
	fmt.Fprintf(w, "band widths, Stein / all %d draws:       90%%: %v   50%%: %v\n", o.ReferenceDraws, o.Band90RatioAll, o.Band50RatioAll)
	fmt.Fprintf(w, "W1 between the push-forwards in range:  all: %v   central 90%%: %v\n", o.W1InRange, o.W1Central90InRange)
	if z := o.Weights; z != nil {
		fmt.Fprintf(w, "constrained weights at 0: Stein %.3f, reference %.3f; below %g: Stein %.3f, reference %.3f\n",
			z.SteinAtZero, z.ReferenceAtZero, z.NearZero, z.SteinNearZero, z.ReferenceNearZero)
	}
}
