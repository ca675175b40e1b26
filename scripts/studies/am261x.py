"""TI AM261x lwIP on the Cortex-R5F (issue 35): `wirespeed reproduce am261x`."""


def calibration_md(rows):
    return [
        "",
        "## TI AM261x lwIP on a Cortex-R5F (am261x_lwip)",
        "",
        "Nothing: every figure of this board is withheld and predicted (docs/predictions.md);",
        "no parameter was fitted on it (docs/am261x.md gives each one's source).",
    ]


def predictions_md(rows):
    sim = {r["label"]: (float(r["simulated"]), r["limiting"]) for r in rows}

    def row(name, label):
        v, c = sim[label], sim[label + " CPU"]
        return f"| {name} | {v[0]:.1f} | {c[0]:.1f} | {v[1]} |"

    lines = [
        "## TI AM261x lwIP on a Cortex-R5F (TI MCU+ SDK example, CPSW)",
        "",
        "Round 1, committed 2026-12-04 before any comparison (f171803), re-committed 2026-12-05,",
        "still before any comparison, after the defects random configurations found in the",
        "driver's model (docs/am261x.md, \"Restarting a channel\"): five figures moved, none by",
        "more than 0.1 Mbit/s, the CPU loads of UDP rx at 256 B and with the flash's RL2 at 8 and",
        "16 KB by 0.1-1.1 points. A board nobody calibrated: the R5F",
        "at 400 MHz with its L1 caches on MSRAM, FreeRTOS, the real lwIP 2.1.3 with the SDK's",
        "options, the SDK's lwIP interface on the CPSW's CPDMA (32 Rx and 16 Tx packets, paced",
        "interrupts, checksum offload, scatter-gather Tx, zero-copy Rx), lwiperf for TCP and the",
        "SDK's UDP iperf task, a PC with iperf 2.0.10 on Linux over a gigabit link; every",
        "parameter's source in docs/am261x.md. iperf's payload Mbit/s and the R5F's load over a",
        "0.5 s test; UDP rx at the largest rate the PC offers with at most 1 % lost (searched), UDP",
        "tx as fast as the board's server sends.",
        "",
        "| test | Mbit/s | CPU % | limiting |",
        "|---|---|---|---|",
        row("TCP rx", "TCP rx"),
        row("TCP tx", "TCP tx"),
    ]
    for size in (64, 256, 512, 1470):
        for d in ("rx", "tx"):
            lines.append(row(f"UDP {d} {size} B", f"UDP {d} {size}B"))
    lines += [
        "",
        "The code-placement lever, UDP with 1470 B datagrams (the MSRAM rows above are its baseline):",
        "",
        "| placement | UDP rx Mbit/s | CPU % | UDP tx Mbit/s | CPU % |",
        "|---|---|---|---|---|",
    ]
    for name, suffix in [("MSRAM", ""), ("XIP, no RL2", " xip no RL2")] + [
            (f"XIP, RL2 {kb} KB", f" xip RL2 {kb} KB") for kb in (8, 16, 32, 64, 128)]:
        rx, tx = f"UDP rx 1470B{suffix}", f"UDP tx 1470B{suffix}"
        lines.append(f"| {name} | {sim[rx][0]:.1f} | {sim[rx + ' CPU'][0]:.1f} | {sim[tx][0]:.1f} | "
                     f"{sim[tx + ' CPU'][0]:.1f} |")
    lines += [
        "",
        "### Mechanisms",
        "",
        "* **UDP and TCP tx are CPU-bound**: per packet the R5F runs the socket call (UDP) or",
        "  lwiperf's tcp_write (TCP, no copy), lwIP's output, the SDK's scatter-gather send with its",
        "  pseudo-header checksum, the paced Tx interrupt's reaping, FreeRTOS's switches; the code's",
        "  48 KB hot path (assumed) runs through the 32 KB I-cache, so about a third of its lines",
        "  miss to MSRAM. Small datagrams pay the same per packet for less payload.",
        "* **UDP rx** adds the socket's copy of each datagram (recvfrom into the task's buffer) and",
        "  the Rx task's and the tcpip thread's switches; the PC's rate is searched to the largest",
        "  with at most 1 % lost, where the R5F is nearly saturated.",
        "* **TCP rx** is the 23360 B window over the round trip: the board's Rx interrupts are paced",
        "  to about 8 a millisecond, and the PC, sending in TSO bursts, runs its NIC's bulk interrupt",
        "  class (4000/s): each window's ACKs wait for both.",
        "* **XIP**: every I-cache miss of code in the flash is a 32 B OSPI read, 79 clocks at",
        "  41.67 MHz (1S-1S-8S, the SDK's SysConfig defaults): 1.9 us. Without the RL2, or with an",
        "  RL2 smaller than the hot path, the core waits on the flash most of the time; an RL2 that",
        "  holds the hot path (64 KB and up) serves the misses from its SRAM bank, a tag lookup",
        "  slower than MSRAM.",
        "",
        "Assumed parameters these predictions lean on (docs/am261x.md, with their bounds): the L1",
        "sizes (the AM261x TRM's were not found), the hot path's code footprint (48 KB; 24 KB gives",
        "UDP rx 620 and TCP tx 832 Mbit/s, 96 KB 359 and 391), MSRAM's latency, the per-call path",
        "lengths (carried over from the Cortex-A7 board's lwIP estimates), FreeRTOS's switch cost,",
        "the OSPI mode at run time (a 133 MHz DDR flash would make each miss about 7 times",
        "cheaper), and the PC (Linux with an Intel NIC: the study names iperf 2.0.10 only).",
    ]
    return lines
