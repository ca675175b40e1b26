#!/usr/bin/env bash
# The MSC8144 calibration as it was run: the software path (rx_stack_cycles; the
# rows pin only its sum with tx_stack_cycles, kept at 900), the sendTo extra and
# the OS reads in M2 (the part that scales with neither clock), fitted on the
# R1-R3 64 B figures. The line-rate statements are checked, not fitted.
set -euo pipefail
cd "$(dirname "$0")/.."
cp build/wirespeed /tmp/ws_calibrate_msc8144
python3 scripts/calibrate.py msc8144 --binary /tmp/ws_calibrate_msc8144 \
  --param sw.rx_stack_cycles=0:3000 --param sw.sendto_cycles=0:2000 --param sw.os_m2_reads=0:60:int \
  --start sw.rx_stack_cycles=600 --start sw.sendto_cycles=862.5 --start sw.os_m2_reads=20 --max-trials 120
