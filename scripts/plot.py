#!/usr/bin/python3
"""Pictures of wirespeed results (matplotlib, Agg backend). Called by the CLI:

  plot.py sweep RESULTS.csv --x KEY --y COLUMN [--by KEY] [--swept K1,K2] [--logx] [--logy]
          [--unit-x U] [--unit-y U] --name NAME -o FILE.png
  plot.py reproduce REPRODUCE.csv --name NAME --dir DIR

sweep: COLUMN against KEY, a line per value of --by, else per combination of
the other swept keys (--swept); a group whose x values repeat gets markers
only, never a zig-zag line. A non-numeric x is categorical: its values evenly
spaced, named on the axis. reproduce: per reference table a PNG with a panel
per quantity (metric and unit), markers only, log axes where the values span
more than a decade; measured, simulated, committed predictions, withheld and
excluded rows each marked apart. Each PNG written is named on stderr with
what it shows. Exit 2 on bad input, with the reason on stderr.
"""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402


def fail(msg):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
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


def spans_decades(values):
    """Positive values more than a decade apart: a log axis shows them all."""
    v = [x for x in values if x is not None and x > 0]
    return len(v) > 1 and max(v) / min(v) > 10


def sweep(a):
    rows = read(a.results)
    group_keys = [a.by] if a.by else [k for k in a.swept.split(",") if k and k != a.x]
    for key in [a.x, a.y] + group_keys:
        if key not in rows[0]:
            fail(f"{a.results}: no column '{key}' (columns: {', '.join(rows[0].keys())})")
    if not a.by:  # a swept key with one value tells no configurations apart
        group_keys = [k for k in group_keys if len({r[k] for r in rows}) > 1]
    if any(number(r[a.y]) is None for r in rows):
        fail(f"{a.results}: '{a.y}' must be a number in every row")
    categorical = any(number(r[a.x]) is None for r in rows)
    if categorical and a.logx:
        fail(f"--logx: '{a.x}' is not numeric (its values: {', '.join(sorted({r[a.x] for r in rows}))})")
    categories = list(dict.fromkeys(r[a.x] for r in rows))  # in point order
    groups = {}
    for r in rows:
        x = categories.index(r[a.x]) if categorical else number(r[a.x])
        label = ", ".join(f"{k}={r[k]}" for k in group_keys)
        groups.setdefault(label, []).append((x, number(r[a.y])))
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    markers_only = []
    for label, pts in groups.items():
        pts.sort()
        xs = [p[0] for p in pts]
        repeats = len(set(xs)) < len(xs)  # points of other configurations share an x: no line through them
        if repeats:
            markers_only.append(label or "all")
        ax.plot(xs, [p[1] for p in pts], marker="o", linestyle="none" if repeats else "-", label=label or None)
    if categorical:
        ax.set_xticks(range(len(categories)))
        ax.set_xticklabels(categories, rotation=30 if len(categories) > 4 else 0, ha="right" if len(categories) > 4 else "center")
    integer = not categorical and all(number(r[a.x]).is_integer() for r in rows)
    if integer:  # no "2.5 cores"
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if a.logx:
        ax.set_xscale("log")
    if a.logy:
        ax.set_yscale("log")
    ax.set_xlabel(f"{a.x} [{a.unit_x}]" if a.unit_x not in ("", "-") else a.x)
    ax.set_ylabel(f"{a.y} [{a.unit_y}]" if a.unit_y not in ("", "-") else a.y)
    ax.set_title(f"{a.name}: {a.y} against {a.x}")
    ax.grid(True, alpha=0.3)
    if len(groups) > 1 or group_keys:
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(a.o)
    note = f"; markers only (x repeats) for {'; '.join(markers_only)}" if markers_only else ""
    ticks = " (categories)" if categorical else " (integer ticks)" if integer else ""
    print(f"wrote {a.o}: {a.y} against {a.x}{ticks}, {len(groups)} "
          f"group{'s' if len(groups) != 1 else ''}{note}", file=sys.stderr)


# A simulated figure's marker by its row's kind: (marker, colour, filled, legend).
SIMULATED = {"calibration": ("o", "C0", True, "simulated"),
             "withheld": ("D", "C1", True, "simulated, withheld row (a prediction)"),
             "excluded": ("o", "grey", False, "simulated, excluded row")}


def measured_value(text):
    """A measured cell as (value, kind): a figure, 'about 6', '>=90' or '<50'."""
    for prefix, kind in (("about ", "about"), (">=", "at_least"), ("<", "below")):
        if text.startswith(prefix):
            return number(text[len(prefix):]), kind
    return number(text), "figure"


# A measured cell's marker by what it says: (marker, legend).
MEASURED = {"figure": ("s", "measured"), "about": ("s", "measured (about)"),
            "at_least": ("^", "measured: at least"), "below": ("v", "measured: below")}


def panel(ax, rs, metric, unit):
    xs = range(len(rs))
    drawn = {}  # legend entry -> (x, y, style)

    def mark(label, x, y, **style):
        if y is not None:
            drawn.setdefault(label, ([], [], style))
            drawn[label][0].append(x)
            drawn[label][1].append(y)

    values = []
    for x, r in zip(xs, rs):
        kind = r["kind"] if r["kind"] in SIMULATED else "calibration"
        m, colour, filled, legend = SIMULATED[kind]
        sim = number(r["simulated"])
        mark(legend, x, sim, marker=m, color=colour, markerfacecolor=colour if filled else "none")
        meas, how = measured_value(r["measured"])
        excluded = r["kind"] == "excluded"
        mark(MEASURED[how][1] + (", excluded row" if excluded else ""), x, meas, marker=MEASURED[how][0],
             color="black", markerfacecolor="none" if excluded else "black")
        pred = number(r["predicted"])
        mark("committed prediction", x, pred, marker="x", color="red", markersize=10)
        values += [sim, meas, pred]
    for label, (px, py, style) in drawn.items():
        ax.plot(px, py, linestyle="none", label=label, **{"markersize": 7, **style})
    log = spans_decades(values)
    if log:
        ax.set_yscale("log")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([r["label"] for r in rs], rotation=30, ha="right", fontsize="small")
    ax.set_ylabel(f"{metric} [{unit}]" if unit else metric)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    return log


def reproduce(a):
    rows = read(a.results)
    os.makedirs(a.dir, exist_ok=True)
    tables = {}
    for r in rows:
        tables.setdefault(r["table"], []).append(r)
    for table, rs in tables.items():
        quantities = {}
        for r in rs:
            quantities.setdefault((r.get("metric", ""), r.get("unit", "")), []).append(r)
        widest = max(len(q) for q in quantities.values())
        fig, axes = plt.subplots(len(quantities), 1, figsize=(max(6, 0.8 * widest + 3), 4.5 * len(quantities)),
                                 dpi=100, squeeze=False)
        panels = []
        for ax, ((metric, unit), qs) in zip(axes[:, 0], quantities.items()):
            log = panel(ax, qs, metric, unit)
            panels.append(f"{metric} [{unit}]{' (log)' if log else ''}")
        fig.suptitle(f"{a.name}: {table}")
        fig.tight_layout()
        path = os.path.join(a.dir, f"{a.name}_{table}.png".replace("/", "_"))
        fig.savefig(path)
        plt.close(fig)
        print(f"wrote {path}: {len(panels)} panel{'s' if len(panels) != 1 else ''}: {'; '.join(panels)}",
              file=sys.stderr)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="mode", required=True)
    s = sub.add_parser("sweep")
    s.add_argument("results")
    s.add_argument("--x", required=True)
    s.add_argument("--y", required=True)
    s.add_argument("--by")
    s.add_argument("--swept", default="", help="the run's swept keys, comma-separated")
    s.add_argument("--logx", action="store_true")
    s.add_argument("--logy", action="store_true")
    s.add_argument("--unit-x", default="")
    s.add_argument("--unit-y", default="")
    s.add_argument("--name", required=True, help="the run folder's or CSV's name, for the title")
    s.add_argument("-o", required=True)
    r = sub.add_parser("reproduce")
    r.add_argument("results")
    r.add_argument("--name", required=True)
    r.add_argument("--dir", required=True)
    a = p.parse_args()
    sweep(a) if a.mode == "sweep" else reproduce(a)


if __name__ == "__main__":
    main()
