package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

const runsUsage = `Usage: csvgd runs list [-quick] [-study NAME] [-cache DIR]
       csvgd runs train [-quick] [-study NAME] [-cache DIR] KEY
       csvgd runs export [-quick] [-study NAME] [-cache DIR] [-force] -out DIR

The cached jobs of the studies behind csvgd reproduce (training runs, NUTS runs and the
studies of Sec. 4), one per line, for a scheduler: list prints each job's key, whether
it is cached, its label and the command that computes it; train computes one job into
the cache (waiting, when another process computes it, for its result), after which
csvgd reproduce draws from the cache; export writes the final ensembles of the cached
training runs as ensemble files (DIR/KEY.json) for csvgd nuts, calibrate and predict.
docs/studies.md has a Slurm job array and GNU parallel. csvgd runs list -h, train -h and
export -h list the flags.
`

func runRuns(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, runsUsage)
		return exitUsage
	}
	switch args[0] {
	case "list":
		return runsList(args[1:], stdout, stderr)
	case "train":
		return runsTrain(args[1:], stdout, stderr)
	case "export":
		return runsExport(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, runsUsage)
		return exitOK
	}
	fmt.Fprintf(stderr, "csvgd runs: unknown subcommand %q: want list, train or export (see 'csvgd runs -h')\n", args[0])
	return exitUsage
}

// studyFlag registers -study.
func studyFlag(fs *flagSet) *string {
	return fs.String("study", "", "only the jobs of this study, a figure's or table's name (default: all): "+studyNamesHelp())
}

// studyNames is the -study value as a list: none for all studies.
func studyNames(name string) []string {
	if name == "" {
		return nil
	}
	return []string{name}
}

func runsList(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("runs list", "csvgd runs list [-quick] [-study NAME] [-cache DIR]\n\n"+
		"Prints one line per job of the studies, tab-separated: its key, cached or missing (damaged: a\n"+
		"file that csvgd runs train reports), its label, and the command that computes it. The order\n"+
		"is fixed (the longest first), whatever is cached, so that line N names the same job on every\n"+
		"call: a job array can read its job from it.", stdout)
	sf := registerStoreFlags(fs)
	name := studyFlag(fs)
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	store := sf.store(nil, nil) // listing never trains
	jobs, err := store.Jobs(studyNames(*name)...)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	for _, j := range jobs {
		fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\n", j.Key, jobStatus(store, j), j.Label, trainCommand(sf, j.Key))
	}
	return exitOK
}

// jobStatus is cached, missing or damaged.
func jobStatus(store *study.Store, j runcache.Job) string {
	ok, err := j.Cached(&store.Cache)
	switch {
	case err != nil:
		return "damaged"
	case ok:
		return "cached"
	}
	return "missing"
}

// trainCommand is the command that computes the job key into the cache
// the flags name.
func trainCommand(sf storeFlags, key string) string {
	return "csvgd runs train" + sf.args() + " " + key
}

// args are the flags as command-line arguments: " -quick", " -cache DIR".
func (f storeFlags) args() string {
	s := ""
	if *f.quick {
		s += " -quick"
	}
	if *f.cache != "" {
		s += " -cache " + shellQuote(*f.cache)
	}
	return s
}

var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:=+,@%-]+$`)

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func runsTrain(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("runs train", "csvgd runs train [-quick] [-study NAME] [-cache DIR] KEY\n\n"+
		"Computes the job KEY of csvgd runs list into the cache, with the lock, checkpoints and\n"+
		"resume of csvgd reproduce: a job that another process computes is waited for, then read;\n"+
		"a cached one returns at once. With -study, KEY must be a job of that study.", stdout)
	sf := registerStoreFlags(fs)
	name := studyFlag(fs)
	if code, stop := parseOperands(fs, args, stderr, 1); stop {
		return code
	}
	job, err := findJob(sf, *name, fs.Arg(0))
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if ok, err := job.Cached(&sf.store(nil, nil).Cache); err != nil { // the cached run named is damaged: an input, as in explore -run
		return fail(fs, stderr, badInput(err))
	} else if ok {
		fmt.Fprintf(stderr, "runs train: %s (%s) is cached already\n", job.Key, job.Label)
		return exitOK
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	store, stop := sf.newStore(b, stderr)
	defer stop()
	start := time.Now()
	if err := job.Run(&store.Cache); err != nil {
		return fail(fs, stderr, err)
	}
	fmt.Fprintf(stderr, "runs train: %s (%s) is cached (%.1f s)\n", job.Key, job.Label, time.Since(start).Seconds())
	return exitOK
}

// findJob is the job key of the studies (of the study name, when not
// ""), or an error that says how to list the keys.
func findJob(sf storeFlags, name, key string) (runcache.Job, error) {
	list := "csvgd runs list" + sf.args()
	if name != "" {
		list += " -study " + shellQuote(name)
	}
	if key == "" {
		return runcache.Job{}, fmt.Errorf("no KEY: name the job to compute (list the keys with '%s')", list)
	}
	plan := study.Plan{Quick: *sf.quick}
	jobs, err := plan.Jobs(studyNames(name)...)
	if err != nil {
		return runcache.Job{}, err
	}
	for _, j := range jobs {
		if j.Key == key {
			return j, nil
		}
	}
	hint := ""
	if others, _ := (study.Plan{Quick: !plan.Quick}).Jobs(); hasKey(others, key) {
		hint = map[bool]string{true: "; it is a job of the full studies: drop -quick", false: "; it is a job of the quick studies: add -quick"}[plan.Quick]
	}
	return runcache.Job{}, fmt.Errorf("no job has the key %q (list the keys with '%s')%s", key, list, hint)
}

// hasKey reports whether one of jobs has the key.
func hasKey(jobs []runcache.Job, key string) bool {
	for _, j := range jobs {
		if j.Key == key {
			return true
		}
	}
	return false
}

func runsExport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("runs export", "csvgd runs export [-quick] [-study NAME] [-cache DIR] [-force] -out DIR\n\n"+
		"Writes the final ensemble of every cached training run of the studies (of -study NAME) as an\n"+
		"ensemble file DIR/KEY.json, with its training record, for csvgd nuts template, compare, calibrate\n"+
		"and predict, and, for a run that kept it, the ensemble of its last stage before the condensation\n"+
		"that follows it as DIR/KEY.last-stage.json (the one to compare with the posterior of its template);\n"+
		"prints one line per file (path, label). Runs that are not cached are named on stderr\n"+
		"and skipped: export never trains.", stdout)
	sf := registerStoreFlags(fs)
	name := studyFlag(fs)
	out := fs.String("out", "", "folder of the ensemble files (created when missing)")
	force := fs.Bool("force", false, "replace existing files")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := fs.requireFlags("out"); err != nil {
		return usageError(fs, stderr, err)
	}
	store := sf.store(nil, nil)
	jobs, err := store.Jobs(studyNames(*name)...)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if err := checkOutputDir("-out", *out); err != nil {
		return fail(fs, stderr, badInput(err))
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(fs, stderr, badInput(fmt.Errorf("-out %w", err)))
	}
	for _, j := range jobs {
		if j.Spec == nil {
			continue
		}
		if ok, err := j.Cached(&store.Cache); err != nil || !ok {
			fmt.Fprintf(stderr, "runs export: %s (%s) is not cached: skipped\n", j.Key, j.Label)
			continue
		}
		final, last, err := store.EnsembleFile(*j.Spec)
		if err != nil {
			return fail(fs, stderr, err)
		}
		files := map[string]*ensemble.File{".json": final, runcache.LastStageSuffix: last}
		for _, suffix := range []string{".json", runcache.LastStageSuffix} {
			if files[suffix] == nil {
				continue
			}
			path := filepath.Join(*out, j.Key+suffix)
			if err := ensemble.Save(path, files[suffix], ensemble.OverwriteIf(*force)); err != nil {
				return fail(fs, stderr, err)
			}
			fmt.Fprintf(stdout, "%s\t%s\n", path, j.Label)
		}
	}
	return exitOK
}
