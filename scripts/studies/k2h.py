"""66AK2H FTP (TI-RTOS, NDK stand-in on lwIP): `wirespeed reproduce k2h`."""


def calibration_md(rows):
    lines = [
        "",
        "## 66AK2H FTP platform (k2h)",
        "",
        "`wirespeed reproduce k2h --rows calibration`: the rows the parameters were fitted on",
        "(docs/k2h.md names which parameter each fixed). MB/s within 10 % (the study rounds its",
        "figures) is the bar; statements (ranges, the refusal, S2's A15 load) hold or not. A row",
        "outside is a miss, kept here as it is. 100 MB files.",
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
            e = 100 * (sim - float(meas)) / float(meas)
            err, ok = f"{e:+.1f} %", "yes" if abs(e) <= 10 else "**miss**"
        lines.append(f"| {r['label']} | {sim:.4g} | {meas} | {err} | {ok} | {r['limiting']} |")
    return lines


def predictions_md(rows):
    sim = {r["label"]: (float(r["simulated"]), r["limiting"]) for r in rows}
    lines = [
        "## 66AK2H FTP (TI-RTOS, NDK stand-in on lwIP 2.1.3, NIMU on the Navigator)",
        "",
        "Round 2, committed 2026-12-02 before any comparison, after round 1 was scored (the record",
        "below) and S2 joined calibration. Since round 1 the stand-in took what NDK's and NIMU v2's",
        "own source say (docs/k2h.md): NDK's receiver ACK rule, its loss recovery (no fast",
        "retransmit, two 100 ms ticks of minimum timeout, slow start to 64 KB from one segment), its",
        "checksum loop at the A15's issue rate, NIMU's receive copy into a fresh PBM packet, the",
        "accumulator's interrupt threshold of 4, and NDK's path lengths bounded by the S2 load.",
        "Re-committed later that day, still before any comparison, when the packet DMA's bus reads",
        "were served in time order (they had waited behind the A15's later bookings, about 12 us a",
        "packet) and the PC's delay was refitted on the same S0/S1 rows (247 to 259.3 us): Tx 97.84",
        "to the figure below, Rx 63.60 likewise.",
        "Predicted with the one parameter set fitted on the calibration rows (docs/calibration.md;",
        "S0 Tx and S2 miss, see there). MB/s of a 100 MB file from the 150 reply to the end of the",
        "transfer, as an FTP client prints it.",
        "",
        "| step | Tx | Rx | limiting (Tx / Rx) |",
        "|---|---|---|---|",
    ]
    tx, rx = sim["S5 Tx"], sim["S5 Rx"]
    lines.append(f"| S5 | {tx[0]:.2f} | {rx[0]:.2f} | {tx[1]} / {rx[1]} |")
    lines += [
        "",
        "### Mechanisms",
        "",
        "S5 is S2 with the PC acknowledging every 10 segments (100 ms delayed ACK), EmacSend's",
        "recycling batched, and the accumulator paced (FIRST_NEW_PACKET, 2 ticks, about 50 us).",
        "",
        f"* **Tx {tx[0]:.1f}** ({tx[1]}): the board takes one ACK per 10 segments instead of 2, which",
        "  frees the core of most of its ACK input; NDK opens its congestion window at TCP_MAXWIN, so",
        "  no slow start waits for the PC's timer. EmacSend's 1600 cycles are the same walk moved out",
        "  of the per-packet path.",
        f"* **Rx {rx[0]:.1f}** ({rx[1]}): the board is the receiver, so the PC's ACK policy does not",
        "  act; pacing trades interrupts for up to 50 us more per packet, and the core, with NIMU's",
        "  copy of every frame and NDK's per-segment path, binds.",
        "",
        "The model's S2 runs faster than the board's with its A15 saturated, where the board's was",
        "at 55-68 %: whatever held the board at 55 MB/s is not in the model, and these S5 figures",
        "lean on the same gap (docs/k2h.md). Assumed parameters they lean on: NDK's per-layer path",
        "lengths (bounded by the S2 load, not settled by a source), the PC's receive latency (fitted",
        "on S0/S1, whose 8 KB windows make every row a round trip), the 100 MB file, lwIP's TCP",
        "standing in for NDK's where the stand-in does not reproduce NDK's.",
    ]
    return lines
