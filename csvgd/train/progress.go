package train

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// bar is a one-line progress bar redrawn in place (carriage return) at most
// a few times a second.
type bar struct {
	w          io.Writer
	total      int
	last       time.Time
	done       int
	rmse, w1   float64
	haveRecord bool
}

func newBar(w io.Writer, total int) *bar { return &bar{w: w, total: total} }

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
	const width = 30
	filled := width * b.done / max(b.total, 1)
	line := fmt.Sprintf("\rtrain [%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), b.done, b.total)
	if b.haveRecord {
		line += fmt.Sprintf("  train RMSE %.4g  W1 sum %.4g", b.rmse, b.w1)
	}
	fmt.Fprint(b.w, line)
}

func (b *bar) finish() {
	if b.w != nil {
		b.draw()
		fmt.Fprintln(b.w)
	}
}
