package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExactDocBlock: docs/exact-posterior.md holds the block that
// reproduce fills, once.
func TestExactDocBlock(t *testing.T) {
	raw, err := os.ReadFile(exactDoc(filepath.Join("..", "..", "..", "README.md")))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(raw), exactResults.begin) != 1 || strings.Count(string(raw), exactResults.end) != 1 {
		t.Errorf("the %s block's markers are not there exactly once", exactResults.name)
	}
}
