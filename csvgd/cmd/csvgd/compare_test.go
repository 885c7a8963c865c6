package main

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// TestCompareJSON: csvgd compare of a tiny ensemble against NUTS draws of
// its template prints the band ratios and distances as {estimate, lo, hi}
// with lo <= estimate <= hi, and the shares of constrained weights at 0.
func TestCompareJSON(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0)
	draws := filepath.Join(t.TempDir(), "draws.json")
	if code, _, errOut := runCLI("nuts", "-ensemble", in, "-quick", "-seed", "4", "-save", draws); code != exitOK {
		t.Fatalf("nuts: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCLI("compare", "-ensemble", in, "-reference", draws, "-bootstrap", "100", "-json")
	if code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"band90_ratio", "band50_ratio", "band90_ratio_all", "band50_ratio_all", "w1_in_range", "w1_central90_in_range"} {
		e, ok := got[k].(map[string]any)
		est, lo, hi := e["estimate"], e["lo"], e["hi"]
		if !ok || !(lo.(float64) <= est.(float64) && est.(float64) <= hi.(float64)) {
			t.Errorf("%s = %v: want {estimate, lo, hi} with lo <= estimate <= hi", k, got[k])
		}
	}
	w := got["constrained_weights"].(map[string]any)
	if w["per_member"] != 2.0 || w["stein_at_zero"] != 0.125 {
		t.Errorf("constrained weights %v: want 2 per member, 1 of 8 of the Stein ensemble's at 0", w)
	}
	if got["members"] != 4.0 || got["ensemble"] != in || got["reference"] != draws {
		t.Errorf("members %v, ensemble %v, reference %v", got["members"], got["ensemble"], got["reference"])
	}
	code, out, _ = runCLI("compare", "-ensemble", in, "-reference", draws, "-bootstrap", "100")
	if code != exitOK || !strings.Contains(out, "band widths, Stein / 4 reference draws") {
		t.Errorf("text output: exit %d\n%s", code, out)
	}
}

// TestComparePooled: csvgd compare with two reference files pools their
// draws, an equal number from each: the same result as against one file
// holding the pooled draws; a second file of another template is refused
// with exit 2, naming it.
func TestComparePooled(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0)
	dir := t.TempDir()
	a, b, pooled := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), filepath.Join(dir, "pooled.json")
	for _, c := range []struct {
		path string
		seed string
	}{{a, "4"}, {b, "5"}} {
		if code, _, errOut := runCLI("nuts", "-ensemble", in, "-quick", "-seed", c.seed, "-save", c.path); code != exitOK {
			t.Fatalf("nuts: exit %d: %s", code, errOut)
		}
	}
	fa, err := ensemble.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := ensemble.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	both := *fa
	both.Particles = append(append([][]float64(nil), fa.Particles...), fb.Particles...) // equal counts: pooling keeps all
	if len(fa.Particles) != len(fb.Particles) {
		t.Fatalf("runs of %d and %d draws: the test wants equal counts", len(fa.Particles), len(fb.Particles))
	}
	if err := ensemble.Save(pooled, &both, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	result := func(ref string) map[string]any {
		t.Helper()
		code, out, errOut := runCLI("compare", "-ensemble", in, "-reference", ref, "-bootstrap", "100", "-json")
		if code != exitOK {
			t.Fatalf("compare -reference %s: exit %d: %s", ref, code, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		delete(got, "reference")
		return got
	}
	two, one := result(a+","+b), result(pooled)
	if two["reference_draws"] != float64(2*len(fa.Particles)) {
		t.Errorf("pooled reference draws %v, want %d", two["reference_draws"], 2*len(fa.Particles))
	}
	if !reflect.DeepEqual(two, one) {
		t.Errorf("two files pooled:\n%v\nthe pooled file:\n%v", two, one)
	}
	if reflect.DeepEqual(two, result(a)) {
		t.Error("pooling a second run changed nothing")
	}
	other := filepath.Join(dir, "other.json")
	f := ensemble.New([]int{3, 1, 1}, [][]float64{{1, 2, 3, 1}, {1, 1, 1, 1}}, tinyMeta(""))
	if err := ensemble.Save(other, f, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("compare", "-ensemble", in, "-reference", a+","+other)
	if code != exitUsage || !strings.Contains(errOut, "reference 2's [3 1 1]") {
		t.Errorf("a second reference of another template: exit %d, %q", code, errOut)
	}
}

// TestCompareRefusals: missing flags, too few replicates, a missing file
// and files of other templates (found when the comparison runs) are
// refused with exit 2, each with a message naming the problem.
func TestCompareRefusals(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0.3)
	other := filepath.Join(t.TempDir(), "other.json")
	f := ensemble.New([]int{3, 1, 1}, [][]float64{{1, 2, 3, 1}, {1, 1, 1, 1}, {0, 1, 2, 1}, {2, 2, 2, 2}, {1, 0, 1, 1}}, tinyMeta(""))
	if err := ensemble.Save(other, f, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-ensemble", in}, exitUsage, "-reference"},
		{[]string{"-ensemble", in, "-reference", in, "-bootstrap", "10"}, exitUsage, "bootstrap replicates = 10"},
		{[]string{"-ensemble", in, "-reference", filepath.Join(t.TempDir(), "none.json")}, exitUsage, "none.json"},
		{[]string{"-ensemble", in, "-reference", other}, exitUsage, "template [3 2 1]"},
	} {
		code, out, errOut := runCLI(append([]string{"compare"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "goroutine") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit %d naming %s", c.args, code, out, errOut, c.code, c.want)
		}
	}
}
