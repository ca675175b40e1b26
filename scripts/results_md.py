#!/usr/bin/env python3
"""Writes docs/calibration.md (every calibration row: simulated, measured, error)
and docs/predictions.md (the withheld configurations, with the mechanism that
sets each group) from `wirespeed reproduce pcie` and `reproduce msc8144`. Run
after a calibration change; tests/regression checks that predictions.md still
matches the model.

  scripts/results_md.py
"""
import csv
import io
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def departures(rows):
    """Rows outside 5 %, if any, and how the model meets the in-flight bend."""
    out = [r for r in rows if abs(float(r["error_pct"])) > 5]
    listed = ", ".join(f"{r['label']} {float(r['error_pct']):+.1f} %" for r in out) or "none"
    return [
        "",
        "### The in-flight bend",
        "",
        f"Rows outside 5 %: {listed}.",
        "",
        "The measured in-flight table is not linear in the number of requests: for 128 B",
        "blocks the time per batch grows by 224 ns per extra request from 1 to 4 requests",
        "and by 154 ns (about one TLP on the wire) from 4 to 8. A batch that costs one",
        "exposed request chain plus a serial cost per further request is linear in the",
        "requests, and the best such line misses those three rows by 4.8 % each. The model",
        "meets the bend with the HSSI DMA's descriptor chain (docs/pcie.md, \"Per-request",
        "costs\"): a request given to an idle channel starts from the channel's registers;",
        "one appended while the channel runs is linked to the chain, and if the link was",
        "not there when the engine set up the running descriptor, the engine reads the",
        "link and then the new descriptor when it gets there (`dma.bd_fetch_cycles` each),",
        "a stall paid once per batch. Every later request is linked before its predecessor",
        "starts, so its descriptor is read ahead, overlapped with the transfer. 8 B",
        "requests find the channel idle (the DMA finishes one before the core has issued",
        "the next), and from 512 B on the stall hides behind the TLPs queued in the",
        "controller. The DMA also streams each TLP's data in 64 B bursts (MSC8156 RM",
        "§14.2.3), so a 1 KB request's first TLP starts as early as a 128 B one's.",
        "",
        "Tried and set aside before this (each with a full calibration search): a completion",
        "ISR that retires every finished request (moved 8 B x4 to +8.3 %, against the 8 B",
        "data); requests spread over DMA channels (8 B x4/x8 to +8/+10 %); the two boards'",
        "tests started out of phase (no effect: the boards couple only through DLLPs); a",
        "descriptor read ahead without the register start of an idle channel and with",
        "store-and-forward pieces (best max 5.5 %, with a sawtooth in the number of",
        "requests).",
    ]


def mechanisms(sim):
    """The mechanism text of each withheld group, with the model's own figures."""
    w128 = [sim[f"MPS128 {b} write"] / sim[f"{b} write"] - 1 for b in ("256B", "512B", "1KB")]
    r128, r256 = sim["MPS128 256B read"], sim["256B read"]
    read_side = (
        f"Reads of 256 B blocks come out {'faster' if r128 > r256 else 'slower'} than at MPS 256 "
        f"({r128:.2f} against {r256:.2f} Gbps): the requester's DMA writes each completion to DDR only once "
        "it has fully arrived, and with 128 B completions the last such write after the wire is half as long, "
        "which the extra framing has to outweigh.")
    return {
        "mps128": "Every TLP carries 128 B instead of 256 B, so per byte there are twice the TLP framing symbols "
                  "(20 per TLP), twice the Acks/UpdateFCs and twice the per-TLP copies into the transmit buffer; "
                  f"writes change by {min(w128) * 100:+.1f} % to {max(w128) * 100:+.1f} % against MPS 256. "
                  + read_side,
        "gen2": "Symbols last 2 ns instead of 4 ns, halving every wire time. The per-request costs (core, DMA "
                "descriptor), the completer latency and the TLP copy rate do not scale with the link, so 32 KB "
                f"transfers reach {sim['Gen2 x4 32KB write'] / 32 * 100:.0f} % (write) and "
                f"{sim['Gen2 x4 32KB read'] / 32 * 100:.0f} % (read) of the 8b/10b rate of both directions "
                "(32 Gbps), against "
                f"{sim['x4 32KB write'] / 16 * 100:.0f} % and {sim['x4 32KB read'] / 16 * 100:.0f} % at Gen1.",
        "x1_small": "On x1 each TLP lasts four times longer than on x4 (8 B write: 28 symbols = 112 ns; 128 B: 148 "
                    "symbols = 592 ns, plus 32 ns per Ack DLLP). 128 B blocks become wire-bound "
                    f"({sim['x1 128B write']:.2f} against {sim['128B x8req']:.2f} Gbps on x4). 8 B blocks give "
                    f"{sim['x1 8B write']:.2f} against {sim['8B x8req']:.2f} Gbps: their TLPs now go back to back, "
                    "so one Ack covers the batch and the core retires all eight completions after it instead of "
                    "while later requests are on the wire; the core (issue plus completion) bounds the batch.",
    }


BINARY = os.path.join(ROOT, "build", "wirespeed")
ENV = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")


def reproduce(rows, name="pcie"):
    out = subprocess.run([BINARY, "reproduce", name, "--rows", rows, "--format", "csv", "-j", "2"],
                         capture_output=True, text=True, check=True, env=ENV).stdout
    return list(csv.DictReader(io.StringIO(out)))


def calibration_md(rows):
    errs = [abs(float(r["error_pct"])) for r in rows]
    lines = [
        "# Calibration",
        "",
        "Generated by `scripts/results_md.py`; one section per platform.",
        "",
        "## MSC8156/MSC8157 PCIe platform",
        "",
        "One parameter set serves every row. The calibrated parameters (see the",
        "`source` column of `wirespeed params msc815x_pcie` and docs/pcie.md) were",
        "fitted together by `scripts/calibrate.py pcie` on the 24 calibration rows of",
        "`workloads/pcie_dma/reference/pcie-msc815x.csv` and written into the code by",
        "`scripts/apply_calibration.py`; `scripts/calibrate_pcie.sh` holds the exact",
        "search (ranges, fixed choices, starting point). Generated by `scripts/results_md.py`.",
        "",
        f"Calibration error over {len(rows)} rows: mean |error| {sum(errs) / len(errs):.1f} %, "
        f"max |error| {max(errs):.1f} %.",
        "",
        "| table | row | op | lanes | MPS | block | in flight | simulated | measured | error % |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['table']} | {r['label']} | {r['dma.op']} | x{r['pcie.lanes']} | {r['pcie.mps']} | "
                     f"{r['dma.block_bytes']} | {r['dma.in_flight']} | {float(r['simulated']):.2f} | "
                     f"{float(r['measured']):.2f} | {float(r['error_pct']):+.1f} |")
    return lines + departures(rows)


def pcie_predictions(calibration, rows):
    sim = {r["label"]: float(r["simulated"]) for r in calibration + rows}
    mechanism = mechanisms(sim)
    lines = [
        "## MSC8156/MSC8157 PCIe DMA (AN3935)",
        "",
        "Predicted with the one parameter set fitted on the 24 calibration rows",
        "(docs/calibration.md). Gbps, both link directions summed, as in the reference.",
        "Re-committed on 2026-11-30, still before any comparison, after the DMA gained",
        "burst streaming and chained-descriptor reads and the platform was recalibrated;",
        "git history has every earlier version of this table.",
        "",
        "| configuration | op | gen | lanes | MPS | block | in flight | predicted Gbps |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['label']} | {r['dma.op']} | {r['pcie.gen']} | x{r['pcie.lanes']} | {r['pcie.mps']} | "
                     f"{r['dma.block_bytes']} | {r['dma.in_flight']} | {float(r['simulated']):.2f} |")
    lines += ["", "### Mechanisms", ""]
    for table in dict.fromkeys(r["table"] for r in rows):
        lines += [f"* **{table}**: {mechanism[table]}"]
    return lines


MSC8144_KNOBS = ["soc.core_mhz", "soc.m3_mhz", "app.cores", "app.channels_per_core", "qe.uecs", "qe.parse_mode",
                 "app.udp_send", "app.buffers"]


def msc8144_run(row):
    """Runs a row's 64 B configuration; returns (limiting resource, {resource: util %})."""
    cmd = [BINARY, "run", os.path.join(ROOT, "workloads", "udp_echo", "scenarios", "echo_64b.yaml")]
    for k in MSC8144_KNOBS + ["tester.frame_bytes"]:
        cmd += ["--set", f"{k}={row[k]}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=ENV).stdout
    util = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 2 and not line.startswith(" ") and f[0] != "resource":
            try:
                util[f[0]] = float(f[1])
            except ValueError:
                pass
    limiting = out.split("limiting resource: ")[1].split()[0]
    return limiting, util


def msc8144_calibration_md(rows):
    figures = [r for r in rows if r["error_pct"] not in ("holds", "FAILS")]
    errs = [abs(float(r["error_pct"])) for r in figures]
    statements = [r for r in rows if r["error_pct"] in ("holds", "FAILS")]
    lines = [
        "",
        "## MSC8144 UDP echo platform",
        "",
        "The calibrated parameters (`wirespeed params msc8144`, docs/msc8144.md) were",
        "fitted by `scripts/calibrate_msc8144.sh` on the three 64 B figures of",
        "`workloads/udp_echo/reference/msc8144-udp-echo.csv`; the line-rate statements",
        "were checked, not fitted. % of gigabit line rate per port, RFC 2544 throughput.",
        "",
        f"Calibration error over {len(figures)} figures: mean |error| {sum(errs) / len(errs):.1f} %, "
        f"max |error| {max(errs):.1f} %; {sum(r['error_pct'] == 'holds' for r in statements)} of "
        f"{len(statements)} line-rate statements hold.",
        "",
        "| row | core / M3 MHz | send | frame | simulated % | measured | error % or statement |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['label']} | {r['soc.core_mhz']} / {r['soc.m3_mhz']} | {r['app.udp_send']} | "
                     f"{r['tester.frame_bytes']} B | {float(r['simulated']):.2f} | {r['measured']} | "
                     f"{r['error_pct'] if r in statements else format(float(r['error_pct']), '+.1f')} |")
    return lines


def msc8144_predictions(calibration, rows):
    sim = {r["label"]: float(r["simulated"]) for r in calibration + rows}
    r2 = sim["R2 64B"]
    lines = [
        "## MSC8144 UDP echo (SmartDSP OS net_demo)",
        "",
        "Predicted with the one parameter set fitted on R1-R3 (docs/calibration.md).",
        "Every withheld row runs at the R2 clocks and send path (1000/400 MHz,",
        "udpSendTo), extended parsing and M3 buffers unless it says otherwise. The",
        "64 B figure is the RFC 2544 throughput in % of line rate per port; the",
        "line-rate size is the smallest frame (8 B steps) each port carries at line",
        "rate with zero loss.",
        "",
        "| configuration | cores | channels/core | UECs | dispatch | buffers | 64 B % per port | "
        "line rate from (B) | limiting at 64 B |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    detail = {}
    for r in rows:
        if r["tester.mode"] != "rfc2544":
            continue
        config = r["label"].rsplit(" ", 1)[0]
        size = sim[config + " line-rate size"]
        limiting, util = msc8144_run(r)
        detail[r["table"]] = (float(r["simulated"]), size, limiting, util)
        lines.append(f"| {config} | {r['app.cores']} | {r['app.channels_per_core']} | {r['qe.uecs']} | "
                     f"{r['qe.parse_mode']} | {r['app.buffers']} | {float(r['simulated']):.2f} | "
                     f"{int(size) if size else 'never'} | {limiting} |")
    def risc(util):
        return max(v for k, v in util.items() if ".risc" in k)
    w = detail
    lines += [
        "",
        "### Mechanisms",
        "",
        f"* **W1** (4 cores, one stream each): every core runs the R2 path for its own channel, with its own BD "
        f"ring and interrupt, so the figure is close to four times R2 ({4 * r2:.1f} %): {w['W1'][0]:.2f} %. What "
        f"the cores share costs little at this rate: the QE RISCs are {risc(w['W1'][3]):.0f} % busy and the single "
        f"M3 port {w['W1'][3].get('msc8144.m3.port0', 0):.0f} %. Line rate comes at {w['W1'][1]:.0f} B, where four "
        "cores' per-frame time matches the wire time.",
        f"* **W2** (4 cores, two channels each, one UEC): the same four cores serve twice the rings; the load per "
        f"core is unchanged, so the figure stays at {w['W2'][0]:.2f} %. A core takes one channel's ISR at a time "
        "(no nesting), which costs a little when both rings hold frames.",
        f"* **W3** (4 cores, two UECs, two channels each): the cores' total is the same as in W2 and is now split "
        f"over two ports: {w['W3'][0]:.2f} % per port ({2 * w['W3'][0]:.1f} % of one port's rate in all). The "
        f"QE's RISCs and data path serve both UECs ({risc(w['W3'][3]):.0f} % busy); line rate per port comes at "
        f"{w['W3'][1]:.0f} B.",
        f"* **W4** (buffers in M2): the header line fill comes from four-ported M2 at 400 MHz instead of single-ported "
        f"M3: {w['W4'][0]:.2f} % against R2's {r2:.2f} %. The gain is small because the per-frame time is mostly "
        "software path and uncached OS reads, which M2 serves in both cases.",
        f"* **W5** (buffers in DDR): the fill and write-back of each frame's header line go to DDR (60 ns latency, "
        f"1.6 B/ns): {w['W5'][0]:.2f} %; larger frames also move their payload through DDR twice (QE write and "
        f"read), so line rate comes later ({w['W5'][1]:.0f} B against {w['W4'][1]:.0f} B for M2).",
        f"* **W6** (MPC82xx mode, one core, two UECs): all frames of each UEC land in its queue 0 and one core "
        f"serves both rings, dispatching each frame to its channel in software (sw.filter_cycles): the core's "
        f"R2-like capacity is shared by two ports, {w['W6'][0]:.2f} % per port. Line rate per port needs frames "
        f"of {w['W6'][1]:.0f} B, where two ports' frame rate fits one core.",
        "",
        "Assumed parameters these predictions lean on (no public source; docs/msc8144.md): the QE RISC cycles per "
        "frame (W1-W3 if the cores got faster), the MPC82xx filter cost (W6), M2/DDR latencies (W4, W5).",
    ]
    return lines


def main():
    calibration = reproduce("calibration")
    withheld = reproduce("withheld")
    msc_cal = reproduce("calibration", "msc8144")
    msc_withheld = reproduce("withheld", "msc8144")
    open(os.path.join(ROOT, "docs", "calibration.md"), "w").write(
        "\n".join(calibration_md(calibration) + msc8144_calibration_md(msc_cal)) + "\n")
    lines = [
        "# Predictions for withheld measurements",
        "",
        "The studies also measured these configurations; their figures were withheld",
        "from us on purpose. The simulator predicts them with each platform's one",
        "parameter set; nothing here was fitted. Regenerate with `scripts/results_md.py`",
        "only on purpose: tests/regression checks that these tables still match the",
        "model, so a model change that moves a prediction shows.",
        "",
    ]
    lines += pcie_predictions(calibration, withheld) + [""] + msc8144_predictions(msc_cal, msc_withheld)
    open(os.path.join(ROOT, "docs", "predictions.md"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
