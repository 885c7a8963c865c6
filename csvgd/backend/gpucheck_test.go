package backend

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// gpuCheckScript is scripts/gpu-check.sh, from this package's folder.
const gpuCheckScript = "../../scripts/gpu-check.sh"

// gpuCheckSteps are the steps of gpu-check.sh run, in order.
var gpuCheckSteps = []string{"nvidia-smi", "env", "unpack", "smoke", "xla-tests", "bench", "bench10k", "train", "jax", "torch", "bench-chained", "bench-sort", "train-template"}

// Fakes of the GPU machine's programs. Each records its arguments and the
// variables gpu-check.sh sets in $RECORD/NAME.calls, one line per call,
// and misbehaves when FAKE_FAIL, FAKE_SKIP or FAKE_HANG (lists of steps)
// name its step.
const (
	fakeCSVGD = `#!/bin/bash
step=$1
case " $* " in *" -particles 2 "*) step=smoke ;; *" -particles 10000 "*) step=bench10k ;; *" -steps-mode chained "*) step=bench-chained ;; *" -median sort "*) step=bench-sort ;; esac
echo "$* | $GOMLX_BACKEND | $LD_LIBRARY_PATH | $XLA_FLAGS | $GOPJRT_CUDA_CHECKS | $CSVGD_ROOT" >>"$RECORD/csvgd.calls"
echo "csvgd: GoMLX backend $GOMLX_BACKEND (fake)" >&2
case " $FAKE_HANG " in *" $step "*) exec sleep 60 ;; esac
case " $FAKE_FAIL " in *" $step "*) echo "csvgd $step: compiling the step: INTERNAL: fake failure" >&2; exit 1 ;; esac
while [ $# -gt 0 ]; do [ "$1" = -cpuprofile ] && : >"$2"; shift; done
case $step in
train) echo '{"iterations": 2000, "seconds": 12.5}' ;;
*) echo '{"results": []}' ;;
esac
`
	// fakeTests is the test binary of csvgd/reference (TESTS: its tests)
	// or of csvgd/stein.
	fakeTests = `#!/bin/bash
echo "$(basename "$0") $* | $GOMLX_BACKEND | $CSVGD_ROOT" >>"$RECORD/tests.calls"
case " $FAKE_HANG " in *" xla-tests "*) exec sleep 60 ;; esac
case " $FAKE_FAIL " in *" xla-tests "*)
	echo "--- FAIL: TestXLAStepMatchesReference (0.10s)"
	echo "    xla_test.go:41: particles differ from the reference by 3e-03"
	echo "FAIL"
	exit 1
esac
for t in $TESTS; do
	case " $FAKE_SKIP " in *" xla-tests "*) echo "--- SKIP: $t (0.00s)" ;; *) echo "--- PASS: $t (0.10s)" ;; esac
done
echo PASS
`
	// fakePython answers gpu-env.sh (sysconfig), gpu-check.sh's questions
	// (torch installed? which packages?) and runs of torch_step.py.
	fakePython = `#!/bin/bash
if [ "$1" = -c ]; then
	case $2 in
	*sysconfig*) echo "$SITE_PACKAGES" ;;
	*find_spec*) exit 0 ;;
	*importlib.metadata*) echo "python 3.12.3; jax 0.11.2, jax-cuda13-pjrt 0.11.2, torch 2.11.0" ;;
	esac
	exit 0
fi
step=torch
case $1 in *jax_step.py) step=jax ;; esac
echo "$* | $GOMLX_BACKEND" >>"$RECORD/$step.calls"
case " $FAKE_HANG " in *" $step "*) exec sleep 60 ;; esac
case " $FAKE_FAIL " in *" $step "*) echo "RuntimeError: CUDA error: no kernel image" >&2; exit 1 ;; esac
diff=2e-15
case " $FAKE_DIFFER " in *" $step "*) diff=3e-06 ;; esac
echo '{"device": "NVIDIA H100 80GB HBM3", "check": {"max_rel_diff": '$diff'}, "results": []}'
`
	fakeNvidiaSMI = `#!/bin/bash
case " $* " in
*--query-gpu*) echo "NVIDIA H100 80GB HBM3, 580.65.06, 81559 MiB, 9.0" ;;
*) echo "| NVIDIA-SMI 580.65.06   Driver Version: 580.65.06   CUDA Version: 13.0 |" ;;
esac
`
	fakeLdd = `#!/bin/bash
echo "	libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (fake ldd of $1)"
`
)

// gpuMachine is a fake GPU machine: a bundle as gpu-check.sh build makes
// it, with fake binaries, a fake JAX installation and fake programs on
// PATH.
type gpuMachine struct {
	bundle, sitePackages, bin, record string
}

// writeExec writes an executable file.
func writeExec(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}

// writeGzip writes text gzipped to path.
func writeGzip(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	if _, err := z.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// copyFile copies a file of the repository into dir.
func copyFile(t *testing.T, src, dir string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	writeExec(t, filepath.Join(dir, filepath.Base(src)), string(b))
}

// newGPUMachine builds the fake machine; omit names files of the JAX
// installation to leave out (see fakeSitePackages).
func newGPUMachine(t *testing.T, omit ...string) gpuMachine {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	for _, tool := range []string{"timeout", "gzip", "gunzip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found", tool)
		}
	}
	m := gpuMachine{bundle: filepath.Join(t.TempDir(), ".gpu"), bin: t.TempDir(), record: t.TempDir()}
	m.sitePackages = fakeSitePackages(t, omit...)
	copyFile(t, gpuCheckScript, m.bundle)
	copyFile(t, gpuEnvScript, m.bundle)
	for _, f := range []string{"torch_step.py", "jax_step.py", "stepdata.py"} {
		copyFile(t, "../../bench/"+f, m.bundle)
	}
	writeExec(t, filepath.Join(m.bundle, "check-10x4.json"), "{}\n")
	writeExec(t, filepath.Join(m.bundle, "build.json"), `{"commit": "0123abc", "dirty": false}`+"\n")
	writeExec(t, filepath.Join(m.bundle, "data", "hyperelastic", "noise-0.10", "train.csv"), "F11\n")
	writeGzip(t, filepath.Join(m.bundle, "csvgd.gz"), fakeCSVGD)
	writeGzip(t, filepath.Join(m.bundle, "reference.test.gz"),
		"#!/bin/bash\nTESTS='TestXLAStepMatchesReference TestXLACondensedStresses'\n"+strings.TrimPrefix(fakeTests, "#!/bin/bash\n"))
	writeGzip(t, filepath.Join(m.bundle, "stein.test.gz"), "#!/bin/bash\nTESTS='TestStepsModesAgree TestStepsStopAtTheFirstNonFiniteStep "+
		"TestDeviceBandwidthMatchesTheHost TestOrderStatisticsMatchTheHost TestFlowMatchesHostBandwidth TestHeldCoordinatesStay'\n"+strings.TrimPrefix(fakeTests, "#!/bin/bash\n"))
	writeExec(t, filepath.Join(m.bin, "python3"), fakePython)
	writeExec(t, filepath.Join(m.bin, "nvidia-smi"), fakeNvidiaSMI)
	writeExec(t, filepath.Join(m.bin, "ldd"), fakeLdd)
	return m
}

// run runs "gpu-check.sh run" from the bundle in folder dir, with the
// fake programs first on PATH and the variables of env.
func (m gpuMachine) run(t *testing.T, dir string, env ...string) (stderr string, code int) {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(m.bundle, "gpu-check.sh"), "run")
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + m.bin + ":" + os.Getenv("PATH"), "HOME=" + t.TempDir(),
		"RECORD=" + m.record, "SITE_PACKAGES=" + m.sitePackages, "CUDA_HOME=" + t.TempDir()}, env...)
	var errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &errOut, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return errOut.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return errOut.String(), 0
}

// calls returns the lines a fake recorded.
func (m gpuMachine) calls(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(m.record, name+".calls"))
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// gpuCheckSummary is the part of summary.json the tests read.
type gpuCheckSummary struct {
	Passed       bool   `json:"passed"`
	Finished     bool   `json:"finished"`
	GPU          string `json:"gpu"`
	Python       string `json:"python"`
	TorchPython  string `json:"torch_python"`
	Packages     string `json:"packages"`
	GoMLXBackend string `json:"gomlx_backend"`
	XLAFlags     string `json:"xla_flags"`
	Backend      string `json:"backend"`
	Bundle       struct {
		Commit string `json:"commit"`
	} `json:"bundle"`
	Steps []struct {
		Name, Status, Error, Stdout string
		Limit                       int `json:"limit_s"`
	} `json:"steps"`
}

func readSummary(t *testing.T, out string) gpuCheckSummary {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s gpuCheckSummary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("summary.json: %v\n%s", err, b)
	}
	return s
}

// statuses maps each step of s to its status.
func (s gpuCheckSummary) statuses() map[string]string {
	m := map[string]string{}
	for _, st := range s.Steps {
		m[st.Name] = st.Status
	}
	return m
}

// TestGPUCheckRunsEveryStep: on a fake machine whose programs all
// succeed, every step passes, each in its order, into the folder OUT; the
// binaries run with the plugin's absolute path in GOMLX_BACKEND, NVIDIA's
// libraries and the CUDA folder, on the bundle's data, with the arguments
// of the check; PyTorch runs the same sizes on the GPU; and the summary
// names the GPU, the Python, its packages and the bundle's commit.
func TestGPUCheckRunsEveryStep(t *testing.T) {
	m := newGPUMachine(t)
	out := filepath.Join(t.TempDir(), "results")
	stderr, code := m.run(t, t.TempDir(), "OUT="+out)
	if code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr)
	}
	s := readSummary(t, out)
	var names []string
	for _, st := range s.Steps {
		names = append(names, st.Name)
		if st.Status != "passed" || st.Error != "" {
			t.Errorf("step %s: %s %q", st.Name, st.Status, st.Error)
		}
	}
	if !slices.Equal(names, gpuCheckSteps) || !s.Passed || !s.Finished {
		t.Errorf("steps %v (want %v), passed %v, finished %v", names, gpuCheckSteps, s.Passed, s.Finished)
	}
	plugin := m.sitePackages + "/jax_plugins/xla_cuda13/xla_cuda_plugin.so"
	python := filepath.Join(m.bin, "python3")
	if s.GoMLXBackend != "xla:"+plugin || !strings.Contains(s.XLAFlags, "--xla_gpu_cuda_data_dir="+m.sitePackages+"/nvidia/cu13") ||
		s.Python != python || s.TorchPython != python || !strings.HasPrefix(s.GPU, "NVIDIA H100") ||
		!strings.Contains(s.Packages, "jax-cuda13-pjrt 0.11.2") || s.Bundle.Commit != "0123abc" || !strings.Contains(s.Backend, "xla:"+plugin) {
		t.Errorf("summary: %+v", s)
	}
	for _, f := range []string{"gpu-check.log", "nvidia-smi.out", "env.out", "plugin-ldd.txt", "smoke.json", "xla-tests.out", "bench.json",
		"bench.pprof", "bench10k.json", "train.json", "jax.json", "torch.json", "bench-chained.json", "bench-sort.json", "train-template.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("OUT lacks %s: %v", f, err)
		}
	}
	csvgdCalls := m.calls(t, "csvgd")
	wantArgs := []string{"bench -particles 2 -widths 4 ", "bench -particles 10,100,1000 -widths 30,4 -json -cpuprofile " + out + "/bench.pprof",
		"bench -particles 10000 -widths 30,4 -json -no-reference", "train -particles 100 -alpha 0.5 -lambda 0.05 -shapes fixed -quiet -json",
		"bench -particles 10,100 -widths 30,4 -json -no-reference -steps-mode chained",
		"bench -particles 100,1000 -widths 30,4 -json -no-reference -median sort",
		"train -particles 100 -alpha 0.5 -lambda 0.05 -shapes template -quiet -json"}
	if len(csvgdCalls) != len(wantArgs) {
		t.Fatalf("csvgd ran %d times, want %d: %q", len(csvgdCalls), len(wantArgs), csvgdCalls)
	}
	for i, c := range csvgdCalls {
		f := strings.Split(c, " | ")
		if !strings.HasPrefix(f[0], wantArgs[i]) || f[1] != "xla:"+plugin || !strings.HasPrefix(f[2], m.sitePackages+"/nvidia/cu13/lib:") ||
			!strings.HasSuffix(f[3], "--xla_gpu_cuda_data_dir="+m.sitePackages+"/nvidia/cu13") || f[4] != "0" || f[5] != m.bundle {
			t.Errorf("csvgd call %d: %q; want arguments %q, the plugin, NVIDIA's libraries, the CUDA folder, GOPJRT_CUDA_CHECKS=0 and the bundle's data", i, c, wantArgs[i])
		}
	}
	if c := m.calls(t, "tests"); len(c) != 2 || !strings.Contains(c[0], "-test.run ^(TestXLAStepMatchesReference|TestXLACondensedStresses)$") ||
		!strings.HasPrefix(c[1], "stein.test ") || !strings.Contains(c[1], "TestStepsModesAgree") ||
		!strings.Contains(c[0], " | xla:"+plugin+" | "+m.bundle) || !strings.Contains(c[1], " | xla:"+plugin+" | "+m.bundle) {
		t.Errorf("test binary calls %q", c)
	}
	check := "--check " + m.bundle + "/check-10x4.json"
	if c := m.calls(t, "torch"); len(c) != 1 || !strings.Contains(c[0], "torch_step.py --particles 10,100,1000 --width 30,4 --device cuda --data "+m.bundle) ||
		!strings.Contains(c[0], check) || !strings.HasSuffix(c[0], " | ") {
		t.Errorf("torch_step.py calls %q: want the sizes of bench on cuda and the check, outside the Go binaries' environment", c)
	}
	if c := m.calls(t, "jax"); len(c) != 1 || !strings.Contains(c[0], "jax_step.py --particles 10,100,1000,10000 --width 30,4 --calls-of 100") ||
		!strings.Contains(c[0], check) || !strings.HasSuffix(c[0], " | xla:"+plugin) {
		t.Errorf("jax_step.py calls %q: want the sizes of bench and 10000, in calls of 100, with the check, in the Go binaries' environment", c)
	}
}

// TestGPUCheckGoesOnAfterAFailure: a step that fails, is skipped or hangs
// is recorded with its error (the end of what it printed), the run goes
// on with the next steps, and the exit status and summary say it did not
// pass.
func TestGPUCheckGoesOnAfterAFailure(t *testing.T) {
	type outcome struct{ status, error string }
	for _, c := range []struct {
		env  []string
		want map[string]outcome // the steps that do not pass
	}{
		{[]string{"FAKE_FAIL=xla-tests torch", "FAKE_HANG=bench", "GPU_CHECK_TIMEOUT_BENCH=2"}, map[string]outcome{
			"xla-tests": {"failed", "particles differ from the reference by 3e-03"},
			"bench":     {"timed out", "timed out after 2s"},
			"torch":     {"failed", "RuntimeError: CUDA error: no kernel image"},
		}},
		{[]string{"FAKE_FAIL=smoke", "FAKE_SKIP=xla-tests", "FAKE_DIFFER=jax"}, map[string]outcome{
			"smoke":     {"failed", "INTERNAL: fake failure"},
			"xla-tests": {"failed", "--- SKIP: TestXLAStepMatchesReference"},
			"jax":       {"failed", "differs from the reference's by 3e-06"},
		}},
	} {
		m := newGPUMachine(t)
		out := t.TempDir()
		stderr, code := m.run(t, t.TempDir(), append(c.env, "OUT="+out)...)
		s := readSummary(t, out)
		if code != 1 || s.Passed || !s.Finished || len(s.Steps) != len(gpuCheckSteps) {
			t.Errorf("%v: exit status %d, passed %v, finished %v, %d steps; want 1, false, true, %d", c.env, code, s.Passed, s.Finished, len(s.Steps), len(gpuCheckSteps))
		}
		for _, st := range s.Steps {
			want, bad := c.want[st.Name]
			if !bad {
				want.status = "passed"
			}
			if st.Status != want.status || !strings.Contains(st.Error, want.error) {
				t.Errorf("%v: step %s %q, error %q; want %q with %q", c.env, st.Name, st.Status, st.Error, want.status, want.error)
			}
			if bad && !strings.Contains(stderr, want.error) {
				t.Errorf("%v: the log does not show %q:\n%s", c.env, want.error, stderr)
			}
		}
	}
}

// TestGPUCheckWithoutPlugin: without JAX's CUDA plugin the env step fails
// with gpu-env.sh's message, the steps that need the plugin are skipped
// (csvgd never runs, so no pure-Go numbers pass for GPU ones), and
// PyTorch still runs.
func TestGPUCheckWithoutPlugin(t *testing.T) {
	m := newGPUMachine(t, "jax_plugins/xla_cuda13/xla_cuda_plugin.so")
	out := t.TempDir()
	_, code := m.run(t, t.TempDir(), "OUT="+out, "PYTHON="+filepath.Join(m.bin, "python3"))
	s := readSummary(t, out)
	want := map[string]string{"nvidia-smi": "passed", "env": "failed", "unpack": "passed", "smoke": "skipped",
		"xla-tests": "skipped", "bench": "skipped", "bench10k": "skipped", "train": "skipped", "jax": "skipped", "torch": "passed", "bench-chained": "skipped", "bench-sort": "skipped", "train-template": "skipped"}
	if got := s.statuses(); code != 1 || !mapsEqual(got, want) {
		t.Errorf("exit status %d, steps %v; want 1, %v", code, got, want)
	}
	if !strings.Contains(s.Steps[1].Error, "xla_cuda_plugin.so") {
		t.Errorf("env error %q does not say what is missing", s.Steps[1].Error)
	}
	if c := m.calls(t, "csvgd"); len(c) != 0 {
		t.Errorf("csvgd ran without the plugin: %q", c)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestGPUCheckOutputFolder: without OUT the run writes into a new folder
// gpu-check-<time> of the working directory and prints its name; an OUT
// that holds an earlier check is refused, its files untouched.
func TestGPUCheckOutputFolder(t *testing.T) {
	m := newGPUMachine(t)
	dir := t.TempDir()
	stderr, code := m.run(t, dir)
	if code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr)
	}
	match := regexp.MustCompile(`writing to (\S+)`).FindStringSubmatch(stderr)
	if match == nil || filepath.Dir(match[1]) != dir || !strings.HasPrefix(filepath.Base(match[1]), "gpu-check-") {
		t.Fatalf("no folder gpu-check-* of %s named in:\n%s", dir, stderr)
	}
	if s := readSummary(t, match[1]); !s.Passed {
		t.Errorf("summary in %s: %+v", match[1], s)
	}
	before, err := os.ReadFile(filepath.Join(match[1], "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	stderr, code = m.run(t, dir, "OUT="+match[1])
	after, _ := os.ReadFile(filepath.Join(match[1], "summary.json"))
	if code == 0 || !strings.Contains(stderr, "earlier check") || string(after) != string(before) {
		t.Errorf("a second run into the same OUT: exit status %d, stderr %q, summary changed %v", code, stderr, string(after) != string(before))
	}
}

// TestGPUCheckBuildKeepsOtherFolders: build refuses to write its bundle
// into a folder that holds something else.
func TestGPUCheckBuildKeepsOtherFolders(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("bash", gpuCheckScript, "build", dir).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "not a bundle") {
		t.Errorf("build into a folder of other files: %v, %s", err, out)
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "mine" {
		t.Errorf("the folder's file changed: %q, %v", b, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("build wrote into the folder: %v", entries)
	}
}
