package main

import (
	"os"
	"path/filepath"
	"strings"
)

// metaPath is how a saved file's meta names another file (the ensemble it
// was condensed or sampled from, its companion of the last stage): its
// path relative to the working directory when it lies below it, else its
// file name alone. A saved ensemble travels: the folders of the machine
// that wrote it would mean nothing elsewhere and tell what they should
// not.
func metaPath(path string) string {
	if path == "" {
		return ""
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Base(path)
	}
	wd, err := os.Getwd()
	if err != nil {
		return filepath.Base(path)
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Base(path)
	}
	return rel
}
