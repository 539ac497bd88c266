"""The CircuitPython subset check: an AST pass over every device file.

It refuses what CircuitPython 10 on an RP2040 lacks (the list in the
developers' guide) and the imports that would break the layers
(docs/ARCHITECTURE.md). ``check_contract`` holds the games to one contract:
no engine constant re-declared outside the module that defines it, no
positional index into an observation, and no underscore name of an engine
object read from lib/. ``python -m tools.cpcheck [FILE ...]`` prints one line
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


# -- the games' contract ----------------------------------------------------
GAMES = ("kendo", "kyudo", "okko")
OBS_NAMES = ("obs", "observation")  # a variable whose name starts so holds an observation


def _game(rel):
    """The game a device file belongs to (engine/<g>/ or lib/sanbon/<g>*.py), or None."""
    p = rel.replace(os.sep, "/")
    for g in GAMES:
        if p.startswith("engine/%s/" % g) or p.startswith("lib/sanbon/%s" % g):
            return g
    return None


def _consts(tree):
    """{name: (lineno, int value or None)} of the top-level ``NAME = const(...)``."""
    from tools.fold import _value

    out, env = {}, {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", None) == "const" and node.value.args):
            v = _value(node.value.args[0], env)
            env[node.targets[0].id] = v
            out[node.targets[0].id] = (node.lineno, v)
    return out


def _private_names(tree):
    """Underscore names defined by the classes of a tree: methods and self._x attributes."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("_"):
            out.add(node.name)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and node.attr.startswith("_") and getattr(node.value, "id", None) == "self"):
            out.add(node.attr)
    return {n for n in out if not (n.startswith("__") and n.endswith("__"))}


def check_contract(root=ROOT, files=None):
    """Violations of the games' one contract (issue 17), over the device files."""
    rels = files if files is not None else device_sources(root)
    trees = {}
    for rel in device_sources(root):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            trees[rel.replace(os.sep, "/")] = ast.parse(f.read(), rel)
    defined = {}  # game -> {public name: [(defining file, value)]}
    for rel, tree in trees.items():
        g = _game(rel)
        if g and rel.startswith("engine/"):
            for name, (line, v) in _consts(tree).items():
                if not name.startswith("_"):
                    defined.setdefault(g, {}).setdefault(name, []).append((rel, v))
    engine_private, lib_private = set(), set()
    for rel, tree in trees.items():
        (engine_private if rel.startswith("engine/") else lib_private).update(_private_names(tree))
    foreign = engine_private - lib_private
    out = []
    for rel in rels:
        rel = rel.replace(os.sep, "/")
        tree = trees.get(rel)
        if tree is None:
            continue
        g = _game(rel)
        for name, (line, v) in _consts(tree).items():
            # a private copy of another module's name, or the same name and value twice
            # (two engine modules may each have a public name of their own: Okko's
            # SPECIAL is a card kind in data.py and an action base in actions.py)
            homes = [h for h, hv in (defined.get(g, {}).get(name.lstrip("_"), ()) if g else ())
                     if h != rel and (name.startswith("_") or hv == v)
                     and not rel.endswith("/actions.py")]  # the contract's own home
            if homes:
                out.append(Violation(rel, line, "%s re-declares %s from %s: read it by name "
                                     "through a module alias" % (name, name.lstrip("_"), homes[0])))
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript):
                v, idx = node.value, node.slice
                named = getattr(v, "id", "").lstrip("_").startswith(OBS_NAMES) or (
                    isinstance(v, ast.Call) and getattr(v.func, "attr", None) == "observation")
                if named and isinstance(idx, ast.Constant) and type(idx.value) is int:
                    out.append(Violation(rel, node.lineno, "a positional observation index "
                                         "[%d]: name the field (obs[A.O_...])" % idx.value))
            elif (rel.startswith("lib/") and isinstance(node, ast.Attribute)
                  and node.attr in foreign and getattr(node.value, "id", None) not in ("self", "cls")):
                out.append(Violation(rel, node.lineno, "lib/ reads %s of an engine object: give "
                                     "the engine a public name for it" % node.attr))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    found = check_tree(files=argv or None) + check_contract(files=argv or None)
    for v in found:
        print(v)
    print("cpcheck: %d violation(s)" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
