package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// dataFile is one file "csvgd data" writes.
type dataFile struct {
	path    string
	content []byte
	what    string // for the report: "80 samples"
	same    bool   // the file exists with exactly this content
}

// newCSVFile renders samples as the CSV file at path.
func newCSVFile(path string, samples []hyperelastic.Sample) (*dataFile, error) {
	var b bytes.Buffer
	if err := hyperelastic.WriteCSV(&b, samples); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &dataFile{path: path, content: b.Bytes(), what: fmt.Sprintf("%d samples", len(samples))}, nil
}

func runData(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("data", "csvgd data -out DIR [-noise S] [-seed N] [-path printed|isochoric] [-force]\n\n"+
		"Generates the hyperelastic data of the paper's Sec. 5.2 (package hyperelastic): DIR/train.csv, 80 points\n"+
		"F = I + H with H's entries uniform on [-0.2, 0.2], and DIR/test.csv, 1000 points\n"+
		"F = diag(1+d, sqrt(1+d), sqrt(1+d)) (or the isochoric diag(1+d, 1/sqrt(1+d), 1/sqrt(1+d))) with d evenly\n"+
		"spaced on [-0.4, 0.4], with the normalised truth's stress and multiplicative noise S (1 + s xi),\n"+
		"xi ~ N(0, 1); and DIR/data.json, which records the noise level, seed and path for csvgd train. An\n"+
		"existing file is replaced only when it already holds exactly what would be written, or with -force.", stdout)
	noise := fs.Float64("noise", 0.1, "noise level s >= 0 (0.1 = 10%)")
	seed := fs.Uint64("seed", 1, "seed of the deformations and of the noise")
	path := fs.String("path", "printed", "test path: printed (Sec. 5.2 as printed) or isochoric")
	out := fs.String("out", "", "folder to write train.csv, test.csv and data.json to (required; created if missing)")
	force := fs.Bool("force", false, "overwrite the files even when they hold other data")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if *out == "" {
		return usageError(fs, stderr, errors.New(`-out = "": need the folder to write train.csv and test.csv to`))
	}
	c := hyperelastic.PaperData(*noise, *seed)
	var err error
	if c.Path, err = hyperelastic.ParseTestPath(*path); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkOutputDir("-out", *out); err != nil {
		return fail(fs, stderr, badInput(err))
	}
	files, err := dataFiles(c, *out)
	if err != nil {
		return fail(fs, stderr, err)
	}
	// Check both files before writing either.
	for _, f := range files {
		if err := f.check(*force); err != nil {
			return fail(fs, stderr, badInput(err))
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(fs, stderr, err)
	}
	for _, f := range files {
		what := "wrote"
		if f.same {
			what = "kept (unchanged)"
		} else if err := atomicfile.Write(f.path, atomicfile.Replace, func(w io.Writer) error { _, err := w.Write(f.content); return err }); err != nil {
			return fail(fs, stderr, fmt.Errorf("writing %w", err))
		}
		fmt.Fprintf(stderr, "%s: %s %s (%s, noise %v, seed %d, %v test path)\n", fs.Name(), what, f.path, f.what, c.Noise, c.Seed, c.Path)
	}
	return exitOK
}

// dataFiles renders the three files of the data set c in folder out.
func dataFiles(c hyperelastic.DataConfig, out string) ([]*dataFile, error) {
	train, test, err := hyperelastic.Generate(c)
	if err != nil {
		return nil, err
	}
	info, err := hyperelastic.MarshalInfo(c)
	if err != nil {
		return nil, err
	}
	trainFile, err := newCSVFile(filepath.Join(out, "train.csv"), train)
	if err != nil {
		return nil, err
	}
	testFile, err := newCSVFile(filepath.Join(out, "test.csv"), test)
	if err != nil {
		return nil, err
	}
	infoFile := &dataFile{path: filepath.Join(out, hyperelastic.InfoFile), content: info, what: "how the data were made"}
	return []*dataFile{trainFile, testFile, infoFile}, nil
}

// check fails when f.path exists with other content than f's and force is
// false; it sets f.same when the content is equal.
func (f *dataFile) check(force bool) error {
	old, err := os.ReadFile(f.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case bytes.Equal(old, f.content):
		f.same = true
		return nil
	case force:
		return nil
	}
	return fmt.Errorf("%s exists and holds other data than this command would write; not overwriting it (use -force)", f.path)
}
