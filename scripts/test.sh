#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test
# (unit, integration, regression, determinism) under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
scripts/build.sh
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
cd build
ctest --output-on-failure -j"$(nproc)" --timeout 300
