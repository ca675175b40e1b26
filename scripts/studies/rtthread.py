"""Cortex-A7 RT-Thread iperf and memcpy (a7_rtthread): `wirespeed reproduce rtthread`."""


def calibration_md(rows):
    lines = [
        "",
        "## Cortex-A7 RT-Thread platform (a7_rtthread)",
        "",
        "`wirespeed reproduce rtthread --rows calibration`: every figure of the study, all released.",
        "Mbit/s and memcpy within 10 % (a figure the study rounds, \"about 6\", within 25 %), CPU within",
        "10 points is the bar. A row outside it is a recorded miss (the reference table's note gives the",
        "arithmetic of why; docs/a7_rtthread.md). Since round 3 the PC is its NIC's published interrupt",
        "classes and a 15 us stack, fitted on no row. Three S0 CPU figures contradict the board's own",
        "throughputs and are excluded (`--rows excluded`; the reference table gives the arithmetic).",
        "",
        "| row | simulated | measured | error | holds | limiting |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        sim, meas = float(r["simulated"]), r["measured"]
        if meas.startswith(">="):
            err, ok = "-", "yes" if sim >= float(meas[2:]) else "no"
        else:
            m = float(meas[6:]) if meas.startswith("about ") else float(meas)
            if r["label"].endswith("CPU"):
                err = f"{sim - m:+.1f} points"
                ok = "yes" if abs(sim - m) <= 10 else "**miss**"
            else:
                e = 100 * (sim - m) / m
                err = f"{e:+.1f} %"
                ok = "yes" if abs(e) <= (25 if meas.startswith("about ") else 10) else "**miss**"
        if r.get("status") == "miss":
            ok += " (recorded)"
        lines.append(f"| {r['label']} | {sim:.4g} | {meas} | {err} | {ok} | {r['limiting']} |")
    return lines


def predictions_md(rows):
    return [
        "## Cortex-A7 RT-Thread iperf (lwIP 2.1.3, DesignWare EMAC)",
        "",
        "Every figure of the study is now released: round 2's six predictions (S3's sending rows and",
        "EMAC1) were scored (the record below) and joined calibration. Nothing is left to predict.",
    ]
