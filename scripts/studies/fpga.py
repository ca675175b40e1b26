"""PolarFire FPGA PCIe endpoint to a PC (issue 27): `wirespeed reproduce fpga`."""

LINKS = [f"Gen{g} x{w}" for g in (1, 2) for w in (1, 2, 4)]
COLUMNS = [("builtin", "read"), ("builtin", "write"), ("fabric", "read"), ("fabric", "write")]


def calibration_md(rows):
    return [
        "",
        "## PolarFire FPGA PCIe endpoint to a PC (polarfire_pcie)",
        "",
        "Nothing: every figure of this board is withheld and predicted (docs/predictions.md);",
        "no parameter was fitted on it (docs/fpga_to_pc.md gives each one's source).",
    ]


def predictions_md(rows):
    sim = {r["label"]: (float(r["simulated"]), r["limiting"]) for r in rows}
    lines = [
        "## PolarFire FPGA PCIe endpoint to a PC (vendor PCIe demo)",
        "",
        "Round 1, committed 2026-12-02 before any comparison. A board nobody calibrated: the",
        "PCIe layers fitted on the MSC815x pair, a PC root port (pcie-bench's client-class Intel",
        "read latency, MPS-sized completions) and the two DMA engines from public configuration",
        "facts, every parameter's source in docs/fpga_to_pc.md. MB/s (10^6 B/s) of payload, one",
        "direction, one 64 KB transfer timed from the engine's start to its last byte's arrival,",
        "MPS 128, MRRS 512. read: the endpoint reads the PC's memory; write: it writes into it.",
        "",
        "| link | built-in read | built-in write | fabric read | fabric write | limiting (each column) |",
        "|---|---|---|---|---|---|",
    ]
    for link in LINKS:
        cells = [sim[f"{link} {e} {o}"] for e, o in COLUMNS]
        lines.append(f"| {link} | " + " | ".join(f"{v:.2f}" for v, _ in cells) + " | "
                     + " / ".join(l for _, l in cells) + " |")
    lines += [
        "",
        "### Mechanisms",
        "",
        "* **Writes** are bound by the link: the endpoint's direction carries MWr TLPs only",
        "  (the PC's Acks and UpdateFCs go the other way), 128 B of payload in 148 B on the wire",
        "  (3 DW header, sequence, LCRC, framing), 86.5 % of the 8b/10b data rate. Both engines'",
        "  AXI sides (8 B at 250 MHz, 2000 MB/s) outrun every link up to Gen2 x4 (1728 MB/s), and",
        "  the posted credits return as fast as the PC's memory takes the data, so the engines",
        "  give the same figure.",
        "* **Reads** are bound by the completion direction: 128 B completions (20 B each of",
        "  header, sequence, LCRC and framing) share it with the PC's Acks of the endpoint's MRds.",
        "  The reads in flight cover the round trip: the built-in engine keeps 8 requests of",
        "  512 B (4 KB), the fabric engine 4 bursts of 2 KB (8 KB), against the PC's read latency",
        "  of about 1.2 us plus the wire, which at Gen2 x4 needs about 2.5 KB in flight. The",
        "  fabric engine's reads go out four MRds at a time, so the PC sends fewer lone Acks",
        "  into the completion direction: about 1 % more.",
        "",
        "What would move them (docs/fpga_to_pc.md has the what-ifs): an AXI clock below 250 MHz",
        "(125 MHz, as Microchip's ICICLE design runs it, caps every Gen2 x4 figure at 1000 MB/s;",
        "200 MHz the fabric engine's at 1600), built-in read requests smaller than the MRRS",
        "(128 B requests make Gen2 x4 reads latency-bound at about 740 MB/s), and a root port",
        "that cuts completions at 64 B (reads about 11 % lower at Gen2 x4).",
    ]
    return lines
