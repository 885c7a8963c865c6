package figures_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/figures"
)

// ExamplePriorFamily saves Fig. prior_family as PNG and SVG.
func ExamplePriorFamily() {
	dir, err := os.MkdirTemp("", "figures")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	fig := figures.PriorFamily()
	if err := fig.Save(dir); err != nil {
		log.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	fmt.Println(len(fig.Panels), "rows of", len(fig.Panels[0]), "panels")
	// Output:
	// prior_family.png
	// prior_family.svg
	// 3 rows of 4 panels
}
