#!/usr/bin/env bash
# Builds the scenario-loader fuzz target with clang (libFuzzer + AddressSanitizer)
# and runs it for RUNS inputs (default 20000, a fixed seed: the same inputs every
# time) from the shipped scenario files. Any crash, hang, sanitizer report or
# unexpected exception fails the run. Used by ctest.
#   scripts/fuzz_scenario.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20000}"
out=build/fuzz
mkdir -p "$out/corpus"
for f in workloads/*/scenarios/*.yaml; do  # workloads share file names (s0_shipped.yaml)
  w=${f#workloads/}
  cp "$f" "$out/corpus/${w%%/*}_$(basename "$f")"
done
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I. \
  tests/fuzz/fuzz_scenario.cpp models/sim/scenario.cpp models/sim/yaml_file.cpp models/sim/param.cpp \
  $(pkg-config --cflags --libs yaml-cpp fmt) -o "$out/fuzz_scenario"
# A fixed seed and budget: the same inputs every run, bounded in time and memory
# (a small ASan quarantine: the default 256 MB looks like growth to -rss_limit_mb;
# no LeakSanitizer: it stops the process with ptrace, which hangs in a sandbox).
ASAN_OPTIONS=quarantine_size_mb=32:detect_leaks=0 "$out/fuzz_scenario" -seed=1 -runs="$runs" -rss_limit_mb=1024 -timeout=10 -max_len=4096 \
  -print_final_stats=1 "$out/corpus" 2>&1 | tail -n 12
