package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// trainOutput is the JSON printed by "csvgd train -json".
type trainOutput struct {
	Method          train.Method        `json:"method"`
	Noise           float64             `json:"noise"`
	Seed            uint64              `json:"seed"`
	Particles       int                 `json:"particles"`
	Alpha           float64             `json:"alpha"`
	Lambda          float64             `json:"lambda"`
	Prior           string              `json:"prior"`
	Beta            float64             `json:"beta"`
	Bandwidth       string              `json:"bandwidth"`
	Optimizer       stein.OptimizerName `json:"optimizer"`
	StepSize        float64             `json:"step_size"`
	Sigma           float64             `json:"sigma"`
	Likelihood      train.Likelihood    `json:"likelihood"`
	Inputs          string              `json:"inputs"`
	Threshold       float64             `json:"threshold"` // pruning threshold and the prior's smoothing s
	Align           string              `json:"align"`
	Update          svn.Update          `json:"update"`
	NewtonMaxParams int                 `json:"newton_max_params,omitempty"` // with a Newton update: the largest template it runs on
	NewtonStep      float64             `json:"newton_step,omitempty"`
	NewtonRadius    float64             `json:"newton_radius,omitempty"`
	Curvature       train.Placement     `json:"curvature,omitempty"`
	W1Sum           jsonnum.Float       `json:"w1_sum"`
	W1SumInRange    jsonnum.Float       `json:"w1_sum_in_range"`
	MeanErrorIn     jsonnum.Float       `json:"mean_error_in_range"`
	TrainRMSE       jsonnum.Float       `json:"train_rmse"`
	ActiveWeights   float64             `json:"active_weights"`
	KernelMedian    jsonnum.Float       `json:"kernel_median"`
	KernelGroups    int                 `json:"kernel_groups"`
	TemplateParams  int                 `json:"template_params"`
	Iterations      int                 `json:"iterations"`
	Seconds         float64             `json:"seconds"`
	Backend         string              `json:"backend"`
	Saved           string              `json:"saved,omitempty"`
	SavedLastStage  string              `json:"saved_last_stage,omitempty"`
	Widths          []int               `json:"widths"`
	MsPerIterFirst  float64             `json:"ms_per_iter_first"`
	MsPerIterLast   float64             `json:"ms_per_iter_last"`
	Stages          []train.StageRecord `json:"stages"`
	History         []historyEntry      `json:"history"`
}

type historyEntry struct {
	Iter          int           `json:"iter"`
	TrainRMSE     jsonnum.Float `json:"train_rmse"`
	W1Sum         jsonnum.Float `json:"w1_sum"`
	W1InRange     jsonnum.Float `json:"w1_sum_in_range"`
	ActiveWeights float64       `json:"active_weights"`
	KernelMedian  jsonnum.Float `json:"kernel_median"`
	KernelGroups  int           `json:"kernel_groups"`
	KSD           jsonnum.Float `json:"ksd"`
}

func runTrain(args []string, stdout, stderr io.Writer) int {
	c := train.DefaultConfig()
	fs := newFlagSet("train", "csvgd train [-method csvgd|svgd|sequential] [-update svgd|newton|snewton] [-adaptive] [-stage K] [-noise S] [-seed N] [-particles P]\n"+
		"            [-iters K] [-alpha A] [-lambda L] [-save FILE] [-save-last-stage FILE] [-json]\n\n"+
		"Trains a Stein ensemble of input-convex networks on the hyperelastic data of Sec. 5.2 and reports the\n"+
		"push-forward W1 on the test path, the training error and the active weights. -save-last-stage writes the\n"+
		"ensemble as its last stage ended, before the condensation that follows it, on the template the flow last\n"+
		"ran on: the ensemble to compare with the posterior of that template (csvgd nuts, csvgd compare).", stdout)
	fs.TextVar(&c.Method, "method", c.Method, "training method: csvgd (stages ended by graph condensation), svgd (no condensation) or sequential (sparsify one network by MAP with the alpha = 2 prior, prune it, then SVGD on it)")
	fs.IntVar(&c.Stage, "stage", c.Stage, "csvgd: iterations per stage; sequential: iterations of the sparsifying phase")
	fs.BoolVar(&c.Adaptive, "adaptive", c.Adaptive, "csvgd: adaptive penalty (Sec. 5.6): -lambda is the initial value, grown by -growth after each stage until the error rises")
	fs.Float64Var(&c.Growth, "growth", c.Growth, "adaptive: factor of lambda after a stage whose error stayed within -tolerance")
	fs.Float64Var(&c.Tolerance, "tolerance", c.Tolerance, "adaptive: relative rise of the training error over its best that ends the growth")
	noise := fs.Float64("noise", 0.1, "noise level of the data (0.1 = 10%); picks data/hyperelastic/noise-S; with -data the folder's data.json gives it")
	dataDir := fs.String("data", "", "folder holding train.csv, test.csv and data.json, as csvgd data writes it (default: data/hyperelastic/noise-S of the repository)")
	fs.Var(inputsFlag{&c.Arch.Inputs}, "inputs", "network inputs: raw (the invariants I1, I2, I3, as eq. potential_normalization) or shifted (I1 - 3, I2 - 3, I3 - 1)")
	registerSettings(fs, &c.Settings, "seed of the initial particles and of the W1 reference sample")
	fs.Var(sigmaFlag{&c.Sigma}, "sigma", "likelihood noise scale of the stresses, the same at every noise level, or noise: max(noise, 0.01) x RMS of the training stresses")
	fs.TextVar(&c.Likelihood, "likelihood", c.Likelihood, "mean: Gaussian log-likelihood per data point (the scale lambda is read against); sum: over all data points, as printed")
	fs.IntVar(&c.Every, "every", c.Every, "history interval in iterations")
	alignFlags(fs, &c.Align, &c.AlignRef)
	newtonFlags(fs, &c)
	save := fs.String("save", "", "write the final ensemble to this file (see csvgd/ensemble for the format)")
	saveLast := fs.String("save-last-stage", "", "write the ensemble of the last stage, before its condensation, on the template it ran on, to this file")
	force := fs.Bool("force", false, "let -save and -save-last-stage replace existing files")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	quiet := fs.Bool("quiet", false, "no progress bar on stderr")
	var o train.Options
	fs.StringVar(&o.Checkpoint, "checkpoint", "", "write checkpoints to this file while training (removed after success; Ctrl-C writes one and stops)")
	fs.IntVar(&o.CheckpointEvery, "checkpoint-every", 100, "iterations between checkpoints (>= 1)")
	fs.TextVar(&o.Shapes, "shapes", o.Shapes, "the shapes the stages compile their graphs at: template (each template's own), fixed (the first stage's, the template embedded, compiled once), backend (fixed on XLA, template on the pure-Go backend)")
	resume := fs.Bool("resume", false, "continue the interrupted run of -checkpoint FILE (same flags as the first run)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	applyErr := trainFlagsApply(fs, c, o) // reported after the range checks, checked before the reset below hides the values given
	if !c.Update.SecondOrder() {          // the first-order update's configuration, as before the Newton updates existed
		c.Update, c.NewtonMaxParams, c.NewtonStep, c.NewtonRadius, c.Curvature = "", 0, 0, 0, ""
	}
	if c.Method == train.Sequential && !fs.isSet("alpha") {
		c.Alpha = 2 // L2 + Stein
	}
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	if !(*noise >= 0) {
		return usageError(fs, stderr, fmt.Errorf("noise = %v must be >= 0", *noise))
	}
	if err := checkOutputs(*save, *force, o, *resume); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkLastStage(*save, *saveLast, *force); err != nil {
		return usageError(fs, stderr, err)
	}
	if applyErr != nil {
		return usageError(fs, stderr, applyErr)
	}
	c.KeepLastStage = c.KeepLastStage || *saveLast != ""
	data, err := loadTrainingData(*dataDir, *noise, fs.isSet("noise"))
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	if !*quiet {
		o.Progress = stderr
	}
	ctx, stop := interruptible()
	defer stop()
	o.Context = ctx
	res, err := train.RunWith(b, c, data, o)
	if err != nil {
		return fail(fs, stderr, err)
	}
	out := summarize(res, data.Noise)
	if *save != "" {
		if err := ensemble.Save(*save, res.File(map[string]any{"train": out}), ensemble.OverwriteIf(*force)); err != nil {
			return fail(fs, stderr, err)
		}
		out.Saved = *save
		fmt.Fprintf(stderr, "csvgd train: ensemble written to %s\n", *save)
	}
	if *saveLast != "" {
		if err := ensemble.Save(*saveLast, lastStageFile(res, out), ensemble.OverwriteIf(*force)); err != nil {
			return fail(fs, stderr, err)
		}
		out.SavedLastStage = *saveLast
		fmt.Fprintf(stderr, "csvgd train: last stage's ensemble (template %s) written to %s\n", train.FormatWidths(res.LastStage.Widths), *saveLast)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	if len(res.Stages) > 0 {
		train.WriteStages(stdout, res.Stages)
	}
	fmt.Fprintf(stdout, "push-forward W1 sum %.4g (%.4g in the training range), ensemble mean %.1f%% off the truth in the training range, training RMSE %.4g, %.1f active weights of %d, %d iterations in %.1f s on %s\n",
		float64(out.W1Sum), float64(out.W1SumInRange), 100*float64(out.MeanErrorIn), float64(out.TrainRMSE), out.ActiveWeights, out.TemplateParams, out.Iterations, out.Seconds, out.Backend)
	return exitOK
}

// trainFlagsApply refuses the flags of csvgd train that the other flags
// leave without effect.
func trainFlagsApply(fs *flagSet, c train.Config, o train.Options) error {
	return firstError(
		fs.onlyWith(c.Method == train.CSVGD || c.Method == train.Sequential, "-method csvgd or sequential", "stage"),
		fs.onlyWith(c.Adaptive, "-adaptive", "growth", "tolerance"),
		fs.onlyWith(c.Update.SecondOrder(), "-update newton or snewton", "newton-max-params", "newton-step", "newton-radius", "curvature"),
		fs.onlyWith(c.Align == condense.ByAssignment, "-align assignment", "align-ref"),
		fs.onlyWith(o.Checkpoint != "", "-checkpoint", "checkpoint-every"),
	)
}

// lastStageFile is what -save-last-stage writes: the ensemble of the run's
// last stage, before its condensation, on the template it ran on, with the
// training record out (the -save path in it as metaPath gives it) under
// "train".
func lastStageFile(res *train.Result, out trainOutput) *ensemble.File {
	out.Saved = metaPath(out.Saved)
	return res.LastStage.File(res, map[string]any{"train": out, "last_stage": true})
}

func summarize(res *train.Result, noise float64) trainOutput {
	c := res.Config
	last := res.History[len(res.History)-1]
	if n := len(res.Stages); n > 0 { // measured after the last condensation
		last.TrainRMSE, last.ActiveWeights = res.Stages[n-1].TrainRMSE, res.Stages[n-1].ActiveWeights
	}
	out := trainOutput{
		Method: c.Method, Noise: noise, Seed: c.Seed, Particles: c.Particles, Alpha: c.Alpha, Lambda: c.Lambda,
		Prior: c.Prior.String(), Beta: c.Beta, Bandwidth: c.Bandwidth.String(), Optimizer: c.Optimizer, StepSize: c.StepSize, Sigma: res.Sigma,
		Likelihood: c.Likelihood, Inputs: res.Arch.Inputs.String(), Threshold: c.Threshold, KernelMedian: jsonnum.Float(last.KernelMedian), KernelGroups: last.KernelGroups,
		W1Sum: jsonnum.Float(res.W1.Sum), W1SumInRange: jsonnum.Float(res.W1InRange), MeanErrorIn: jsonnum.Float(res.MeanErrorInRange), TrainRMSE: jsonnum.Float(last.TrainRMSE), ActiveWeights: last.ActiveWeights,
		TemplateParams: res.Arch.NumParams(), Iterations: res.Iterations, Seconds: res.Seconds, Backend: backend.Config(),
		Widths: res.Arch.Widths, Stages: res.Stages,
	}
	out.Align = c.Align.String()
	out.Update = c.Update.Or()
	if c.Update.SecondOrder() {
		out.NewtonMaxParams, out.NewtonStep, out.NewtonRadius, out.Curvature = c.NewtonMaxParams, c.NewtonStep, c.NewtonRadius, c.Curvature.Or()
		if out.NewtonRadius == 0 {
			out.NewtonRadius = train.DefaultNewtonRadius(c.Update)
		}
		if out.NewtonMaxParams == 0 {
			out.NewtonMaxParams = train.DefaultNewtonMaxParams
		}
		if out.NewtonStep == 0 {
			out.NewtonStep = svn.DefaultStep(c.Update)
		}
	}
	if n := len(res.Stages); n > 0 {
		out.MsPerIterFirst, out.MsPerIterLast = res.Stages[0].MsPerIter, res.Stages[n-1].MsPerIter
	}
	for _, h := range res.History {
		out.History = append(out.History, historyEntry{h.Iter, jsonnum.Float(h.TrainRMSE), jsonnum.Float(h.W1Sum), jsonnum.Float(h.W1InRange), h.ActiveWeights, jsonnum.Float(h.KernelMedian), h.KernelGroups, jsonnum.Float(h.KSD)})
	}
	return out
}

// checkOutputs checks, before any work, that the run can write what it
// was asked to: -save not over an existing file without -force,
// -checkpoint a file in a folder that exists (as -save), and
// -checkpoint/-resume consistent with whether the checkpoint exists.
func checkOutputs(save string, force bool, o train.Options, resume bool) error {
	if o.CheckpointEvery < 1 {
		return fmt.Errorf("-checkpoint-every = %d: need at least 1", o.CheckpointEvery)
	}
	if o.Checkpoint == "" {
		if resume {
			return errors.New("-resume needs -checkpoint FILE, the checkpoint of the run to continue")
		}
		return checkSave(save, force)
	}
	if err := checkOutput("-checkpoint", o.Checkpoint, true); err != nil {
		return err
	}
	_, err := os.Lstat(o.Checkpoint)
	switch {
	case err == nil && !resume:
		return fmt.Errorf("-checkpoint %s exists (an interrupted run?): pass -resume to continue it, or remove it", o.Checkpoint)
	case err != nil && resume:
		return fmt.Errorf("-resume: nothing to resume, %s does not exist", o.Checkpoint)
	}
	return checkSave(save, force)
}

// checkLastStage refuses a -save-last-stage path that checkOutput refuses
// or that is the -save path.
func checkLastStage(save, last string, force bool) error {
	if last != "" && last == save {
		return fmt.Errorf("-save-last-stage %s is the -save file: give two files", last)
	}
	return checkOutput("-save-last-stage", last, force)
}

// checkSave refuses a -save path that checkOutput refuses.
func checkSave(save string, force bool) error { return checkOutput("-save", save, force) }

// loadTrainingData reads the data of "csvgd train": the committed data
// set of the noise level without -data; with -data DIR, the folder and the
// noise level its data.json records. A -noise given beside -data must agree
// with that record ([badUsage] when not); a folder without one needs
// -noise.
func loadTrainingData(dir string, noise float64, noiseSet bool) (train.Data, error) {
	if dir == "" {
		return train.LoadPaperData(noise)
	}
	info := filepath.Join(dir, hyperelastic.InfoFile)
	data, err := train.LoadData(dir)
	switch {
	case errors.Is(err, hyperelastic.ErrNoInfo) && noiseSet:
		return train.ReadData(dir, noise)
	case errors.Is(err, hyperelastic.ErrNoInfo):
		return train.Data{}, fmt.Errorf("-data %s: %s does not exist, so the noise level of the data is unknown: pass -noise S, or make the folder with csvgd data", dir, info)
	case err != nil:
		return train.Data{}, fmt.Errorf("-data %s: %w", dir, err)
	case noiseSet && noise != data.Noise:
		return train.Data{}, badUsage(fmt.Errorf("-noise %g conflicts with %s, which records noise %g: leave -noise out", noise, info, data.Noise))
	}
	return data, nil
}

// newtonFlags defines the flags of the Newton updates (package svn).
func newtonFlags(fs *flagSet, c *train.Config) {
	fs.TextVar(&c.Update, "update", svn.SVGD, "Stein update of the stages on small templates: svgd (first-order, through -optimizer: the paper's), newton (Stein variational Newton) or snewton (stochastic Newton: the ensemble becomes a sample of the posterior)")
	fs.IntVar(&c.NewtonMaxParams, "newton-max-params", train.DefaultNewtonMaxParams, "with -update newton|snewton: the largest template (weights) on which the Newton update runs; larger ones take first-order steps")
	fs.Float64Var(&c.NewtonStep, "newton-step", 0, "with -update newton|snewton: the step size (0: 0.5 for newton, 0.3 for snewton)")
	fs.Float64Var(&c.NewtonRadius, "newton-radius", 0, "with -update newton|snewton: the trust radius, which sets the Levenberg-Marquardt damping 2 eps / (N radius^2) (0: 0.5 for newton, 0.1 for snewton)")
	fs.TextVar(&c.Curvature, "curvature", train.DefaultPlacement, "with -update newton|snewton: where the Gauss-Newton curvature is computed, graph (GoMLX) or host (float64 loops)")
}
