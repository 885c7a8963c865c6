// Package backendtest gives tests the process's GoMLX backend.
package backendtest

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/gomlx/compute"
)

// Backend returns [backend.Default], failing the test when there is none.
func Backend(tb testing.TB) compute.Backend {
	tb.Helper()
	b, err := backend.Default()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
