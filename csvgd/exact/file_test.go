package exact_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// fileWithMeta is a valid ensemble file whose meta is the JSON meta, as
// ensemble.Read returns it.
func fileWithMeta(t *testing.T, meta string) *ensemble.File {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(meta), &m); err != nil {
		t.Fatal(err)
	}
	return ensemble.New([]int{3, 1, 1}, [][]float64{{1, 2, 3, 4}}, m)
}

const trainMeta = `{"train": {"noise": 0.1, "sigma": 0.07, "likelihood": "mean", "alpha": 0.5, "lambda": 0.01,
	"threshold": 0.001, "stages": [{"lambda": 0.02}, {"lambda": 0.04}]}}`

// TestFileSettings: the settings come from the train record, lambda from
// the last stage, the form from the file's prior field; a record under
// source_meta (a condensed file) is found too.
func TestFileSettings(t *testing.T) {
	want := exact.Settings{Noise: 0.1, Sigma: 0.07, Likelihood: "mean",
		Prior: stein.Prior{Alpha: 0.5, Lambda: 0.04, Smoothing: 0.001, Form: stein.PenaltyForm}}
	for name, meta := range map[string]string{
		"train":       trainMeta,
		"source_meta": `{"condensed_from": "x.json", "source_meta": ` + trainMeta + `}`,
	} {
		got, err := exact.FileSettings(fileWithMeta(t, meta))
		if err != nil || got != want {
			t.Errorf("%s: settings %+v, %v; want %+v", name, got, err, want)
		}
	}
	f := fileWithMeta(t, trainMeta)
	f.Prior = ensemble.PriorNormalized
	if got, err := exact.FileSettings(f); err != nil || got.Prior.Form != stein.NormalizedForm {
		t.Errorf("normalized file: form %v, %v", got.Prior.Form, err)
	}
	noStages := strings.Replace(trainMeta, `"stages"`, `"unused"`, 1)
	if got, err := exact.FileSettings(fileWithMeta(t, noStages)); err != nil || got.Prior.Lambda != 0.01 {
		t.Errorf("no stages: lambda %v, %v; want the record's 0.01", got.Prior.Lambda, err)
	}
}

// TestFileSettingsNamesWhatIsMissing: a file without a train record, or a
// record without one of the settings, is refused with an error naming it.
func TestFileSettingsNamesWhatIsMissing(t *testing.T) {
	cases := map[string]string{
		`{"other": 1}`: `"train"`,
		strings.Replace(trainMeta, `"threshold": 0.001,`, ``, 1):      `"threshold"`,
		strings.Replace(trainMeta, `"sigma": 0.07,`, ``, 1):           `"sigma"`,
		strings.Replace(trainMeta, `"noise": 0.1,`, ``, 1):            `"noise"`,
		strings.Replace(trainMeta, `"likelihood": "mean",`, ``, 1):    `"likelihood"`,
		strings.Replace(trainMeta, `{"lambda": 0.04}`, `{"x": 1}`, 1): `"lambda"`,
		strings.Replace(trainMeta, `"sigma": 0.07`, `"sigma": -1`, 1): "sigma",
		strings.Replace(trainMeta, `"mean"`, `"median"`, 1):           "likelihood",
	}
	for meta, want := range cases {
		_, err := exact.FileSettings(fileWithMeta(t, meta))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("meta %s: error %v, want one naming %s", meta, err, want)
		}
	}
}
