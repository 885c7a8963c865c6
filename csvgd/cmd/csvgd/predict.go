package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

func runPredict(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("predict", "csvgd predict -ensemble FILE -data CSV -out CSV [-force]\n\n"+
		"Writes the stress of every particle of a saved ensemble at every point of a data file, one row per\n"+
		"particle and point: particle,point,S11,S22,S33,S23,S13,S12.", stdout)
	ensPath := fs.String("ensemble", "", "saved ensemble (csvgd train -save)")
	dataPath := fs.String("data", "", "CSV of deformations (the format of csvgd data)")
	outPath := fs.String("out", "", "CSV file to write")
	force := fs.Bool("force", false, "replace -out if it exists")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("ensemble", "data", "out"); err != nil {
		return usageError(fs, stderr, err)
	}
	if _, err := os.Stat(*outPath); err == nil && !*force {
		return failure(fs, stderr, fmt.Errorf("%s exists; use -force to replace it", *outPath))
	}
	f, err := loadEnsemble(fs, *ensPath, stderr)
	if err != nil {
		return failure(fs, stderr, err)
	}
	samples, err := hyperelastic.ReadCSVFile(*dataPath)
	if err != nil {
		return failure(fs, stderr, err)
	}
	pred, err := predictStress(f, samples)
	if err != nil {
		return failure(fs, stderr, err)
	}
	if err := writePredictions(*outPath, pred); err != nil {
		return failure(fs, stderr, err)
	}
	fmt.Fprintf(stderr, "csvgd predict: %d particles x %d points written to %s\n", len(pred), len(samples), *outPath)
	return exitOK
}

func predictStress(f *ensemble.File, samples []hyperelastic.Sample) (hyperelastic.Predictions, error) {
	arch, err := icnn.ArchOf(f)
	if err != nil {
		return nil, err
	}
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
