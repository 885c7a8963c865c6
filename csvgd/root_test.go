package csvgd

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootFromSubfolderAndEnv(t *testing.T) {
	t.Setenv(RootEnv, "")
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "csvgd", "doc.go")); err != nil {
		t.Fatalf("Root() = %s is not the repository root: %v", root, err)
	}
	t.Setenv(RootEnv, "/somewhere/else")
	if got, _ := Root(); got != "/somewhere/else" {
		t.Fatalf("Root() with %s set = %s", RootEnv, got)
	}
}

func TestCachePathSeparatesQuickMode(t *testing.T) {
	t.Setenv(RootEnv, "/r")
	full := CachePath("survey", false)
	quick := CachePath("survey", true)
	if full != filepath.Join("/r", "data", "cache", "survey.json") || quick == full {
		t.Fatalf("full %s, quick %s", full, quick)
	}
}

// TestRepoRelative: a path inside the repository is named from its root,
// one outside it (or beside it with a common prefix) as it is.
func TestRepoRelative(t *testing.T) {
	root := t.TempDir()
	t.Setenv(RootEnv, root)
	cases := []struct{ in, want string }{
		{filepath.Join(root, "data", "cache", "runs", "k.json"), filepath.Join("data", "cache", "runs", "k.json")},
		{root + "-other/k.json", root + "-other/k.json"},
		{filepath.Join(filepath.Dir(root), "k.json"), filepath.Join(filepath.Dir(root), "k.json")},
	}
	for _, c := range cases {
		if got := RepoRelative(c.in); got != c.want {
			t.Errorf("RepoRelative(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
