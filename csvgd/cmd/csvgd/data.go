package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// dataFile is one file "csvgd data" writes.
type dataFile struct {
	path    string
	samples []hyperelastic.Sample
	same    bool // the file exists with exactly this content
}

func runData(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("data", "csvgd data -out DIR [-noise S] [-seed N] [-force]\n\n"+
		"Generates the hyperelastic data of the paper's Sec. 5.2 (package hyperelastic): DIR/train.csv, 80 points\n"+
		"F = I + H with H's entries uniform on [-0.2, 0.2], and DIR/test.csv, 1000 points\n"+
		"F = diag(1+d, sqrt(1+d), sqrt(1+d)) with d evenly spaced on [-0.4, 0.4], with the normalised truth's\n"+
		"stress and multiplicative noise S (1 + s xi), xi ~ N(0, 1). An existing file is replaced only when it\n"+
		"already holds exactly what would be written, or with -force.", stdout)
	noise := fs.Float64("noise", 0.1, "noise level s >= 0 (0.1 = 10%)")
	seed := fs.Uint64("seed", 1, "seed of the deformations and of the noise")
	out := fs.String("out", "", "folder to write train.csv and test.csv to (required; created if missing)")
	force := fs.Bool("force", false, "overwrite train.csv and test.csv even when they hold other data")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if *out == "" {
		return usageError(fs, stderr, errors.New(`-out = "": need the folder to write train.csv and test.csv to`))
	}
	c := hyperelastic.PaperData(*noise, *seed)
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	train, test, err := hyperelastic.Generate(c)
	if err != nil {
		return failure(fs, stderr, err)
	}
	files := []*dataFile{
		{path: filepath.Join(*out, "train.csv"), samples: train},
		{path: filepath.Join(*out, "test.csv"), samples: test},
	}
	// Check both files before writing either.
	for _, f := range files {
		if err := f.check(*force); err != nil {
			return failure(fs, stderr, err)
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return failure(fs, stderr, err)
	}
	for _, f := range files {
		what := "wrote"
		if f.same {
			what = "kept (unchanged)"
		} else if err := hyperelastic.WriteCSVFile(f.path, f.samples); err != nil {
			return failure(fs, stderr, err)
		}
		fmt.Fprintf(stderr, "%s: %s %s (%d samples, noise %v, seed %d)\n", fs.Name(), what, f.path, len(f.samples), c.Noise, c.Seed)
	}
	return exitOK
}

// check fails when f.path exists with other content than f's samples
// render to and force is false; it sets f.same when the content is equal.
func (f *dataFile) check(force bool) error {
	var b bytes.Buffer
	if err := hyperelastic.WriteCSV(&b, f.samples); err != nil {
		return fmt.Errorf("%s: %w", f.path, err)
	}
	old, err := os.ReadFile(f.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case bytes.Equal(old, b.Bytes()):
		f.same = true
		return nil
	case force:
		return nil
	}
	return fmt.Errorf("%s exists and holds other data than this command would write; not overwriting it (use -force)", f.path)
}
