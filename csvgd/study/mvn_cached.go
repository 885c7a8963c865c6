package study

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// The studies of Sec. 4 that are cached whole, each as one file beside the
// runs' folder (data/cache/NAME.json, NAME-quick.json in quick mode),
// under a lock like the runs'.

// cacheFile is the cache file of the whole study name beside the runs'
// folder ("" without a cache folder).
func (s *Store) cacheFile(name string) string {
	if s.Dir == "" {
		return ""
	}
	if s.Quick {
		name += "-quick"
	}
	return filepath.Join(filepath.Dir(s.Dir), name+".json")
}

// Survey returns the survey of Sec. 4 over alpha, beta and lambda (Fig.
// mvn_survey, mvn.PaperSurvey), cached as mvn_survey[-quick].json.
func (s *Store) Survey() ([]mvn.SurveyPoint, error) {
	c := mvn.PaperSurvey(s.Quick)
	return cachedStudy(s, "mvn_survey", func(path string) ([]mvn.SurveyPoint, error) { return mvn.ReadSurvey(path, c) },
		func(path string, progress func(int, int)) ([]mvn.SurveyPoint, error) {
			return mvn.CachedSurvey(s.Backend, mvn.PaperTarget(), c, path, progress)
		})
}

// Marginal returns the theta_3 marginal study of Sec. 4 (Fig. mvn_exact,
// mvn.PaperMarginal), cached as mvn_marginal[-quick].json.
func (s *Store) Marginal() ([]mvn.MarginalRun, error) {
	c := mvn.PaperMarginal(s.Quick)
	return cachedStudy(s, "mvn_marginal", func(path string) ([]mvn.MarginalRun, error) { return mvn.ReadMarginalStudy(path, c) },
		func(path string, progress func(int, int)) ([]mvn.MarginalRun, error) {
			return mvn.CachedMarginalStudy(s.Backend, mvn.PaperTarget(), c, path, progress)
		})
}

// cachedStudy returns the study name cached whole at s.cacheFile(name),
// which read reads; without it, compute runs the study and writes it
// there, with a progress counter on the log (none with NoBars) and a line
// with its time when it is done ([cachedOnce]: under its lock).
func cachedStudy[T []E, E any](s *Store, name string, read func(path string) (T, error),
	compute func(path string, progress func(done, total int)) (T, error)) (T, error) {
	path := s.cacheFile(name)
	return cachedOnce(s, path, name, func() (T, error) { return read(path) }, func() (T, error) {
		var progress func(int, int)
		if w := s.bar(); w != nil {
			progress = func(done, total int) { fmt.Fprintf(w, "\r%s: run %d/%d", name, done, total) }
		}
		s.logf("%scomputing %s\n", s.counter(), name)
		start := time.Now()
		out, err := compute(path, progress)
		if progress != nil {
			fmt.Fprintln(s.bar())
		}
		if err == nil {
			s.logf("%s%s: %d runs, %.0f s\n", s.counter(), name, len(out), time.Since(start).Seconds())
		}
		return out, err
	})
}
