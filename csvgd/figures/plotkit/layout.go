package plotkit

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Layout constants of figures, in points.
const (
	figPad     = vg.Length(6)  // around the figure and between title, panels and legend
	tilePadX   = vg.Length(10) // between panel columns
	tilePadY   = vg.Length(8)  // between panel rows
	titleSize  = vg.Length(15)
	legendSize = vg.Length(12)
)

// draw lays the figure out on dc: a white page, the title, the legend in
// a column on the right, the row labels on the left and the panels, with
// their data areas aligned, between them.
func (f *Figure) draw(dc draw.Canvas) {
	// A white page: PNG canvases start white, SVG ones transparent.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	dc = draw.Crop(dc, figPad, -figPad, figPad, -figPad)
	if f.Title != "" {
		sty := TextStyle(titleSize)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y}, f.Title)
		dc = draw.Crop(dc, 0, 0, 0, -(sty.Height(f.Title) + figPad))
	}
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
	for r, row := range panels {
		// plot.Align lines up the data areas, not the titles: a panel whose
		// top tick label sticks out above its data area gets its title
		// higher than its neighbours'. Titles of a row share one baseline,
		// the lowest top Align left them.
		top := vg.Length(math.Inf(1))
		for c, p := range row {
			if p != nil && p.Title.Text != "" {
				top = min(top, canvases[r][c].Max.Y)
			}
		}
		labelled := f.RowLabels == nil || f.RowLabels[r] == ""
		for c, p := range row {
			if p == nil {
				continue
			}
			cv := canvases[r][c]
			q := *p // a shallow copy: the same plotters and axes, drawn without the title
			if p.Title.Text != "" {
				cv.Max.Y -= p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
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
				sty := p.Title.TextStyle
				sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
				dc.FillText(sty, vg.Point{X: (da.Min.X + da.Max.X) / 2, Y: top + sty.FontExtents().Descent}, p.Title.Text)
			}
			if !labelled {
				dc.FillText(labelSty, vg.Point{X: labelX, Y: (da.Min.Y + da.Max.Y) / 2}, f.RowLabels[r])
				labelled = true
			}
		}
	}
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
