package nbrun

import (
	"fmt"
	"os"
)

// MaxKeptSize is the largest a notebook kept executed in the repository
// may be: a repository page shows it, plots included, without loading
// for long.
const MaxKeptSize = 3 << 20

// CheckKept reads a notebook kept executed in the repository (see [Keep])
// and returns everything that makes it unfit: its cells' staleness in full
// mode ([Notebook.Stale]), failures in its outputs ([Notebook.Problems]),
// noise in them ([Notebook.Noise]), too few images, and a file larger than
// [MaxKeptSize]. It executes nothing.
func CheckKept(path string) ([]Problem, error) {
	nb, err := ReadNotebook(path)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !nb.executed() {
		return nb.Stale(Full), nil
	}
	problems := append(nb.Stale(Full), nb.Problems()...)
	problems = append(problems, nb.Noise()...)
	if p := nb.ImagesProblem(nb.Images()); p != nil {
		problems = append(problems, *p)
	}
	if size := info.Size(); size > MaxKeptSize {
		problems = append(problems, Problem{-1, "size", fmt.Sprintf("%.2f MiB, more than %d MiB", float64(size)/(1<<20), MaxKeptSize>>20)})
	}
	return problems, nil
}
