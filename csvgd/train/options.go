package train

import (
	"context"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"io"
)

// Options are the optional parts of a run: where its progress goes, and
// its checkpoints ([RunWith]).
type Options struct {
	// Progress receives a progress bar when it is not nil.
	Progress io.Writer
	// Log receives the run's messages (resuming from a checkpoint); nil:
	// Progress. A run without a bar sets it alone.
	Log io.Writer
	// Checkpoint, when not empty, is the file that makes the run
	// resumable: see [RunWith].
	Checkpoint string
	// CheckpointEvery is the interval of the periodic checkpoints in
	// iterations (0: 100); checkpoints are also written at the end of
	// every stage.
	CheckpointEvery int
	// Context, when not nil, stops the run after the iteration during
	// which it is cancelled.
	Context context.Context
	// Steps is how the first-order stages run their steps on the device
	// (stein.StepsMode); the zero value, the backend's mode
	// ([stein.StepsModeFor]), with the host taking the bandwidth's median
	// where the backend shares its memory. Another mode takes the median
	// on the device.
	Steps stein.StepsMode
	// Shapes says at which shapes the stages compile their graphs; the
	// zero value, the backend's choice ([ShapesFor]).
	Shapes Shapes

	onStep  func(done int)      // tests: called after every iteration
	onBuild func(graphs string) // tests: called when the run makes a set of graphs (to compile at first use)
}

// messages is where the run's messages go: Log, else Progress.
func (o Options) messages() io.Writer {
	if o.Log != nil {
		return o.Log
	}
	return o.Progress
}

// built tells the test hook that the run made a set of graphs.
func (o Options) built(graphs string) {
	if o.onBuild != nil {
		o.onBuild(graphs)
	}
}
