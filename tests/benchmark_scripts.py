"""benchmarks/ is no package: its scripts are loaded by path for their tests, each registered under
a module name (dataclasses and worker processes look a module up by its name)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(script: str, name: str | None = None):
    """benchmarks/<script>.py as the module `name` (default: the script's own name)."""
    name = name or script
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{script}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
