package main

import (
	"fmt"
	"io"
)

func runFigures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("figures", "csvgd figures -out DIR [-quick]\n\nWrites the paper's figures that exist so far as PNG and SVG.", stdout)
	out := fs.String("out", "figures", "folder to write the figures to")
	_ = fs.Bool("quick", false, "reduced runs")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	return failure(fs, stderr, fmt.Errorf("not yet wired (%s)", *out))
}
