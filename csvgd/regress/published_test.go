package regress

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCDropout: the committed table holds MC dropout's 20 splits of
// each data set (5 of protein), and their mean and standard deviation
// (divisor n) are those the source's own log files print
// (UCI_Datasets/NAME/results/log_100_xepochs_1_hidden_layers.txt: "MC
// errors" and "lls", 6 decimals), so the quoted values are theirs.
func TestMCDropout(t *testing.T) {
	for _, c := range []struct {
		set                    string
		splits                 int
		rmse, rmseSD, ll, llSD float64
	}{
		{"boston", 20, 2.903623, 0.790853, -2.401936, 0.186498},
		{"concrete", 20, 4.826460, 0.717931, -2.936656, 0.111032},
		{"energy", 20, 0.538867, 0.060482, -1.211517, 0.023789},
		{"kin8nm", 20, 0.078899, 0.002661, 1.136426, 0.029629},
		{"naval", 20, 0.000743, 0.000207, 4.449543, 0.009661},
		{"power", 20, 4.014226, 0.164444, -2.807789, 0.038578},
		{"protein", 5, 4.274228, 0.046658, -2.871297, 0.003335},
		{"wine", 20, 0.621809, 0.035661, -0.928090, 0.056967},
		{"yacht", 20, 0.666275, 0.217355, -1.250148, 0.068411},
	} {
		r, err := MCDropout(c.set)
		if err != nil {
			t.Fatal(err)
		}
		if len(r) != c.splits {
			t.Errorf("%s: %d splits, want %d", c.set, len(r), c.splits)
			continue
		}
		var rm, lm, rs, ls float64
		for k, p := range r {
			if p.Split != k || !strings.Contains(p.RMSEFile, "/results/test_MC_rmse_") || !strings.Contains(p.LLFile, "/results/test_ll_") {
				t.Errorf("%s row %d: split %d from %s and %s", c.set, k, p.Split, p.RMSEFile, p.LLFile)
			}
			rm, lm = rm+p.RMSE/float64(len(r)), lm+p.LL/float64(len(r))
		}
		for _, p := range r {
			rs, ls = rs+(p.RMSE-rm)*(p.RMSE-rm)/float64(len(r)), ls+(p.LL-lm)*(p.LL-lm)/float64(len(r))
		}
		for _, q := range []struct {
			what      string
			got, want float64
		}{{"mean RMSE", rm, c.rmse}, {"RMSE sd", math.Sqrt(rs), c.rmseSD}, {"mean LL", lm, c.ll}, {"LL sd", math.Sqrt(ls), c.llSD}} {
			if math.Abs(q.got-q.want) > 5e-7 {
				t.Errorf("%s: %s %.7f, the source's log %.6f", c.set, q.what, q.got, q.want)
			}
		}
	}
	if r, err := MCDropout("year"); err != nil || len(r) != 0 {
		t.Errorf("year: %d rows, %v; want none", len(r), err)
	}
}

// TestReadPublishedBad: a bad header, a bad number and a repeated split
// are errors naming the line.
func TestReadPublishedBad(t *testing.T) {
	head := "set,split,test_rmse,test_ll,rmse_file,ll_file\n"
	for _, c := range []struct{ text, want string }{
		{"set,k,rmse,ll,a,b\n", "header"},
		{head + "yacht,0,x,-1,a,b\n", `line 2: test RMSE "x"`},
		{head + "yacht,0,-1,-1,a,b\n", `line 2: test RMSE "-1"`},
		{head + "yacht,a,1,-1,a,b\n", `line 2: split "a"`},
		{head + "yacht,0,1,nan,a,b\n", `line 2: test log-likelihood "nan"`},
		{head + "yacht,0,1,-1,a,b\nyacht,0,1,-1,a,b\n", "line 3: yacht split 0 appears twice"},
	} {
		path := filepath.Join(t.TempDir(), "p.csv")
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadPublished(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}
