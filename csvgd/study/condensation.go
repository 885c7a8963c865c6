package study

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Studies of the paper's Sec. 5.4 (graph condensation).

// PaperAlphas are the prior orders of Secs. 5.4-5.5.
var PaperAlphas = []float64{0.25, 0.5, 0.75, 1, 2}

// GraphRun is the run behind Figs. graph_distance_evolution and
// weight_distributions: cSVGD with 20 particles (the paper's N_r for the
// distances), alpha = 0.5 and lambda = 0.05 on the 10% noise data, keeping
// the particles with every history record (and those of its last stage,
// as the other runs of [Plan.ConvergenceEnsembleRuns]).
func (p Plan) GraphRun() runcache.Spec {
	s := p.paperRun("cSVGD, 20 particles, alpha = 0.5", 0.5)
	s.Config.Particles, s.Config.Keep, s.Config.KeepLastStage = 20, true, true
	return s
}

// SequenceRun is the run behind Fig. graph_condense_sequence, as the paper
// states it: cSVGD with alpha = 1/4, lambda = 0.05 and 10 particles on the
// 10% noise data, keeping the particles with every history record. It is
// also the alpha = 1/4 run of [SpeedupRuns].
func (p Plan) SequenceRun() runcache.Spec {
	s := p.paperRun("cSVGD alpha = 0.25", 0.25)
	s.Config.Keep = true
	return s
}

// SpeedupRuns are the runs of Fig. graph_condense_speedup: for each alpha
// of PaperAlphas, cSVGD (with) and SVGD with the same prior and no
// condensation (without), 10 particles, lambda = 0.05, 10% noise.
func (p Plan) SpeedupRuns() (with, without []runcache.Spec) {
	for _, a := range PaperAlphas {
		w := p.paperRun(fmt.Sprintf("cSVGD alpha = %g", a), a)
		if a == 0.25 {
			w = p.SequenceRun()
		}
		wo := p.paperRun(fmt.Sprintf("SVGD alpha = %g", a), a)
		wo.Config.Method = train.SVGD
		with, without = append(with, w), append(without, wo)
	}
	return with, without
}

// GraphCondenseSequence makes Fig. graph_condense_sequence from
// SequenceRun: three particles drawn at random (seeded by the run's seed)
// at the start, at the end of the first two stages and at the end of the
// run, each stage's end after its condensation (the last column is the
// final ensemble).
func GraphCondenseSequence(s *Store) (*figures.Figure, error) {
	spec := s.SequenceRun()
	res, err := s.Result(spec)
	if err != nil {
		return nil, err
	}
	c := spec.Config
	rng := rand.New(rand.NewPCG(c.Seed, 0x5e9))
	particles := rng.Perm(c.Particles)[:3]
	iters := []int{0, c.Stage, 2 * c.Stage, res.Iterations}
	return figures.GraphCondenseSequence(res.History, particles, iters), nil
}

// GraphDistanceEvolution makes Fig. graph_distance_evolution from
// GraphRun: the distance matrices of the records DistanceEvolutionRecords
// picks, the start and both sides of each condensation.
func GraphDistanceEvolution(s *Store) (*figures.Figure, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return nil, err
	}
	return figures.GraphDistanceEvolution(res.History, DistanceEvolutionRecords(res.History, maxCondensationPairs)), nil
}

// maxCondensationPairs is the most condensations whose two sides Fig.
// graph_distance_evolution shows: four, nine maps with the start.
const maxCondensationPairs = 4

// DistanceEvolutionRecords are the indices of the records of history that
// Fig. graph_distance_evolution draws: the first record, then both sides
// (before and after) of each condensation, in order — where the
// scale-free dispersion of [ScaleFreeTrendOf] changes most. Of more than
// most condensations it keeps most, spread evenly and always the last.
// A history without condensations gives its first record and, when there
// are others, its last.
func DistanceEvolutionRecords(history []train.Record, most int) []int {
	if len(history) == 0 {
		return nil
	}
	var befores []int // the index of each Before record that an After follows
	for i := 1; i+1 < len(history); i++ {
		if history[i].Condensation == train.Before && history[i+1].Condensation == train.After && history[i+1].Iter == history[i].Iter {
			befores = append(befores, i)
		}
	}
	if len(befores) == 0 {
		if len(history) == 1 {
			return []int{0}
		}
		return []int{0, len(history) - 1}
	}
	if most >= 1 && len(befores) > most {
		kept := make([]int, most)
		for k := range kept { // spread evenly, ending with the last
			kept[k] = befores[(k+1)*len(befores)/most-1]
		}
		befores = kept
	}
	out := []int{0}
	for _, b := range befores {
		out = append(out, b, b+1)
	}
	return out
}

// WeightDistributions makes Fig. weight_distributions from the final
// ensemble of GraphRun.
func WeightDistributions(s *Store) (*figures.Figure, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return nil, err
	}
	return figures.WeightDistributions(res.Arch, res.Particles.Rows()), nil
}

// GraphCondenseSpeedup makes Fig. graph_condense_speedup from SpeedupRuns.
func GraphCondenseSpeedup(s *Store) (*figures.Figure, error) {
	withSpecs, withoutSpecs := s.SpeedupRuns()
	with, err := s.All(withSpecs)
	if err != nil {
		return nil, err
	}
	without, err := s.All(withoutSpecs)
	if err != nil {
		return nil, err
	}
	floor, err := NoiseFloorOf(withSpecs[0]) // one noise level and test path for all
	if err != nil {
		return nil, err
	}
	return figures.GraphCondenseSpeedup(PaperAlphas, deref(with), deref(without), floor), nil
}

func deref(rs []*train.Result) []train.Result {
	out := make([]train.Result, len(rs))
	for i, r := range rs {
		out[i] = *r
	}
	return out
}
