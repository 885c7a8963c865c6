package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/dense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// fitOutput is the JSON printed by "csvgd fit -json".
type fitOutput struct {
	Data           string              `json:"data"`
	Split          *int                `json:"split,omitempty"` // UCI layout: the split
	Inputs         []string            `json:"inputs"`
	Targets        []string            `json:"targets"`
	TrainPoints    int                 `json:"train_points"`
	DevPoints      int                 `json:"dev_points"`
	TestPoints     int                 `json:"test_points"`
	Method         train.Method        `json:"method"`
	Hidden         []int               `json:"hidden"`
	Activation     dense.Activation    `json:"activation"`
	Particles      int                 `json:"particles"`
	Alpha          float64             `json:"alpha"`
	Lambda         float64             `json:"lambda"` // per training point
	Adaptive       bool                `json:"adaptive"`
	Noise          string              `json:"noise"`
	Batch          int                 `json:"batch"`
	Seed           uint64              `json:"seed"`
	Optimizer      stein.OptimizerName `json:"optimizer"`
	Bandwidth      string              `json:"bandwidth"`
	Iterations     int                 `json:"iterations"`
	TestRMSE       jsonnum.Float       `json:"test_rmse"`
	TestLL         jsonnum.Float       `json:"test_ll"`
	TrainRMSE      jsonnum.Float       `json:"train_rmse"`
	TrainLL        jsonnum.Float       `json:"train_ll"`
	NoiseSD        []float64           `json:"noise_sd"` // mean over the particles of each target's noise sd, data units
	ActiveWeights  float64             `json:"active_weights"`
	TemplateParams int                 `json:"template_params"`
	FullParams     int                 `json:"full_params"`
	Widths         []int               `json:"widths"`
	Refitted       int                 `json:"refitted"`
	MsPerIterFirst float64             `json:"ms_per_iter_first"`
	MsPerIterLast  float64             `json:"ms_per_iter_last"`
	Seconds        float64             `json:"seconds"`
	Backend        string              `json:"backend"`
	Saved          string              `json:"saved,omitempty"`
	Stages         []regress.Stage     `json:"stages"`
	History        []regress.Record    `json:"history"`
}

func runFit(args []string, stdout, stderr io.Writer) int {
	c := regress.Default()
	fs := newFlagSet("fit", "csvgd fit -data FILE.csv -target NAME[,NAME] | -data DIR [-split K] [-method csvgd|svgd|ensemble] [-hidden 50[,W..]]\n"+
		"            [-activation relu|tanh|softplus] [-particles P] [-iters K] [-alpha A] [-lambda L] [-noise learned|SD]\n"+
		"            [-protocol none|liu-wang] [-save FILE] [-json]\n\n"+
		"Fits a Stein ensemble of dense networks to regression data: a CSV file with a header (the -target columns are\n"+
		"the targets, the other columns the inputs; a seeded -test fraction of the rows is held out), or a folder in the\n"+
		"layout of the UCI regression benchmark (data.txt, index_features.txt, index_target.txt, index_train_K.txt,\n"+
		"index_test_K.txt; split -split). The model is Liu & Wang's Bayesian neural network (learned noise and weight\n"+
		"precisions, Gamma(1, 0.1) priors); svgd is their SVGD, csvgd adds the alpha prior (lambda per training point)\n"+
		"and stages ended by graph condensation. Reports the test RMSE and log-likelihood in the data's units.\n\n"+
		"-protocol liu-wang runs a data set of the UCI benchmark (named by its folder: yacht, concrete, ..., or the names\n"+
		"of Liu & Wang's driver) at the iterations, hidden units and batch size of Liu & Wang's per-data-set driver;\n"+
		"-iters, -hidden and -batch given explicitly win over it. The splits stay the folder's (Hernandez-Lobato &\n"+
		"Adams' standard ones); Liu & Wang drew their own random 90/10 splits.", stdout)
	dataPath := fs.String("data", "", "a CSV file with a header row, or a folder in the UCI benchmark's layout")
	targets := fs.String("target", "", "CSV: the target column(s), comma-separated; the other columns are the inputs")
	split := fs.Int("split", 0, "UCI folder: the split K (index_train_K.txt, index_test_K.txt)")
	testFrac := fs.Float64("test", 0.1, "CSV: the fraction of the rows held out as the test set")
	testSeed := fs.Uint64("test-seed", 1, "CSV: the seed of the test rows' draw")
	fs.TextVar(&c.Method, "method", c.Method, "csvgd (the alpha prior, stages ended by graph condensation), svgd (Liu & Wang's SVGD) or ensemble (a deep ensemble: the same networks fitted independently, MAP, by the same optimizer; SVGD without the kernel)")
	fs.Var(widthsFlag{&c.Hidden}, "hidden", "the hidden layers' widths, comma-separated")
	fs.TextVar(&c.Activation, "activation", c.Activation, "the hidden layers' activation: relu, tanh or softplus")
	registerSettings(fs, &c.Settings, "seed of the initial particles")
	fs.IntVar(&c.Stage, "stage", c.Stage, "csvgd: iterations per stage, each ended by graph condensation")
	fs.BoolVar(&c.Adaptive, "adaptive", c.Adaptive, "csvgd: adaptive penalty (Sec. 5.6): -lambda is the initial value, grown by -growth after each stage until the training error rises")
	fs.Float64Var(&c.Growth, "growth", c.Growth, "adaptive: factor of lambda after a stage whose error stayed within -tolerance")
	fs.Float64Var(&c.Tolerance, "tolerance", c.Tolerance, "adaptive: relative rise of the training error over its best that ends the growth")
	fs.Float64Var(&c.Threshold, "threshold", c.Threshold, "|w| below which a weight or bias is pruned and counts as inactive; the prior score's smoothing")
	fs.Var(noiseFlag{&c.NoiseSD}, "noise", "learned (the noise precisions are parameters) or a fixed noise standard deviation of every target, in its units")
	fs.IntVar(&c.Batch, "batch", c.Batch, "mini-batch size (0: every training point at every step)")
	fs.Float64Var(&c.Dev, "dev", c.Dev, "fraction of the training rows (the last ones, at most 500) held out to refit each particle's noise (0: none)")
	fs.IntVar(&c.Every, "every", c.Every, "history interval in iterations")
	protocol := regress.NoProtocol
	fs.TextVar(&protocol, "protocol", protocol, "none, or liu-wang: the iterations, hidden units and batch of Liu & Wang's driver for the UCI data set named by the -data folder")
	save := fs.String("save", "", "write the final ensemble to this file (csvgd predict and csvgd explore open it)")
	force := fs.Bool("force", false, "let -save replace an existing file")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if !fs.isSet("lambda") && (c.Method == train.SVGD || c.Method == train.Ensemble) {
		c.Lambda = 0 // Liu & Wang's SVGD, and the ensemble of its networks, have no alpha prior
	}
	c, err := protocolConfig(c, protocol, *dataPath, fs.isSet)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := firstError(fs.onlyWith(c.Method == train.CSVGD, "-method csvgd", "stage"), fs.onlyWith(c.Adaptive, "-adaptive", "growth", "tolerance")); err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkSave(*save, *force); err != nil {
		return usageError(fs, stderr, err)
	}
	d, uci, err := loadRegressionData(fs, *dataPath, *targets, *split, *testFrac, *testSeed)
	if err == nil {
		err = regress.CheckData(c, d)
	}
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	o := regress.Options{}
	if !*quiet {
		o.Progress = stderr
	}
	ctx, stop := interruptible()
	defer stop()
	o.Context = ctx
	res, err := regress.Fit(b, c, d, o)
	if err != nil {
		return fail(fs, stderr, err)
	}
	out := fitSummary(res, *dataPath, d)
	if uci {
		out.Split = split
	}
	if *save != "" {
		if err := ensemble.Save(*save, res.File(map[string]any{"fit": out}), ensemble.OverwriteIf(*force)); err != nil {
			return fail(fs, stderr, err)
		}
		out.Saved = *save
		fmt.Fprintf(stderr, "csvgd fit: ensemble written to %s\n", *save)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	if len(res.Stages) > 1 {
		regress.WriteStages(stdout, res.Stages)
	}
	fmt.Fprintf(stdout, "test RMSE %.4g, test log-likelihood %.4g (%d test points), training RMSE %.4g; %.1f active weights of %d, template %s (%d), %d iterations in %.1f s on %s\n",
		float64(out.TestRMSE), float64(out.TestLL), out.TestPoints, float64(out.TrainRMSE), out.ActiveWeights, out.FullParams,
		train.FormatWidths(out.Widths), out.TemplateParams, out.Iterations, out.Seconds, out.Backend)
	return exitOK
}

// protocolConfig is c under the -protocol mode p for the data at path:
// with liu-wang, the iterations, hidden layer and batch of the row of
// regress.LiuWangProtocols named by the folder path (its last element),
// except those of -iters, -hidden and -batch when set (isSet); a mode
// other than none needs a UCI benchmark folder.
func protocolConfig(c regress.Config, p regress.Protocol, path string, isSet func(string) bool) (regress.Config, error) {
	if p == regress.NoProtocol {
		return c, nil
	}
	if st, err := os.Stat(path); err != nil || !st.IsDir() || !tabular.IsUCI(path) {
		return c, fmt.Errorf("-protocol %s: -data must be a UCI benchmark folder, whose name names the data set", p)
	}
	set := filepath.Base(filepath.Clean(path))
	out, err := p.Apply(c, set)
	if err != nil {
		return c, fmt.Errorf("-protocol %s: %w", p, err)
	}
	if isSet("iters") {
		out.Iters = c.Iters
	}
	if isSet("hidden") {
		out.Hidden = c.Hidden
	}
	if isSet("batch") {
		out.Batch = c.Batch
	}
	return out, nil
}

// loadRegressionData reads -data: a UCI folder (split k; -target not
// allowed) or a CSV file (-target required, a seeded test split). It
// reports whether the data are a UCI folder. Its errors in the flags are
// marked so ([badUsage]).
func loadRegressionData(fs *flagSet, path, targets string, k int, frac float64, seed uint64) (tabular.Data, bool, error) {
	if path == "" {
		return tabular.Data{}, false, badUsage(errors.New("-data is required: a CSV file with a header row, or a UCI benchmark folder"))
	}
	st, err := os.Stat(path)
	if err != nil {
		return tabular.Data{}, false, fmt.Errorf("-data %s: %w", path, errors.Unwrap(err))
	}
	if st.IsDir() {
		switch {
		case !tabular.IsUCI(path):
			return tabular.Data{}, false, fmt.Errorf("-data %s is a folder without %s: not a UCI benchmark folder", path, tabular.UCIData)
		case fs.isSet("target"):
			return tabular.Data{}, false, badUsage(fmt.Errorf("-target: a UCI benchmark folder names its target in %s", tabular.UCITarget))
		case fs.isSet("test") || fs.isSet("test-seed"):
			return tabular.Data{}, false, badUsage(fmt.Errorf("-test and -test-seed: a UCI benchmark folder has its splits (use -split)"))
		}
		d, err := tabular.ReadUCI(path, k)
		return d, true, err
	}
	if fs.isSet("split") {
		return tabular.Data{}, false, badUsage(errors.New("-split: the data are a CSV file, not a UCI benchmark folder (use -test and -test-seed)"))
	}
	names, err := tabular.ParseTargets(targets)
	if err != nil {
		return tabular.Data{}, false, badUsage(fmt.Errorf("-target: %w", err))
	}
	if len(names) == 0 {
		return tabular.Data{}, false, badUsage(errors.New("-target is required with a CSV file: the target column(s), comma-separated"))
	}
	t, err := tabular.ReadCSVFile(path)
	if err != nil {
		return tabular.Data{}, false, err
	}
	d, err := t.Split(names, frac, seed)
	if err != nil {
		return tabular.Data{}, false, fmt.Errorf("%s: %w", path, err)
	}
	return d, false, nil
}

func fitSummary(res *regress.Result, path string, d tabular.Data) fitOutput {
	c := res.Config
	out := fitOutput{
		Data: path, Inputs: res.Inputs, Targets: res.Targets, TrainPoints: res.TrainPoints, DevPoints: res.DevPoints, TestPoints: d.Test.Len(),
		Method: c.Method, Hidden: c.Hidden, Activation: c.Activation, Particles: c.Particles, Alpha: c.Alpha, Lambda: c.Lambda,
		Adaptive: c.Adaptive, Noise: noiseFlag{&c.NoiseSD}.String(), Batch: c.Batch, Seed: c.Seed, Optimizer: c.Optimizer, Bandwidth: c.Bandwidth.String(), Iterations: res.Iterations,
		TestRMSE: jsonnum.Float(res.Test.RMSE), TestLL: jsonnum.Float(res.Test.LL),
		TrainRMSE: jsonnum.Float(res.Train.RMSE), TrainLL: jsonnum.Float(res.Train.LL),
		ActiveWeights: res.ActiveWeights, TemplateParams: res.TemplateParams(), FullParams: res.FullParams(),
		Widths: res.Model.Arch.Widths, Refitted: res.Refitted, Seconds: res.Seconds, Backend: backend.Config(),
		Stages: res.Stages, History: res.History,
	}
	p := res.Predict(d.Test.X[:1])
	for o := range res.Targets {
		var s float64
		for a := range p.SD {
			s += p.SD[a][o] / float64(len(p.SD))
		}
		out.NoiseSD = append(out.NoiseSD, s)
	}
	if n := len(res.Stages); n > 0 {
		out.MsPerIterFirst, out.MsPerIterLast = res.Stages[0].MsPerIter, res.Stages[n-1].MsPerIter
	}
	return out
}

// widthsFlag is a flag.Value for -hidden: comma-separated widths >= 1.
type widthsFlag struct{ w *[]int }

func (f widthsFlag) String() string {
	if f.w == nil {
		return ""
	}
	s := make([]string, len(*f.w))
	for i, v := range *f.w {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

func (f widthsFlag) Set(s string) error {
	var w []int
	for _, p := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 1 {
			return fmt.Errorf("hidden widths %q: want widths >= 1, comma-separated", s)
		}
		w = append(w, v)
	}
	*f.w = w
	return nil
}

// noiseFlag is a flag.Value for -noise: "learned" (0) or a fixed noise
// standard deviation > 0.
type noiseFlag struct{ sd *float64 }

func (f noiseFlag) String() string {
	if f.sd == nil || *f.sd == 0 {
		return "learned"
	}
	return strconv.FormatFloat(*f.sd, 'g', -1, 64)
}

func (f noiseFlag) Set(s string) error {
	if strings.TrimSpace(s) == "learned" {
		*f.sd = 0
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return fmt.Errorf("noise %q: want learned or a standard deviation > 0", s)
	}
	*f.sd = v
	return nil
}
