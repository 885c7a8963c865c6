package main

import (
	"errors"
	"strconv"
	"strings"
)

// legacyNUTSForm reads the spellings of csvgd nuts from before its forms,
// which scripts may still use, and which named the posterior by a flag
// anywhere among the others: csvgd nuts -mvn FLAGS is csvgd nuts mvn FLAGS,
// and csvgd nuts -ensemble FILE FLAGS is csvgd nuts template -ensemble
// FILE FLAGS. It returns the form and its arguments (without -mvn, which
// the forms do not take), or an error when args name neither posterior
// or both.
func legacyNUTSForm(args []string) (string, []string, error) {
	var rest []string
	mvn, ensemble := false, false
	for i, a := range args {
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case !strings.HasPrefix(a, "-"):
		case name == "mvn":
			on, err := strconv.ParseBool(value)
			mvn = mvn || value == "" || on && err == nil
			continue
		case name == "ensemble":
			ensemble = true
		}
		rest = append(rest, a)
	}
	switch {
	case mvn && ensemble:
		return "", nil, errors.New("-mvn and -ensemble exclude each other: one posterior at a time (csvgd nuts mvn, or csvgd nuts template -ensemble FILE)")
	case ensemble:
		return "template", rest, nil
	case mvn:
		return "mvn", rest, nil
	}
	return "", nil, errNoNUTSForm
}
