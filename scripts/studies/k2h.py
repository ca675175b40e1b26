"""66AK2H FTP (TI-RTOS, NDK stand-in on lwIP): `wirespeed reproduce k2h`."""



def calibration_md(rows):
    lines = [
        "",
        "## 66AK2H FTP platform (k2h)",
        "",
        "`wirespeed reproduce k2h --rows calibration`: every figure of the study, all released.",
        "MB/s within 10 % (the study rounds its figures) is the bar; statements (ranges, the refusal,",
        "S2's A15 load) hold or not. A row outside is a recorded miss (the reference table's note gives",
        "the arithmetic; docs/k2h.md). Since round 3 the Windows PC is its NIC's interrupt classes and",
        "its published ACK rules, fitted on no row. A get is the example server's RETR loop, 5000 send()s",
        "(2.56 MB at 512 B, 7.3 MB at 1460 B: ftp_filerout.c); a put's file is 100 MB (size not given).",
        "",
        "| row | simulated | measured | error | holds | limiting |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        sim, meas = float(r["simulated"]), r["measured"]
        if meas.startswith(">=") or meas.startswith("<"):
            err = "-"
            bound = float(meas.lstrip(">=<"))
            ok = "yes" if (sim >= bound if meas.startswith(">=") else 0 < sim < bound) else "**no**"
        else:
            m = float(meas[6:]) if meas.startswith("about ") else float(meas)
            e = 100 * (sim - m) / m
            err, ok = f"{e:+.1f} %", "yes" if abs(e) <= (25 if meas.startswith("about ") else 10) else "**miss**"
        if r.get("status") == "miss":
            ok += " (recorded)"
        lines.append(f"| {r['label']} | {sim:.4g} | {meas} | {err} | {ok} | {r['limiting']} |")
    return lines


def predictions_md(rows):
    return [
        "## 66AK2H FTP (TI-RTOS, NDK stand-in on lwIP 2.1.3, NIMU on the Navigator)",
        "",
        "Every figure of the study is now released: round 2's S5 prediction was scored (the record",
        "below) and joined calibration. Nothing is left to predict.",
    ]
