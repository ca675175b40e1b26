#!/usr/bin/env bash
# The calibration of the PCIe platform as it was run: the search ranges, the
# fixed structural choices and the starting point (the previous fit, with the
# copy engine's per-TLP close added after prediction round 1), over the 31
# calibration rows. Prints the fitted values; apply them with
# scripts/apply_calibration.py, then regenerate the docs with
# scripts/results_md.py. Takes about 5 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cp build/wirespeed /tmp/ws_calibrate_pcie
exec python3 scripts/calibrate.py pcie --binary /tmp/ws_calibrate_pcie \
  --fixed dma.done=acked --fixed pcie.ack_on_idle=1 --max-weight 5 --max-trials 500 \
  --param pcie.ack_every=4:24:int --param pcie.fc_update_every=4:32:int \
  --param pcie.ack_timer_factor=0.5:8 --param pcie.fc_timer_factor=0.5:12 \
  --param pcie.x2_gap_symbols=3:12 --param pcie.phy_latency_ns=0:200 \
  --param dma.desc_cycles=5:80 --param dma.bytes_per_cycle=2:10 --param dma.bd_fetch_cycles=20:150 \
  --param core.issue_cycles=40:160 --param core.complete_cycles=10:120 --param epic.latency_ns=20:250 \
  --param pcie.completer_latency_ns=600:1200 --param pcie.assembly_bytes_per_ns=1:64 \
  --param pcie.assembly_tlp_ns=0:200 --param pcie.cut_through_bytes=64:256:int \
  --start pcie.ack_every=14 --start pcie.fc_update_every=22 --start pcie.ack_timer_factor=2.144 \
  --start pcie.fc_timer_factor=10.3 --start pcie.x2_gap_symbols=8.125 --start pcie.phy_latency_ns=0 \
  --start dma.desc_cycles=24.38 --start dma.bytes_per_cycle=6 --start dma.bd_fetch_cycles=43.75 \
  --start core.issue_cycles=116.2 --start core.complete_cycles=47.49 --start epic.latency_ns=100 \
  --start pcie.completer_latency_ns=940.9 --start pcie.assembly_bytes_per_ns=2.375 --start pcie.assembly_tlp_ns=30 --start pcie.cut_through_bytes=168 "$@"
