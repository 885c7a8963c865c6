package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// LoadPaperData reads the committed data set of a noise level
// ([csvgd.DataDir]), the data of the studies, checking that its folder
// records that level.
func LoadPaperData(noise float64) (train.Data, error) {
	dir, err := csvgd.DataDir(noise)
	if err != nil {
		return train.Data{}, err
	}
	d, err := train.LoadData(dir)
	if err != nil {
		return train.Data{}, fmt.Errorf("%w (make it with: csvgd data -noise %g -out %s)", err, noise, dir)
	}
	if d.Noise != noise {
		return train.Data{}, fmt.Errorf("%s records noise %g, not %g", dir, d.Noise, noise)
	}
	return d, nil
}
