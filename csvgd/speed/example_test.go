package speed_test

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/speed"
)

// Example times the step of 10 networks condensed to width 8 with the
// graph and the reference, and prints the table docs/speed.md shows. (Timings
// differ from run to run, so the output is not checked.)
func Example() {
	backend.Notice = io.Discard
	rep, err := speed.Run(backend.MustDefault(), []speed.Case{{Particles: 10, Width: 8}},
		speed.Options{MinTime: 200 * time.Millisecond}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	rep.WriteMarkdown(os.Stdout)
}
