package main

import (
	"fmt"
	"io"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

func runCondense(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("condense", "csvgd condense -ensemble FILE -out FILE [-threshold T] [-align importance|assignment] [-force]\n\n"+
		"Applies graph condensation (the paper's Alg. graph_condense) to a saved ensemble: prunes weights below\n"+
		"the threshold and dead hidden nodes, sorts nodes by importance and puts all particles on one template;\n"+
		"-align assignment then matches every particle's hidden nodes to a reference by linear assignment.", stdout)
	in := fs.String("ensemble", "", "saved ensemble to condense (csvgd train -save)")
	out := fs.String("out", "", "file to write the condensed ensemble to")
	threshold := fs.Float64("threshold", condense.PaperThreshold, "weights with |w| below this are pruned")
	force := fs.Bool("force", false, "replace -out if it exists")
	var align condense.Alignment
	var ref condense.Reference
	alignFlags(fs, &align, &ref)
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("ensemble", "out"); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := fs.onlyWith(align == condense.ByAssignment, "-align assignment", "align-ref"); err != nil {
		return usageError(fs, stderr, err)
	}
	opts := condense.Options{Threshold: *threshold}
	if err := opts.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkOutput("-out", *out, *force); err != nil {
		return fail(fs, stderr, badInput(err))
	}
	how, aopts := align.String(), condense.AlignOptions{Reference: ref}
	f, err := loadEnsemble(fs, *in, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	arch, err := icnn.ArchOf(f)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	res, err := condense.Condense(arch, f.Particles, opts)
	if err == nil && align == condense.ByAssignment {
		res, err = condense.Align(res, aopts)
	}
	if err != nil {
		return fail(fs, stderr, err)
	}
	meta := map[string]any{"condensed_from": metaPath(*in), "threshold": *threshold, "source_meta": f.Meta, "align": how}
	if align == condense.ByAssignment {
		meta["align_reference"] = string(aopts.Reference)
	}
	cf := ensemble.New(res.Arch.Widths, res.Particles, meta)
	cf.Inputs, cf.Prior = f.Inputs, f.Prior
	if err := ensemble.Save(*out, cf, ensemble.OverwriteIf(*force)); err != nil {
		return fail(fs, stderr, err)
	}
	_, active := metrics.ActiveWeights(res.Particles, *threshold)
	fmt.Fprintf(stderr, "csvgd condense: widths %v (%d parameters) -> %v (%d parameters), %.1f active weights per particle; written to %s\n",
		arch.Widths, arch.NumParams(), res.Arch.Widths, res.Arch.NumParams(), active, *out)
	return exitOK
}
