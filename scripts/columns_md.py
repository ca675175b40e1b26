#!/usr/bin/python3
"""Writes docs/columns.md from `wirespeed columns PLATFORM` for every platform
and `wirespeed columns --resources` (a run folder's bottleneck.csv), so the
page always lists what the code reports.

  scripts/columns_md.py
"""
import csv
import io
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "build", "wirespeed")
PLATFORMS = [("msc815x_pcie", "PCIe DMA (msc815x_pcie, workload pcie_dma)"),
             ("msc8144", "UDP echo (msc8144, workload udp_echo)"),
             ("a7_rtthread", "iperf and memcpy (a7_rtthread, workloads iperf and memcpy)"),
             ("k2h", "FTP (k2h, workload ftp)"),
             ("mpc8572", "IP forwarding (mpc8572, workload ipfwd)")]


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
    for name, title in PLATFORMS:
        out += [f"## {title}", ""] + table([name], env)
    out += ["## Resources (a run folder's bottleneck.csv, every platform)", "",
            "Every point's resources ranked by utilisation, as report.txt's bottleneck table shows them.", ""]
    out += table(["--resources"], env)
    with open(os.path.join(ROOT, "docs", "columns.md"), "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
