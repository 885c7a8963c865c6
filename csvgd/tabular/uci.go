package tabular

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The files of the UCI benchmark's folder layout.
const (
	UCIData     = "data.txt"
	UCIFeatures = "index_features.txt"
	UCITarget   = "index_target.txt"
)

// UCITrain and UCITest are the files of split k's training and test rows.
func UCITrain(k int) string { return fmt.Sprintf("index_train_%d.txt", k) }
func UCITest(k int) string  { return fmt.Sprintf("index_test_%d.txt", k) }

// IsUCI reports whether dir is a folder with the UCI layout's data.txt.
func IsUCI(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, UCIData))
	return err == nil && st.Mode().IsRegular()
}

// UCISplits is the number of splits the UCI folder dir holds: the k for
// which index_train_k.txt and index_test_k.txt both exist, counted from 0.
func UCISplits(dir string) int {
	k := 0
	for exists(filepath.Join(dir, UCITrain(k))) && exists(filepath.Join(dir, UCITest(k))) {
		k++
	}
	return k
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// ReadUCI reads split k of the UCI regression benchmark folder dir: the
// table of data.txt, whose columns are named c0, c1, ...; the inputs of
// index_features.txt and the target of index_target.txt; the training and
// test rows of index_train_k.txt and index_test_k.txt, in their files'
// order. The data are checked ([Data.Check]).
func ReadUCI(dir string, k int) (Data, error) {
	if k < 0 {
		return Data{}, fmt.Errorf("tabular: split %d: splits count from 0", k)
	}
	t, err := readWhitespace(filepath.Join(dir, UCIData))
	if err != nil {
		return Data{}, err
	}
	ncol := len(t.Names)
	features, err := readIndices(filepath.Join(dir, UCIFeatures), ncol, "column")
	if err != nil {
		return Data{}, err
	}
	target, err := readIndices(filepath.Join(dir, UCITarget), ncol, "column")
	if err != nil {
		return Data{}, err
	}
	if len(target) != 1 {
		return Data{}, fmt.Errorf("tabular: %s: %d target columns, want 1", filepath.Join(dir, UCITarget), len(target))
	}
	if slices.Contains(features, target[0]) {
		return Data{}, fmt.Errorf("tabular: %s: the target column %d is also an input", filepath.Join(dir, UCIFeatures), target[0])
	}
	if n := UCISplits(dir); k >= n {
		return Data{}, fmt.Errorf("tabular: %s: no split %d: the folder has splits 0..%d (%s and %s)", dir, k, n-1, UCITrain(k), UCITest(k))
	}
	train, err := readIndices(filepath.Join(dir, UCITrain(k)), len(t.Rows), "row")
	if err != nil {
		return Data{}, err
	}
	test, err := readIndices(filepath.Join(dir, UCITest(k)), len(t.Rows), "row")
	if err != nil {
		return Data{}, err
	}
	// The table's inputs are the features alone; other columns are left out.
	keep := append(slices.Clone(features), target[0])
	sub := Table{}
	for _, j := range keep {
		sub.Names = append(sub.Names, t.Names[j])
	}
	for _, r := range t.Rows {
		sub.Rows = append(sub.Rows, gather(r, keep))
	}
	d, err := sub.rowsData([]string{t.Names[target[0]]}, train, test)
	if err != nil {
		return Data{}, fmt.Errorf("tabular: %s, split %d: %w", dir, k, err)
	}
	return d, nil
}

// readWhitespace reads a table of whitespace-separated numbers without a
// header, naming its columns c0, c1, ...; blank lines are skipped.
func readWhitespace(path string) (Table, error) {
	lines, err := readLines(path)
	if err != nil {
		return Table{}, err
	}
	t := Table{}
	for _, l := range lines {
		cells := strings.Fields(l.text)
		if t.Names == nil {
			for j := range cells {
				t.Names = append(t.Names, "c"+strconv.Itoa(j))
			}
		}
		row, err := parseRow(cells, t.Names, l.n)
		if err != nil {
			return Table{}, fmt.Errorf("tabular: %s: %w", path, err)
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) == 0 {
		return Table{}, fmt.Errorf("tabular: %s: no rows", path)
	}
	return t, nil
}

// readIndices reads one 0-based index per line, each below n and none
// repeated; what names the indices in errors ("row", "column").
func readIndices(path string, n int, what string) ([]int, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	var out []int
	seen := map[int]bool{}
	for _, l := range lines {
		v, err := strconv.Atoi(strings.TrimSpace(l.text))
		switch {
		case err != nil:
			return nil, fmt.Errorf("tabular: %s: line %d: %q is not a %s index", path, l.n, strings.TrimSpace(l.text), what)
		case v < 0 || v >= n:
			return nil, fmt.Errorf("tabular: %s: line %d: %s %d is out of range (the data have %d %ss, from 0)", path, l.n, what, v, n, what)
		case seen[v]:
			return nil, fmt.Errorf("tabular: %s: line %d: %s %d appears twice", path, l.n, what, v)
		}
		seen[v] = true
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("tabular: %s: no %s indices", path, what)
	}
	return out, nil
}

// line is a non-blank line of a file and its 1-based number.
type line struct {
	n    int
	text string
}

func readLines(path string) ([]line, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("tabular: %s: no such file (a UCI benchmark folder holds %s, %s, %s and index_train_K.txt / index_test_K.txt)", path, UCIData, UCIFeatures, UCITarget)
		}
		return nil, fmt.Errorf("tabular: %s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	var out []line
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) != "" {
			out = append(out, line{n, sc.Text()})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tabular: %s: %w", path, err)
	}
	return out, nil
}
