package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestCollapseBadInput: out-of-range settings of csvgd collapse exit 2
// with one line naming the bad value.
func TestCollapseBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"collapse", "-dim", "0"}, "dimension = 0"},
		{[]string{"collapse", "-particles", "1"}, "particles = 1"},
		{[]string{"collapse", "-update", "adam"}, "adam"},
		{[]string{"collapse", "-target", "cube", "-dim", "4"}, "cube"},
		{[]string{"collapse", "-dim", "5", "-lambda", "0.1"}, "dimension 5"},
		{[]string{"collapse", "-dim", "3", "-alpha", "3"}, "alpha = 3"},
		{[]string{"collapse", "-iters", "-2"}, "iterations = -2"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", c.args, code, out, errOut, c.want)
		}
	}
}

// TestCollapseJSON: csvgd collapse -json prints the variance ratio and
// the mean error of a short run, with the fixed points of the theory.
func TestCollapseJSON(t *testing.T) {
	for _, update := range []string{"svgd", "newton", "snewton"} {
		code, out, errOut := runCLI("collapse", "-dim", "6", "-particles", "5", "-iters", "30", "-update", update, "-json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", update, code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v in %q", update, err, out)
		}
		for _, key := range []string{"variance_ratio", "mean_error", "variance_ratio_se", "whitened_ratio", "fixed_point_median", "fixed_point_newton"} {
			v, ok := got[key].(float64)
			if !ok || math.IsNaN(v) || v < 0 {
				t.Errorf("%s: %s = %v", update, key, got[key])
			}
		}
		if got["update"] != update || got["dim"] != 6.0 {
			t.Errorf("%s: update %v, dim %v", update, got["update"], got["dim"])
		}
	}
}
