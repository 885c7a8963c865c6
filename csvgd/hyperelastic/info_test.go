package hyperelastic

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInfoRoundTrip: what MarshalInfo writes, ReadInfoFile reads back,
// for both test paths; bad files give one-line errors naming the file.
func TestInfoRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []DataConfig{PaperData(0.2, 7), {Noise: 0, Seed: 1<<63 + 5, NTrain: 3, NTest: 4, Delta: 0.1, TestRange: 0.3, Path: IsochoricPath}} {
		b, err := MarshalInfo(c)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, InfoFile)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadInfoFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got != c {
			t.Errorf("read %+v, wrote %+v", got, c)
		}
	}
	if _, err := ReadInfoFile(filepath.Join(dir, "none", InfoFile)); !errors.Is(err, ErrNoInfo) {
		t.Errorf("missing file: error %v, want ErrNoInfo", err)
	}
	for name, content := range map[string]string{
		"not JSON":       "noise = 0.1",
		"other format":   `{"format": "csvgd-ensemble", "noise": 0.1}`,
		"negative noise": `{"format": "csvgd-hyperelastic-data", "noise": -0.1, "seed": 1, "train_points": 80, "test_points": 1000, "delta": 0.2, "test_range": 0.4, "test_path": "printed"}`,
		"unknown path":   `{"format": "csvgd-hyperelastic-data", "noise": 0.1, "seed": 1, "train_points": 80, "test_points": 1000, "delta": 0.2, "test_range": 0.4, "test_path": "shear"}`,
		"unknown field":  `{"format": "csvgd-hyperelastic-data", "sigma": 0.1}`,
	} {
		path := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadInfoFile(path)
		if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming %s", name, err, path)
		}
	}
}

// TestIsochoricPath: J = 1 along the isochoric path, J = (1+d)^2 along the
// printed one, and both stretch F11 to 1+d.
func TestIsochoricPath(t *testing.T) {
	for _, d := range []float64{-0.4, -0.1, 0.25, 0.4} {
		for _, tc := range []struct {
			path TestPath
			j    float64
		}{{PrintedPath, (1 + d) * (1 + d)}, {IsochoricPath, 1}} {
			k, err := NewKinematics(tc.path.F(d))
			if err != nil {
				t.Fatal(err)
			}
			if diff := k.J - tc.j; diff > 1e-14 || diff < -1e-14 || k.F[0] != 1+d {
				t.Errorf("%v path at d = %v: J = %v, F11 = %v, want J = %v, F11 = %v", tc.path, d, k.J, k.F[0], tc.j, 1+d)
			}
		}
	}
}
