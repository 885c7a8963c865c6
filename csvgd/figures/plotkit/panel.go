package plotkit

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// NewPanel is a plot with the package's font sizes, a title and axis
// labels.
func NewPanel(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(plot.DefaultFont, PanelTitleSize)
	p.Title.Padding = 4
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(plot.DefaultFont, AxisLabelSize)
		ax.Tick.Label.Font = font.From(plot.DefaultFont, TickLabelSize)
		ax.Padding = 2
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	p.X.Tick.Marker, p.Y.Tick.Marker = cleanTicks{}, cleanTicks{}
	return p
}

// NewLegend is an empty figure-wide legend in the package's font size.
func NewLegend() *plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = font.From(plot.DefaultFont, legendSize)
	l.ThumbnailWidth = vg.Points(24)
	l.Padding = vg.Points(2)
	return &l
}

// PanelTag is the tag of the k-th panel of a figure: (a), (b), ...
func PanelTag(k int) string { return fmt.Sprintf("(%c)", 'a'+k) }

// WidePair is the figure name of the two panels pa and pb side by side,
// with the legend leg to their right, at the size of the paper's
// two-panel result figures.
func WidePair(name string, pa, pb *plot.Plot, leg *plot.Legend) *Figure {
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb}},
		Legend: leg,
		Width:  30 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}
