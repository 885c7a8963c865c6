package tabular

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Set is the inputs X and the targets Y of a set of points, [point][column].
type Set struct {
	X, Y [][]float64
}

// Len is the number of points.
func (s Set) Len() int { return len(s.X) }

// Data is regression data: the names of the inputs and the targets, a
// training and a test set.
type Data struct {
	Inputs, Targets []string
	Train, Test     Set
}

// ParseTargets reads a comma-separated list of column names (spaces
// around a name dropped): none for an empty s, an error naming the list
// when one of its names is empty ("y,", "y,,z").
func ParseTargets(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n == "" {
			return nil, fmt.Errorf("target columns %q: an empty name", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// columns returns the columns of the targets named and of the inputs (the
// other columns, in the table's order).
func (t Table) columns(targets []string) (in, out []int, err error) {
	if len(targets) == 0 {
		return nil, nil, errors.New("no target column given")
	}
	for _, name := range targets {
		j, err := t.Column(name)
		if err != nil {
			return nil, nil, err
		}
		if slices.Contains(out, j) {
			return nil, nil, fmt.Errorf("target %q is given twice", name)
		}
		out = append(out, j)
	}
	for j := range t.Names {
		if !slices.Contains(out, j) {
			in = append(in, j)
		}
	}
	if len(in) == 0 {
		return nil, nil, fmt.Errorf("every column is a target (%s): no inputs are left", strings.Join(targets, ", "))
	}
	return in, out, nil
}

// Split holds out a fraction testFraction of the rows of t, drawn at
// random with seed, as the test set, and the rest as the training set,
// each in the table's order; the targets are the columns named, the
// inputs the others. The test set gets round(testFraction x rows) rows,
// at least 1, and the training set at least 2. The data are checked
// ([Data.Check]); an input column that is constant on the training rows
// is refused, naming it, since it carries nothing to fit (a UCI folder's
// inputs are the benchmark's, kept as they are: [ReadUCI]).
func (t Table) Split(targets []string, testFraction float64, seed uint64) (Data, error) {
	if !(testFraction > 0 && testFraction < 1) {
		return Data{}, fmt.Errorf("test fraction %v: want a number in (0, 1)", testFraction)
	}
	n := len(t.Rows)
	nTest := max(1, int(math.Round(testFraction*float64(n))))
	if n-nTest < 2 {
		return Data{}, fmt.Errorf("%d rows: too few for a training set of 2 and a test set of %d", n, nTest)
	}
	test := rand.New(rand.NewPCG(seed, 0x7e57)).Perm(n)[:nTest]
	isTest := make([]bool, n)
	for _, i := range test {
		isTest[i] = true
	}
	var train, held []int
	for i := range n {
		if isTest[i] {
			held = append(held, i)
		} else {
			train = append(train, i)
		}
	}
	d, err := t.rowsData(targets, train, held)
	if err != nil {
		return Data{}, err
	}
	if j := constantColumn(d.Train.X); j >= 0 {
		return Data{}, fmt.Errorf("input column %q is constant (%v) on the %d training points: it carries nothing to fit; leave it out of the table", d.Inputs[j], d.Train.X[0][j], d.Train.Len())
	}
	return d, nil
}

// rowsData is the data of the rows train and test, checked.
func (t Table) rowsData(targets []string, train, test []int) (Data, error) {
	in, out, err := t.columns(targets)
	if err != nil {
		return Data{}, err
	}
	d := Data{}
	for _, j := range in {
		d.Inputs = append(d.Inputs, t.Names[j])
	}
	for _, j := range out {
		d.Targets = append(d.Targets, t.Names[j])
	}
	pick := func(rows []int) Set {
		s := Set{}
		for _, i := range rows {
			s.X, s.Y = append(s.X, gather(t.Rows[i], in)), append(s.Y, gather(t.Rows[i], out))
		}
		return s
	}
	d.Train, d.Test = pick(train), pick(test)
	return d, d.Check()
}

func gather(row []float64, cols []int) []float64 {
	out := make([]float64, len(cols))
	for i, j := range cols {
		out[i] = row[j]
	}
	return out
}

// Check reports data that cannot be fitted: fewer than 2 training points
// or no test point, rows of the wrong width, or a target whose values are
// all the same on the training set (nothing to fit). An input constant on
// the training set is allowed: [Standardize] maps it to 0, as Liu &
// Wang's and Hernández-Lobato & Adams' code do (the naval propulsion data
// set of the UCI benchmark has two such inputs; docs/reading.md section 18).
func (d Data) Check() error {
	switch {
	case d.Train.Len() < 2:
		return fmt.Errorf("%d training points: need at least 2", d.Train.Len())
	case d.Test.Len() < 1:
		return errors.New("no test points")
	}
	for _, s := range []Set{d.Train, d.Test} {
		for i := range s.X {
			if len(s.X[i]) != len(d.Inputs) || len(s.Y[i]) != len(d.Targets) {
				return fmt.Errorf("point %d has %d inputs and %d targets, want %d and %d", i, len(s.X[i]), len(s.Y[i]), len(d.Inputs), len(d.Targets))
			}
		}
	}
	if j := constantColumn(d.Train.Y); j >= 0 {
		return fmt.Errorf("target column %q is constant (%v) on the %d training points: there is nothing to fit", d.Targets[j], d.Train.Y[0][j], d.Train.Len())
	}
	return nil
}

// constantColumn is the first column of rows whose values are all equal,
// or -1.
func constantColumn(rows [][]float64) int {
	for j := range rows[0] {
		same := true
		for _, r := range rows[1:] {
			if r[j] != rows[0][j] {
				same = false
				break
			}
		}
		if same {
			return j
		}
	}
	return -1
}
