"""A numba trap no run is sure to show: a record taken from a kernel's local array, passed on in
the array's last use.

numba frees a local array right after the statement that uses it last, and a record taken from
it (``probe[0]``) holds no reference to it. So in

    probe = np.empty(1, dtype=STATE_DTYPE)
    probe[0] = s
    return search(probe[0], ...)

``search`` reads freed memory: the Imperium bots did, and their games differed from run to run
(issue 13). Whether a run shows it depends on what the allocator does with the freed block, so
this reads the sources instead: no kernel may pass ``local[...]`` to a call in the local record
array's last use outside a loop (inside a loop the array lives on to the next pass). Pass the
array and an index (``search_at(probe, 0, ...)``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KERNEL_DIRS = ("envs", "agents", "encoders", "meeplegym", "training")
ALLOCATORS = {"empty", "zeros", "ones", "full", "empty_like", "zeros_like"}
LOOPS = (ast.For, ast.While, ast.AsyncFor)


def _is_kernel(fn: ast.FunctionDef) -> bool:
    return any("jit" in ast.unparse(d) or ast.unparse(d) in ("kernel", "parallel_kernel", "shell_kernel") for d in fn.decorator_list)


def _scalar_dtype(node: ast.AST) -> bool:
    """dtype=np.int64 and the like (or a builtin): not a record type."""
    text = ast.unparse(node)
    return text in ("int", "float", "bool") or (text.startswith("np.") and not text.endswith("dtype"))


def _record_arrays(fn: ast.FunctionDef) -> set[str]:
    """Local names bound to a new array whose dtype is not a numpy scalar (a record dtype)."""
    names = set()
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        if not (isinstance(call.func, ast.Attribute) and call.func.attr in ALLOCATORS):
            continue
        dtype = next((k.value for k in call.keywords if k.arg == "dtype"), call.args[1] if len(call.args) > 1 else None)
        if dtype is None or _scalar_dtype(dtype):
            continue
        names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _parents(fn: ast.FunctionDef) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(fn) for child in ast.iter_child_nodes(node)}


def dangling_records(source: str) -> list[str]:
    """'function:line' for each call in a kernel of `source` that is handed a record of a local
    record array in that array's last use, outside a loop."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not (isinstance(fn, ast.FunctionDef) and _is_kernel(fn)):
            continue
        parent = _parents(fn)
        for name in _record_arrays(fn):
            uses = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
            if not uses:
                continue
            last = max(uses, key=lambda n: (n.lineno, n.col_offset))
            up, in_loop = parent.get(last), False
            for node in iter(lambda: up, None):
                if isinstance(node, LOOPS):
                    in_loop = True
                up = parent.get(up)
            record = parent.get(last)
            if in_loop or not isinstance(record, ast.Subscript) or record.value is not last:
                continue
            if isinstance(parent.get(record), ast.Call) and record in parent[record].args:
                found.append(f"{fn.name}:{last.lineno}")
    return found


def kernel_sources() -> list[Path]:
    return sorted(p for d in KERNEL_DIRS for p in (ROOT / d).rglob("*.py") if ".venv" not in p.parts)


@pytest.mark.parametrize("path", kernel_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_kernel_hands_on_a_record_of_an_array_it_frees(path):
    assert dangling_records(path.read_text()) == []


BUGGY = """
@nb.njit(cache=True)
def idles(s, p):
    probe = np.empty(1, dtype=STATE_DTYPE)
    probe[0] = s
    T.apply(probe[0], 3)
    return search(probe[0], p) == 0
"""


def test_the_lint_finds_the_trap_and_passes_its_cures():
    assert dangling_records(BUGGY) == ["idles:7"]
    assert dangling_records(BUGGY.replace("search(probe[0], p)", "search_at(probe, 0, p)")) == []
    in_a_loop = BUGGY.replace("    return search(probe[0], p) == 0",
                              "    for a in range(3):\n        v = search(probe[0], a)\n    return v")
    assert dangling_records(in_a_loop) == []
    scalar = BUGGY.replace("dtype=STATE_DTYPE", "dtype=np.int64")
    assert dangling_records(scalar) == []  # an element of a number array is a copied value
    assert dangling_records(BUGGY.replace("@nb.njit(cache=True)\n", "")) == []  # plain Python keeps it alive
