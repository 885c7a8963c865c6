package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// TestFitBadInput: every bad file, column and flag of csvgd fit is one
// line naming it and exit code 2, before any training.
func TestFitBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.csv", "a,b,y\n1,2,3\n2,1,4\n3,5,1\n4,4,2\n5,3,0\n")
	notNumber := write("nan.csv", "a,b,y\n1,2,3\n2,x,4\n")
	constant := write("const.csv", "a,b,y\n1,7,3\n2,7,4\n3,7,1\n4,7,2\n5,7,0\n")
	short := write("short.csv", "a,b,y\n1,2,3\n2,4\n")
	empty := write("empty.csv", "")
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	yacht := filepath.Join(root, "data", "uci", "yacht")
	mine := filepath.Join(dir, "mine") // a UCI folder of an unknown name
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join("mine", "data.txt"), "1 2\n2 3\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fit"}, "-data is required"},
		{[]string{"fit", "-data", filepath.Join(dir, "none.csv"), "-target", "y"}, "none.csv: no such file"},
		{[]string{"fit", "-data", dir}, "not a UCI benchmark folder"},
		{[]string{"fit", "-data", good}, "-target is required"},
		{[]string{"fit", "-data", good, "-target", "z"}, `no column "z" (the columns are a, b, y)`},
		{[]string{"fit", "-data", good, "-target", "y,"}, `-target: target columns "y,": an empty name`},
		{[]string{"fit", "-data", notNumber, "-target", "y"}, `nan.csv: line 3, column "b": "x" is not a number`},
		{[]string{"fit", "-data", short, "-target", "y"}, "short.csv: line 3: 2 cells where the table has 3 columns"},
		{[]string{"fit", "-data", empty, "-target", "y"}, "empty.csv: empty file"},
		{[]string{"fit", "-data", constant, "-target", "y"}, `input column "b" is constant`},
		{[]string{"fit", "-data", good, "-target", "y", "-split", "3"}, "-split: the data are a CSV file"},
		{[]string{"fit", "-data", yacht, "-target", "c6"}, "-target: a UCI benchmark folder names its target"},
		{[]string{"fit", "-data", yacht, "-split", "20"}, "no split 20"},
		{[]string{"fit", "-data", good, "-target", "y", "-hidden", "50,0"}, `hidden widths "50,0"`},
		{[]string{"fit", "-data", good, "-target", "y", "-noise", "-2"}, `noise "-2"`},
		{[]string{"fit", "-data", good, "-target", "y", "-method", "sequential"}, `method "sequential"`},
		{[]string{"fit", "-data", good, "-target", "y", "-activation", "gelu"}, `activation "gelu"`},
		{[]string{"fit", "-data", good, "-target", "y", "-iters", "1", "-growth", "3"}, "-growth 3 applies only with -adaptive"},
		{[]string{"fit", "-data", good, "-target", "y", "-iters", "1", "-tolerance", "0.5"}, "-tolerance 0.5 applies only with -adaptive"},
		{[]string{"fit", "-data", good, "-target", "y", "-iters", "1", "-method", "svgd", "-stage", "5"}, "-stage 5 applies only with -method csvgd"},
		{[]string{"fit", "-data", good, "-target", "y", "-protocol", "liu"}, `protocol "liu": want none or liu-wang`},
		{[]string{"fit", "-data", good, "-target", "y", "-optimizer", "adagrad-resets"}, `optimizer "adagrad-resets": want sgd, adagrad, adagrad-reset or adam`},
		{[]string{"fit", "-data", good, "-target", "y", "-protocol", "liu-wang"}, "-protocol liu-wang: -data must be a UCI benchmark folder"},
		{[]string{"fit", "-data", mine, "-protocol", "liu-wang"}, `-protocol liu-wang: data set "mine": Liu & Wang's protocol knows boston, concrete`},
		{[]string{"fit", "-data", good, "-target", "y", "-save", good}, "good.csv: the file exists"},
		{[]string{"fit", "-data", good, "-target", "y", "-iters", "1", "-save", filepath.Join(dir, "nowhere", "f.json")}, "nowhere does not exist"},
		{[]string{"fit", "-data", good, "-target", "y", "-iters", "1", "-save", dir, "-force"}, "is a folder, not a file"},
	} {
		code, _, stderr := runCLI(c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 || strings.Contains(stderr, "goroutine") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line containing %q", c.args, code, stderr, exitUsage, c.want)
		}
	}
}

// TestFitProtocol: -protocol liu-wang sets the iterations, hidden layer
// and batch of the data set the folder names (yacht: 4000, 50, 100;
// protein: 8000, 100, 100), leaves the rest, and yields to -iters,
// -hidden and -batch given explicitly.
func TestFitProtocol(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	none := func(string) bool { return false }
	for _, c := range []struct {
		set    string
		isSet  func(string) bool
		iters  int
		hidden []int
		batch  int
	}{
		{"yacht", none, 4000, []int{50}, 100},
		{"protein", none, 8000, []int{100}, 100},
		{"power", none, 10000, []int{50}, 100},
		{"protein", func(f string) bool { return f == "iters" || f == "hidden" }, 7, []int{3, 3}, 100},
		{"protein", func(f string) bool { return f == "batch" }, 8000, []int{100}, 9},
	} {
		base := regress.Default()
		base.Iters, base.Hidden, base.Batch = 7, []int{3, 3}, 9
		got, err := protocolConfig(base, regress.ProtocolLiuWang, filepath.Join(root, "data", "uci", c.set), c.isSet)
		if err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		if got.Iters != c.iters || !slices.Equal(got.Hidden, c.hidden) || got.Batch != c.batch || got.Particles != base.Particles || got.Lambda != base.Lambda {
			t.Errorf("%s: %d iterations, hidden %v, batch %d, %d particles, lambda %g; want %d, %v, %d and the base's %d and %g",
				c.set, got.Iters, got.Hidden, got.Batch, got.Particles, got.Lambda, c.iters, c.hidden, c.batch, base.Particles, base.Lambda)
		}
	}
	base := regress.Default()
	if got, err := protocolConfig(base, regress.NoProtocol, "", none); err != nil || got.Iters != base.Iters || got.Batch != base.Batch {
		t.Errorf("none: %+v, %v; want the configuration unchanged", got, err)
	}
}

// TestFitEnsemble: -method ensemble fits (a deep ensemble, without the
// alpha prior unless -lambda is given) and says so in its JSON.
func TestFitEnsemble(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("fit", "-data", filepath.Join(root, "data", "uci", "yacht"), "-method", "ensemble", "-iters", "20",
		"-particles", "3", "-hidden", "5", "-json", "-quiet")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Method     string  `json:"method"`
		Lambda     float64 `json:"lambda"`
		Iterations int     `json:"iterations"`
		TestRMSE   float64 `json:"test_rmse"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.Method != "ensemble" || out.Lambda != 0 || out.Iterations != 20 || !(out.TestRMSE > 0) {
		t.Errorf("method %q, lambda %g, %d iterations, test RMSE %g; want ensemble, 0, 20 and a finite RMSE", out.Method, out.Lambda, out.Iterations, out.TestRMSE)
	}
}

// smallYachtFit is what TestFitOptimizer and TestFitBandwidth read from
// a short SVGD fit of yacht's split 0.
type smallYachtFit struct {
	Optimizer string  `json:"optimizer"`
	Bandwidth string  `json:"bandwidth"`
	TestRMSE  float64 `json:"test_rmse"`
}

// fitSmallYacht runs csvgd fit -method svgd on yacht (20 iterations, 3
// particles, 5 hidden units) with the extra flags and decodes its JSON.
func fitSmallYacht(t *testing.T, root string, flags ...string) smallYachtFit {
	t.Helper()
	args := append([]string{"fit", "-data", filepath.Join(root, "data", "uci", "yacht"), "-method", "svgd", "-iters", "20",
		"-particles", "3", "-hidden", "5", "-json", "-quiet"}, flags...)
	code, stdout, stderr := runCLI(args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", flags, code, stderr)
	}
	var out smallYachtFit
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFitOptimizer: -optimizer adagrad-reset fits with Liu & Wang's
// Adagrad reset every iteration and says so in its JSON; without the
// flag the fit's optimizer is adagrad, and the two fits differ.
func TestFitOptimizer(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	rmse := map[string]float64{}
	for _, c := range []struct {
		flags []string
		want  string
	}{{nil, "adagrad"}, {[]string{"-optimizer", "adagrad-reset"}, "adagrad-reset"}} {
		out := fitSmallYacht(t, root, c.flags...)
		if out.Optimizer != c.want || !(out.TestRMSE > 0) {
			t.Errorf("%v: optimizer %q, test RMSE %g; want %s and a finite RMSE", c.flags, out.Optimizer, out.TestRMSE, c.want)
		}
		rmse[out.Optimizer] = out.TestRMSE
	}
	if rmse["adagrad"] == rmse["adagrad-reset"] {
		t.Errorf("the two optimizers gave the same test RMSE %g", rmse["adagrad"])
	}
}

// TestFitBandwidth: -gamma median-matrix fits with Liu & Wang's median
// over the N x N matrix and says so in its JSON; without the flag the
// fit's bandwidth is the median over the distinct pairs, and the two fits
// (three particles: the matrix's median is the smallest pair, the pairs'
// the middle one) differ. A bad rule is one line naming it, exit code 2.
func TestFitBandwidth(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	rmse := map[string]float64{}
	for _, c := range []struct {
		flags []string
		want  string
	}{{nil, "median"}, {[]string{"-gamma", "median-matrix"}, "median-matrix"}} {
		out := fitSmallYacht(t, root, c.flags...)
		if out.Bandwidth != c.want || !(out.TestRMSE > 0) {
			t.Errorf("%v: bandwidth %q, test RMSE %g; want %s and a finite RMSE", c.flags, out.Bandwidth, out.TestRMSE, c.want)
		}
		rmse[out.Bandwidth] = out.TestRMSE
	}
	if rmse["median"] == rmse["median-matrix"] {
		t.Errorf("the two medians gave the same test RMSE %g", rmse["median"])
	}
	code, _, stderr := runCLI("fit", "-data", filepath.Join(root, "data", "uci", "yacht"), "-gamma", "median-pairs")
	if code != exitUsage || !strings.Contains(stderr, `"median-pairs"`) || !strings.Contains(stderr, "median-matrix") {
		t.Errorf("-gamma median-pairs: exit %d, %q; want %d naming the value and the rules", code, stderr, exitUsage)
	}
}

// TestFitAndPredict: a short cSVGD fit of the yacht benchmark's split 0
// prints the JSON fields, saves an ensemble that csvgd predict reads and
// evaluates from a CSV of the same columns, and csvgd explore draws.
func TestFitAndPredict(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	save := filepath.Join(dir, "fit.json")
	code, stdout, stderr := runCLI("fit", "-data", filepath.Join(root, "data", "uci", "yacht"), "-split", "0", "-iters", "60", "-stage", "30",
		"-particles", "4", "-hidden", "10", "-lambda", "0.003", "-save", save, "-json", "-quiet")
	if code != exitOK {
		t.Fatalf("fit: exit %d: %s", code, stderr)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	for _, k := range []string{"test_rmse", "test_ll", "active_weights", "template_params", "widths", "seconds", "stages", "full_params"} {
		if _, ok := out[k]; !ok {
			t.Errorf("JSON without %q", k)
		}
	}
	if out["test_points"].(float64) != 31 || out["train_points"].(float64) != 249 || out["dev_points"].(float64) != 28 || out["full_params"].(float64) != 81 {
		t.Errorf("points %v/%v/%v, full params %v", out["train_points"], out["dev_points"], out["test_points"], out["full_params"])
	}
	rows := "c0,c1,c2,c3,c4,c5,c6\n-2.3,0.568,4.78,3.99,3.17,0.125,0.11\n-2.3,0.568,4.78,3.99,3.17,0.45,46.66\n"
	csvPath := filepath.Join(dir, "points.csv")
	if err := os.WriteFile(csvPath, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	pred := filepath.Join(dir, "pred.csv")
	code, _, stderr = runCLI("predict", "-ensemble", save, "-data", csvPath, "-out", pred)
	if code != exitOK || !strings.Contains(stderr, "log-likelihood") {
		t.Fatalf("predict: exit %d: %s", code, stderr)
	}
	text, err := os.ReadFile(pred)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 3 || lines[0] != "point,c6_mean,c6_sd,c6_lo,c6_hi" {
		t.Errorf("predictions:\n%s", text)
	}
	code, _, stderr = runCLI("predict", "-ensemble", save, "-data", filepath.Join(root, "data", "hyperelastic", "noise-0.10", "test.csv"), "-out", filepath.Join(dir, "p2.csv"))
	if code != exitUsage || !strings.Contains(stderr, `input "c0"`) {
		t.Errorf("predict without the inputs: exit %d, %s", code, stderr)
	}
	code, _, stderr = runCLI("explore", "-ensemble", save, "-layer", "0", "-out", filepath.Join(dir, "views"))
	if code != exitOK {
		t.Errorf("explore of a fit's ensemble: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "views", "weight_distributions.png")); err != nil {
		t.Errorf("explore wrote no weight_distributions view: %v", err)
	}
	code, _, stderr = runCLI("calibrate", "-ensemble", save)
	if code == exitOK || !strings.Contains(stderr, "dense networks") {
		t.Errorf("calibrate of a fit's ensemble: exit %d, %s", code, stderr)
	}
}

// TestSizesBeyondTheMachine: sizes whose arrays could not fit the
// machine's memory are usage errors naming the size and the memory, not
// an out-of-memory trace.
func TestSizesBeyondTheMachine(t *testing.T) {
	if csvgd.Memory() == 0 {
		t.Skip("the machine's memory cannot be read here")
	}
	data := filepath.Join(t.TempDir(), "d.csv")
	if err := os.WriteFile(data, []byte("a,y\n1,2\n2,3\n3,4\n4,5\n5,6\n6,7\n7,8\n8,9\n9,10\n10,11\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"mvn", "-particles", "2000000000"},
		{"train", "-particles", "1000000", "-iters", "1"},
		{"fit", "-data", data, "-target", "y", "-hidden", "100000000"},
		{"compare", "-ensemble", data, "-reference", data, "-bootstrap", "100000000000"},
	} {
		code, out, errOut := runCLI(args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "would need about") || !strings.Contains(errOut, "more than this machine's") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error naming the memory", args, code, errOut)
		}
	}
}
