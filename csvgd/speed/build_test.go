package speed

import (
	"os"
	"strings"
	"testing"
)

// TestBuildOfNamesThisBuild: the report's build is the test binary's own:
// the GOEXPERIMENT it was built with is the one in the environment of
// `go test` (make test sets simd where the toolchain has it). (Test
// binaries record no module versions, so the GoMLX version is not checked
// here.)
func TestBuildOfNamesThisBuild(t *testing.T) {
	goVersion, experiment, _ := BuildOf()
	if want := os.Getenv("GOEXPERIMENT"); experiment != want {
		t.Errorf("built with GOEXPERIMENT=%q, the environment has %q", experiment, want)
	}
	if experiment == "simd" && !strings.Contains(goVersion, "simd") {
		t.Errorf("Go version %q does not name the simd experiment", goVersion)
	}
}
