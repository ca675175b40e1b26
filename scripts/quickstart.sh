#!/usr/bin/env bash
# Fresh Debian machine to first result: installs the packages, builds the
# wirespeed binary (not the tests), and runs the default scenario (x4 Gen1 PCIe
# DMA between two MSC8156 boards). One line per stage; the tools' output goes
# to build/quickstart.log.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
log=build/quickstart.log
: > "$log"
stage() {
  local what=$1
  shift
  printf '%-34s' "$what"
  if "$@" >>"$log" 2>&1; then
    echo "done"
  else
    echo "failed; the end of $log:"
    tail -n 25 "$log"
    exit 1
  fi
}
stage "packages (apt)" scripts/setup.sh
stage "lwIP source (Debian, cached)" scripts/fetch_lwip.sh
stage "configure (cmake, Release)" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
stage "build wirespeed" cmake --build build --target wirespeed -j"$(nproc)"
echo "run workloads/pcie_dma/scenarios/x4_write_32k.yaml:"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
./build/wirespeed run workloads/pcie_dma/scenarios/x4_write_32k.yaml
