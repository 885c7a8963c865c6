package exact

import (
	"errors"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// FileSettings reads the settings of a saved ensemble: the prior's form
// from the file's "prior" field (format version 3; older files were
// trained with the normalized form, [ensemble.PriorBeforeVersion3]) and
// the rest from the training record in its meta, the object "train" that
// csvgd train -save writes, or that of the file it was made from (under
// "source_meta", as csvgd condense and csvgd nuts -save keep it): "noise",
// "sigma", "likelihood", "alpha", "threshold" (the smoothing s) and the
// lambda of the last of its "stages" (or "lambda" for a run without
// stages). The error names the first of them that is missing.
func FileSettings(f *ensemble.File) (Settings, error) {
	rec := trainRecord(f.Meta)
	if rec == nil {
		return Settings{}, errors.New(`meta has no "train" record (csvgd train -save writes one): sigma, alpha and lambda of the posterior are unknown`)
	}
	form, err := stein.ParsePriorForm(f.Prior)
	if err != nil {
		return Settings{}, err
	}
	s := Settings{Prior: stein.Prior{Form: form}}
	for _, v := range []struct {
		key string
		to  *float64
	}{{"noise", &s.Noise}, {"sigma", &s.Sigma}, {"alpha", &s.Prior.Alpha}, {"threshold", &s.Prior.Smoothing}} {
		if *v.to, err = number(rec, v.key); err != nil {
			return Settings{}, err
		}
	}
	if s.Prior.Lambda, err = finalLambda(rec); err != nil {
		return Settings{}, err
	}
	like, ok := rec["likelihood"].(string)
	if !ok {
		return Settings{}, errors.New(`meta.train has no "likelihood" (mean or sum)`)
	}
	s.Likelihood = train.Likelihood(like)
	if err := s.Validate(); err != nil {
		return Settings{}, fmt.Errorf("meta.train: %w", err)
	}
	return s, nil
}

// trainRecord is meta's "train" object, or that of its "source_meta",
// followed down; nil when there is none.
func trainRecord(meta map[string]any) map[string]any {
	for meta != nil {
		if rec, ok := meta["train"].(map[string]any); ok {
			return rec
		}
		meta, _ = meta["source_meta"].(map[string]any)
	}
	return nil
}

// number is the number rec[key], or an error naming the key.
func number(rec map[string]any, key string) (float64, error) {
	v, ok := rec[key].(float64)
	if !ok {
		return 0, fmt.Errorf("meta.train has no number %q", key)
	}
	return v, nil
}

// finalLambda is the lambda of the record's last stage, or its "lambda"
// when it has no stages.
func finalLambda(rec map[string]any) (float64, error) {
	stages, _ := rec["stages"].([]any)
	if len(stages) == 0 {
		return number(rec, "lambda")
	}
	last, ok := stages[len(stages)-1].(map[string]any)
	if !ok {
		return 0, errors.New(`meta.train: the last of "stages" is not an object`)
	}
	l, err := number(last, "lambda")
	if err != nil {
		return 0, fmt.Errorf(`meta.train: the last of "stages" has no number "lambda"`)
	}
	return l, nil
}
