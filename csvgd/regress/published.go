package regress

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd"
)

// PublishedSplit is a published result of another method on one standard
// split of the UCI benchmark: its test RMSE and log-likelihood (data
// units), with the files of the source they are quoted from.
type PublishedSplit struct {
	Set      string  // the data set's folder under data/uci
	Split    int     // the standard split K
	RMSE     float64 // test RMSE
	LL       float64 // test log-likelihood, mean over the test points
	RMSEFile string  // the source's file of the RMSE
	LLFile   string  // the source's file of the log-likelihood
}

// MCDropoutFile is the committed table of MC dropout's published
// per-split results (Gal & Ghahramani 2016), under data/uci: quoted
// unchanged from the result files of the public repository
// yaringal/DropoutUncertaintyExps at commit
// 6eb4497628d12b0f300f4b4f6bdc386bebad565c (its 2018 grid-search
// re-run, one hidden layer, "100_xepochs"), UCI_Datasets/NAME/results/:
// test_MC_rmse_... for the RMSE of the MC-dropout mean and test_ll_...
// for the log-likelihood, on the same standard splits as data/uci
// (data/uci/README.md; docs/reading.md section 18).
const MCDropoutFile = "mc-dropout.csv"

// mcDropoutHeader is the table's header row.
var mcDropoutHeader = []string{"set", "split", "test_rmse", "test_ll", "rmse_file", "ll_file"}

// ReadPublished reads a table of published per-split results: a CSV file
// with the header set,split,test_rmse,test_ll,rmse_file,ll_file and one
// row per data set and split. A bad header, cell or repeated split is an
// error naming its line.
func ReadPublished(path string) ([]PublishedSplit, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("regress: %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = len(mcDropoutHeader)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("regress: %s: header: %w", path, err)
	}
	if !slices.Equal(head, mcDropoutHeader) {
		return nil, fmt.Errorf("regress: %s: header %v, want %v", path, head, mcDropoutHeader)
	}
	var out []PublishedSplit
	seen := map[[2]string]bool{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("regress: %s: %w", path, err)
		}
		line, _ := r.FieldPos(0)
		p := PublishedSplit{Set: rec[0], RMSEFile: rec[4], LLFile: rec[5]}
		if p.Split, err = strconv.Atoi(rec[1]); err != nil || p.Split < 0 {
			return nil, fmt.Errorf("regress: %s: line %d: split %q is not an index", path, line, rec[1])
		}
		if p.RMSE, err = strconv.ParseFloat(rec[2], 64); err != nil || !(p.RMSE >= 0) {
			return nil, fmt.Errorf("regress: %s: line %d: test RMSE %q is not a number >= 0", path, line, rec[2])
		}
		if p.LL, err = strconv.ParseFloat(rec[3], 64); err != nil || p.LL != p.LL {
			return nil, fmt.Errorf("regress: %s: line %d: test log-likelihood %q is not a number", path, line, rec[3])
		}
		key := [2]string{p.Set, strconv.Itoa(p.Split)}
		if seen[key] {
			return nil, fmt.Errorf("regress: %s: line %d: %s split %d appears twice", path, line, p.Set, p.Split)
		}
		seen[key] = true
		out = append(out, p)
	}
	return out, nil
}

// MCDropout is MC dropout's published results on the data set set, one
// per split in the order of the splits, from [MCDropoutFile]; none for a
// set the table does not hold.
func MCDropout(set string) ([]PublishedSplit, error) {
	root, err := csvgd.Root()
	if err != nil {
		return nil, err
	}
	all, err := ReadPublished(filepath.Join(root, "data", "uci", MCDropoutFile))
	if err != nil {
		return nil, err
	}
	var out []PublishedSplit
	for _, p := range all {
		if p.Set == set {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b PublishedSplit) int { return a.Split - b.Split })
	return out, nil
}
