#!/usr/bin/env python3
"""Validates `wirespeed advise` on the studies' own tuning chains and rewrites
the table between <!-- advise:validation --> and <!-- /advise --> in
docs/advise.md: at each step, where does advise rank the lever the study
turned next among its single changes? A hit: among the top three (at any
value the lever offers).

  scripts/advise_md.py docs/advise.md
"""
import csv
import io
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
W = "workloads/"
RFC_8144 = ["tester.mode=rfc2544", "tester.frame_bytes=64"]
# (study, step, scenario, --set of the step, the study's next step in words, the keys it turned)
STEPS = [
    ("MSC8144 echo", "R1 (800/333 MHz, sendto, 1 core)", W + "udp_echo/scenarios/echo_64b.yaml",
     RFC_8144 + ["soc.core_mhz=800", "soc.m3_mhz=333"], "R2: clocks to 1000/400 MHz", ["soc.core_mhz", "soc.m3_mhz"]),
    ("MSC8144 echo", "R2 (1000/400 MHz)", W + "udp_echo/scenarios/echo_64b.yaml", RFC_8144,
     "R3: udpConnect + udpSend", ["app.udp_send"]),
    ("MSC8144 echo", "R3 (connected send)", W + "udp_echo/scenarios/echo_64b.yaml", RFC_8144 + ["app.udp_send=connect"],
     "H1: four cores", ["app.cores"]),
    ("MSC8144 echo", "H1 (four cores)", W + "udp_echo/scenarios/echo_64b.yaml",
     RFC_8144 + ["app.udp_send=connect", "app.cores=4"], "H3: two ports, two channels a core",
     ["app.channels_per_core", "qe.uecs"]),
    ("MSC815x PCIe (AN3935)", "one request in flight", W + "pcie_dma/scenarios/x4_write_32k.yaml", ["dma.in_flight=1"],
     "more requests in flight", ["dma.in_flight"]),
    ("MSC815x PCIe (AN3935)", "MPS 128", W + "pcie_dma/scenarios/x4_write_32k.yaml", ["pcie.mps=128"],
     "MPS 256", ["pcie.mps"]),
    ("MSC815x PCIe (AN3935)", "x1 link", W + "pcie_dma/scenarios/x4_write_32k.yaml", ["pcie.lanes=1"],
     "x4", ["pcie.lanes"]),
    ("MSC815x PCIe (AN3935)", "128 B blocks", W + "pcie_dma/scenarios/x4_write_32k.yaml", ["dma.block_bytes=128"],
     "larger blocks", ["dma.block_bytes"]),
    ("A7 RT-Thread iperf", "S0 shipped", W + "iperf/scenarios/s0_shipped.yaml", [], "S1: halfword memcpy", ["sw.memcpy"]),
    ("A7 RT-Thread iperf", "S1", W + "iperf/scenarios/s1_halfword.yaml", [], "S2: NEON memcpy", ["sw.memcpy"]),
    ("A7 RT-Thread iperf", "S2", W + "iperf/scenarios/s2_neon.yaml", [], "S3: U-Boot memcpy", ["sw.memcpy"]),
    ("A7 RT-Thread iperf", "S3", W + "iperf/scenarios/s3_uboot.yaml", [], "S4: caches on, DMA buffers uncached",
     ["soc.caches", "drv.dma_buffers"]),
    ("A7 RT-Thread iperf", "S4", W + "iperf/scenarios/s4_caches.yaml", [], "S5: look-ahead Tx, Rx thread, tuned lwIP",
     ["drv.tx", "drv.rx", "lwip.options"]),
    ("66AK2H FTP", "S0 shipped", W + "ftp/scenarios/s0_shipped.yaml", [], "S1: 1460 B sends, no yield, -O3",
     ["ftp.send_bytes", "ftp.task_yield", "sw.opt"]),
    ("66AK2H FTP", "S1", W + "ftp/scenarios/s1_app.yaml", [], "S2: 64 KB socket buffers, 1 MB heap",
     ["ndk.tcp_tx_buf", "ndk.tcp_rx_buf", "ndk.tcp_rx_limit", "rtos.heap_bytes"]),
    ("66AK2H FTP", "S2", W + "ftp/scenarios/s2_buffers.yaml", [], "S3-S5: PC ACKs, batched Tx recycling, pacing",
     ["pc.ack_frequency", "pc.del_ack_ticks", "nimu.tx_recycle", "acc.pacing_mode", "acc.timer_load_count"]),
    ("MPC8572 forwarding", "default SMP", W + "ipfwd/scenarios/default_smp.yaml", ["tester.mode=rfc2544"],
     "the affinity split (eth1 to CPU1, processes to CPU0)", ["irq.eth0_mask", "irq.eth1_mask", "proc.affinity"]),
]


def advise(scenario, sets):
    cmd = [os.path.join(ROOT, "build", "wirespeed"), "advise", scenario, "--format", "csv", "-j", "2"]
    for s in sets:
        cmd += ["--set", s]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT,
                         env=dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")).stdout
    return list(csv.DictReader(io.StringIO(out)))


def keys(change):
    return [kv.split("=")[0] for kv in change.split()]


def main():
    page = sys.argv[1]
    lines = ["| study | step | the study's next step | advise's top three single changes (gain %) | the study's lever ranks | |",
             "|---|---|---|---|---|---|"]
    hits = 0
    for study, step, scenario, sets, nxt, turned in STEPS:
        # Single changes only: a combination's gain may be all its first lever's.
        rows = [r for r in advise(scenario, sets) if r["rank"] != "-" and len(keys(r["change"])) == 1]
        top = "; ".join(f"`{r['change']}` ({r['gain']})" for r in rows[:3])
        rank = next((i + 1 for i, r in enumerate(rows) if keys(r["change"])[0] in turned), None)
        hit = rank is not None and rank <= 3
        hits += hit
        lines.append(f"| {study} | {step} | {nxt} | {top} | {rank if rank else 'not tried'} of {len(rows)} | "
                     f"{'hit' if hit else 'miss'} |")
    lines.append("")
    lines.append(f"{hits} of {len(STEPS)} steps: the study's next lever among advise's top three.")
    text = open(page).read()
    start, end = "<!-- advise:validation -->", "<!-- /advise -->"
    new = re.sub(re.escape(start) + r".*?" + re.escape(end), start + "\n" + "\n".join(lines) + "\n" + end, text,
                 flags=re.S)
    if new == text and start not in text:
        sys.exit(f"{page}: no {start} marker")
    open(page, "w").write(new)


if __name__ == "__main__":
    main()
