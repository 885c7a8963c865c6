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

// File is the ensemble as a saved-ensemble file of its template, with
// the inputs and prior form of the run r and meta (not copied).
func (e *StageEnsemble) File(r *Result, meta map[string]any) *ensemble.File {
	f := ensemble.New(e.Widths, e.Particles, meta)
	f.Inputs, f.Prior = r.Arch.Inputs.String(), r.Config.Prior.String()
	return f
}

// Record is the run's training record as a saved ensemble's meta holds it
// under "train" (csvgd train -save writes a fuller one): what
// exact.FileSettings reads to rebuild the posterior of the final template
// (noise, sigma, likelihood, alpha, threshold, the stages and their
// lambdas) and what names the run (method, update, particles, seed,
// iterations, inputs, prior).
func (r *Result) Record(noise float64) map[string]any {
	c := r.Config
	rec := map[string]any{
		"method": string(c.Method), "update": c.Update.String(), "noise": noise, "seed": float64(c.Seed),
		"particles": float64(c.Particles), "alpha": c.Alpha, "lambda": c.Lambda, "prior": c.Prior.String(),
		"sigma": r.Sigma, "likelihood": string(c.Likelihood), "threshold": c.Threshold,
		"inputs": r.Arch.Inputs.String(), "iterations": float64(r.Iterations),
	}
	var stages []any
	for _, s := range r.Stages {
		st := map[string]any{"stage": float64(s.Stage), "lambda": s.Lambda, "template_params": float64(s.TemplateParams)}
		if s.Update != "" {
			st["update"] = string(s.Update)
		}
		stages = append(stages, st)
	}
	if stages != nil {
		rec["stages"] = stages
	}
	return rec
}
