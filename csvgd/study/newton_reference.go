package study

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// The comparison of the Newton study's ensembles with a reference sample
// of the posterior of the template each one's last stage ran on: the files it reads and
// the commands that make them. The reference sampler and the measure of
// the comparison (csvgd compare: band ratios corrected for the ensemble's
// size, with intervals) are their own work; until their files exist this
// only says what is missing.

// LastStageSuffix ends the name of the exported ensemble of a run's last
// stage (csvgd runs export): KEY.last-stage.json beside the final
// ensemble's KEY.json. ReferenceSuffix ends the name of the reference
// draws of that ensemble's template, KEY.reference.json, as csvgd nuts
// -save writes them.
const (
	LastStageSuffix = ".last-stage.json"
	ReferenceSuffix = ".reference.json"
)

// NewtonReference is one run of the Newton study beside its reference
// sample, when there is one.
type NewtonReference struct {
	Spec           Spec
	Ensemble       string // the exported ensemble of the last stage, dir/KEY.last-stage.json
	Reference      string // the reference draws, dir/KEY.reference.json
	HaveEnsemble   bool
	HaveReference  bool
	Band90, Ref90  float64 // mean widths of the central 90% bands inside the training range, ensemble's and reference draws'
	ReferenceDraws int
}

// RawRatio is Band90 / Ref90: the ensemble's 90% band width over that of
// all the reference draws. It is biased low for small ensembles (the
// central 90% of N draws is narrower than the distribution's by a factor
// that depends on N); csvgd compare corrects for it and gives intervals.
func (r NewtonReference) RawRatio() float64 { return r.Band90 / r.Ref90 }

// NewtonReferences lists the Newton study's runs with their files in dir
// (exported by csvgd runs export -study newton -out dir) and, for those
// whose reference draws exist, the 90% band widths of both. Runs are not
// trained and references not sampled here.
func NewtonReferences(s *Store, dir string) ([]NewtonReference, error) {
	var out []NewtonReference
	for _, spec := range s.NewtonRuns() {
		key, err := spec.Key()
		if err != nil {
			return nil, err
		}
		r := NewtonReference{Spec: spec, Ensemble: filepath.Join(dir, key+LastStageSuffix), Reference: filepath.Join(dir, key+ReferenceSuffix)}
		r.HaveEnsemble = exists(r.Ensemble)
		r.HaveReference = exists(r.Reference)
		if r.HaveEnsemble && r.HaveReference {
			if err := r.measure(spec.Noise); err != nil {
				return nil, fmt.Errorf("study: %s: %w", spec.Label, err)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// measure reads both files and the mean 90% band widths.
func (r *NewtonReference) measure(noise float64) error {
	data, err := LoadPaperData(noise)
	if err != nil {
		return err
	}
	var preds [2][][][6]float64
	for i, path := range []string{r.Ensemble, r.Reference} {
		f, err := ensemble.Load(path)
		if err != nil {
			return err
		}
		arch, err := icnn.ArchOf(f)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		preds[i] = exact.HostPredict(arch, data.Test, f.Particles)
	}
	r.ReferenceDraws = len(preds[1])
	if r.Band90, err = BandWidth(preds[0], data.Test, 0.9); err != nil {
		return err
	}
	r.Ref90, err = BandWidth(preds[1], data.Test, 0.9)
	return err
}

// NewtonReferenceCommands are the shell commands, run from the
// repository's root, that make the files of NewtonReferences in dir for
// the runs whose files are missing, and then compare each ensemble with
// its reference: export the ensembles, sample each template's posterior
// with csvgd nuts (its defaults), and csvgd compare. Paths inside the
// repository are written relative to its root.
func NewtonReferenceCommands(refs []NewtonReference, dir string, quick bool) []string {
	flag := ""
	if quick {
		flag = " -quick"
	}
	rel := relative()
	dir = rel(dir)
	var out []string
	for _, r := range refs {
		if !r.HaveEnsemble {
			out = append(out, fmt.Sprintf("csvgd runs export%s -study newton -out %s", flag, dir))
			break
		}
	}
	for _, r := range refs {
		if !r.HaveReference {
			out = append(out, fmt.Sprintf("csvgd nuts -ensemble %s -save %s", rel(r.Ensemble), rel(r.Reference)))
		}
	}
	for _, r := range refs {
		out = append(out, fmt.Sprintf("csvgd compare -ensemble %s -reference %s -json", rel(r.Ensemble), rel(r.Reference)))
	}
	return out
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// NewtonEnsembleDir is the folder of the Newton study's exported
// ensembles and their references: newton-ensembles (newton-ensembles-quick
// in quick mode) beside the cache's runs folder.
func (s *Store) NewtonEnsembleDir() string {
	name := "newton-ensembles"
	if s.Quick {
		name += "-quick"
	}
	return filepath.Join(filepath.Dir(s.Dir), name)
}

// relative maps a path inside the repository to one relative to its root
// (other paths, or all when the root is unknown, stay as they are).
func relative() func(string) string {
	root, err := csvgd.Root()
	return func(p string) string {
		if err != nil {
			return p
		}
		r, rerr := filepath.Rel(root, p)
		if rerr != nil || strings.HasPrefix(r, "..") {
			return p
		}
		return r
	}
}

// RepoRelative is path relative to the repository's root when it lies
// inside it, else path itself: how notebooks and messages name files.
func RepoRelative(path string) string { return relative()(path) }
