#!/usr/bin/env bash
# Runs a wirespeed sweep as a Slurm job array: one shard per array task
# (wirespeed run --shard I/N --out OUT/shardI), then, when all succeeded, a job
# that merges them into OUT/merged (wirespeed merge). Prints the merge job's id.
#   scripts/slurm_sweep.sh SCENARIO SHARDS OUT [wirespeed run options ...]
# The binary is $WIRESPEED, else build/wirespeed of this checkout; OUT must be
# on a file system every node sees. sbatch options come from the environment
# (SBATCH_PARTITION, SBATCH_TIMELIMIT, ...). Submitting the array is the
# consent a shard of more than 1000 points asks for: each runs with --yes.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 SCENARIO SHARDS OUT [wirespeed run options ...]" >&2
  exit 2
fi
scenario=$(realpath "$1") shards=$2 out=$(realpath -m "$3")
shift 3
case "$shards" in '' | *[!0-9]* | 0) echo "$0: SHARDS must be a whole number of 1 or more" >&2; exit 2 ;; esac
bin=${WIRESPEED:-$(cd "$(dirname "$0")/.." && pwd)/build/wirespeed}
mkdir -p "$out"
extra=$(printf " %q" "$@")
array=$(sbatch --parsable --array="0-$((shards - 1))" --job-name=wirespeed --output="$out/shard%a.log" \
  --wrap "$(printf '%q' "$bin") run $(printf '%q' "$scenario") --shard \$SLURM_ARRAY_TASK_ID/$shards --yes --out $(printf '%q' "$out")/shard\$SLURM_ARRAY_TASK_ID$extra")
folders=""
for i in $(seq 0 $((shards - 1))); do folders+=" $(printf '%q' "$out/shard$i")"; done
sbatch --parsable --dependency="afterok:${array%%;*}" --job-name=wirespeed-merge --output="$out/merge.log" \
  --wrap "$(printf '%q' "$bin") merge $(printf '%q' "$out/merged")$folders"
