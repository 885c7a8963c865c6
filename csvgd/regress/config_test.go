package regress

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// cachedSVGDEnergy is the JSON of the configuration that keys the cached
// fits of SVGD on energy at Liu & Wang's protocol (the benchmark's, without
// a history): a cached result is read only for a configuration of the
// same JSON ([ReadBenchmark]), so a change to it sends hours of fits to be
// computed again.
const cachedSVGDEnergy = `{"Alpha":0.5,"Lambda":0,"Prior":"penalty","Beta":2,"Bandwidth":{"Rule":1,"Gamma":0},` +
	`"Optimizer":"adagrad","StepSize":0.001,"Particles":20,"Iters":3000,"Seed":1,"Method":"svgd","Hidden":[50],` +
	`"Activation":"relu","NoiseSD":0,"Batch":100,"Dev":0.1,"Stage":250,"Adaptive":false,"Growth":2,` +
	`"Tolerance":0.1,"Threshold":0.001,"Every":0}`

// TestConfigJSONKeepsCacheKeys: Liu & Wang's setup at energy's protocol
// encodes exactly as the cached files of the benchmark hold it (a new
// field, or a new default, fails here), and the ablation's
// configurations differ from it in the optimizer's name alone, or in the
// bandwidth's rule alone (the median over the N x N matrix, rule 3).
func TestConfigJSONKeepsCacheKeys(t *testing.T) {
	row, err := LiuWangProtocol("energy")
	if err != nil {
		t.Fatal(err)
	}
	c := row.Apply(LiuWang())
	c.Every = 0
	got, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != cachedSVGDEnergy {
		t.Errorf("the configuration encodes as\n%s\nthe cached fits are keyed by\n%s", got, cachedSVGDEnergy)
	}
	c.Optimizer = stein.AdagradResetName
	reset, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(cachedSVGDEnergy, `"Optimizer":"adagrad"`, `"Optimizer":"adagrad-reset"`, 1); string(reset) != want {
		t.Errorf("with the reset optimizer the configuration encodes as\n%s\nwant\n%s", reset, want)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("the reset optimizer's configuration: %v", err)
	}
	c.Optimizer, c.Bandwidth = stein.AdagradName, stein.Bandwidth{Rule: stein.MedianMatrix}
	matrix, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(cachedSVGDEnergy, `"Bandwidth":{"Rule":1,`, `"Bandwidth":{"Rule":3,`, 1); string(matrix) != want {
		t.Errorf("with the median over the matrix the configuration encodes as\n%s\nwant\n%s", matrix, want)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("the configuration with the median over the matrix: %v", err)
	}
}
