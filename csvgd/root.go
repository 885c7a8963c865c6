package csvgd

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ModulePath is this repository's Go module path.
const ModulePath = "github.com/csvgd/csvgd-go"

// RootEnv names the environment variable that, when set, gives the
// repository root (the notebook runner sets it).
const RootEnv = "CSVGD_ROOT"

// Root returns the repository root: $CSVGD_ROOT when set, otherwise the
// nearest folder at or above the working directory whose go.mod declares
// [ModulePath]. Notebooks (whose working directory is notebooks/), tests and
// the command line all find the same data/ and figures/ through it.
func Root() (string, error) {
	if r := os.Getenv(RootEnv); r != "" {
		return r, nil
	}
	return FindRoot(".")
}

// FindRoot returns the nearest folder at or above dir whose go.mod declares
// [ModulePath].
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("csvgd: finding the repository root: %w", err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		if isRoot(d) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("csvgd: no go.mod of %s at or above %s; set %s", ModulePath, abs, RootEnv)
		}
	}
}

func isRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return fields[1] == ModulePath
		}
	}
	return false
}

// CachePath is the path of a cached result called name under data/cache/ of
// the repository; quick-mode results get their own file (name-quick.json),
// so that a quick run never replaces a full one. Without a repository root
// it falls back to data/cache under the working directory.
func CachePath(name string, quick bool) string {
	if quick {
		name += "-quick"
	}
	root, err := Root()
	if err != nil {
		root = "."
	}
	return filepath.Join(root, "data", "cache", name+".json")
}

// DataDir is the folder of the committed data set of a noise level:
// data/hyperelastic/noise-S.SS of the repository.
func DataDir(noise float64) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "data", "hyperelastic", fmt.Sprintf("noise-%.2f", noise)), nil
}

// UCIDir is the folder of a committed data set of the UCI regression
// benchmark: data/uci/NAME of the repository (boston, concrete, energy,
// kin8nm, naval, power, protein, wine, yacht).
func UCIDir(name string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "data", "uci", name), nil
}

// RepoRelative is path relative to the repository root when it lies inside
// it (data/cache/runs/KEY.json), else path itself: how logs and notebooks
// name the files they read, without the machine's folders.
func RepoRelative(path string) string {
	root, err := Root()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}
