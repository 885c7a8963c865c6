package runcache

import "github.com/csvgd/csvgd-go/csvgd/ensemble"

// LastStageSuffix ends the name of the exported ensemble of a run's last
// stage (csvgd runs export): KEY.last-stage.json beside the final
// ensemble's KEY.json.
const LastStageSuffix = ".last-stage.json"

// EnsembleFile is the final ensemble of the cached run spec as a saved
// ensemble (package ensemble), with its training record under "train"
// (train.Result.Record) and its label under "label": what csvgd nuts,
// calibrate and predict read. The second file is the ensemble of the
// run's last stage before its condensation, on the template it ran on, as
// csvgd train -save-last-stage writes it (nil when the run kept none): the
// ensemble to compare with the posterior of that template. The run must
// be cached; it is never trained here.
func (c *Cache) EnsembleFile(spec Spec) (final, last *ensemble.File, err error) {
	path, err := c.Path(spec)
	if err != nil {
		return nil, nil, err
	}
	res, err := c.load(path, spec)
	if err != nil {
		return nil, nil, err
	}
	rec := res.Record(spec.Noise)
	final = res.File(map[string]any{"train": rec, "label": spec.Label})
	if res.LastStage != nil {
		last = res.LastStage.File(res, map[string]any{"train": rec, "label": spec.Label, "last_stage": true})
	}
	return final, last, nil
}
