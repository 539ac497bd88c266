"""How often the device code names a local variable with at most 2 characters.

    python -m tools.names [--top N] [PATH ...]     (default: engine/ and lib/)

A local is a function's parameter or a name it assigns (loop and comprehension
targets, ``except ... as``, ``with ... as``, imports inside it), unless it is
declared ``global``/``nonlocal``. Every place such a name is written or read,
in its function or in a function nested in it, is one use. The figure is uses
per 1,000 source lines (every line of every .py, blank and comment lines too).
Module-level names (``A`` for an imported module, constants) are not locals.

Renaming a local that is not a parameter compiles to the same .mpy bytes
(tools/mpydiff.py shows it): the name costs nothing on the device.
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ("engine", "lib")
SHORT = 2
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _own_nodes(scope):
    """Nodes in ``scope`` itself, not inside a nested scope or class (those are yielded, not entered)."""
    todo = list(ast.iter_child_nodes(scope))
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        # decorators and defaults belong to the enclosing scope
        todo = scope.body[:] + [scope.args]
    elif isinstance(scope, ast.Lambda):
        todo = [scope.body, scope.args]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, _SCOPES + (ast.ClassDef,)):
            continue
        todo.extend(ast.iter_child_nodes(node))


def _locals(scope):
    names, declared = set(), set()
    for node in _own_nodes(scope):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names - declared


def short_uses(tree):
    """[(name, line)] for every use of a local with at most SHORT characters."""
    found = []

    def walk(scope, chain):
        here = _locals(scope) if isinstance(scope, _SCOPES) else None
        inner = chain + [here] if here is not None else chain
        for node in _own_nodes(scope):
            if isinstance(node, ast.arg):
                name = node.arg
            elif isinstance(node, ast.Name):
                name = node.id
            else:
                if isinstance(node, _SCOPES + (ast.ClassDef,)):
                    walk(node, inner)
                continue
            if len(name) <= SHORT and any(name in s for s in inner):
                found.append((name, node.lineno))

    for top in ast.iter_child_nodes(tree):
        if isinstance(top, _SCOPES + (ast.ClassDef,)):
            walk(top, [])
        else:
            for node in ast.walk(top):
                if isinstance(node, _SCOPES):
                    walk(node, [])
    return found


def _files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for base, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for n in sorted(names):
                if n.endswith(".py"):
                    yield os.path.join(base, n)


def count(paths):
    """(uses, lines, {file: uses}) over the .py files under ``paths``."""
    uses = lines = 0
    per_file = {}
    for path in _files(paths):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        n = len(short_uses(ast.parse(text)))
        per_file[os.path.relpath(path, ROOT)] = n
        uses += n
        lines += text.count("\n")
    return uses, lines, per_file


def figure_lines(root=ROOT):
    """The bench's lines: one per folder, uses per 1,000 lines."""
    out = []
    for d in DIRS:
        uses, lines, _ = count([os.path.join(root, d)])
        out.append("%s/: %d uses of locals of at most %d characters in %d lines = %.0f per 1,000 lines"
                   % (d, uses, SHORT, lines, 1000.0 * uses / max(1, lines)))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    top = 0
    if argv[:1] == ["--top"]:
        top, argv = int(argv[1]), argv[2:]
    if argv:
        uses, lines, per_file = count(argv)
        print("%d uses in %d lines = %.0f per 1,000 lines" % (uses, lines, 1000.0 * uses / max(1, lines)))
    else:
        for line in figure_lines():
            print(line)
        per_file = {}
        for d in DIRS:
            per_file.update(count([os.path.join(ROOT, d)])[2])
    for path, n in sorted(per_file.items(), key=lambda kv: -kv[1])[:top]:
        print("%6d %s" % (n, path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
