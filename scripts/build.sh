#!/usr/bin/env bash
# Fetches lwIP's source (once), configures and builds wirespeed (Release) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/fetch_lwip.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
