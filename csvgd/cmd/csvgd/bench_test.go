package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBenchBadInput: bad flags and files are one-line usage errors, and
// an existing profile or a document without the speed block is left alone.
func TestBenchBadInput(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.md")
	if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-particles", "1"}, `"1" is not an integer >= 2`},
		{[]string{"bench", "-particles", "10,x"}, `"x"`},
		{[]string{"bench", "-widths", "0"}, `"0" is not an integer >= 1`},
		{[]string{"bench", "-widths", ""}, `-widths ""`},
		{[]string{"bench", "-time", "0s"}, "-time 0s"},
		{[]string{"bench", "-min-iters", "0"}, "-min-iters 0"},
		{[]string{"bench", "-workers", "-1"}, "-workers -1"},
		{[]string{"bench", "-doc", mine}, "mine.md: no bench block"},
		{[]string{"bench", "-cpuprofile", mine}, "mine.md: the file exists"},
		{[]string{"bench", "-cpuprofile", dir}, "is a folder, not a file"},
		{[]string{"bench", "-check-out", mine, "-particles", "2", "-widths", "3"}, "-check-out " + mine + ": the file exists"},
		{[]string{"bench", "-check-out", filepath.Join(dir, "nowhere", "check.json"), "-particles", "2", "-widths", "3"}, "nowhere does not exist"},
		{[]string{"bench", "-bogus"}, "-bogus"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want one line naming %s)", c.args, code, out, errOut, c.want)
		}
	}
	if raw, _ := os.ReadFile(mine); string(raw) != "mine\n" {
		t.Fatal("bench changed a file it should have left alone")
	}
}

// TestBenchJSON checks the contract of `csvgd bench -json` on a tiny run:
// one JSON object with backend, dtype and one result per case (particles,
// width, params, ms_per_iter > 0), and the document block it replaces.
func TestBenchJSON(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "speed.md")
	before := "# T\n" + speedTable.begin + "\nold\n" + speedTable.end + "\nafter\n"
	if err := os.WriteFile(doc, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("bench", "-json", "-particles", "3", "-widths", "4,2", "-time", "1ms", "-min-iters", "2", "-doc", doc)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Backend, DType string
		Results        []struct {
			Particles, Width, Params int
			MsPerIter                float64 `json:"ms_per_iter"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if rep.Backend == "" || rep.DType != "float64" || len(rep.Results) != 2 {
		t.Fatalf("report %+v", rep)
	}
	for i, want := range []struct{ width, params int }{{4, 3*4 + 4*4 + 4}, {2, 3*2 + 2*2 + 2}} {
		r := rep.Results[i]
		if r.Particles != 3 || r.Width != want.width || r.Params != want.params || !(r.MsPerIter > 0) {
			t.Errorf("result %d: %+v, want 3 particles, width %d, %d params, a positive time", i, r, want.width, want.params)
		}
	}
	raw, _ := os.ReadFile(doc)
	if s := string(raw); strings.Contains(s, "\nold\n") || !strings.Contains(s, "| 3 | 2 | 12 |") || !strings.HasSuffix(s, speedTable.end+"\nafter\n") {
		t.Errorf("document after bench:\n%s", s)
	}
}

// TestBenchCompareBuilds: `bench -build` compares the -json reports of
// several builds (medians over rounds) into the versions block of -doc,
// and refuses bad input with one line, leaving the document alone.
func TestBenchCompareBuilds(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rep := func(ms float64) string {
		return `{"cpus": 2, "results": [{"particles": 10, "width": 30, "params": 1020, "ms_per_iter": ` +
			strconv.FormatFloat(ms, 'g', -1, 64) + `, "reference_ms_per_iter": 2}]}`
	}
	a1, a2, a3, b1 := write("a1.json", rep(4)), write("a2.json", rep(8)), write("a3.json", rep(5)), write("b1.json", rep(2.5))
	doc := write("speed.md", "# T\n"+versionsTable.begin+"\nold\n"+versionsTable.end+"\nafter\n")
	code, out, errOut := runCLI("bench", "-build", "old="+a1+","+a2+","+a3, "-build", "new="+b1, "-doc", doc)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	row := "| 10 | 30 | 1020 | 5.00 | 2.50 | 2.00 | 0.50x |"
	raw, _ := os.ReadFile(doc)
	if !strings.Contains(out, row) || !strings.Contains(string(raw), row) || !strings.HasSuffix(string(raw), versionsTable.end+"\nafter\n") {
		t.Fatalf("stdout:\n%s\ndocument:\n%s\nwant the row %s in both", out, raw, row)
	}
	mine := write("mine.md", "mine\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-build", "old"}, `"old": want LABEL=FILE`},
		{[]string{"bench", "-build", "old=" + a1}, "need at least 2"},
		{[]string{"bench", "-build", "old=" + a1, "-build", "new=" + filepath.Join(dir, "none.json")}, "none.json"},
		{[]string{"bench", "-build", "old=" + a1, "-build", "new=" + mine}, "mine.md: not a csvgd bench -json report"},
		{[]string{"bench", "-build", "old=" + a1, "-build", "new=" + b1, "-doc", mine}, "mine.md: no versions block"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want one line naming %s)", c.args, code, out, errOut, c.want)
		}
	}
	if raw, _ := os.ReadFile(mine); string(raw) != "mine\n" {
		t.Fatal("bench -build changed a file it should have left alone")
	}
}
