#!/usr/bin/python3
"""Writes docs/columns.md from `wirespeed columns PLATFORM` for every platform
of the catalogue (as `wirespeed list` names them) and `wirespeed columns
--resources` (a run folder's bottleneck.csv), so the page always lists what
the code reports.

  scripts/columns_md.py
"""
import csv
import io
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "build", "wirespeed")


def platforms(env):
    """The catalogue as `wirespeed list` prints it: name, description, workloads."""
    text = subprocess.run([BIN, "list"], capture_output=True, text=True, check=True, env=env).stdout
    lines = text.split("platforms:\n", 1)[1].split("reference tables", 1)[0].splitlines()
    out = []
    for first, second in zip(lines[0::2], lines[1::2]):
        name, description = first.split(None, 1)
        out.append((name, description, second.split("workloads:", 1)[1].split()))
    return out


def table(args, env):
    text = subprocess.run([BIN, "columns", *args, "--format", "csv"], capture_output=True, text=True,
                          check=True, env=env).stdout
    out = ["| column | unit | meaning |", "|---|---|---|"]
    for r in csv.DictReader(io.StringIO(text)):
        out.append("| `{}` | {} | {} |".format(r["column"], r["unit"], r["meaning"].replace("|", "\\|")))
    return out + [""]


def main():
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    out = ["# Result columns", "",
           "Every column `wirespeed run` reports, by workload, with its unit and meaning. A table",
           "shows the units under its header; a run folder's `results.json` carries them per column.",
           "Generated from the code by `scripts/columns_md.py`.", ""]
    for name, description, workloads in platforms(env):
        heading = "{} (workload{} {})".format(name, "s" if len(workloads) > 1 else "", ", ".join(workloads))
        out += [f"## {heading}", "", description + ".", ""] + table([name], env)
    out += ["## Resources (a run folder's bottleneck.csv, every platform)", "",
            "Every point's resources ranked by utilisation, as report.txt's bottleneck table shows them.", ""]
    out += table(["--resources"], env)
    with open(os.path.join(ROOT, "docs", "columns.md"), "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
