// Package plotkit is the plotting kit on which package figures draws the
// paper's figures: a [Figure] of panels laid out on a grid with a title, a
// figure-wide legend and row labels, rendered to PNG or SVG, and the
// gonum/plot primitives the figures share. It knows nothing of SVGD,
// networks or the paper's data: what a figure shows is package figures'
// business, how it is drawn is this package's. Its dependencies are
// gonum/plot and the module's atomic file writer.
//
// One concept per file:
//
//	figure.go           Figure, its checks, Render, PNG and Save (atomic writes); Failed
//	layout.go           the layout of a Figure: page, title, legend column, row labels, aligned panels; CheckLayout
//	panel.go            NewPanel and NewLegend in the kit's font sizes, PanelTag, WidePair
//	text.go             font sizes, TextStyle, Num (compact numbers), JoinInts
//	axes.go             SetLog, SetLogLabelled, SetLabelledRange, SetRange, PaddedRange, PadRanges, CountAxis, FloorXYs
//	ticks.go            the default clean linear ticks, ValueTicks, CountTicks, IndexTicks
//	asinh_ticks.go      AsinhTicks, for an axis u = asinh(w)
//	palette.go          named colours, Fade, Blend, ContourGrey
//	viridis.go          Viridis, ViridisTop, ViridisPalette, ValueColors, RankColor
//	lines.go            Line, StepLine, SolidLine, DashedLine
//	glyphs.go           BoldCross, Points, Marker, ParticleStyle, Bigger
//	thumbnails.go       LineThumb, BarThumb, GlyphThumb, FillThumb: legend entries without a plotter
//	arrows.go           Arrows: arrows in data units with heads in canvas units
//	contours.go         Grid, EvalGrid, ContourSet (contours without glyph boxes), LogLevels
//	fill_band.go        FillBand: the region between two curves
//	x_span.go           XSpan: a shaded x range over the panel's full height
//	reference_lines.go  RefLine: a horizontal or vertical line across a panel
//	flat.go             AddFlat: plotters added without their glyph boxes
//	xy.go               XYOf, XsOf, YsOf, Distinct
//
// Conventions:
//   - The panels of a figure share one data-area size: [plot.Align] sizes
//     them, the titles of a row share a bottom line, and plotters that would
//     shrink a panel to fit their glyphs are added flat ([AddFlat]) to
//     panels whose ranges are padded instead ([PadRanges]).
//   - Legends and row labels shared by all panels are drawn once, beside
//     the panels ([Figure.Legend], [Figure.RowLabels]), so that they never
//     hide data. [Figure.CheckLayout] reports a figure whose panels do not
//     fit beside them, or whose panel titles overprint each other or the
//     legend, naming the panel, so that the figure is widened or its text
//     shortened rather than drawn overlapping; the figures' tests call it.
//   - Ordered values (a kernel bandwidth, a contour level) are coloured
//     along viridis, dark for the smallest, stopping at [ViridisTop] short
//     of its palest yellow so that points and lines stay visible on white.
//   - SVG names its font (Liberation Serif) instead of embedding it.
//
// A figure of one's own, in the style of the paper's:
//
//	p := plotkit.NewPanel("(a) a line", "x", "y")
//	p.Add(plotkit.Line(plotkit.XYOf(xs, ys), plotkit.SolidLine(plotkit.Viridis(0.3))))
//	fig := &plotkit.Figure{Name: "mine", Panels: [][]*plot.Plot{{p}}, Width: 12 * vg.Centimeter, Height: 9 * vg.Centimeter}
//	err := fig.Save("figures") // figures/mine.png and figures/mine.svg
package plotkit
