package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

func runExplore(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("explore", "csvgd explore (-ensemble FILE | -run KEY) -out DIR [-compare FILE|KEY]... [-layer K] [-x k,i,j -y k,i,j] [-force]\n"+
		"       csvgd explore -list\n\n"+
		"Writes the weight explorer's views of an ensemble as DIR/NAME.png and .svg, the same as notebook 07\n"+
		"draws: weight_distributions (densities of every entry of every weight matrix), weight_pair (two\n"+
		"entries across the particles), template_graph (the condensed template, nodes by mean importance)\n"+
		"and, with -compare, side_by_side. The ensembles are condensed first (Alg. graph_condense; a no-op\n"+
		"for a cSVGD run's final ensemble). -list prints the cached runs of the studies and their keys;\n"+
		"nothing is trained.", stdout)
	file := fs.String("ensemble", "", "saved ensemble file (csvgd train -save, csvgd condense, csvgd fit -save)")
	key := fs.String("run", "", "cache key of a cached run of the studies (see -list)")
	var compare []string
	fs.Func("compare", "another ensemble to draw side by side: a FILE, or a cached run's KEY; repeat for up to 3", func(s string) error {
		compare = append(compare, s)
		return nil
	})
	out := fs.String("out", "", "folder to write the views to")
	layer := fs.Int("layer", explore.DefaultOptions().Layer, "k of the weight matrix W_k that the side-by-side view compares and the pair view picks from")
	xs := fs.String("x", "", "the pair view's first entry, k,i,j: W_k row i, column j (i, j from 1); default: the largest of W_k")
	ys := fs.String("y", "", "the pair view's second entry, as -x")
	list := fs.Bool("list", false, "list the cached runs of the studies (key, mode, label) and exit")
	force := fs.Bool("force", false, "replace views that exist in -out")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	store := study.NewStore(nil, nil) // opening a cached run never trains
	if *list {
		if err := listRuns(store, stdout); err != nil {
			return fail(fs, stderr, err)
		}
		return exitOK
	}
	o, err := exploreOptions(*layer, *xs, *ys)
	if err == nil {
		err = exploreSources(fs, *file, *key, *out, len(compare))
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkOutputDir("-out", *out); err != nil {
		return fail(fs, stderr, badInput(err))
	}
	if err := exploreWrite(store, *file, *key, compare, *out, o, *force, stderr); err != nil {
		return fail(fs, stderr, err)
	}
	return exitOK
}

// exploreSources checks the choice of ensembles and of the output folder.
func exploreSources(fs *flagSet, file, key, out string, compare int) error {
	if (file == "") == (key == "") {
		return errors.New("give one of -ensemble FILE and -run KEY")
	}
	if compare > 3 {
		return fmt.Errorf("-compare given %d times: at most 3", compare)
	}
	return fs.requireFlags("out")
}

// exploreOptions are the views' options from the flags -layer, -x and -y.
func exploreOptions(layer int, x, y string) (explore.Options, error) {
	o := explore.Options{Layer: layer}
	if layer < 0 {
		return o, fmt.Errorf("-layer %d: want k >= 0", layer)
	}
	if (x == "") != (y == "") {
		return o, errors.New("give both -x and -y, or neither")
	}
	for _, s := range []string{x, y} {
		if s == "" {
			continue
		}
		e, err := weights.ParseEntry(s)
		if err != nil {
			return o, err
		}
		o.Pair = append(o.Pair, e)
	}
	return o, nil
}

// exploreWrite opens the ensembles, draws the views and saves them.
func exploreWrite(store *study.Store, file, key string, compare []string, out string, o explore.Options, force bool, stderr io.Writer) error {
	e, err := openEnsemble(store, file, key)
	if err != nil {
		return err
	}
	var others []weights.Networks
	for _, c := range compare {
		var x weights.Networks
		if _, statErr := os.Stat(c); statErr == nil {
			x, err = openEnsemble(store, c, "")
		} else {
			x, err = openEnsemble(store, "", c)
		}
		if err != nil {
			return fmt.Errorf("-compare %s: %w", c, err)
		}
		others = append(others, x)
	}
	figs, err := explore.Views(e, others, o)
	if err != nil {
		return err
	}
	if err := explore.Save(figs, out, force); err != nil {
		return err
	}
	for _, f := range figs {
		fmt.Fprintf(stderr, "csvgd explore: wrote %s/%s.png and .svg\n", out, f.Name)
	}
	return nil
}

// openEnsemble opens the ensemble file, or else the cached run key. A
// file that cannot be read, a key of no run and a run that is not cached
// or cannot be read are errors in the input ([badInput]).
func openEnsemble(store *study.Store, file, key string) (weights.Networks, error) {
	src := explore.Source{Label: file, Path: file}
	if file == "" {
		r, err := explore.FindRun(key)
		if err != nil {
			return weights.Networks{}, badInput(err)
		}
		src = explore.Source{Label: r.Label, Run: &r}
		if store.Backend == nil { // only a cache file that vanished would need one
			if store.Backend, err = backend.Default(); err != nil {
				return weights.Networks{}, err
			}
		}
	}
	e, err := src.Open(store)
	return e, badInput(err)
}

// listRuns prints the cached runs of the studies, one per line.
func listRuns(store *study.Store, stdout io.Writer) error {
	runs, err := explore.Cached(store)
	if err != nil {
		return err
	}
	if len(runs) == 0 {
		fmt.Fprintln(stdout, "no cached runs yet (csvgd figures, or notebooks 04-07, make them)")
		return nil
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "KEY\tMODE\tRUN")
	for _, r := range runs {
		mode := "full"
		if r.Quick {
			mode = "quick"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", r.Key, mode, r.Spec.Label)
	}
	return w.Flush()
}
