package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
)

// TestCollapseBadInput: out-of-range settings of csvgd collapse exit 2
// with one line naming the bad value.
func TestCollapseBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"collapse", "-dim", "0"}, "dimension = 0"},
		{[]string{"collapse", "-dim", "100000000"}, "dimension = 100000000"},
		{[]string{"collapse", "-dim", "100000000", "-target", "isotropic"}, "dimension = 100000000"},
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
// the mean error of a short run, and the fixed points of the theory
// (collapse.FixedPointVariance with bandwidths 1 and D) only where they
// hold, N - 1 <= D, as the figure variance_collapse draws them, with
// fixed_point_holds saying which.
func TestCollapseJSON(t *testing.T) {
	for _, c := range []struct {
		update     string
		dim, count int
		holds      bool
	}{
		{"svgd", 6, 5, true},
		{"newton", 6, 5, true},
		{"snewton", 6, 5, true},
		{"svgd", 4, 5, true},
		{"svgd", 4, 6, false},
		{"newton", 3, 8, false},
	} {
		name := fmt.Sprintf("%s, D = %d, N = %d", c.update, c.dim, c.count)
		code, out, errOut := runCLI("collapse", "-dim", strconv.Itoa(c.dim), "-particles", strconv.Itoa(c.count), "-iters", "30", "-update", c.update, "-json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v in %q", name, err, out)
		}
		for _, key := range []string{"variance_ratio", "mean_error", "variance_ratio_se", "ratio_se", "whitened_ratio"} {
			v, ok := got[key].(float64)
			if !ok || math.IsNaN(v) || v < 0 {
				t.Errorf("%s: %s = %v", name, key, got[key])
			}
		}
		if got["update"] != c.update || got["dim"] != float64(c.dim) || got["fixed_point_holds"] != c.holds {
			t.Errorf("%s: update %v, dim %v, fixed_point_holds %v", name, got["update"], got["dim"], got["fixed_point_holds"])
		}
		for key, gamma := range map[string]float64{"fixed_point_median": 1, "fixed_point_newton": float64(c.dim)} {
			v, present := got[key]
			f, _ := v.(float64)
			want := collapse.FixedPointVariance(c.dim, c.count, gamma)
			switch {
			case present != c.holds:
				t.Errorf("%s: %s = %v given %v, want it given only where N - 1 <= D", name, key, v, present)
			case c.holds && !(math.Abs(f-want) <= 1e-12*want):
				t.Errorf("%s: %s = %v, want %v", name, key, v, want)
			}
		}
	}
}
