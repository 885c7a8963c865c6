// Package tabular reads regression data: a table of numbers with named
// columns, some of which are the targets and the rest the inputs, split
// into a training and a test set, and the standardisation of both on the
// training set. It reads two layouts:
//
//   - a CSV file with a header row of column names ([ReadCSV]), split at
//     random with a seed ([Table.Split]);
//   - the folder layout of the UCI regression benchmark of Hernández-Lobato
//     & Adams (2015) ([ReadUCI]): data.txt (whitespace-separated numbers,
//     no header), index_features.txt and index_target.txt (0-based
//     columns), index_train_K.txt and index_test_K.txt (0-based rows of
//     split K); its columns are named c0, c1, ...
//
// Every problem with a file is an error that names it and what is wrong:
// a missing or empty file, a row of the wrong length, a cell that is not a
// finite number (with its line and column), an unknown or repeated column
// name, a row index out of range, a column that is constant on the
// training set (it cannot be standardised).
package tabular
