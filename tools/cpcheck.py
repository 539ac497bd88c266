"""The CircuitPython subset check: an AST pass over every device file.

It refuses what CircuitPython 10 on an RP2040 lacks (the list in the
developers' guide) and the imports that would break the layers
(docs/ARCHITECTURE.md). ``python -m tools.cpcheck [FILE ...]`` prints one line
per violation and exits 1 if there are any.
"""

import ast
import os
import sys

from tools.mpyc import ROOT, device_sources

MISSING_MODULES = {
    "dataclasses", "enum", "abc", "functools", "itertools", "copy", "bisect",
    "heapq", "typing_extensions", "contextlib", "statistics", "fractions",
    "decimal", "pathlib", "textwrap", "string", "operator",
}
# name -> attributes of that module that CircuitPython lacks
MISSING_ATTRS = {
    "collections": {"defaultdict", "Counter", "ChainMap", "UserDict", "UserList"},
    "random": {"shuffle", "sample", "Random", "choices", "gauss", "SystemRandom"},
    "math": {"inf", "isclose", "nan", "prod", "comb", "perm", "dist"},
    "time": {"ticks_ms", "ticks_us", "ticks_diff", "ticks_add", "perf_counter"},
}
MISSING_METHODS = {"ljust", "rjust", "zfill", "_replace", "casefold"}
MISSING_BUILTINS = {"vars", "breakpoint"}

# What each layer may import (top-level module names). None = anything.
ENGINE_ALLOWED = {"engine", "micropython", "struct", "typing"}
LIB_FORBIDDEN = {"board", "boards", "tools", "tests", "pygame", "PIL"}
BOARDS_FORBIDDEN = {"engine", "sanbon", "tools", "tests"}


class Violation:
    def __init__(self, path, line, message):
        self.path, self.line, self.message = path, line, message

    def __str__(self):
        return "%s:%d: %s" % (self.path, self.line, self.message)

    def __repr__(self):
        return "Violation(%r)" % str(self)


def _layer(path):
    p = path.replace(os.sep, "/")
    for name in ("engine", "lib", "boards"):
        if p.startswith(name + "/") or ("/" + name + "/") in p:
            return name
    return "top"


def _guards_import_error(node):
    for h in node.handlers:
        t = h.type
        names = []
        if t is None:
            names = ["ImportError"]  # bare except catches it too
        elif isinstance(t, ast.Tuple):
            names = [getattr(e, "id", None) for e in t.elts]
        else:
            names = [getattr(t, "id", None)]
        if "ImportError" in names or "ModuleNotFoundError" in names:
            return True
    return False


class _Checker(ast.NodeVisitor):
    def __init__(self, path, layer):
        self.path = path
        self.layer = layer
        self.guard = 0  # depth inside try ... except ImportError
        self.out = []

    def bad(self, node, msg):
        self.out.append(Violation(self.path, getattr(node, "lineno", 0), msg))

    # -- imports --------------------------------------------------------
    def _module(self, node, name):
        top = name.split(".")[0]
        if top == "typing":
            if not self.guard:
                self.bad(node, "typing is missing at run time: import it only inside try/except ImportError")
            return
        if top in MISSING_MODULES:
            self.bad(node, "CircuitPython has no '%s' module" % top)
        if self.layer == "engine" and top not in ENGINE_ALLOWED:
            self.bad(node, "engine/ must not import '%s' (no hardware, clock, files or app code)" % top)
        if self.layer == "lib" and top in LIB_FORBIDDEN:
            self.bad(node, "lib/ must not import '%s' (pins live only in boards/)" % top)
        if self.layer == "boards" and top in BOARDS_FORBIDDEN:
            self.bad(node, "boards/ must not import '%s' (boards are hardware only)" % top)

    def visit_Import(self, node):
        for a in node.names:
            self._module(node, a.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        if node.level:  # relative import: stays inside its own package
            self.generic_visit(node)
            return
        mod = node.module or ""
        self._module(node, mod)
        missing = MISSING_ATTRS.get(mod, ())
        for a in node.names:
            if a.name in missing:
                self.bad(node, "CircuitPython has no %s.%s" % (mod, a.name))
        self.generic_visit(node)

    def visit_Try(self, node):
        guarded = _guards_import_error(node)
        self.guard += guarded
        for n in node.body:
            self.visit(n)
        self.guard -= guarded
        for n in node.handlers + node.orelse + node.finalbody:
            self.visit(n)

    visit_TryStar = visit_Try

    # -- attributes and calls --------------------------------------------
    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name):
            missing = MISSING_ATTRS.get(node.value.id)
            if missing and node.attr in missing:
                self.bad(node, "CircuitPython has no %s.%s" % (node.value.id, node.attr))
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        kw = {k.arg for k in node.keywords}
        if isinstance(f, ast.Name):
            if f.id == "next" and len(node.args) > 1:
                self.bad(node, "next(it, default) is missing: use try/except StopIteration")
            elif f.id in MISSING_BUILTINS:
                self.bad(node, "CircuitPython has no %s()" % f.id)
            elif f.id == "deque" and len(node.args) < 2 and "maxlen" not in kw:
                self.bad(node, "deque() needs an iterable and a maxlen on CircuitPython")
            elif f.id == "open" and self.layer == "engine":
                self.bad(node, "engine/ must not open files")
        elif isinstance(f, ast.Attribute):
            if f.attr in MISSING_METHODS:
                self.bad(node, ".%s() is missing on CircuitPython" % f.attr)
            elif f.attr == "title" and not node.args and not node.keywords:
                self.bad(node, "str.title() is missing on CircuitPython")
            elif f.attr == "dumps" and "sort_keys" in kw:
                self.bad(node, "json.dumps(sort_keys=) is missing on CircuitPython")
            elif f.attr == "deque" and len(node.args) < 2 and "maxlen" not in kw:
                self.bad(node, "deque() needs an iterable and a maxlen on CircuitPython")
        self.generic_visit(node)

    def visit_Match(self, node):
        self.bad(node, "match statements are not supported by CircuitPython")
        self.generic_visit(node)


def check_source(src, path="<string>", layer=None):
    """Violations in one source text. ``layer`` is engine/lib/boards/top."""
    try:
        tree = ast.parse(src, path)
    except SyntaxError as e:
        return [Violation(path, e.lineno or 0, "syntax error: %s" % e.msg)]
    c = _Checker(path, layer or _layer(path))
    c.visit(tree)
    return c.out


def check_tree(root=ROOT, files=None):
    out = []
    for rel in files if files is not None else device_sources(root):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            out.extend(check_source(f.read(), rel))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    found = check_tree(files=argv or None)
    for v in found:
        print(v)
    print("cpcheck: %d violation(s)" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
