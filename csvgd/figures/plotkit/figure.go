package plotkit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// DefaultDPI is the resolution of PNG renderings when [Figure.DPI] is 0.
const DefaultDPI = 150

// Figure is a figure of one or more panels laid out on a grid, with an
// optional title above and an optional figure-wide legend to the right.
// [plot.Align] sizes the panels so that their data areas are equal and
// aligned, whatever their tick labels.
//
// A figure that could not be built ([Failed]) carries the reason, which
// [Figure.Render], [Figure.PNG] and [Figure.Save] return (and [Figure.Err]
// reports), so that a figure's constructor never panics on bad input.
type Figure struct {
	// Name is the file stem used by Save: the paper's figure label
	// (for example "mvn_survey") or a descriptive name.
	Name string
	// Title, when not empty, is drawn centred above the panels.
	Title string
	// Panels holds the panels row by row (rows x columns); every row has the
	// same length, and a nil panel leaves its tile blank.
	Panels [][]*plot.Plot
	// Legend, when not nil, is a figure-wide legend drawn in a column right
	// of the panels, vertically centred.
	Legend *plot.Legend
	// RowLabels, when not nil, holds one label per row of panels, drawn
	// rotated left of the row and centred on its data area: a y-axis label
	// shared by the row. (gonum/plot places a panel's own y label wrongly
	// on log axes, which misaligns the panels' titles.)
	RowLabels []string
	// Width and Height are the size of the whole figure.
	Width, Height vg.Length
	// DPI is the resolution of PNG renderings; 0 means DefaultDPI.
	DPI int

	err error
}

// Failed returns a figure that reports err when rendered.
func Failed(name string, err error) *Figure {
	return &Figure{Name: name, err: fmt.Errorf("figure %s: %w", name, err)}
}

// Err is the reason the figure could not be built, or nil.
func (f *Figure) Err() error {
	if f == nil {
		return errors.New("plotkit: nil figure")
	}
	return f.err
}

func (f *Figure) validate() error {
	if err := f.Err(); err != nil {
		return err
	}
	if len(f.Panels) == 0 || len(f.Panels[0]) == 0 {
		return fmt.Errorf("figure %s: no panels", f.Name)
	}
	for r, row := range f.Panels {
		if len(row) != len(f.Panels[0]) {
			return fmt.Errorf("figure %s: panel row %d has %d columns, row 0 has %d", f.Name, r, len(row), len(f.Panels[0]))
		}
	}
	if !(f.Width > 0 && f.Height > 0) {
		return fmt.Errorf("figure %s: size %v x %v must be positive", f.Name, f.Width, f.Height)
	}
	if f.RowLabels != nil && len(f.RowLabels) != len(f.Panels) {
		return fmt.Errorf("figure %s: %d row labels for %d rows", f.Name, len(f.RowLabels), len(f.Panels))
	}
	if f.DPI < 0 {
		return fmt.Errorf("figure %s: DPI = %d must be >= 0", f.Name, f.DPI)
	}
	return nil
}

// Render draws the figure and encodes it as "png" or "svg" (a figure
// whose layout [Figure.CheckLayout] refuses is drawn all the same). SVG
// text names
// its font (Liberation Serif, gonum/plot's default) rather than embedding
// it, which would add about half a megabyte per figure; a viewer without
// that font substitutes another serif, usually a little wider, for which
// the legend column leaves some slack.
func (f *Figure) Render(format string) (out []byte, err error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	var cw vg.CanvasWriterTo
	switch strings.ToLower(format) {
	case "png":
		dpi := f.DPI
		if dpi == 0 {
			dpi = DefaultDPI
		}
		cw = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(dpi))}
	case "svg":
		cw = vgsvg.New(f.Width, f.Height) // fonts by name, not embedded: see Render
	default:
		return nil, fmt.Errorf("figure %s: unknown format %q (want png or svg)", f.Name, format)
	}
	defer func() { // gonum/plot reports impossible layouts by panicking
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("figure %s: rendering %s: %v", f.Name, format, r)
		}
	}()
	f.draw(draw.New(cw)) // a layout that does not fit is CheckLayout's to report
	var buf bytes.Buffer
	if _, err := cw.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("figure %s: encoding %s: %w", f.Name, format, err)
	}
	return buf.Bytes(), nil
}

// PNG renders the figure as a PNG image, for example for a notebook's
// gonbui.DisplayPNG.
func (f *Figure) PNG() ([]byte, error) { return f.Render("png") }

// Save writes DIR/NAME.png and DIR/NAME.svg, creating dir when needed. Each
// file is written to a temporary file in dir and renamed into place, so an
// interrupted run never leaves half a figure.
func (f *Figure) Save(dir string) error {
	if err := f.validate(); err != nil {
		return err
	}
	if f.Name == "" || f.Name == "." || f.Name == ".." || strings.ContainsAny(f.Name, `/\`) {
		return fmt.Errorf("plotkit: name %q is not a plain file name", f.Name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("figure %s: %w", f.Name, err)
	}
	for _, format := range []string{"png", "svg"} {
		raw, err := f.Render(format)
		if err != nil {
			return err
		}
		if err := writeAtomic(filepath.Join(dir, f.Name+"."+format), raw); err != nil {
			return fmt.Errorf("figure %s: %w", f.Name, err)
		}
	}
	return nil
}

func writeAtomic(path string, raw []byte) error {
	return atomicfile.Write(path, atomicfile.Replace, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
}
