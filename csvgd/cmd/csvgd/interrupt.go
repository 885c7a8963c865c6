package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptible is the context of a command's long work: cancelled by
// Ctrl-C or SIGTERM, so that runs stop cleanly (training runs at a
// checkpoint, the cache's NUTS runs with their chains' state saved, both
// resumed by the next call; other sampler runs before their next
// iteration, to start again; no cache file half written); stop releases
// the signals. The first signal says
// so on standard error and gives the signals back their default effect,
// so that a second Ctrl-C ends the process at once.
func interruptible() (ctx context.Context, stop context.CancelFunc) {
	return interruptibleOn(os.Stderr, os.Interrupt, syscall.SIGTERM)
}

// interruptibleOn is [interruptible] for the signals sigs, writing its
// line to w. Its stop returns once the line is written, so that the
// command's own last words come after it.
func interruptibleOn(w io.Writer, sigs ...os.Signal) (context.Context, context.CancelFunc) {
	ctx, release := signal.NotifyContext(context.Background(), sigs...)
	said := make(chan struct{})
	go func() {
		defer close(said)
		<-ctx.Done()
		release() // the next signal has its default effect
		if cause := context.Cause(ctx); cause != context.Canceled {
			fmt.Fprintf(w, "csvgd: %v: stopping (training and cached NUTS runs at a checkpoint that the next call resumes, other sampler runs before their next iteration); Ctrl-C again ends the process at once\n", cause)
		}
	}()
	return ctx, func() { release(); <-said }
}
