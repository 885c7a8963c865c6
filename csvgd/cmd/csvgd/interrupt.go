package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptible is the context of a command's long work: cancelled by
// Ctrl-C or SIGTERM, so that runs stop cleanly (training runs at their
// last checkpoint); stop releases the signals.
func interruptible() (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
