package speed

import (
	"runtime"
	"runtime/debug"
)

// gomlxModule is the module whose version a report names.
const gomlxModule = "github.com/gomlx/gomlx"

// BuildOf describes the running binary as a report states it: the Go
// version, the GOEXPERIMENT it was built with ("" for none; "simd" turns on
// the pure-Go backend's AVX2/AVX-512 matrix products) and the GoMLX
// version it links ("" when the build information lacks it, as in test
// binaries).
func BuildOf() (goVersion, experiment, gomlx string) {
	goVersion = runtime.Version()
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return goVersion, "", ""
	}
	for _, s := range info.Settings {
		if s.Key == "GOEXPERIMENT" {
			experiment = s.Value
		}
	}
	for _, d := range info.Deps {
		if d.Path == gomlxModule {
			gomlx = d.Version
			if d.Replace != nil {
				gomlx = d.Replace.Version
			}
		}
	}
	return goVersion, experiment, gomlx
}
