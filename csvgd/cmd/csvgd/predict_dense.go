package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
)

// predictDense writes the predictions of a fit's ensemble f at the rows
// of the CSV dataPath to outPath.
func predictDense(fs *flagSet, f *ensemble.File, dataPath, outPath string, level float64, stderr io.Writer) int {
	if !(level > 0 && level < 1) {
		return usageError(fs, stderr, fmt.Errorf("-level %v: want a probability in (0, 1)", level))
	}
	e, err := regress.FromFile(f)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	t, err := tabular.ReadCSVFile(dataPath)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	x, y, err := e.Columns(t)
	if err != nil {
		return fail(fs, stderr, badInput(fmt.Errorf("%s: %w", dataPath, err)))
	}
	p := e.Predict(x)
	if err := writeDensePredictions(outPath, e.Targets, p, level); err != nil {
		return fail(fs, stderr, err)
	}
	fmt.Fprintf(stderr, "csvgd predict: %d points of %d particles written to %s\n", len(x), len(e.Particles), outPath)
	if y != nil {
		fmt.Fprintf(stderr, "csvgd predict: against the file's targets: RMSE %.4g, log-likelihood %.4g per point\n", p.RMSE(y), p.LL(y))
	}
	return exitOK
}

// writeDensePredictions writes the CSV of predictions through a temporary
// file renamed into place.
func writeDensePredictions(path string, targets []string, p regress.Predictive, level float64) error {
	return atomicfile.Write(path, atomicfile.Replace, func(out io.Writer) error {
		w := bufio.NewWriter(out)
		head := "point"
		for _, t := range targets {
			head += "," + t + "_mean," + t + "_sd," + t + "_lo," + t + "_hi"
		}
		fmt.Fprintln(w, head)
		mean := p.EnsembleMean()
		bands := make([][2][]float64, len(targets))
		for o := range targets {
			bands[o][0], bands[o][1] = p.Band(o, level)
		}
		num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
		for m := range mean {
			line := strconv.Itoa(m)
			for o := range targets {
				line += "," + num(mean[m][o]) + "," + num(p.SDOf(m, o)) + "," + num(bands[o][0][m]) + "," + num(bands[o][1][m])
			}
			fmt.Fprintln(w, line)
		}
		return w.Flush()
	})
}
