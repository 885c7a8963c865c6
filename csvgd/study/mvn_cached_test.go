package study

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// TestMarginalCached: the marginal study of Sec. 4 is computed once into
// mvn_marginal-quick.json beside the runs' folder, then read from there;
// its job sees it cached.
func TestMarginalCached(t *testing.T) {
	var log bytes.Buffer
	s := &Store{Plan: Plan{Quick: true}, Cache: runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs"), Log: &log, NoBars: true}}
	first, err := s.Marginal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(filepath.Dir(s.Dir), "mvn_marginal-quick.json")
	if _, err := os.Stat(path); err != nil || !strings.Contains(log.String(), "computing mvn_marginal") {
		t.Fatalf("no %s after the first call (%v); log:\n%s", path, err, log.String())
	}
	log.Reset()
	again, err := s.Marginal()
	if err != nil || len(again) != len(first) || again[0].W1 != first[0].W1 || !strings.Contains(log.String(), "cached mvn_marginal") {
		t.Errorf("second call: %v, log %q; want the cached study", err, log.String())
	}
	if ok, err := s.marginalJob().Cached(&s.Cache); !ok || err != nil {
		t.Errorf("the marginal job: cached %v, %v", ok, err)
	}
}
