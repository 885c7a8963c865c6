package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestNUTSAgree: two ChEES runs of the tiny template, one from the Stein
// particles and one from optimised initialisations, saved chain by chain,
// are read back by csvgd nuts agree: the JSON has both runs with their
// starts and seeds, the pooled bands with intervals, nested R-hat and a
// verdict; the table names the verdict. A file that is not a saved run,
// one run given twice, a flag after the files, criteria no agreement can
// be judged by (NaN, a negative tolerance, a nested R-hat bound below 1)
// and draws not kept chain by chain are refused, naming the file or the
// value.
func TestNUTSAgree(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0.3)
	dir := t.TempDir()
	var files []string
	for i, starts := range []string{"stein", "init"} {
		f := filepath.Join(dir, starts+".json")
		args := []string{"nuts", "template", "-ensemble", in, "-sampler", "chees", "-starts", starts, "-chains", "4", "-warmup", "40",
			"-draws", "20", "-keep", "40", "-max-leapfrog", "16", "-seed", []string{"1", "2"}[i], "-save", f}
		if starts == "init" {
			args = append(args, "-optimize-steps", "20")
		}
		code, _, errOut := runCLI(args...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", starts, code, errOut)
		}
		files = append(files, f)
	}
	code, out, errOut := runCLI(append([]string{"nuts", "agree", "-bootstrap", "20", "-json"}, files...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Runs []struct {
			Label, Starts string
			Seed          uint64
			Chains, Draws int
			Band90        struct{ Value, MCSE float64 }
		}
		Band90     struct{ Value, Lo, Hi float64 }
		NestedRHat float64 `json:"nested_rhat"`
		Verdict    string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if len(got.Runs) != 2 || got.Runs[1].Starts != "init" || got.Runs[1].Seed != 2 || got.Runs[0].Chains != 4 || got.Runs[0].Draws != 10 ||
		!(got.Runs[0].Band90.Value > 0) || !(got.Band90.Lo <= got.Band90.Hi) || !(got.NestedRHat >= 1) || (got.Verdict != "agrees" && got.Verdict != "unresolved") {
		t.Errorf("agreement %+v", got)
	}
	code, out, _ = runCLI(append([]string{"nuts", "agree", "-bootstrap", "20"}, files...)...)
	if code != exitOK || !strings.Contains(out, "verdict: ") || !strings.Contains(out, "nested R-hat over the runs") {
		t.Errorf("table (exit %d):\n%s", code, out)
	}
	if code, _, errOut = runCLI("nuts", "agree", files[0], in); code != exitUsage || !strings.Contains(errOut, in) || !strings.Contains(errOut, `no "nuts" record`) {
		t.Errorf("a training file: exit %d, %s", code, errOut)
	}
	if code, _, errOut = runCLI("nuts", "agree", files[0], files[0]); code != exitUsage || !strings.Contains(errOut, "counted twice") {
		t.Errorf("one file twice: exit %d, %s; want a usage error saying the run is counted twice", code, errOut)
	}
	if code, _, errOut = runCLI("nuts", "agree", files[0], files[1], "-json"); code != exitUsage || !strings.Contains(errOut, "flag -json after the operands") {
		t.Errorf("a flag after the files: exit %d, %s; want a usage error saying flags go first", code, errOut)
	}
	for _, bad := range [][]string{{"-tolerance", "NaN"}, {"-tolerance", "-1"}, {"-max-nested-rhat", "NaN"}, {"-max-nested-rhat", "0.5"}} {
		code, _, errOut = runCLI(append(append([]string{"nuts", "agree"}, bad...), files...)...)
		if code != exitUsage || !strings.Contains(errOut, bad[1]) {
			t.Errorf("%s %s: exit %d, %s; want a usage error naming the value", bad[0], bad[1], code, errOut)
		}
	}
	odd := filepath.Join(dir, "odd.json")
	if code, _, errOut = runCLI("nuts", "template", "-ensemble", in, "-chains", "3", "-warmup", "20", "-draws", "10", "-keep", "10", "-max-depth", "4", "-save", odd); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut = runCLI("nuts", "agree", files[0], odd); code != exitUsage || !strings.Contains(errOut, "chain by chain") {
		t.Errorf("draws not kept chain by chain: exit %d, %s", code, errOut)
	}
}
