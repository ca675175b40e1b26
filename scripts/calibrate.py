#!/usr/bin/env python3
"""Fits a platform's calibrated cost parameters to the calibration rows of its
reference table by coordinate descent on the simulator itself.

  scripts/calibrate.py pcie --param dma.desc_cycles=10:400 --param core.issue_cycles=0:500 ...

Each trial runs `wirespeed reproduce NAME --format csv --set ...`; the objective
is the mean squared relative error over the calibration rows plus a weighted
squared worst-row error (withheld rows are
never looked at). Prints the best values and the per-row errors.
"""
import argparse
import csv
import io
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, name, values, jobs):
    # --no-fail: a trial whose statements fail is scored, not an error.
    cmd = [binary, "reproduce", name, "--format", "csv", "-j", str(jobs), "--rows", "calibration", "--no-fail"]
    for k, v in values.items():
        cmd += ["--set", f"{k}={v}"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1"))
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    rows = [r for r in csv.DictReader(io.StringIO(out.stdout)) if r["kind"] == "calibration"]
    return rows


MAX_WEIGHT = 0.5


def is_figure(r):
    """A row with a measured figure; statement rows ("<100", ">=100") are not fitted."""
    try:
        float(r["measured"])
        return True
    except ValueError:
        return False


def score(rows):
    rows = [r for r in rows if is_figure(r)]
    errs = [(float(r["simulated"]) - float(r["measured"])) / float(r["measured"]) for r in rows]
    return sum(e * e for e in errs) / len(errs) + max(abs(e) for e in errs) ** 2 * MAX_WEIGHT, errs


def fmt(v, integer):
    return str(int(round(v))) if integer else f"{v:.4g}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--param", action="append", default=[], help="KEY=LO:HI[:int] to fit")
    ap.add_argument("--fixed", action="append", default=[], help="KEY=VALUE held fixed")
    ap.add_argument("--start", action="append", default=[], help="KEY=VALUE starting point")
    ap.add_argument("--max-trials", type=int, default=400)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "wirespeed"))
    ap.add_argument("--max-weight", type=float, default=0.5, help="weight of the worst row's squared error")
    a = ap.parse_args()
    global MAX_WEIGHT
    MAX_WEIGHT = a.max_weight

    space = {}
    for p in a.param:
        k, rng = p.split("=")
        parts = rng.split(":")
        space[k] = (float(parts[0]), float(parts[1]), len(parts) > 2 and parts[2] == "int")
    fixed = dict(f.split("=") for f in a.fixed)
    cur = {k: (lo + hi) / 2 for k, (lo, hi, _) in space.items()}
    for s in a.start:
        k, v = s.split("=")
        cur[k] = float(v)

    def trial(vals):
        sets = dict(fixed)
        sets.update({k: fmt(v, space[k][2]) for k, v in vals.items()})
        return score(run(a.binary, a.name, sets, a.j))

    best, errs = trial(cur)
    print(f"start score {best:.5f}", file=sys.stderr)
    # Pattern search: each parameter keeps its own step, doubled after a success and
    # halved after a failure, until every step is below 1/64 of its range.
    step = {k: (hi - lo) / 8 for k, (lo, hi, _) in space.items()}
    trials = 0
    while trials < a.max_trials and any(step[k] > (space[k][1] - space[k][0]) / 64 for k in space):
        for k, (lo, hi, integer) in space.items():
            if step[k] <= (hi - lo) / 64:
                continue
            moved = False
            for d in (+1, -1):
                v = min(hi, max(lo, cur[k] + d * step[k]))
                if integer:
                    v = round(v)
                if v == cur[k]:
                    continue
                cand = dict(cur, **{k: v})
                s, e = trial(cand)
                trials += 1
                if s < best - 1e-9:
                    best, errs, cur, moved = s, e, cand, True
                    print(f"{trials} {k}={fmt(v, integer)} score {best:.5f} max {max(abs(x) for x in e)*100:.1f}%",
                          file=sys.stderr)
                    break
            step[k] = min(step[k] * 2, (hi - lo) / 4) if moved else step[k] / 2
            if integer and not moved and step[k] < 1:
                step[k] = 0
    print("best:")
    for k, v in cur.items():
        print(f"  --set {k}={fmt(v, space[k][2])}")
    rows = run(a.binary, a.name, dict(fixed, **{k: fmt(v, space[k][2]) for k, v in cur.items()}), a.j)
    for r in rows:
        if is_figure(r):
            e = (float(r["simulated"]) - float(r["measured"])) / float(r["measured"])
            print(f"  {r['label']:<28} sim {float(r['simulated']):6.2f} meas {float(r['measured']):6.2f} err {e*100:+5.1f}%")
        else:
            print(f"  {r['label']:<28} sim {float(r['simulated']):6.2f} {r['measured']:>11} {r['error_pct']}")


if __name__ == "__main__":
    main()
