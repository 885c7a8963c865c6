package nuts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Checkpoint makes a run resumable ([Config].Checkpoint). The chains go
// on from the states in Resume, and each saves its own state
// ([ChainState]) every Every of its iterations, at its end, and when the
// run's context stops it (before returning the error), each time calling
// Save with the run's state: the latest state of every chain. A run
// resumed from the last state Save received ends with the result of an
// uninterrupted run, bit for bit: draws, transitions, step sizes,
// metrics, evaluation counts and divergences.
//
// The chains run in parallel, so the state that Save receives holds
// chains saved at different iterations; Save is called by one chain at a
// time, each call with a later state than the one before, and must have
// written (or copied) it when it returns: the state changes afterwards.
// An error of Save stops the chain that saved, and the run fails with it.
type Checkpoint struct {
	// Resume is the state to go on from (nil: every chain starts afresh).
	// Sample refuses, with an error wrapping [ErrResume], a state of
	// another configuration (the number of workers aside), of another
	// dimension, or whose chains are not consistent with it; a chain
	// without a state starts afresh.
	Resume *State
	// Every is the number of a chain's iterations between its periodic
	// saves (0: [DefaultSaveEvery]).
	Every int
	// Save writes the run's state (nil: the run saves nothing).
	Save func(*State) error
}

// DefaultSaveEvery is the interval of a chain's periodic saves when
// Checkpoint.Every is 0: 50 iterations, 30 saves per chain of Stan's
// 1000 + 500 iterations, so that little work is lost and the saves (of
// a few megabytes for chains of a hundred coordinates) cost little.
const DefaultSaveEvery = 50

// ErrResume is wrapped by the error of [Sample] when its checkpoint's
// Resume state does not belong to the run or is not consistent: nothing
// was run, and the caller may run afresh.
var ErrResume = errors.New("cannot resume from the saved state")

// stateVersion is the format of a [State]; a state of another version is
// refused.
const stateVersion = 1

// State is the saved state of a run: the configuration it belongs to,
// the dimension, the wall time its chains ran before (in the processes
// that saved it) and the latest state of each chain (nil: the chain has
// not saved yet).
type State struct {
	Version int           `json:"version"`
	Config  Config        `json:"config"` // the run's, with Workers 0
	Dim     int           `json:"dim"`
	Seconds float64       `json:"seconds"` // wall time of the run's chains until this state, resumed runs summed
	Chains  []*ChainState `json:"chains"`
}

// runIdentity is the part of c that determines the draws: its JSON, without
// the number of workers (the context and the checkpoint are not in it).
func runIdentity(c Config) ([]byte, error) {
	c.Workers = 0
	return json.Marshal(c)
}

// check reports the first way in which s cannot be resumed as a run of c
// in dimension dim, as an error wrapping [ErrResume].
func (s *State) check(c Config, dim int) error {
	mine, err1 := runIdentity(c)
	theirs, err2 := runIdentity(s.Config)
	var why error
	switch {
	case s.Version != stateVersion:
		why = fmt.Errorf("format version %d, want %d", s.Version, stateVersion)
	case err1 != nil || err2 != nil || !bytes.Equal(mine, theirs):
		why = errors.New("another configuration")
	case s.Dim != dim || len(s.Chains) != c.Chains:
		why = fmt.Errorf("%d chains in dimension %d, want %d in dimension %d", len(s.Chains), s.Dim, c.Chains, dim)
	}
	for k, ch := range s.Chains {
		if why != nil {
			break
		}
		if ch != nil {
			if err := ch.check(c, dim); err != nil {
				why = fmt.Errorf("chain %d: %w", k, err)
			}
		}
	}
	if why != nil {
		return fmt.Errorf("%w: %w", ErrResume, why)
	}
	return nil
}

// saver gathers the chains' states of a run with a checkpoint and hands
// them to its Save, one chain at a time.
type saver struct {
	ck     *Checkpoint
	mu     sync.Mutex
	state  State
	start  time.Time // when this process started the chains
	before float64   // seconds of the chains before this process
}

// newSaver is the saver of a run of c in dimension dim with its
// checkpoint ck (nil: none), after checking ck's Resume state.
func newSaver(c Config, dim int, ck *Checkpoint) (*saver, error) {
	if ck == nil {
		return nil, nil
	}
	if ck.Every < 0 {
		return nil, fmt.Errorf("checkpoint interval = %d must be >= 0 (0: %d)", ck.Every, DefaultSaveEvery)
	}
	id := c
	id.Workers, id.Context, id.Checkpoint = 0, nil, nil
	s := &saver{ck: ck, start: time.Now(), state: State{Version: stateVersion, Config: id, Dim: dim, Chains: make([]*ChainState, c.Chains)}}
	if r := ck.Resume; r != nil {
		if err := r.check(c, dim); err != nil {
			return nil, err
		}
		copy(s.state.Chains, r.Chains)
		s.before = r.Seconds
	}
	return s, nil
}

// resume is the saved state of chain k (nil: none, or no checkpoint).
func (s *saver) resume(k int) *ChainState {
	if s == nil {
		return nil
	}
	return s.state.Chains[k]
}

// interval is the number of a chain's iterations between its periodic
// saves.
func (s *saver) interval() int {
	if s == nil || s.ck.Every == 0 {
		return DefaultSaveEvery
	}
	return s.ck.Every
}

// save makes cs the state of chain k and hands the run's state to Save.
func (s *saver) save(k int, cs *ChainState) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state.Chains[k] = cs
	s.state.Seconds = s.before + time.Since(s.start).Seconds()
	if s.ck.Save == nil {
		return nil
	}
	if err := s.ck.Save(&s.state); err != nil {
		return fmt.Errorf("saving the state at iteration %d: %w", cs.Done, err)
	}
	return nil
}
