package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// TestBadInputIsAOneLineUsageError: every bad flag or value exits 2 with one
// line on stderr that names the bad value, nothing on stdout, no panic.
func TestBadInputIsAOneLineUsageError(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mvn", "-alpha", "3"}, "alpha = 3"},
		{[]string{"mvn", "-alpha", "0"}, "alpha = 0"},
		{[]string{"mvn", "-alpha", "-0.5"}, "alpha = -0.5"},
		{[]string{"mvn", "-beta", "0"}, "beta = 0"},
		{[]string{"mvn", "-beta", "-1"}, "beta = -1"},
		{[]string{"mvn", "-gamma", "0"}, `"0"`},
		{[]string{"mvn", "-gamma", "-2"}, `"-2"`},
		{[]string{"mvn", "-gamma", "wide"}, `"wide"`},
		{[]string{"mvn", "-particles", "1"}, "particles = 1"},
		{[]string{"mvn", "-iters", "0"}, "iterations = 0"},
		{[]string{"mvn", "-every", "-5"}, "interval = -5"},
		{[]string{"mvn", "-lambda", "-1"}, "lambda = -1"},
		{[]string{"mvn", "-optimizer", "rmsprop"}, "rmsprop"},
		{[]string{"mvn", "-lr", "0"}, "step size = 0"},
		{[]string{"mvn", "-alpha", "one"}, `"one"`},
		{[]string{"mvn", "-bogus"}, "-bogus"},
		{[]string{"mvn", "stray"}, `"stray"`},
		{[]string{"figures", "-bogus"}, "-bogus"},
		{[]string{"nosuchcommand"}, `"nosuchcommand"`},
		{[]string{"reproduce", "-jobs", "0"}, "-jobs = 0"},
		{[]string{"figures", "-jobs", "-1"}, "-jobs = -1"},
		{[]string{"runs", "bogus"}, `"bogus"`},
		{[]string{"runs", "list", "-study", "nosuchstudy"}, `"nosuchstudy"`},
		{[]string{"runs", "train", "-study", "nosuchstudy", "mvn_survey"}, `"nosuchstudy"`},
		{[]string{"runs", "train", "mvn_survey", "extra"}, `"extra"`},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit code %d, want %d", c.args, code, exitUsage)
		}
		if out != "" {
			t.Errorf("%v: wrote %q on stdout", c.args, out)
		}
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if len(lines) != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q: want one line naming %s", c.args, errOut, c.want)
		}
		if strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine") {
			t.Errorf("%v: panic trace on stderr", c.args)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"mvn", "-h"}, {"figures", "-h"}, {"runs", "-h"}, {"runs", "list", "-h"}, {"runs", "train", "-h"}} {
		code, out, _ := runCLI(args...)
		if code != exitOK || !strings.Contains(out, "Usage") && !strings.Contains(out, "Commands") {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
	}
}

// TestMVNJSON checks the contract other tools rely on: one JSON object on
// stdout with mean (3), cov (3x3), bhattacharyya, l1_theta3, ksd,
// iterations, seconds, backend and the history (every -every iterations
// from 0, with ksd).
func TestMVNJSON(t *testing.T) {
	code, out, errOut := runCLI("mvn", "-particles", "8", "-iters", "20", "-seed", "3", "-lambda", "0.5", "-every", "10", "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Mean          []float64   `json:"mean"`
		Cov           [][]float64 `json:"cov"`
		Bhattacharyya *float64    `json:"bhattacharyya"`
		L1Theta3      *float64    `json:"l1_theta3"`
		KSD           *float64    `json:"ksd"`
		Iterations    int         `json:"iterations"`
		Seconds       *float64    `json:"seconds"`
		Backend       string      `json:"backend"`
		History       []struct {
			Iter int      `json:"iter"`
			KSD  *float64 `json:"ksd"`
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if len(got.Mean) != 3 || len(got.Cov) != 3 || len(got.Cov[0]) != 3 || got.Bhattacharyya == nil ||
		got.L1Theta3 == nil || got.KSD == nil || got.Iterations != 20 || got.Seconds == nil || got.Backend == "" {
		t.Fatalf("incomplete JSON: %s", out)
	}
	if len(got.History) != 3 || got.History[2].Iter != 20 || got.History[2].KSD == nil || *got.History[2].KSD != *got.KSD {
		t.Fatalf("history %+v: want iterations 0, 10, 20, the last with the final ksd %v", got.History, *got.KSD)
	}
}
