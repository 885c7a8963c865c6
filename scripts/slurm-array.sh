#!/usr/bin/env bash
# One job of the studies per task of a Slurm job array: task N computes the job
# on line N of `csvgd runs list` into the cache (a shared file system), then
# exits; a job that is cached already returns at once, and one that another
# task computes is waited for. When every task is done, `csvgd reproduce` (with
# the same flags) draws the figures and tables from the cache.
#
# Submit from the repository (tasks start in the folder of sbatch, where csvgd
# finds the data), with the flags of `csvgd runs list` as arguments:
#
#   N=$(csvgd runs list -quick | wc -l)
#   sbatch --array=1-"$N" scripts/slurm-array.sh -quick
#
# CSVGD names the csvgd binary (default: csvgd on PATH). docs/studies.md says more.
#SBATCH --job-name=csvgd-runs
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=04:00:00
#SBATCH --output=csvgd-runs-%A_%a.log
set -euo pipefail

: "${SLURM_ARRAY_TASK_ID:?not a task of a job array: submit with sbatch --array=1-N}"
csvgd=${CSVGD:-csvgd}

key=$("$csvgd" runs list "$@" | sed -n "${SLURM_ARRAY_TASK_ID}p" | cut -f1)
if [ -z "$key" ]; then
  echo "slurm-array.sh: task $SLURM_ARRAY_TASK_ID: no such line in '$csvgd runs list $*'" >&2
  exit 1
fi
exec "$csvgd" runs train "$@" "$key"
