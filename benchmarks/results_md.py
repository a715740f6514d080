"""benchmarks/RESULTS.md is shared by several scripts (throughput, strength ladder, soak): each
owns one section between markers and rewrites only that section."""

from __future__ import annotations

import datetime
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADER = "# meeplegym benchmark results\n\nEach section is rewritten by the script named in it.\n"


def machine() -> str:
    """One line naming the machine, for the record under each section."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def provenance() -> str:
    """Command, date, commit and machine for a section's footer."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=RESULTS.parent, check=False).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    command = shlex.join([Path(sys.argv[0]).as_posix()] + sys.argv[1:])
    return (f"_Produced by `python {command}` on {datetime.date.today().isoformat()} at commit {commit}; "
            f"machine: {machine()}._")


def write_section(name: str, body: str, path: Path = RESULTS, header: str = HEADER, at_top: bool = False) -> Path:
    """Replace (or append) the section `name` of RESULTS.md (or of another results file that
    starts with `header`) with `body`; a new section goes at the end, or right after the header
    with `at_top`."""
    begin, end = f"<!-- BEGIN {name} -->", f"<!-- END {name} -->"
    text = path.read_text() if path.exists() else header
    block = f"{begin}\n{body.rstrip()}\n\n{provenance()}\n{end}"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + block + rest.split(end, 1)[1]
    elif at_top and text.startswith(header):
        text = header.rstrip() + "\n\n" + block + "\n\n" + text[len(header):].lstrip()
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text)
    return path
