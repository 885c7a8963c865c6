package csvgd

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadingCitationsResolve: every "docs/reading.md section N" in the
// repository's Go files (a citation may break across comment lines) names
// a section "## N." of docs/reading.md, and every section is cited at
// least once.
func TestReadingCitationsResolve(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "reading.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## (\d+)\. `).FindAllStringSubmatch(string(doc), -1) {
		sections[m[1]] = true
	}
	if len(sections) == 0 {
		t.Fatal("docs/reading.md has no numbered sections (## N. Title)")
	}
	cite := regexp.MustCompile(`docs/reading\.md(?:\s|//)*sections?(?:\s|//)+(\d+)((?:(?:,| and)(?:\s|//)*\d+)*)`)
	cited := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			nums := append([]string{m[1]}, regexp.MustCompile(`\d+`).FindAllString(m[2], -1)...)
			for _, n := range nums {
				cited[n] = true
				if !sections[n] {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s cites docs/reading.md section %s, which does not exist", rel, n)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cited) < len(sections)/2 {
		t.Errorf("only sections %v are cited: the citations are not being found", cited)
	}
	for n := range sections {
		if !cited[n] {
			t.Logf("docs/reading.md section %s is cited by no Go file", n)
		}
	}
}
