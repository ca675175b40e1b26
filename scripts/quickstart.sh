#!/usr/bin/env bash
# Fresh Debian machine to first result: installs the packages, builds, and runs
# the default scenario (x4 Gen1 PCIe DMA between two MSC8156 boards).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
./build/wirespeed run workloads/pcie_dma/scenarios/x4_write_32k.yaml
