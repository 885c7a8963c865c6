package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// calibrateOutput is the JSON printed by "csvgd calibrate -json": the
// share of entries (stress components that are not zero, at the test
// points inside the training range) whose truth lies inside the central
// 50% and 90% push-forward bands, and whose fresh noisy observation lies
// inside the central intervals of the posterior predictive.
type calibrateOutput struct {
	Ensemble           string             `json:"ensemble"`
	Members            int                `json:"members"`
	Entries            int                `json:"entries"`
	Noise              float64            `json:"noise"`
	Sigma              float64            `json:"sigma"`
	Seed               uint64             `json:"seed"`
	CoverageTruth      map[string]float64 `json:"coverage_truth"`
	CoveragePredictive map[string]float64 `json:"coverage_predictive"`
}

func runCalibrate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("calibrate", "csvgd calibrate -ensemble FILE [-data DIR] [-seed S] [-json]\n\n"+
		"Measures how often the noise-free truth lies inside the ensemble's central 50% and 90% push-forward bands,\n"+
		"and how often fresh noisy observations (a new seeded draw of the data's noise, never used in training) lie\n"+
		"inside the central intervals of the posterior predictive (push-forward plus the likelihood's N(0, sigma^2)\n"+
		"per stress component), over the nonzero stress components at the test points inside the training range.", stdout)
	path := fs.String("ensemble", "", "saved ensemble (csvgd train -save, csvgd nuts -save)")
	dataDir := fs.String("data", "", "folder of train.csv, test.csv and data.json (default: the committed data set of the noise level in the file's meta)")
	seed := fs.Uint64("seed", study.FreshSeed, "seed of the fresh observations (must differ from the data's)")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("ensemble"); err != nil {
		return usageError(fs, stderr, err)
	}
	job, err := loadCalibration(fs, *path, *dataDir, *seed, stderr)
	if err != nil {
		return fail(fs, stderr, badInput(err))
	}
	out, err := job.run()
	if err != nil {
		return fail(fs, stderr, err)
	}
	if *asJSON {
		return writeJSON(fs, stdout, stderr, out)
	}
	fmt.Fprintf(stdout, "%s: %d members, %d entries, sigma %g, fresh observations at noise %g with seed %d\n", out.Ensemble, out.Members, out.Entries, out.Sigma, out.Noise, out.Seed)
	fmt.Fprintf(stdout, "truth inside the push-forward band:        50%%: %.3f   90%%: %.3f\n", out.CoverageTruth["50"], out.CoverageTruth["90"])
	fmt.Fprintf(stdout, "observation inside the predictive interval: 50%%: %.3f   90%%: %.3f\n", out.CoveragePredictive["50"], out.CoveragePredictive["90"])
	return exitOK
}

// calibrationJob is a saved ensemble's predictions at the test points
// with what the coverage needs.
type calibrationJob struct {
	path  string
	pred  hyperelastic.Predictions
	data  train.Data
	sigma float64
	seed  uint64
}

// loadCalibration reads the ensemble, its settings and the data, and
// predicts the stresses at the test points; every error names the file,
// the folder or the setting at fault.
func loadCalibration(fs *flagSet, path, dataDir string, seed uint64, stderr io.Writer) (*calibrationJob, error) {
	f, err := loadEnsemble(fs, path, stderr)
	if err != nil {
		return nil, err
	}
	arch, err := icnn.ArchOf(f)
	if err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	s, err := exact.FileSettings(f)
	if err != nil {
		return nil, fmt.Errorf("-ensemble %s: %w", path, err)
	}
	data, err := loadEnsembleData(dataDir, s.Noise)
	if err != nil {
		return nil, err
	}
	if err := checkFreshSeed(dataDir, s.Noise, seed); err != nil {
		return nil, err
	}
	return &calibrationJob{path: path, pred: exact.HostPredict(arch, data.Test, f.Particles), data: data, sigma: s.Sigma, seed: seed}, nil
}

// run measures the coverage at 50% and 90%.
func (j *calibrationJob) run() (calibrateOutput, error) {
	test := j.data.Test
	r, err := calibration.Calibrate(j.pred, test, calibration.Fresh(test, j.data.Noise, j.seed), j.sigma, []float64{0.5, 0.9})
	if err != nil {
		return calibrateOutput{}, err
	}
	return calibrateOutput{
		Ensemble: j.path, Members: len(j.pred), Entries: r.Entries, Noise: j.data.Noise, Sigma: j.sigma, Seed: j.seed,
		CoverageTruth:      map[string]float64{"50": r.Truth[0], "90": r.Truth[1]},
		CoveragePredictive: map[string]float64{"50": r.Predictive[0], "90": r.Predictive[1]},
	}, nil
}

// loadEnsembleData reads the data a saved ensemble was trained on: the
// committed data set of its noise level, or the folder dir (at the noise
// level its data.json records, or at noise when it has none).
func loadEnsembleData(dir string, noise float64) (train.Data, error) {
	if dir == "" {
		return train.LoadPaperData(noise)
	}
	data, err := train.LoadData(dir)
	if errors.Is(err, hyperelastic.ErrNoInfo) {
		data, err = train.ReadData(dir, noise)
	}
	if err != nil {
		return train.Data{}, fmt.Errorf("-data %s: %w", dir, err)
	}
	return data, nil
}

// checkFreshSeed refuses the seed the data were made with (recorded in
// the data folder's data.json), so that the fresh observations are new.
func checkFreshSeed(dir string, noise float64, seed uint64) error {
	if dir == "" {
		var err error
		if dir, err = csvgd.DataDir(noise); err != nil {
			return err
		}
	}
	info, err := hyperelastic.ReadInfoFile(filepath.Join(dir, hyperelastic.InfoFile))
	if errors.Is(err, hyperelastic.ErrNoInfo) {
		return nil // the data's seed is unknown; the fresh stream differs from the data's anyway
	}
	if err != nil {
		return err
	}
	if info.Seed == seed {
		return badUsage(fmt.Errorf("-seed %d is the seed the data in %s were made with: the fresh observations need another", seed, dir))
	}
	return nil
}
