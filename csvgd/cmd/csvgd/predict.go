package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

func runPredict(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("predict", "csvgd predict -ensemble FILE -data CSV -out CSV [-level P] [-force]\n\n"+
		"For an ensemble of input-convex networks (csvgd train -save), writes the stress of every particle at every\n"+
		"point of a data file, one row per particle and point: particle,point,S11,S22,S33,S23,S13,S12.\n"+
		"For an ensemble of dense networks (csvgd fit -save), reads the ensemble's inputs from the CSV's columns by\n"+
		"name and writes, per point, each target's predictive mean, standard deviation and central band of\n"+
		"probability -level: point,T_mean,T_sd,T_lo,T_hi,...; when the CSV has the target columns too, it prints the\n"+
		"RMSE and the log-likelihood of the points on stderr.", stdout)
	ensPath := fs.String("ensemble", "", "saved ensemble (csvgd train -save or csvgd fit -save)")
	dataPath := fs.String("data", "", "CSV of deformations (the format of csvgd data), or for a fit's ensemble a CSV with its input columns")
	outPath := fs.String("out", "", "CSV file to write")
	level := fs.Float64("level", 0.95, "dense networks: the probability of the central band")
	force := fs.Bool("force", false, "replace -out if it exists")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("ensemble", "data", "out"); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkOutput("-out", *outPath, *force); err != nil {
		return fail(fs, stderr, badInput(err))
	}
	f, err := loadEnsemble(fs, *ensPath, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	if f.IsDense() {
		return predictDense(fs, f, *dataPath, *outPath, *level, stderr)
	}
	if err := fs.onlyWith(false, "an ensemble of dense networks (csvgd fit -save)", "level"); err != nil {
		return usageError(fs, stderr, err)
	}
	arch, err := icnn.ArchOf(f)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	samples, err := hyperelastic.ReadCSVFile(*dataPath)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	pred, err := predictStress(arch, f, samples)
	if err != nil {
		return fail(fs, stderr, err)
	}
	if err := writePredictions(*outPath, pred); err != nil {
		return fail(fs, stderr, err)
	}
	fmt.Fprintf(stderr, "csvgd predict: %d particles x %d points written to %s\n", len(pred), len(samples), *outPath)
	return exitOK
}

// predictStress is the stress of every particle of f, an ensemble of the
// network arch, at the samples.
func predictStress(arch icnn.Arch, f *ensemble.File, samples []hyperelastic.Sample) (hyperelastic.Predictions, error) {
	x, err := stein.EnsembleFromRows(f.Particles)
	if err != nil {
		return nil, err
	}
	b, err := backend.Default()
	if err != nil {
		return nil, err
	}
	return icnn.PredictAt(b, arch, samples, x)
}

// writePredictions writes the CSV through a temporary file renamed into place.
func writePredictions(path string, pred hyperelastic.Predictions) error {
	return atomicfile.Write(path, atomicfile.Replace, func(out io.Writer) error {
		w := bufio.NewWriter(out)
		fmt.Fprintln(w, "particle,point,S11,S22,S33,S23,S13,S12")
		for a, pts := range pred {
			for m, s := range pts {
				line := strconv.Itoa(a) + "," + strconv.Itoa(m)
				for _, v := range s {
					line += "," + strconv.FormatFloat(v, 'g', -1, 64)
				}
				fmt.Fprintln(w, line)
			}
		}
		return w.Flush()
	})
}

// loadEnsemble reads a saved ensemble and tells the user, on stderr, how an
// older file was read.
func loadEnsemble(fs *flagSet, path string, stderr io.Writer) (*ensemble.File, error) {
	f, err := ensemble.Load(path)
	if err != nil {
		return nil, err
	}
	if note := f.Note(); note != "" {
		fmt.Fprintf(stderr, "%s: %s: %s\n", fs.Name(), path, note)
	}
	return f, nil
}
