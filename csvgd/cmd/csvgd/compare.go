package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
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
	fs := newFlagSet("compare", "csvgd compare -ensemble STEIN.json -reference DRAWS.json[,DRAWS2.json...] [-data DIR] [-bootstrap B] [-seed S] [-json]\n\n"+
		"Compares a Stein ensemble with reference draws of the posterior of its template (csvgd nuts template -save),\n"+
		"over the test points inside the training range: band90_ratio and band50_ratio, the mean widths of the\n"+
		"central bands of the ensemble's push-forward over the median of those of N reference draws (N = the\n"+
		"ensemble's size; over B random subsets of N draws, whose spread gives the ratios' 90% intervals), the same\n"+
		"against all draws, and the W1 distance between the push-forwards with a 90% interval from B bootstrap\n"+
		"replicates; and the shares of constrained weights at and near 0. Several reference files, comma-separated\n"+
		"(the runs of csvgd nuts agree), are pooled with an equal number of draws from each, as the studies pool the\n"+
		"runs of a reference; pool only runs that agree. All files must hold the same template and, where recorded,\n"+
		"the same posterior.", stdout)
	o := compare.DefaultOptions()
	path := fs.String("ensemble", "", "the Stein ensemble (csvgd train -save or -save-last-stage)")
	ref := fs.String("reference", "", "reference draws of its template's posterior (csvgd nuts template -save); several files, comma-separated, are pooled")
	dataDir := fs.String("data", "", "folder of train.csv, test.csv and data.json (default: the committed data set of the noise level in the ensemble's meta)")
	fs.IntVar(&o.Bootstrap, "bootstrap", o.Bootstrap, "random subsets of N draws for the band ratios, and bootstrap replicates of the W1 intervals (>= 100)")
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
	var refs []*ensemble.File
	for _, p := range strings.Split(*ref, ",") {
		f, err := loadEnsemble(fs, p, stderr)
		if err != nil {
			return fail(fs, stderr, badInput(err))
		}
		refs = append(refs, f)
	}
	draws, err := compare.PoolFiles(refs...)
	if err != nil {
		return fail(fs, stderr, badInput(fmt.Errorf("-reference %s: %w", *ref, err)))
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
	fmt.Fprintf(w, "90%% intervals: the band ratios' from %d random subsets of N draws, W1's from %d bootstrap replicates (seed %d)\n\n", o.Bootstrap, o.Bootstrap, o.Seed)
	fmt.Fprintf(w, "band widths, Stein / %d reference draws:  90%%: %v   50%%: %v\n", o.Members, o.Band90Ratio, o.Band50Ratio)
	fmt.Fprintf(w, "band widths, Stein / all %d draws:       90%%: %v   50%%: %v\n", o.ReferenceDraws, o.Band90RatioAll, o.Band50RatioAll)
	fmt.Fprintf(w, "W1 between the push-forwards in range:  all: %v   central 90%%: %v\n", o.W1InRange, o.W1Central90InRange)
	if z := o.Weights; z != nil {
		fmt.Fprintf(w, "constrained weights at 0: Stein %.3f, reference %.3f; below %g: Stein %.3f, reference %.3f\n",
			z.SteinAtZero, z.ReferenceAtZero, z.NearZero, z.SteinNearZero, z.ReferenceNearZero)
	}
}
