#!/usr/bin/python3
"""Pictures of wirespeed results (matplotlib, Agg backend). Called by the CLI:

  plot.py sweep RESULTS.csv --x KEY --y COLUMN [--by KEY] [--unit-x U] [--unit-y U] -o FILE.png
  plot.py reproduce REPRODUCE.csv --name NAME --dir DIR

sweep: COLUMN against KEY, one line per value of --by. reproduce: per reference
table, simulated against measured by row label, committed predictions marked;
one PNG per table in DIR. Exit 2 on bad input, with the reason on stderr.
"""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def fail(msg):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def read(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    if not rows:
        fail(f"{path}: no result rows")
    return rows


def sweep(a):
    rows = read(a.results)
    for key in [a.x, a.y] + ([a.by] if a.by else []):
        if key not in rows[0]:
            fail(f"{a.results}: no column '{key}' (columns: {', '.join(rows[0].keys())})")
    groups = {}
    for r in rows:
        x, y = number(r[a.x]), number(r[a.y])
        if x is None or y is None:
            fail(f"{a.results}: point {r.get('point', '?')}: '{a.x}' and '{a.y}' must be numbers")
        groups.setdefault(r[a.by] if a.by else "", []).append((x, y))
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    for label, pts in groups.items():
        pts.sort()
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                label=f"{a.by}={label}" if a.by else None)
    ax.set_xlabel(f"{a.x} [{a.unit_x}]" if a.unit_x else a.x)
    ax.set_ylabel(f"{a.y} [{a.unit_y}]" if a.unit_y else a.y)
    ax.grid(True, alpha=0.3)
    if a.by:
        ax.legend()
    fig.tight_layout()
    fig.savefig(a.o)


def reproduce(a):
    rows = read(a.results)
    os.makedirs(a.dir, exist_ok=True)
    tables = {}
    for r in rows:
        tables.setdefault(r["table"], []).append(r)
    for table, rs in tables.items():
        fig, ax = plt.subplots(figsize=(max(6, 0.8 * len(rs) + 2), 4.5), dpi=100)
        xs = range(len(rs))
        sim = [number(r["simulated"]) for r in rs]
        meas = [number(r["measured"]) for r in rs]
        pred = [number(r["predicted"]) for r in rs]
        ax.plot(xs, sim, "o-", label="simulated")
        ax.plot([x for x, m in zip(xs, meas) if m is not None], [m for m in meas if m is not None], "ks",
                label="measured")
        if any(p is not None for p in pred):
            ax.plot([x for x, p in zip(xs, pred) if p is not None], [p for p in pred if p is not None], "rx",
                    markersize=10, label="predicted (committed)")
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["label"] for r in rs], rotation=30, ha="right")
        unit = rs[0].get("unit", "")
        ax.set_ylabel(f"{rs[0].get('metric', 'figure')} [{unit}]" if unit else "figure")
        ax.set_title(f"{a.name}: {table}")
        ax.grid(True, alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(a.dir, f"{a.name}_{table}.png".replace("/", "_")))
        plt.close(fig)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="mode", required=True)
    s = sub.add_parser("sweep")
    s.add_argument("results")
    s.add_argument("--x", required=True)
    s.add_argument("--y", required=True)
    s.add_argument("--by")
    s.add_argument("--unit-x", default="")
    s.add_argument("--unit-y", default="")
    s.add_argument("-o", required=True)
    r = sub.add_parser("reproduce")
    r.add_argument("results")
    r.add_argument("--name", required=True)
    r.add_argument("--dir", required=True)
    a = p.parse_args()
    sweep(a) if a.mode == "sweep" else reproduce(a)


if __name__ == "__main__":
    main()
