#!/usr/bin/env python3
"""Writes fitted values (the `--set KEY=VALUE` lines printed by calibrate.py) into
the defaults of a platform's parameter file.

  scripts/apply_calibration.py platforms/msc815x_pcie/msc815x_params.cpp < fit.txt
"""
import re
import sys


def main():
    path = sys.argv[1]
    text = open(path).read()
    for line in sys.stdin:
        m = re.search(r"--set (\S+)=(\S+)", line)
        if not m:
            continue
        key, value = m.groups()
        # declare(number("key", K::..., "default", ...) or declare(choice("key", "default", ...)
        pat = re.compile(r'(\((?:number|choice)\("' + re.escape(key) + r'",\s*(?:K::\w+,\s*)?")([^"]*)(")')
        text, n = pat.subn(lambda g: g.group(1) + value + g.group(3), text)
        if n != 1:
            sys.exit(f"{key}: found {n} declarations in {path}")
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
