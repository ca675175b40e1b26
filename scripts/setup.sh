#!/usr/bin/env bash
# Installs the Debian packages wirespeed needs; idempotent; runs as root or via
# sudo. Without options: what building and running takes (python3-matplotlib
# for wirespeed plot and reproduce --plot; dpkg-dev to unpack lwIP's Debian
# source package, scripts/fetch_lwip.sh). With --tests, also what the test
# suite takes: GoogleTest; tshark (the pcap test reads our captures); clang
# with its runtime (the libFuzzer target of the scenario loader); slurm-wlm and
# munge (a sweep through a one-node Slurm job array).
set -euo pipefail
pkgs=(build-essential cmake pkg-config libsystemc-dev libfmt-dev libyaml-cpp-dev
      libcli11-dev nlohmann-json3-dev libboost-dev libpcap-dev python3 python3-matplotlib dpkg-dev)
if [ "${1:-}" = "--tests" ]; then
  pkgs+=(libgtest-dev libgmock-dev tshark clang libclang-rt-dev slurm-wlm munge)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
