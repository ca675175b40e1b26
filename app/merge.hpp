#pragma once
// `wirespeed merge OUT SHARD...`: the run folders of a sharded sweep (--shard
// I/N --out DIR each) into one run folder, after checking they ran the same
// configuration and hold every point of the sweep exactly once. OUT may
// replace a folder holding another run only with `replace`.
#include <string>
#include <vector>

namespace ws {

struct MergeArgs {
  std::string out;
  std::vector<std::string> shards;
  bool replace = false;
};
int merge_run_folders(const MergeArgs& m);

}  // namespace ws
