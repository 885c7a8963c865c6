package figures

import "github.com/csvgd/csvgd-go/csvgd/figures/plotkit"

// Figure is what every figure function returns: panels on a grid, with a
// title and a figure-wide legend, that renders to PNG and SVG
// ([plotkit.Figure]; Save, PNG, Render and Err are its methods). A
// function given unusable input returns a figure that carries the error.
type Figure = plotkit.Figure
