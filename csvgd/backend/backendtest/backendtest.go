// Package backendtest gives tests the process's GoMLX backend.
package backendtest

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/gomlx/gomlx/backends"
)

// Backend returns [backend.Default], failing the test when there is none.
func Backend(tb testing.TB) backends.Backend {
	tb.Helper()
	b, err := backend.Default()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
