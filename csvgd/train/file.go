package train

import "github.com/csvgd/csvgd-go/csvgd/ensemble"

// File is the final ensemble of the run as a saved-ensemble file
// (package ensemble): its template's widths, its inputs and its particles,
// with meta (not copied).
func (r *Result) File(meta map[string]any) *ensemble.File {
	f := ensemble.New(r.Arch.Widths, r.Particles.Rows(), meta)
	f.Inputs = r.Arch.Inputs.String()
	return f
}
