package nuts

// Stats are the sampler's diagnostics over the kept draws of all chains.
type Stats struct {
	Draws           int         // kept draws, all chains
	Divergences     int         // divergent transitions among them
	AcceptRate      float64     // mean acceptance statistic
	TreeDepthMean   float64     // mean tree depth
	TreeDepthMax    int         // largest tree depth
	AtMaxDepth      int         // transitions that stopped at Config.MaxDepth
	StepSizes       []float64   // per chain, after warm-up
	InvMass         [][]float64 // per chain, diagonal of M^-1 after warm-up
	EBFMI           []float64   // per chain, [EBFMI] of the kept transitions
	Gradients       int         // log density evaluations while drawing
	WarmupGradients int         // log density evaluations during warm-up
}

// Stats collects the sampler's diagnostics.
func (r *Result) Stats() Stats {
	var s Stats
	var accept, depth float64
	for _, ch := range r.Chains {
		s.StepSizes = append(s.StepSizes, ch.StepSize)
		s.InvMass = append(s.InvMass, ch.InvMass)
		s.Gradients += ch.Gradients
		s.WarmupGradients += ch.WarmupGradients
		for _, t := range ch.Stats {
			s.Draws++
			accept += t.AcceptStat
			depth += float64(t.TreeDepth)
			s.TreeDepthMax = max(s.TreeDepthMax, t.TreeDepth)
			if t.Divergent {
				s.Divergences++
			}
			if t.TreeDepth >= r.Config.MaxDepth {
				s.AtMaxDepth++
			}
		}
	}
	s.AcceptRate, s.TreeDepthMean = accept/float64(s.Draws), depth/float64(s.Draws)
	s.EBFMI = r.EBFMI()
	return s
}
