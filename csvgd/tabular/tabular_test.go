package tabular

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
)

const goodCSV = `a, b ,y
1,2,3
4,5,6.5

7,8,-1e3
10,11,12
`

// TestReadCSV: a header and numbers, blank lines skipped, names trimmed.
func TestReadCSV(t *testing.T) {
	tab, err := ReadCSV(strings.NewReader(goodCSV), "good.csv")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(tab.Names, "|") != "a|b|y" || len(tab.Rows) != 4 || tab.Rows[2][2] != -1000 {
		t.Errorf("read %v %v", tab.Names, tab.Rows)
	}
}

// TestReadCSVErrors: every bad file is one error naming the problem.
func TestReadCSVErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "empty file"},
		{"header only", "a,b\n", "no data rows"},
		{"not a number", "a,b\n1,x\n", `line 2, column "b": "x" is not a number`},
		{"missing cell", "a,b\n1,\n", `line 2, column "b": empty cell`},
		{"NaN", "a,b\n1,NaN\n", "not a finite number"},
		{"short row", "a,b,c\n1,2,3\n4,5\n", "line 3: 2 cells where the table has 3 columns"},
		{"repeated name", "a,b,a\n1,2,3\n", `column name "a" appears twice`},
		{"no header", "1,2\n3,4\n", "is a number: the file needs a header row"},
		{"unnamed column", "a,,c\n1,2,3\n", "column 2 has no name"},
	} {
		_, err := ReadCSV(strings.NewReader(c.text), "f.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "f.csv") {
			t.Errorf("%s: error %v, want one naming f.csv and %q", c.name, err, c.want)
		}
	}
	if _, err := ReadCSVFile(filepath.Join(t.TempDir(), "none.csv")); err == nil || !strings.Contains(err.Error(), "none.csv") {
		t.Errorf("missing file: error %v", err)
	}
}

// TestSplit: the test set is the rounded fraction of the rows, the same
// for the same seed, the columns split into targets and inputs; bad
// targets and constant columns are errors naming them.
func TestSplit(t *testing.T) {
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 40 {
		b.WriteString(strings.Join([]string{strconv.Itoa(i), strconv.Itoa(i * i % 7), strconv.Itoa(3 * i)}, ",") + "\n")
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	d, err := tab.Split([]string{"y"}, 0.25, 3)
	if err != nil {
		t.Fatal(err)
	}
	if d.Train.Len() != 30 || d.Test.Len() != 10 || strings.Join(d.Inputs, ",") != "x1,x2" || d.Targets[0] != "y" {
		t.Fatalf("split: %d train, %d test, inputs %v, targets %v", d.Train.Len(), d.Test.Len(), d.Inputs, d.Targets)
	}
	again, _ := tab.Split([]string{"y"}, 0.25, 3)
	other, _ := tab.Split([]string{"y"}, 0.25, 4)
	if again.Test.X[0][0] != d.Test.X[0][0] || again.Test.X[9][0] != d.Test.X[9][0] {
		t.Error("the same seed drew another test set")
	}
	same := true
	for i := range d.Test.X {
		same = same && other.Test.X[i][0] == d.Test.X[i][0]
	}
	if same {
		t.Error("another seed drew the same test set")
	}
	for _, c := range []struct {
		targets []string
		want    string
	}{
		{[]string{"z"}, `no column "z" (the columns are x1, x2, y)`},
		{nil, "no target column"},
		{[]string{"y", "y"}, "given twice"},
		{[]string{"x1", "x2", "y"}, "no inputs are left"},
	} {
		if _, err := tab.Split(c.targets, 0.25, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("targets %v: error %v, want %q", c.targets, err, c.want)
		}
	}
	flat, _ := ReadCSV(strings.NewReader("a,k,y\n1,5,2\n2,5,3\n3,5,1\n4,5,0\n"), "k.csv")
	if _, err := flat.Split([]string{"y"}, 0.25, 1); err == nil || !strings.Contains(err.Error(), `input column "k" is constant`) {
		t.Errorf("constant input: error %v", err)
	}
}

// TestStandardizeConstant: a constant column gets SD 1 and standardises
// to 0, as Liu & Wang's code does; data with a constant input pass
// Check, a constant target does not.
func TestStandardizeConstant(t *testing.T) {
	rows := [][]float64{{1, 7}, {2, 7}, {4, 7}}
	s := Standardize(rows)
	if s.SD[1] != 1 || s.Mean[1] != 7 {
		t.Fatalf("constant column: mean %v, SD %v; want 7 and 1", s.Mean[1], s.SD[1])
	}
	for _, r := range s.Apply(rows) {
		if r[1] != 0 {
			t.Errorf("constant column standardised to %v, want 0", r[1])
		}
	}
	d := Data{Inputs: []string{"a", "k"}, Targets: []string{"y"},
		Train: Set{X: rows, Y: [][]float64{{1}, {2}, {3}}}, Test: Set{X: rows[:1], Y: [][]float64{{1}}}}
	if err := d.Check(); err != nil {
		t.Errorf("constant input: %v, want no error", err)
	}
	d.Train.Y = [][]float64{{5}, {5}, {5}}
	if err := d.Check(); err == nil || !strings.Contains(err.Error(), `target column "y" is constant`) {
		t.Errorf("constant target: error %v", err)
	}
}

// TestStandardize: zero mean and unit standard deviation (divisor n), and
// Undo inverts Apply.
func TestStandardize(t *testing.T) {
	rows := [][]float64{{1, 10}, {2, 20}, {3, 60}}
	s := Standardize(rows)
	z := s.Apply(rows)
	for j := range 2 {
		var m, v float64
		for _, r := range z {
			m += r[j] / 3
		}
		for _, r := range z {
			v += (r[j] - m) * (r[j] - m) / 3
		}
		if math.Abs(m) > 1e-15 || math.Abs(v-1) > 1e-14 {
			t.Errorf("column %d: mean %v, variance %v", j, m, v)
		}
		if got := s.Undo(j, z[2][j]); math.Abs(got-rows[2][j]) > 1e-13 {
			t.Errorf("column %d: Undo gives %v, want %v", j, got, rows[2][j])
		}
	}
}

// TestReadUCI: the committed yacht and concrete sets read with their
// splits' sizes; a missing split and bad files are errors naming them.
func TestReadUCI(t *testing.T) {
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name               string
		inputs, train, tst int
	}{{"yacht", 6, 277, 31}, {"concrete", 8, 927, 103}} {
		dir := filepath.Join(root, "data", "uci", c.name)
		if n := UCISplits(dir); n != 20 {
			t.Errorf("%s: %d splits, want 20", c.name, n)
		}
		for _, k := range []int{0, 19} {
			d, err := ReadUCI(dir, k)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Inputs) != c.inputs || d.Train.Len() != c.train || d.Test.Len() != c.tst || len(d.Targets) != 1 {
				t.Errorf("%s split %d: %d inputs, %d training and %d test points", c.name, k, len(d.Inputs), d.Train.Len(), d.Test.Len())
			}
		}
		if _, err := ReadUCI(dir, 20); err == nil || !strings.Contains(err.Error(), "no split 20") {
			t.Errorf("%s split 20: error %v", c.name, err)
		}
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(UCIData, "1 2 3\n4 5 6\n7 8 10\n1 1 1\n")
	write(UCIFeatures, "0\n1\n")
	write(UCITarget, "2\n")
	write(UCITrain(0), "0\n1\n2\n")
	write(UCITest(0), "3\n")
	if _, err := ReadUCI(dir, 0); err != nil {
		t.Fatalf("a small good folder: %v", err)
	}
	for _, c := range []struct{ file, text, want string }{
		{UCITest(0), "4\n", "row 4 is out of range"},
		{UCITest(0), "x\n", `"x" is not a row index`},
		{UCITrain(0), "0\n0\n1\n", "row 0 appears twice"},
		{UCIData, "1 2 3\n4 5\n", "line 2: 2 cells where the table has 3 columns"},
		{UCIData, "1 2 3\n4 5 z\n", `column "c2": "z" is not a number`},
		{UCITarget, "1\n", "target column 1 is also an input"},
	} {
		old, _ := os.ReadFile(filepath.Join(dir, c.file))
		write(c.file, c.text)
		if _, err := ReadUCI(dir, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want %q", c.file, c.text, err, c.want)
		}
		write(c.file, string(old))
	}
	if err := os.Remove(filepath.Join(dir, UCIFeatures)); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadUCI(dir, 0); err == nil || !strings.Contains(err.Error(), "index_features.txt: no such file") {
		t.Errorf("missing features file: error %v", err)
	}
}
