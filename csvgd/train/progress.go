package train

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// bar is a one-line progress bar redrawn in place (carriage return) at most
// a few times a second on a terminal or in a notebook (Jupyter folds
// carriage returns); elsewhere (a log file, CI) it writes a line at each
// tenth of the run instead.
type bar struct {
	w          io.Writer
	inPlace    bool
	tenth      int // lines mode: the last tenth written
	total      int
	last       time.Time
	done       int
	rmse, w1   float64
	haveRecord bool
	stage      int   // the stage in progress (0-based)
	widths     []int // its template
}

func newBar(w io.Writer, total int) *bar {
	return &bar{w: w, total: total, inPlace: redrawable(w), tenth: -1}
}

// redrawable tells whether w shows a carriage return as a redraw: a
// terminal, or the output of a GoNB notebook cell.
func redrawable(w io.Writer) bool {
	if os.Getenv("GONB_PIPE") != "" || os.Getenv("GONB_DIR") != "" {
		return true
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (b *bar) note(r Record) {
	b.rmse, b.w1, b.haveRecord = r.TrainRMSE, r.W1Sum, true
	b.draw()
}

func (b *bar) update(done int) {
	b.done = done
	if time.Since(b.last) > 250*time.Millisecond {
		b.draw()
	}
}

func (b *bar) draw() {
	if b.w == nil {
		return
	}
	b.last = time.Now()
	tenth := 10 * b.done / max(b.total, 1)
	if !b.inPlace && tenth == b.tenth {
		return
	}
	b.tenth = tenth
	const width = 30
	filled := width * b.done / max(b.total, 1)
	line := fmt.Sprintf("\rtrain [%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), b.done, b.total)
	if b.widths != nil {
		line += fmt.Sprintf("  stage %d (%s)", b.stage+1, FormatWidths(b.widths))
	}
	if b.haveRecord {
		line += fmt.Sprintf("  train RMSE %.4g  W1 sum %.4g", b.rmse, b.w1)
	}
	if !b.inPlace {
		line = line[1:] + "\n"
	}
	fmt.Fprint(b.w, line)
}

func (b *bar) finish() {
	if b.w == nil {
		return
	}
	b.draw()
	if b.inPlace {
		fmt.Fprintln(b.w)
	}
}
