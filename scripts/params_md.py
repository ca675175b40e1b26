#!/usr/bin/env python3
"""Rewrites the parameter table of a model page from `wirespeed params PLATFORM`,
between the markers <!-- params:PLATFORM --> and <!-- /params -->, so the page
always shows the values the code declares.

  scripts/params_md.py msc815x_pcie docs/pcie.md
"""
import csv
import io
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    platform, page = sys.argv[1], sys.argv[2]
    out = subprocess.run([os.path.join(ROOT, "build", "wirespeed"), "params", platform, "--format", "csv"],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    lines = ["| key | default | unit | range | meaning | source |", "|---|---|---|---|---|---|"]
    for r in rows:
        cells = [f"`{r['key']}`", r["default"], r["unit"], r["range"], r["meaning"], r["source"]]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    text = open(page).read()
    start, end = f"<!-- params:{platform} -->", "<!-- /params -->"
    new = re.sub(re.escape(start) + r".*?" + re.escape(end), start + "\n" + "\n".join(lines) + "\n" + end, text,
                 flags=re.S)
    open(page, "w").write(new)


if __name__ == "__main__":
    main()
