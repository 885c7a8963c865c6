package csvgd

import (
	"os"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestPinnedVersions guards the versions the project is built and documented
// against: a stray `go mod tidy` or `go get` must not move them silently.
func TestPinnedVersions(t *testing.T) {
	raw, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"github.com/gomlx/gomlx":     "v0.28.16",
		"github.com/gomlx/compute":   "v0.1.14",
		"github.com/gomlx/go-xla":    "v0.4.13",
		"gonum.org/v1/gonum":         "v0.17.0",
		"gonum.org/v1/plot":          "v0.17.0",
		"github.com/janpfeifer/gonb": "v0.11.5",
	}
	for _, r := range f.Require {
		if v, ok := want[r.Mod.Path]; ok {
			if r.Mod.Version != v {
				t.Errorf("%s is at %s, want %s", r.Mod.Path, r.Mod.Version, v)
			}
			delete(want, r.Mod.Path)
		}
	}
	for p := range want {
		t.Errorf("%s is not required in go.mod", p)
	}
}
