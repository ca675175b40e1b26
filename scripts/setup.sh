#!/usr/bin/env bash
# Installs the Debian packages wirespeed needs (tshark: the pcap test reads our
# captures; python3-matplotlib: wirespeed plot and reproduce --plot; clang with
# its runtime: the libFuzzer target of the scenario loader; slurm-wlm and
# munge: the test that runs a sweep through a one-node Slurm job array). Idempotent; runs as root or via sudo.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libsystemc-dev libfmt-dev libyaml-cpp-dev
      libcli11-dev nlohmann-json3-dev libgtest-dev libgmock-dev
      libboost-dev libpcap-dev tshark python3 python3-matplotlib clang libclang-rt-dev slurm-wlm munge)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
