package main

import (
	"slices"
	"strings"
	"testing"
)

// TestNUTSForms: csvgd nuts takes its posterior as the first word (mvn,
// template); an unknown word, or none, is a one-line usage error that
// names the forms, and each form has its own help and flags.
func TestNUTSForms(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nuts", "mvn", "-alpha", "3"}, "csvgd nuts mvn: prior order alpha = 3"},
		{[]string{"nuts", "mvn", "-ensemble", "f.json"}, "-ensemble"},
		{[]string{"nuts", "template"}, "csvgd nuts template: -ensemble FILE is required"},
		{[]string{"nuts", "template", "-ensemble", "f.json", "-mvn"}, "-mvn"},
		{[]string{"nuts", "ensemble", "-ensemble", "f.json"}, `unknown form "ensemble": want mvn, template or agree`},
		{[]string{"nuts", "-alpha", "1"}, "csvgd nuts template -ensemble FILE"},
	} {
		code, out, errOut := runCLI(c.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != exitUsage || out != "" || len(lines) != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", c.args, code, out, errOut, c.want)
		}
	}
	for args, want := range map[string]string{
		"nuts -h":             "csvgd nuts template -ensemble FILE [flags]",
		"nuts help":           "csvgd nuts mvn [flags]",
		"nuts mvn -h":         "Usage: csvgd nuts mvn [-alpha A]",
		"nuts template -h":    "Usage: csvgd nuts template -ensemble FILE",
		"nuts -mvn -h":        "Usage: csvgd nuts mvn [-alpha A]",
		"nuts -ensemble=f -h": "Usage: csvgd nuts template -ensemble FILE",
	} {
		code, out, _ := runCLI(strings.Fields(args)...)
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, stdout %q; want %q", args, code, out, want)
		}
	}
}

// TestLegacyNUTSForm: the spellings from before the forms name the same
// forms with the same flags, without -mvn.
func TestLegacyNUTSForm(t *testing.T) {
	for _, c := range []struct {
		args, rest []string
		form, err  string
	}{
		{[]string{"-mvn", "-alpha", "1"}, []string{"-alpha", "1"}, "mvn", ""},
		{[]string{"-alpha", "1", "--mvn=true", "-json"}, []string{"-alpha", "1", "-json"}, "mvn", ""},
		{[]string{"-ensemble", "f.json", "-quick"}, []string{"-ensemble", "f.json", "-quick"}, "template", ""},
		{[]string{"-quick", "-ensemble=f.json"}, []string{"-quick", "-ensemble=f.json"}, "template", ""},
		{[]string{"-ensemble", "f.json", "-mvn"}, nil, "", "exclude each other"},
		{[]string{"-mvn=false", "-alpha", "1"}, nil, "", "name the posterior"},
		{[]string{"-alpha", "1", "--", "-mvn"}, nil, "", "name the posterior"},
	} {
		form, rest, err := legacyNUTSForm(c.args)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v: error %v, want one saying %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || form != c.form || !slices.Equal(rest, c.rest) {
			t.Errorf("%v: %q %v %v, want %q %v", c.args, form, rest, err, c.form, c.rest)
		}
	}
}
