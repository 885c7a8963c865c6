package study

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The folders the registry is checked against, from this package's.
var (
	figuresPackage = filepath.Join("..", "figures")       // package figures' source
	figuresOutput  = filepath.Join("..", "..", "figures") // the committed output of csvgd reproduce
)

// TestRegistryEntries: every entry has a section, a maker or writer and
// (a table) its file and document; names are unique among the figures and
// among the tables, files among the tables; a figure and a table of one
// name (one study) read the same jobs.
func TestRegistryEntries(t *testing.T) {
	var figs, files []string
	for _, f := range Figures() {
		if f.Section == "" || f.Make == nil || slices.Contains(figs, f.Name) {
			t.Errorf("figure %s: no section or maker, or a second figure of that name", f.Name)
		}
		figs = append(figs, f.Name)
	}
	var tables []string
	for _, tb := range Tables() {
		if tb.Section == "" || tb.Write == nil || tb.About == "" || tb.Doc == "" || !strings.HasSuffix(tb.File, ".md") ||
			slices.Contains(tables, tb.Name) || slices.Contains(files, tb.File) {
			t.Errorf("table %s: incomplete (%+v), or a second table of that name or file", tb.Name, tb)
		}
		tables, files = append(tables, tb.Name), append(files, tb.File)
		i := slices.Index(figs, tb.Name)
		if i < 0 {
			continue
		}
		for _, p := range []Plan{{Quick: false}, {Quick: true}} {
			if f := Figures()[i]; !slices.Equal(entryKeys(t, p, f.Entry), entryKeys(t, p, tb.Entry)) {
				t.Errorf("quick %v: the figure and the table %s read different jobs", p.Quick, tb.Name)
			}
		}
	}
}

// entryKeys are the keys of the jobs e reads at the plan's size.
func entryKeys(t *testing.T, p Plan, e Entry) []string {
	t.Helper()
	if !e.ReadsCache() {
		return nil
	}
	b := jobBuilder{}
	var keys []string
	for _, j := range b.jobs(e.needs(p)) {
		keys = append(keys, j.Key)
	}
	if b.err != nil {
		t.Fatal(b.err)
	}
	return keys
}

// notYetMade are the registry's figures that the committed output folder
// does not hold yet because the runs they read have not been computed:
// those of the regression benchmark, which read its full run (many
// CPU-hours, docs/own-data.md). [TestRegistryOutputs] fails once one of
// them is there, so that the list only shrinks.
var notYetMade = []string{}

// TestRegistryOutputs: the committed output folder of csvgd reproduce
// holds exactly what the registry makes, NAME.png and NAME.svg of every
// figure and the file of every table: a figure or table the registry does
// not know, or one it lists that reproduce never wrote, fails; so does a
// figure of notYetMade that is there (or that the registry does not
// make).
func TestRegistryOutputs(t *testing.T) {
	var want, pending []string
	for _, f := range Figures() {
		if slices.Contains(notYetMade, f.Name) {
			pending = append(pending, f.Name+".png", f.Name+".svg")
			continue
		}
		want = append(want, f.Name+".png", f.Name+".svg")
	}
	if len(pending) != 2*len(notYetMade) {
		t.Errorf("notYetMade %v names figures the registry does not make", notYetMade)
	}
	for _, tb := range Tables() {
		want = append(want, tb.File)
	}
	entries, err := os.ReadDir(figuresOutput)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			got = append(got, e.Name())
		}
	}
	for _, name := range got {
		if slices.Contains(pending, name) {
			t.Errorf("%s holds %s: remove its figure from notYetMade", figuresOutput, name)
			continue
		}
		if !slices.Contains(want, name) {
			t.Errorf("%s holds %s, which the registry does not make", figuresOutput, name)
		}
	}
	for _, name := range want {
		if !slices.Contains(got, name) {
			t.Errorf("the registry makes %s, which %s lacks", name, figuresOutput)
		}
	}
}

// TestRegistryFigureFunctions: package figures' documentation lists the
// registry's figures, the paper's (the "fig. NAME" lines) and those beyond
// it (the list after "beyond the paper:"), in the registry's order; every
// function it lists is a figure function of its own file NAME.go that
// names its figure NAME; every figure function of the package is listed;
// and the registry makes each figure with the function of package study
// of the same name (study.MVNSurvey for figures.MVNSurvey).
func TestRegistryFigureFunctions(t *testing.T) {
	listed, paper, beyond := figuresDocList(t)
	if got, want := paper, names(PaperFigures()); !slices.Equal(got, want) {
		t.Errorf("figures/doc.go lists the paper's figures %v, the registry %v", got, want)
	}
	if got, want := beyond, names(BeyondFigures()); !slices.Equal(got, want) {
		t.Errorf("figures/doc.go lists the figures beyond the paper %v, the registry %v", got, want)
	}
	funcs := figureFunctions(t)
	for fn, name := range listed {
		file, ok := funcs[fn]
		switch {
		case !ok:
			t.Errorf("figures/doc.go lists %s (%s), which is no figure function of package figures", fn, name)
		case file != name+".go":
			t.Errorf("figures.%s is in %s, not in %s.go", fn, file, name)
		default:
			src, err := os.ReadFile(filepath.Join(figuresPackage, file))
			if err != nil || !strings.Contains(string(src), `"`+name+`"`) {
				t.Errorf("%s does not name its figure %q (%v)", file, name, err)
			}
		}
	}
	for fn, file := range funcs {
		if _, ok := listed[fn]; !ok {
			t.Errorf("figures.%s (%s) is a figure function that figures/doc.go does not list", fn, file)
		}
	}
	for _, f := range Figures() {
		maker := runtime.FuncForPC(reflect.ValueOf(f.Make).Pointer()).Name()
		fns := keysOf(listed, f.Name)
		var want []string
		for _, fn := range fns {
			want = append(want, reflect.TypeFor[Plan]().PkgPath()+"."+fn)
		}
		if len(fns) > 0 && !slices.Contains(want, maker) {
			t.Errorf("figure %s is made by %s, want one of %v", f.Name, maker, want)
		}
	}
}

// returnsFigure reports whether fn's first result is a *Figure.
func returnsFigure(fn *ast.FuncDecl) bool {
	if fn.Type.Results == nil {
		return false
	}
	star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "Figure"
}

// names are the names of figs.
func names(figs []Figure) []string {
	var out []string
	for _, f := range figs {
		out = append(out, f.Name)
	}
	return out
}

// keysOf are the keys of m whose value is v, sorted: the functions of
// package figures that draw the figure v (weight_distributions has two,
// the paper's and the explorer's of any ensemble).
func keysOf(m map[string]string, v string) []string {
	var out []string
	for k, x := range m {
		if x == v {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// figuresDocList reads the lists of figures in package figures'
// documentation: every listed function with its figure's name, the names
// of the "fig. NAME" lines (the paper's) and those of the list after
// "beyond the paper:", in their order.
func figuresDocList(t *testing.T) (listed map[string]string, paper, beyond []string) {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(figuresPackage, "doc.go"), nil, parser.ParseComments)
	if err != nil || file.Doc == nil {
		t.Fatalf("reading figures/doc.go: %v", err)
	}
	text := file.Doc.Text()
	listed = map[string]string{}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "\t") {
			if strings.TrimSpace(line) != "" {
				section = strings.TrimSpace(line)
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || !isIdent(f[0]) {
			continue // a code example
		}
		name, isPaper := f[1], f[1] == "fig."
		if isPaper {
			name = f[2]
		}
		listed[f[0]] = name
		switch {
		case isPaper:
			paper = append(paper, name)
		case section == "beyond the paper:":
			beyond = append(beyond, name)
		}
	}
	return listed, paper, beyond
}

// isIdent reports whether s is an exported Go identifier.
func isIdent(s string) bool { return token.IsIdentifier(s) && token.IsExported(s) }

// figureFunctions are the exported functions of package figures whose
// first result is a *Figure, with their files.
func figureFunctions(t *testing.T) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(figuresPackage, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() && returnsFigure(fn) {
				out[fn.Name.Name] = filepath.Base(path)
			}
		}
	}
	return out
}
