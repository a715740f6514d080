"""The static call graph of meeplegym's kernels, and the thin layers that cost a compile each.

``python benchmarks/kernel_graph.py [--max-lines 20] [--min-tree 10]``

numba compiles every kernel with the compiled code of its whole callee tree linked in and
optimised again (docs/architecture.md, "Compiling"), so a thin kernel over a big tree costs about
as much as the tree. A kernel called by one other kernel only gains nothing from being compiled
on its own: as a ``@shell_kernel`` it is typed into its caller instead. This lists the kernels
that are still compiled alone although they have one caller, at most MAX_LINES lines and at
least MIN_TREE kernels below them, with the size of their trees. The graph is read from the
sources (calls by name, module aliases resolved), not from a run: a call made through a variable
is missed, and a kernel called from Python is compiled on its own whatever this says.
"""

from __future__ import annotations

import argparse
import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"meeplegym": "meeplegym", "envs": "meeplegym.envs", "encoders": "meeplegym.encoders",
            "agents": "meeplegym.agents"}
DECORATORS = {"kernel", "parallel_kernel", "shell_kernel"}
#: the modules whose functions make kernels for each game (``kernel_for`` inside)
TEMPLATES = ("meeplegym.game_kernels", "meeplegym.agents.mcts", "meeplegym.agents.search")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [PACKAGES[rel.parts[0]], *rel.parts[1:]]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class Graph:
    """kernels[name] = (decorator, lines, path); calls[name] = the kernels it calls."""

    def __init__(self):
        self.kernels, self.calls, self.callers = {}, defaultdict(set), defaultdict(set)
        modules, trees, paths = {}, {}, {}
        for package in PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                tree = ast.parse(path.read_text())
                name = module_name(path)
                trees[name], paths[name] = tree, path
                functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
                modules[name] = (self._aliases(tree), functions)
                for fn in functions.values():
                    decorators = [ast.unparse(d) for d in fn.decorator_list if ast.unparse(d) in DECORATORS]
                    if decorators:
                        self.kernels[f"{name}.{fn.name}"] = (decorators[0], fn.end_lineno - fn.lineno + 1, path)
        calls = self._template_copies(modules, trees, paths)
        for module, (aliases, functions) in modules.items():
            for fn in functions.values():
                caller = f"{module}.{fn.name}"
                if caller in self.kernels:
                    calls += [(caller, self._resolve(module, aliases, functions, node.func))
                              for node in ast.walk(fn) if isinstance(node, ast.Call)]
        for caller, callee in calls:
            if callee in self.kernels:
                self.calls[caller].add(callee)
                self.callers[callee].add(caller)

    def _template_copies(self, modules, trees, paths) -> list[tuple[str, str]]:
        """The kernels a game gets from a template (a function of ``TEMPLATES`` that decorates its
        nested kernels with ``kernel_for``): for ``a, b = engine_kernels(turn, ..., __name__)`` in
        a game's module, kernels ``module.a`` and ``module.b`` calling what the template's kernels
        call on their module arguments (``turn.legal``: the game's ``turn`` module;
        ``sys.modules[__name__]``: the module itself, whose aliases resolve further) and on the
        template's own module. Adds the kernels; returns their calls."""
        templates, calls = {}, []
        for home in TEMPLATES:
            home_aliases, home_functions = modules[home]
            for node in trees[home].body:
                if not isinstance(node, ast.FunctionDef):
                    continue
                made = {}  # the template's decorator names -> the kind of kernel they make
                for n in node.body:
                    if (isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
                            and ast.unparse(n.value.func) == "kernel_for"):
                        kind = ast.unparse(n.value.args[1]) if len(n.value.args) > 1 else "kernel"
                        made[ast.unparse(n.targets[0])] = kind
                nested = {n.name: (n, made[ast.unparse(d)]) for n in node.body if isinstance(n, ast.FunctionDef)
                          for d in n.decorator_list if ast.unparse(d) in made}
                if nested:
                    templates[f"{home}.{node.name}"] = ([a.arg for a in node.args.args], nested, home)
        for module, (aliases, _) in modules.items():
            for node in ast.walk(trees[module]):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and aliases.get(node.func.id) in templates):
                    continue
                params, nested, home = templates[aliases[node.func.id]]
                bound = {}
                for param, arg in zip(params, node.args):
                    if ast.unparse(arg) == "sys.modules[__name__]":
                        bound[param] = module
                    elif isinstance(arg, ast.Name) and arg.id in aliases:
                        bound[param] = aliases[arg.id]
                for name, (fn, kind) in nested.items():
                    caller = f"{module}.{name}"
                    self.kernels[caller] = (kind, fn.end_lineno - fn.lineno + 1, paths[module])
                    for call in ast.walk(fn):
                        if not isinstance(call, ast.Call):
                            continue
                        f = call.func
                        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in bound:
                            target = bound[f.value.id]
                            target_aliases = modules.get(target, ({}, {}))[0]
                            callee = target_aliases.get(f.attr, f"{target}.{f.attr}")
                        elif isinstance(f, ast.Name) and f.id in nested:
                            callee = f"{module}.{f.id}"
                        else:
                            callee = self._resolve(home, *modules[home], f)
                            if callee is None:
                                continue
                        calls.append((caller, callee))
        return calls

    @staticmethod
    def _aliases(tree: ast.Module) -> dict[str, str]:
        """Names a module binds to other modules' objects: imports, and assignments such as
        ``legal, apply = turn.legal, turn.apply`` (over imported names)."""
        names = {}
        for node in tree.body:
            if isinstance(node, ast.Import):
                for a in node.names:
                    names[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module:
                for a in node.names:
                    names[a.asname or a.name] = f"{node.module}.{a.name}"
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    pairs = (zip(target.elts, node.value.elts)
                             if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                             else [(target, node.value)])
                    for name, value in pairs:
                        if (isinstance(name, ast.Name) and isinstance(value, ast.Attribute)
                                and isinstance(value.value, ast.Name) and value.value.id in names):
                            names[name.id] = f"{names[value.value.id]}.{value.attr}"
        return names

    @staticmethod
    def _resolve(module, aliases, functions, func) -> str | None:
        if isinstance(func, ast.Name):
            return f"{module}.{func.id}" if func.id in functions else aliases.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in aliases:
            return f"{aliases[func.value.id]}.{func.attr}"
        return None

    def tree(self, name: str) -> set[str]:
        """Every kernel `name` calls, directly or not."""
        seen, todo = set(), list(self.calls[name])
        while todo:
            callee = todo.pop()
            if callee not in seen:
                seen.add(callee)
                todo.extend(self.calls[callee])
        return seen

    def thin_layers(self, max_lines: int, min_tree: int) -> list[tuple[str, int, int]]:
        """(kernel, lines, tree size) of the plain kernels that could be shells."""
        found = []
        for name, (decorator, lines, _) in self.kernels.items():
            tree = self.tree(name)
            if (decorator == "kernel" and len(self.callers[name]) == 1 and lines <= max_lines
                    and len(tree) >= min_tree and name not in tree):
                found.append((name, lines, len(tree)))
        return sorted(found, key=lambda row: -row[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-lines", type=int, default=20)
    parser.add_argument("--min-tree", type=int, default=10)
    args = parser.parse_args()
    graph = Graph()
    shells = sum(d == "shell_kernel" for d, _, _ in graph.kernels.values())
    print(f"{len(graph.kernels)} kernels, {shells} of them shells")
    layers = graph.thin_layers(args.max_lines, args.min_tree)
    print(f"{len(layers)} thin kernels with one caller still compiled alone:")
    for name, lines, tree in layers:
        print(f"  {name}: {lines} lines over {tree} kernels (called by {', '.join(graph.callers[name])})")


if __name__ == "__main__":
    main()
