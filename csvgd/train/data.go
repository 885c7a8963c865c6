package train

import (
	"fmt"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Data is a training set, a test set and the noise level s they were
// made with ([hyperelastic.AddNoise]: S = S_true (1 + s xi), xi ~ N(0, 1)
// per component).
type Data struct {
	Noise       float64
	Train, Test []hyperelastic.Sample
}

// LoadData reads the data folder dir as [csvgd data] writes it:
// train.csv, test.csv and the [hyperelastic.InfoFile] that records the
// noise level (and seed) the data were made with. A folder without that
// file is an error wrapping [hyperelastic.ErrNoInfo]; [ReadData] reads one
// with a noise level given by the caller.
func LoadData(dir string) (Data, error) {
	info, err := hyperelastic.ReadInfoFile(filepath.Join(dir, hyperelastic.InfoFile))
	if err != nil {
		return Data{}, err
	}
	return ReadData(dir, info.Noise)
}

// ReadData reads dir/train.csv and dir/test.csv, made with the given noise
// level (which only the W1 reference sample and a noise-following
// likelihood scale use).
func ReadData(dir string, noise float64) (Data, error) {
	tr, err := hyperelastic.ReadCSVFile(filepath.Join(dir, "train.csv"))
	if err != nil {
		return Data{}, err
	}
	te, err := hyperelastic.ReadCSVFile(filepath.Join(dir, "test.csv"))
	if err != nil {
		return Data{}, err
	}
	return Data{Noise: noise, Train: tr, Test: te}, nil
}

// LoadPaperData reads the committed data set of a noise level
// ([csvgd.DataDir]: data/hyperelastic/noise-S.SS of the repository), the
// data of the paper's studies, checking that its folder records that
// level.
func LoadPaperData(noise float64) (Data, error) {
	dir, err := csvgd.DataDir(noise)
	if err != nil {
		return Data{}, err
	}
	d, err := LoadData(dir)
	if err != nil {
		return Data{}, fmt.Errorf("%w (make it with: csvgd data -noise %g -out %s)", err, noise, dir)
	}
	if d.Noise != noise {
		return Data{}, fmt.Errorf("%s records noise %g, not %g", dir, d.Noise, noise)
	}
	return d, nil
}
