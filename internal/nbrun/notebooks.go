package nbrun

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// Notebooks are the repository's notebooks (notebooks/*.ipynb under root),
// those of part only unless it is "" (their metadata csvgd.part). A
// notebook that declares no part, or an unknown one, is an error: each
// belongs to the paper (make reproduce) or to what lies beyond it (make
// beyond).
func Notebooks(root string, part study.Part) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, path := range paths {
		nb, err := ReadNotebook(path)
		if err != nil {
			return nil, err
		}
		p, err := study.ParsePart(string(nb.Metadata.Csvgd.Part))
		if err != nil {
			return nil, fmt.Errorf("%s: metadata csvgd.part: %w", filepath.Base(path), err)
		}
		if part == "" || p == part {
			out = append(out, path)
		}
	}
	return out, nil
}

// ImagesProblem is the problem of an executed copy of nb that shows
// images image outputs, fewer than the metadata.csvgd.min_images nb
// declares; nil when there are enough.
func (nb *Notebook) ImagesProblem(images int) *Problem {
	if min := nb.Metadata.Csvgd.MinImages; images < min {
		return &Problem{Cell: -1, Kind: "images", Message: fmt.Sprintf("%d image(s), but metadata.csvgd.min_images is %d", images, min)}
	}
	return nil
}

// CellTime is how long nbconvert took to run one code cell.
type CellTime struct {
	Cell     int // 0-based index, counting all cell types
	Duration time.Duration
}

// CellTimes are the times of the code cells of an executed copy, as
// nbconvert recorded them (to the second); cells without a record are
// left out.
func (nb *Notebook) CellTimes() []CellTime {
	var out []CellTime
	for i, c := range nb.Cells {
		e := c.Metadata.Execution
		if c.CellType == "code" && !e.Start.IsZero() && !e.End.IsZero() {
			out = append(out, CellTime{i, e.End.Sub(e.Start)})
		}
	}
	return out
}
