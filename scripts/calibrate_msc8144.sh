#!/usr/bin/env bash
# The MSC8144 calibration as it was run: the software path (rx_stack_cycles; the
# rows pin only its sum with tx_stack_cycles, kept at 900), the sendTo extra and
# the OS reads in M2 (the part that scales with neither clock), fitted on the
# R1-R3 64 B figures; the QE microcode per frame (Rx and Tx), fitted on H1 (one
# UEC's Rx thread) and H3 (both UECs on the two RISCs). The line-rate statements
# are checked, not fitted. Ranges around the previous fit keep the search's
# smallest steps at a few cycles. Takes about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cp build/wirespeed /tmp/ws_calibrate_msc8144
python3 scripts/calibrate.py msc8144 --binary /tmp/ws_calibrate_msc8144 \
  --param sw.rx_stack_cycles=300:900 --param sw.sendto_cycles=400:1100 --param sw.os_m2_reads=10:34:int \
  --param qe.rx_risc_cycles=500:900 --param qe.tx_risc_cycles=250:650 \
  --start sw.rx_stack_cycles=600 --start sw.sendto_cycles=737.5 --start sw.os_m2_reads=22 \
  --start qe.rx_risc_cycles=700 --start qe.tx_risc_cycles=405.6 --max-trials 160
