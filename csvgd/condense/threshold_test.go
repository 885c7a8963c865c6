package condense_test

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestPaperThresholdEverywhere: the prior's default smoothing and
// training's default threshold, which cannot or do not refer to
// PaperThreshold, equal it.
func TestPaperThresholdEverywhere(t *testing.T) {
	if stein.DefaultSmoothing != condense.PaperThreshold {
		t.Errorf("stein.DefaultSmoothing = %v, want PaperThreshold = %v", stein.DefaultSmoothing, condense.PaperThreshold)
	}
	if th := train.DefaultConfig().Threshold; th != condense.PaperThreshold {
		t.Errorf("train.DefaultConfig().Threshold = %v, want PaperThreshold = %v", th, condense.PaperThreshold)
	}
}
