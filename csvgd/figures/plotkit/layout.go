package plotkit

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// Layout constants of figures, in points.
const (
	figPad     = vg.Length(6)  // around the figure and between title, panels and legend
	tilePadX   = vg.Length(10) // between panel columns
	tilePadY   = vg.Length(8)  // between panel rows
	titleSize  = vg.Length(15)
	legendSize = vg.Length(12)
)

// layout is where [Figure.draw] put the panels: the panels as aligned
// (see [withoutLogYLabels]), their canvases, the bottom line of each
// row's titles, the room left to the panels beside the legend and the
// labels, the page, and the legend's box (empty without a legend).
type layout struct {
	panels                [][]*plot.Plot
	canvases              [][]draw.Canvas
	bottoms               []vg.Length
	room, page, legendBox vg.Rectangle
}

// draw lays the figure out on dc: a white page, the title, the legend in
// a column on the right, the row labels on the left and the panels, with
// their data areas aligned, between them. It returns the layout, for
// [Figure.CheckLayout] to check.
func (f *Figure) draw(dc draw.Canvas) layout {
	// A white page: PNG canvases start white, SVG ones transparent.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	dc = draw.Crop(dc, figPad, -figPad, figPad, -figPad)
	page := dc.Rectangle
	if f.Title != "" {
		sty := TextStyle(titleSize)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y}, f.Title)
		dc = draw.Crop(dc, 0, 0, 0, -(sty.Height(f.Title) + figPad))
	}
	var legendBox vg.Rectangle
	if f.Legend != nil {
		l := *f.Legend
		l.Top, l.Left = true, true
		r := l.Rectangle(dc)
		w, h := 1.2*(r.Max.X-r.Min.X), r.Max.Y-r.Min.Y // slack for substituted SVG fonts
		mid := (dc.Min.Y + dc.Max.Y) / 2
		lc := dc
		lc.Min.X = dc.Max.X - w
		lc.Max.Y = min(dc.Max.Y, mid+h/2)
		l.Draw(lc)
		legendBox = vg.Rectangle{Min: vg.Point{X: lc.Min.X, Y: lc.Max.Y - h}, Max: vg.Point{X: dc.Max.X, Y: lc.Max.Y}}
		dc = draw.Crop(dc, 0, -(w + 2*figPad), 0, 0)
	}
	labelSty := TextStyle(AxisLabelSize)
	labelSty.Rotation = math.Pi / 2
	labelSty.XAlign, labelSty.YAlign = draw.XCenter, draw.YBottom
	var labelX vg.Length
	if f.RowLabels != nil {
		var w vg.Length
		for _, l := range f.RowLabels {
			w = max(w, labelSty.Height(l))
		}
		labelX = dc.Min.X + w // rotated a quarter turn, the text extends left of its anchor
		dc = draw.Crop(dc, w+figPad, 0, 0, 0)
	}
	rows, cols := len(f.Panels), len(f.Panels[0])
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: tilePadX, PadY: tilePadY}
	panels, yLabels := withoutLogYLabels(f.Panels)
	canvases := plot.Align(panels, tiles, dc)
	bottoms := titleBottoms(panels, canvases)
	for r, row := range panels {
		labelled := f.RowLabels == nil || f.RowLabels[r] == ""
		for c, p := range row {
			if p == nil {
				continue
			}
			cv := canvases[r][c]
			q := *p // a shallow copy: the same plotters and axes, drawn without the title
			if p.Title.Text != "" {
				cv.Max.Y -= titleHeight(p) + p.Title.Padding
				q.Title.Text = ""
			}
			q.Draw(cv)
			da := q.DataCanvas(cv)
			if l := yLabels[r][c]; l != "" {
				sty := p.Y.Label.TextStyle
				sty.Rotation += math.Pi / 2
				sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
				dc.FillText(sty, vg.Point{X: cv.Min.X + sty.Height(l), Y: (da.Min.Y + da.Max.Y) / 2}, l)
			}
			if p.Title.Text != "" {
				drawTitle(dc, p, da, bottoms[r])
			}
			if !labelled {
				dc.FillText(labelSty, vg.Point{X: labelX, Y: (da.Min.Y + da.Max.Y) / 2}, f.RowLabels[r])
				labelled = true
			}
		}
	}
	return layout{panels: panels, canvases: canvases, bottoms: bottoms, room: dc.Rectangle, page: page, legendBox: legendBox}
}

// CheckLayout reports an error when the figure's panels do not fit in the
// room its legend and row labels leave them (gonum/plot then draws
// panels over each other and over the legend), or when a panel's title
// leaves the page or overprints its left neighbour's title or the
// legend. [Figure.Render] draws such a figure all the same, since its
// text may come from the user (a file name in a title); the tests of the
// figures call CheckLayout.
func (f *Figure) CheckLayout() error {
	if err := f.validate(); err != nil {
		return err
	}
	if err := checkFit(f.draw(draw.NewCanvas(&recorder.Canvas{}, f.Width, f.Height))); err != nil {
		return fmt.Errorf("figure %s: %w", f.Name, err)
	}
	return nil
}

// titleBottoms are, per row of panels, the bottom of the row's titles.
// plot.Align lines up the data areas, not the titles: a panel whose top
// tick label sticks out above its data area, or whose title has fewer
// lines than its neighbours', gets its title higher than theirs. Titles
// of a row share one bottom line, the lowest that Align left them, and
// a title of several lines reaches up from it.
func titleBottoms(panels [][]*plot.Plot, canvases [][]draw.Canvas) []vg.Length {
	bottoms := make([]vg.Length, len(panels))
	for r, row := range panels {
		bottoms[r] = vg.Length(math.Inf(1))
		for c, p := range row {
			if p != nil && p.Title.Text != "" {
				bottoms[r] = min(bottoms[r], canvases[r][c].Max.Y-titleHeight(p))
			}
		}
	}
	return bottoms
}

// titleHeight is the height of panel p's title, as plot reserves room
// for it.
func titleHeight(p *plot.Plot) vg.Length {
	return p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y
}

// titleStyle is the style of panel p's title, which hangs from its top
// and is centred.
func titleStyle(p *plot.Plot) text.Style {
	sty := p.Title.TextStyle
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
	return sty
}

// drawTitle draws panel p's title centred over the data area da, its
// bottom at bottom, line by line: gonum/plot's text spaces lines by the
// font size, less than the line height with which text.Style.Rectangle
// (and plot's room for a title) counts them, so that the last line of a
// title of two would overprint the data area.
func drawTitle(dc draw.Canvas, p *plot.Plot, da draw.Canvas, bottom vg.Length) {
	sty := titleStyle(p)
	y := bottom + titleHeight(p) + sty.FontExtents().Descent
	for _, line := range sty.Handler.Lines(p.Title.Text) {
		dc.FillText(sty, vg.Point{X: (da.Min.X + da.Max.X) / 2, Y: y}, line)
		y -= sty.FontExtents().Height
	}
}

// titleBox is the rectangle that panel p's title covers (see drawTitle).
func titleBox(p *plot.Plot, da draw.Canvas, bottom vg.Length) vg.Rectangle {
	sty := titleStyle(p)
	size := sty.Rectangle(p.Title.Text).Size()
	mid, y := (da.Min.X+da.Max.X)/2, bottom+size.Y+sty.FontExtents().Descent
	return vg.Rectangle{Min: vg.Point{X: mid - size.X/2, Y: y - size.Y}, Max: vg.Point{X: mid + size.X/2, Y: y}}
}

// fitSlack is how far, in points, a panel's tile may reach past the room
// of the panels, and two titles or a title and the legend may overlap
// (rounding, side bearings of the glyphs).
const fitSlack = vg.Length(1)

// checkFit reports an error when the panels, aligned by [plot.Align] in
// their canvases, do not fit in the room, the part of the page left to
// them beside the legend and the row labels. Where the room is too narrow
// or too low for the panels' axes, plot.Align leaves data areas of no
// size, or tiles that reach past the room, and panels then overprint each
// other and the legend. It also reports a panel title (over its row's
// bottom line) that leaves the page, overprints its left neighbour's
// title, or overprints the legend.
func checkFit(l layout) error {
	room, page, legendBox, canvases, bottoms := l.room, l.page, l.legendBox, l.canvases, l.bottoms
	size := fmt.Sprintf("%.0f × %.0f pt", room.Size().X, room.Size().Y)
	for r, row := range l.panels {
		var left vg.Rectangle // the title of the row's previous panel
		for c, p := range row {
			if p == nil {
				continue
			}
			cv := canvases[r][c]
			da := p.DataCanvas(cv)
			pos := fmt.Sprintf("the panel of row %d, column %d", r+1, c+1)
			if !(da.Max.X > da.Min.X && da.Max.Y > da.Min.Y) ||
				cv.Min.X < room.Min.X-fitSlack || cv.Max.X > room.Max.X+fitSlack || cv.Min.Y < room.Min.Y-fitSlack || cv.Max.Y > room.Max.Y+fitSlack {
				return fmt.Errorf("%s does not fit in the %s left to the panels beside the legend and labels: widen the figure or shorten the legend", pos, size)
			}
			if p.Title.Text == "" {
				continue
			}
			box := titleBox(p, da, bottoms[r])
			switch {
			case box.Min.X < page.Min.X-fitSlack || box.Max.X > page.Max.X+fitSlack:
				return fmt.Errorf("%s: its title %q leaves the page: shorten it", pos, p.Title.Text)
			case overlap(box, left):
				return fmt.Errorf("%s: its title %q overprints its left neighbour's: shorten it or widen the figure", pos, p.Title.Text)
			case overlap(box, legendBox):
				return fmt.Errorf("%s: its title %q overprints the legend: shorten it or widen the figure", pos, p.Title.Text)
			}
			left = box
		}
	}
	return nil
}

// overlap reports whether a and b share more than fitSlack in both
// directions; an empty rectangle overlaps nothing.
func overlap(a, b vg.Rectangle) bool {
	return min(a.Max.X, b.Max.X)-max(a.Min.X, b.Min.X) > fitSlack && min(a.Max.Y, b.Max.Y)-max(a.Min.Y, b.Min.Y) > fitSlack
}

// withoutLogYLabels returns shallow copies of panels in which the y-axis
// label of every panel on a non-linear y scale is a blank of the same
// height, and those labels, by row and column, for the caller to draw
// centred on the panel's data area. gonum/plot reserves room for a y-axis
// label around the value halfway between the axis bounds, which on a log
// axis lies near the top: the label's box then sticks out above the panel
// and plot.Align shrinks every panel of the row to make room, leaving a
// blank band above them. A blank keeps the room the label takes on the left.
func withoutLogYLabels(panels [][]*plot.Plot) ([][]*plot.Plot, [][]string) {
	out := make([][]*plot.Plot, len(panels))
	labels := make([][]string, len(panels))
	for r, row := range panels {
		out[r], labels[r] = make([]*plot.Plot, len(row)), make([]string, len(row))
		for c, p := range row {
			out[r][c] = p
			if p == nil || p.Y.Label.Text == "" || strings.Contains(p.Y.Label.Text, "\n") {
				continue
			}
			if _, linear := p.Y.Scale.(plot.LinearScale); linear {
				continue
			}
			q := *p
			q.Y.Label.Text = " "
			out[r][c], labels[r][c] = &q, p.Y.Label.Text
		}
	}
	return out, labels
}
