"""MSC8144 UDP echo (SmartDSP OS net_demo): `wirespeed reproduce msc8144`."""


def calibration_md(rows):
    figures = [r for r in rows if r["error_pct"] not in ("holds", "FAILS")]
    errs = [abs(float(r["error_pct"])) for r in figures]
    statements = [r for r in rows if r["error_pct"] in ("holds", "FAILS")]
    lines = [
        "",
        "## MSC8144 UDP echo platform",
        "",
        "The calibrated parameters (`wirespeed params msc8144`, docs/msc8144.md) were",
        "fitted by `scripts/calibrate_msc8144.sh` on the five 64 B figures of",
        "`workloads/udp_echo/reference/msc8144-udp-echo.csv` (R1-R3 fix the software",
        "path; H1 and H3, released after round 1, fix the QE microcode); the line-rate",
        "statements were checked, not fitted. % of gigabit line rate per port, RFC 2544",
        "throughput. H5's line-rate size (\"about 768 B\") contradicts H5's own 64 B figure and",
        "is excluded (`--rows excluded`; the reference table gives the arithmetic).",
        "",
        f"Calibration error over {len(figures)} figures: mean |error| {sum(errs) / len(errs):.1f} %, "
        f"max |error| {max(errs):.1f} %; {sum(r['error_pct'] == 'holds' for r in statements)} of "
        f"{len(statements)} line-rate statements hold.",
        "",
        "| row | core / M3 MHz | cores | UECs | send | frame | simulated | measured | error % or statement |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        frame = "size search" if r["tester.mode"] == "line_rate_size" else f"{r['tester.frame_bytes']} B"
        lines.append(f"| {r['label']} | {r['soc.core_mhz']} / {r['soc.m3_mhz']} | {r['app.cores']} | "
                     f"{r['qe.uecs']} | {r['app.udp_send']} | {frame} | {float(r['simulated']):.2f} | {r['measured']} | "
                     f"{r['error_pct'] if r in statements else format(float(r['error_pct']), '+.1f')} |")
    return lines


def predictions_md(rows):
    if rows:
        raise SystemExit("msc8144: withheld rows left, but the section says none are")
    return [
        "## MSC8144 UDP echo (SmartDSP OS net_demo)",
        "",
        "Every row of the study is now released: round 2's predictions (H2, H4, H5) were scored",
        "(the record below) and joined calibration, with the MPC82xx mode's software dispatch",
        "(`sw.filter_cycles`) fitted on H5. Nothing is left to predict.",
    ]
