package train

import (
	"fmt"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// DataDir is the folder of the committed data set of a noise level:
// data/hyperelastic/noise-S.SS of the repository.
func DataDir(noise float64) (string, error) {
	root, err := csvgd.Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "data", "hyperelastic", fmt.Sprintf("noise-%.2f", noise)), nil
}

// LoadData reads dir/train.csv and dir/test.csv, made with the given noise
// level; an empty dir means [DataDir](noise).
func LoadData(dir string, noise float64) (Data, error) {
	if dir == "" {
		var err error
		if dir, err = DataDir(noise); err != nil {
			return Data{}, err
		}
	}
	tr, err := hyperelastic.ReadCSVFile(filepath.Join(dir, "train.csv"))
	if err != nil {
		return Data{}, fmt.Errorf("%w (make one with: csvgd data -noise %g -out %s)", err, noise, dir)
	}
	te, err := hyperelastic.ReadCSVFile(filepath.Join(dir, "test.csv"))
	if err != nil {
		return Data{}, err
	}
	return Data{Noise: noise, Train: tr, Test: te}, nil
}
