package train

import "github.com/csvgd/csvgd-go/csvgd/ensemble"

// File is the final ensemble of the run as a saved-ensemble file
// (package ensemble): its template's widths, its inputs, the form of its
// prior and its particles,
// with meta (not copied).
func (r *Result) File(meta map[string]any) *ensemble.File {
	f := ensemble.New(r.Arch.Widths, r.Particles.Rows(), meta)
	f.Inputs, f.Prior = r.Arch.Inputs.String(), r.Config.Prior.String()
	return f
}
