package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// nutsEnsembleOutput is the JSON printed by "csvgd nuts template -ensemble
// FILE -json": the posterior sampled, the sampler's settings and its report.
// rhat_max, ess_bulk_min and ess_tail_min are those of the push-forward
// (the stresses at the watched test points); the weights' and the log
// density's are beside them (see package exact's Report). misses lists
// the criteria of Stan that the run misses, with their measured values
// (empty: the draws are a reference).
type nutsEnsembleOutput struct {
	Target            string           `json:"target"`
	Ensemble          string           `json:"ensemble"`
	Widths            []int            `json:"widths"`
	Params            int              `json:"params"`
	Noise             float64          `json:"noise"`
	Sigma             float64          `json:"sigma"`
	Likelihood        train.Likelihood `json:"likelihood"`
	Prior             string           `json:"prior"`
	Alpha             float64          `json:"alpha"`
	Lambda            float64          `json:"lambda"`
	Smoothing         float64          `json:"smoothing"`
	Sampler           string           `json:"sampler"`
	Starts            string           `json:"starts"`
	Chains            int              `json:"chains"`
	Overdispersed     int              `json:"overdispersed"`
	Warmup            int              `json:"warmup"`
	Draws             int              `json:"draws"`
	Keep              int              `json:"keep"`
	Seed              uint64           `json:"seed"`
	MaxDepth          int              `json:"max_depth,omitempty"`
	MaxLeapfrog       int              `json:"max_leapfrog,omitempty"`
	OptimizeSteps     int              `json:"optimize_steps,omitempty"`
	AcceptTarget      float64          `json:"accept_target"`
	Metric            string           `json:"metric"`
	Coordinates       string           `json:"coordinates"`
	Watched           int              `json:"watched"`
	RHatMax           jsonnum.Float    `json:"rhat_max"`
	ESSBulkMin        jsonnum.Float    `json:"ess_bulk_min"`
	ESSTailMin        jsonnum.Float    `json:"ess_tail_min"`
	ESSPerSecond      jsonnum.Float    `json:"ess_per_second"`
	WeightsRHatMax    jsonnum.Float    `json:"weights_rhat_max"`
	WeightsESSBulkMin jsonnum.Float    `json:"weights_ess_bulk_min"`
	LogDensityRHat    jsonnum.Float    `json:"log_density_rhat"`
	LogDensityESSBulk jsonnum.Float    `json:"log_density_ess_bulk"`
	LogDensityESSTail jsonnum.Float    `json:"log_density_ess_tail"`
	Divergences       int              `json:"divergences"`
	ChainDivergences  []int            `json:"chain_divergences"`
	WarmupDivergences int              `json:"warmup_divergences"`
	AcceptRate        float64          `json:"accept_rate"`
	EBFMI             []jsonnum.Float  `json:"ebfmi"`
	EBFMIMin          jsonnum.Float    `json:"ebfmi_min"`
	TreeDepthMean     float64          `json:"tree_depth_mean"`
	LeapfrogMean      float64          `json:"leapfrog_mean"`
	TrajectoryLength  float64          `json:"trajectory_length,omitempty"`
	MaxDepthHits      int              `json:"max_depth_hits"`
	MaxDepthShare     float64          `json:"max_depth_share"`
	Misses            []string         `json:"misses"`
	StepSize          []float64        `json:"step_size"`
	Gradients         int              `json:"gradients"`
	Seconds           float64          `json:"seconds"`
	Saved             string           `json:"saved,omitempty"`
}

// nutsTemplateFlags are the flags of csvgd nuts template: the sampler's
// configuration c and the command's own.
type nutsTemplateFlags struct {
	fs                   *flagSet
	c                    exact.Config
	path, dataDir, save  *string
	quick, force, asJSON *bool
}

// newNUTSTemplateFlags defines the flags of csvgd nuts template (the
// help on stdout); after parsing, [nutsTemplateFlags.config] is the
// configuration they name.
func newNUTSTemplateFlags(stdout io.Writer) *nutsTemplateFlags {
	fs := newFlagSet("nuts template", "csvgd nuts template -ensemble FILE [-data DIR] [-sampler nuts|chees] [-starts stein|init] [-chains C]\n"+
		"       [-overdispersed K] [-warmup W] [-draws D] [-keep N] [-seed S] [-accept A] [-max-depth M] [-max-leapfrog L]\n"+
		"       [-optimize-steps K] [-metric diag|dense] [-coordinates weights|prior-normal|log-scale] [-quick] [-save FILE]\n"+
		"       [-force] [-json]\n\n"+
		"Samples the posterior that the Stein flow of a saved ensemble targets on its template: the same data, the\n"+
		"mean-squared-error likelihood with the same sigma and the same smoothed alpha prior at the final stage's\n"+
		"lambda, W1..WL >= 0 kept by reflection at 0. -sampler nuts (the default) is the No-U-Turn sampler, -sampler\n"+
		"chees many chains as one batch with ChEES trajectory lengths (package hmc); a flag of the other sampler\n"+
		"(-max-depth, -max-leapfrog) or of the other starts (-optimize-steps) is an error. -starts stein (the\n"+
		"default) starts the chains at the Stein particles (the last -overdispersed of them at perturbed ones),\n"+
		"-starts init at random initialisations of the template optimised on the posterior. -save writes the\n"+
		"draws, thinned to -keep (a multiple of -chains), chain by chain, as an ensemble file for csvgd nuts agree,\n"+
		"compare, predict and explore. The report names each criterion the run misses (Stan's diagnostics with\n"+
		"this project's thresholds: divergences above 1% (Stan warns on any), R-hat above 1.01, bulk or tail ESS\n"+
		"below 400, E-BFMI below 0.3); whether the draws are a reference is what runs with other seeds and\n"+
		"starts agree on (csvgd nuts agree). Sample the ensemble the flow last ran on (csvgd train\n"+
		"-save-last-stage), not one condensed after it. csvgd nuts -ensemble FILE ..., the earlier spelling,\n"+
		"is the same.", stdout)
	f := &nutsTemplateFlags{fs: fs, c: exact.DefaultConfig(false)}
	c := &f.c
	f.path = fs.String("ensemble", "", "saved ensemble (csvgd train -save) whose template to sample")
	f.dataDir = fs.String("data", "", "folder of train.csv and test.csv (default: the committed data set of the noise level in the file's meta)")
	fs.Var(&c.Sampler, "sampler", "nuts (the No-U-Turn sampler) or chees (many chains as one batch, ChEES trajectory lengths)")
	fs.Var(&c.Starts, "starts", "where the chains start: stein (the ensemble's particles) or init (random initialisations optimised on the posterior)")
	fs.IntVar(&c.Chains, "chains", c.Chains, fmt.Sprintf("number of chains (nuts: %d, chees: %d by default)", exact.DefaultConfig(false).Chains, exact.DefaultCHEESConfig(false).Chains))
	fs.IntVar(&c.Overdispersed, "overdispersed", c.Overdispersed, "of the chains, how many start at perturbed particles (each weight scaled by exp(N(0,1)) and shifted by the ensemble's spread)")
	fs.IntVar(&c.Warmup, "warmup", c.Warmup, "warm-up iterations per chain (step size and mass matrix adaptation)")
	fs.IntVar(&c.Draws, "draws", c.Draws, "kept iterations per chain")
	fs.IntVar(&c.Keep, "keep", c.Keep, "draws kept after thinning, over all chains (what -save writes)")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of every chain's random stream")
	fs.IntVar(&c.MaxDepth, "max-depth", c.MaxDepth, "nuts: most doublings of a trajectory")
	fs.IntVar(&c.MaxLeapfrog, "max-leapfrog", exact.DefaultCHEESConfig(false).MaxLeapfrog, "chees: most leapfrog steps of a trajectory")
	fs.IntVar(&c.OptimizeSteps, "optimize-steps", exact.DefaultCHEESConfig(false).OptimizeSteps, "-starts init: steps of Adam from each initialisation")
	fs.Float64Var(&c.Accept, "accept", c.Accept, "target acceptance of the step size adaptation, in (0, 1) (nuts: Stan's adapt_delta; chees: the harmonic mean over the chains)")
	fs.Var(&c.Metric, "metric", "mass matrix adapted in warm-up: diag (Stan's diag_e) or dense (dense_e)")
	fs.Var(&c.Coordinates, "coordinates", "what the trajectories move in: the weights, prior-normal (each weight's prior quantile transform onto N(0, 1)) or log-scale (exp for W1..WL, sinh for W0); the draws are the weights' either way")
	f.quick = fs.Bool("quick", csvgd.Quick(), "quick mode's defaults, those of the quick studies: far fewer chains, iterations and draws, shorter trajectories, a lower target acceptance (flags given override them); default from CSVGD_QUICK")
	f.save = fs.String("save", "", "write the kept draws as an ensemble file")
	f.force = fs.Bool("force", false, "let -save replace an existing file")
	f.asJSON = fs.Bool("json", false, "print one JSON object on stdout")
	return f
}

// config is the configuration the parsed flags name: the flags given,
// the other settings the defaults of the sampler, starts and mode chosen
// ([samplerDefaults]).
func (f *nutsTemplateFlags) config() exact.Config {
	c := f.c
	samplerDefaults(f.fs, &c, *f.quick)
	return c
}

// runNUTSTemplate is csvgd nuts template: NUTS on the posterior of a
// saved ensemble's template.
func runNUTSTemplate(args []string, stdout, stderr io.Writer) int {
	f := newNUTSTemplateFlags(stdout)
	fs, path, dataDir, save, force, asJSON := f.fs, f.path, f.dataDir, f.save, f.force, f.asJSON
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	c := f.config()
	c.Progress = stderr
	if err := checkNUTSEnsemble(fs, c, *save, *force); err != nil {
		return usageError(fs, stderr, err)
	}
	job, err := loadNUTSJob(fs, *path, *dataDir, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	// Ctrl-C stops the chains before their next iteration, writing
	// nothing (a run by hand keeps no checkpoint: it starts again).
	ctx, stop := interruptible()
	defer stop()
	c.Context = ctx
	out, err := job.sample(c)
	if err != nil {
		return fail(fs, stderr, err)
	}
	if *save != "" {
		if err := job.save(*save, ensemble.OverwriteIf(*force), out); err != nil {
			return fail(fs, stderr, err)
		}
		out.Saved = *save
		fmt.Fprintf(stderr, "csvgd nuts: %d draws written to %s\n", len(job.kept), *save)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	printNUTSEnsemble(stdout, out)
	return exitOK
}

// samplerDefaults sets the settings the command line left alone to the
// defaults of the sampler chosen (exact.DefaultConfig or
// exact.DefaultCHEESConfig), of quick mode when quick is set (its target
// acceptance too), with the settings of the starts chosen
// (exact.Config.WithStarts: init starts have no overdispersed chains and
// are optimised by exact.DefaultOptimizeSteps steps of Adam); the
// settings of the other sampler are left out (0); a default -keep above
// the draws of the chains given keeps them all. These are the settings
// of the studies' runs (study.Plan.ReferenceRuns, AgreementRuns), so that
// the same flags reproduce one of them draw for draw.
func samplerDefaults(fs *flagSet, c *exact.Config, quick bool) {
	q := exact.DefaultConfig(quick)
	if c.Sampler == exact.CHEESSampler {
		q = exact.DefaultCHEESConfig(quick)
	}
	q = q.WithStarts(c.Starts, quick)
	for name, pair := range map[string][2]*int{
		"chains": {&c.Chains, &q.Chains}, "overdispersed": {&c.Overdispersed, &q.Overdispersed}, "warmup": {&c.Warmup, &q.Warmup}, "draws": {&c.Draws, &q.Draws},
		"keep": {&c.Keep, &q.Keep}, "max-depth": {&c.MaxDepth, &q.MaxDepth}, "max-leapfrog": {&c.MaxLeapfrog, &q.MaxLeapfrog},
		"optimize-steps": {&c.OptimizeSteps, &q.OptimizeSteps},
	} {
		if !fs.isSet(name) {
			*pair[0] = *pair[1]
		}
	}
	if !fs.isSet("accept") {
		c.Accept = q.Accept
	}
	if !fs.isSet("keep") { // fewer chains or draws than the default keeps: keep them all
		c.Keep = min(c.Keep, c.Chains*c.Draws)
	}
}

// checkNUTSEnsemble checks the flags before any work, a setting of the
// sampler or starts not chosen included.
func checkNUTSEnsemble(fs *flagSet, c exact.Config, save string, force bool) error {
	if fs.Lookup("ensemble").Value.String() == "" {
		return errors.New("-ensemble FILE is required")
	}
	chees := c.Sampler == exact.CHEESSampler
	if err := firstError(fs.onlyWith(chees, "-sampler chees", "max-leapfrog"), fs.onlyWith(!chees, "-sampler nuts", "max-depth"),
		fs.onlyWith(c.Starts == exact.InitStarts, "-starts init", "optimize-steps")); err != nil {
		return err
	}
	if err := c.Validate(); err != nil {
		return err
	}
	return checkSave(save, force)
}

// nutsJob is what the sampler of a saved ensemble works on: the file,
// its settings and the template its studies' runs sample too
// (runcache.Template), so that the same configuration draws the same
// chains here as in the studies' cache.
type nutsJob struct {
	path     string
	file     *ensemble.File
	arch     icnn.Arch
	settings exact.Settings
	template *runcache.Template
	kept     [][]float64
}

// loadNUTSJob reads the ensemble file, its settings and the data, and
// builds the posterior; every error names the file, the folder or the
// setting at fault.
func loadNUTSJob(fs *flagSet, path, dataDir string, stderr io.Writer) (*nutsJob, error) {
	f, err := loadEnsemble(fs, path, stderr)
	if err != nil {
		return nil, err
	}
	job := &nutsJob{path: path, file: f}
	if job.arch, err = icnn.ArchOf(f); err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	if job.settings, err = exact.FileSettings(f); err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	if err := checkStarts(job.arch, f.Particles); err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	data, err := loadEnsembleData(dataDir, job.settings.Noise)
	if err != nil {
		return nil, err
	}
	if job.template, err = runcache.NewTemplate(job.arch, f.Particles, job.settings, data); err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	return job, nil
}

// checkStarts refuses particles that break the ICNN's sign constraint:
// the chains start at them, where W1..WL must be >= 0.
func checkStarts(arch icnn.Arch, particles [][]float64) error {
	cons := arch.Constrained()
	for a, theta := range particles {
		for i, v := range theta {
			if cons[i] && v < 0 {
				return fmt.Errorf("particle %d, weight %d = %v < 0: the layers after the first must be non-negative", a, i, v)
			}
		}
	}
	return nil
}

// sample runs the sampler of c on the template (runcache.Template.Sample,
// as the studies' runs) and fills the JSON output.
func (j *nutsJob) sample(c exact.Config) (nutsEnsembleOutput, error) {
	run, err := j.template.Sample(c)
	if err != nil {
		return nutsEnsembleOutput{}, err
	}
	j.kept = run.Kept
	s, r := j.settings, run.Report
	return nutsEnsembleOutput{
		Target: "ensemble", Ensemble: j.path, Widths: j.arch.Widths, Params: j.arch.NumParams(),
		Noise: s.Noise, Sigma: s.Sigma, Likelihood: s.Likelihood, Prior: s.Prior.Form.String(),
		Alpha: s.Prior.Alpha, Lambda: s.Prior.Lambda, Smoothing: s.Prior.Smoothing,
		Sampler: c.Sampler.String(), Starts: c.Starts.String(), MaxLeapfrog: c.MaxLeapfrog, OptimizeSteps: c.OptimizeSteps,
		Chains: c.Chains, Overdispersed: c.Overdispersed, Warmup: c.Warmup, Draws: c.Draws, Keep: c.Keep, Seed: c.Seed, MaxDepth: c.MaxDepth,
		AcceptTarget: c.Accept, Metric: c.Metric.String(), Coordinates: c.Coordinates.String(), Watched: r.Watched, RHatMax: jsonnum.Float(r.RHatMax), ESSBulkMin: jsonnum.Float(r.ESSBulkMin), ESSTailMin: jsonnum.Float(r.ESSTailMin),
		ESSPerSecond: jsonnum.Float(r.ESSPerSecond), WeightsRHatMax: jsonnum.Float(r.WeightsRHatMax), WeightsESSBulkMin: jsonnum.Float(r.WeightsESSBulkMin),
		LogDensityRHat: jsonnum.Float(r.LogDensityRHat), LogDensityESSBulk: jsonnum.Float(r.LogDensityESSBulk), LogDensityESSTail: jsonnum.Float(r.LogDensityESSTail),
		Divergences: r.Divergences, ChainDivergences: r.ChainDivergences, WarmupDivergences: r.WarmupDivergences, AcceptRate: r.AcceptRate,
		EBFMI: jsonnum.Floats(r.EBFMI), EBFMIMin: jsonnum.Float(r.EBFMIMin),
		TreeDepthMean: r.TreeDepthMean, LeapfrogMean: r.LeapfrogMean, TrajectoryLength: r.TrajectoryLength, MaxDepthHits: r.MaxDepthHits, MaxDepthShare: r.MaxDepthShare(), Misses: append([]string{}, r.Misses()...),
		StepSize: r.StepSizes, Gradients: r.Gradients, Seconds: r.Seconds,
	}, nil
}

// save writes the kept draws as an ensemble file of the template, with
// the run's output and the source file's meta (so that its settings can
// be read again) in its meta.
func (j *nutsJob) save(path string, existing ensemble.Existing, out nutsEnsembleOutput) error {
	out.Ensemble = metaPath(out.Ensemble)
	f := ensemble.New(j.arch.Widths, j.kept, map[string]any{"nuts": out, "source": metaPath(j.path), "source_meta": j.file.Meta})
	f.Inputs, f.Prior = j.file.Inputs, j.file.Prior
	return ensemble.Save(path, f, existing)
}

func printNUTSEnsemble(w io.Writer, o nutsEnsembleOutput) {
	fmt.Fprintf(w, "%s on the posterior of %s: template %v (%d weights), %s prior alpha %g, lambda %g, sigma %g (%s likelihood)\n",
		strings.ToUpper(o.Sampler), o.Ensemble, o.Widths, o.Params, o.Prior, o.Alpha, o.Lambda, o.Sigma, o.Likelihood)
	limit := fmt.Sprintf("trees of at most 2^%d - 1 steps", o.MaxDepth)
	if o.Sampler == exact.CHEESSampler.String() {
		limit = fmt.Sprintf("trajectories of at most %d steps (adapted length %.3g)", o.MaxLeapfrog, o.TrajectoryLength)
	}
	fmt.Fprintf(w, "%d chains from %s starts (%d overdispersed) x %d draws after %d warm-up, %d kept; %s metric, target acceptance %g, %s\n\n",
		o.Chains, o.Starts, o.Overdispersed, o.Draws, o.Warmup, o.Keep, o.Metric, o.AcceptTarget, limit)
	fmt.Fprintf(w, "push-forward (%d stresses): R-hat max %.3f, ESS bulk min %.0f, tail min %.0f, %.2f bulk ESS per second\n",
		o.Watched, float64(o.RHatMax), float64(o.ESSBulkMin), float64(o.ESSTailMin), float64(o.ESSPerSecond))
	fmt.Fprintf(w, "weights: R-hat max %.3f, ESS bulk min %.0f; log density: R-hat %.3f, ESS bulk %.0f, tail %.0f\n",
		float64(o.WeightsRHatMax), float64(o.WeightsESSBulkMin), float64(o.LogDensityRHat), float64(o.LogDensityESSBulk), float64(o.LogDensityESSTail))
	fmt.Fprintf(w, "%d divergences (%d in warm-up), acceptance %.3f, E-BFMI min %.2f, %.0f leapfrog steps per transition (%.0f%% at the limit), %d gradients in %.1f s\n",
		o.Divergences, o.WarmupDivergences, o.AcceptRate, float64(o.EBFMIMin), o.LeapfrogMean, 100*o.MaxDepthShare, o.Gradients, o.Seconds)
	if len(o.Misses) == 0 {
		fmt.Fprintln(w, "criteria (Stan's diagnostics, this project's thresholds): all met")
	} else {
		fmt.Fprintf(w, "criteria (Stan's diagnostics, this project's thresholds) missed: %s\n", strings.Join(o.Misses, "; "))
	}
}
