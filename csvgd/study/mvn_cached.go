package study

import (
	"context"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/gomlx/compute"
)

// The studies of Sec. 4 that are cached whole ([runcache.Whole]), each as
// one file beside the runs' folder (data/cache/NAME.json, NAME-quick.json
// in quick mode), under a lock like the runs'.

// survey is the survey of Sec. 4 at the plan's size, cached whole.
func (p Plan) survey() runcache.Whole[mvn.SurveyPoint] {
	c := mvn.PaperSurvey(p.Quick)
	return runcache.Whole[mvn.SurveyPoint]{Name: "mvn_survey", Label: "the survey of Sec. 4 (Fig. mvn_survey)", Quick: p.Quick,
		Read: func(path string) ([]mvn.SurveyPoint, error) { return mvn.ReadSurvey(path, c) },
		Compute: func(_ context.Context, b compute.Backend, path string, progress func(int, int)) ([]mvn.SurveyPoint, error) {
			return mvn.CachedSurvey(b, mvn.PaperTarget(), c, path, progress)
		}}
}

// marginal is the theta_3 marginal study of Sec. 4 at the plan's size,
// cached whole.
func (p Plan) marginal() runcache.Whole[mvn.MarginalRun] {
	c := mvn.PaperMarginal(p.Quick)
	return runcache.Whole[mvn.MarginalRun]{Name: "mvn_marginal", Label: "the theta_3 marginal study of Sec. 4 (Fig. mvn_exact)", Quick: p.Quick,
		Read: func(path string) ([]mvn.MarginalRun, error) { return mvn.ReadMarginalStudy(path, c) },
		Compute: func(_ context.Context, b compute.Backend, path string, progress func(int, int)) ([]mvn.MarginalRun, error) {
			return mvn.CachedMarginalStudy(b, mvn.PaperTarget(), c, path, progress)
		}}
}

// Survey returns the survey of Sec. 4 over alpha, beta and lambda (Fig.
// mvn_survey, mvn.PaperSurvey), cached as mvn_survey[-quick].json.
func (s *Store) Survey() ([]mvn.SurveyPoint, error) { return s.survey().Get(&s.Cache) }

// Marginal returns the theta_3 marginal study of Sec. 4 (Fig. mvn_exact,
// mvn.PaperMarginal), cached as mvn_marginal[-quick].json.
func (s *Store) Marginal() ([]mvn.MarginalRun, error) { return s.marginal().Get(&s.Cache) }

// surveyJob is the survey of Sec. 4 ([Store.Survey]) as a job.
func (p Plan) surveyJob() runcache.Job { return p.survey().Job() }

// marginalJob is the marginal study of Sec. 4 ([Store.Marginal]) as a job.
func (p Plan) marginalJob() runcache.Job { return p.marginal().Job() }
