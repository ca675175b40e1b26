"""The simulator the study modules run: build/wirespeed of this checkout."""
import csv
import io
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "build", "wirespeed")
ENV = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")


def reproduce(rows, name):
    """The rows of kind `rows` of reproduce table `name`, as dicts by CSV column."""
    out = subprocess.run([BINARY, "reproduce", name, "--rows", rows, "--format", "csv", "-j", "2", "--no-fail"],
                         capture_output=True, text=True, check=True, env=ENV).stdout
    return list(csv.DictReader(io.StringIO(out)))


def run(scenario, *sets):
    """The rows of `wirespeed run` of a scenario (relative to the checkout) with KEY=VALUE overrides."""
    args = [BINARY, "run", os.path.join(ROOT, scenario), "--format", "csv", "-j", "2"]
    for s in sets:
        args += ["--set", s]
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=ENV).stdout
    return list(csv.DictReader(io.StringIO(out)))
