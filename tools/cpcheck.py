"""The CircuitPython subset check: an AST pass over every device file.

It refuses what CircuitPython 10 on an RP2040 lacks (the list in the
developers' guide) and the imports that would break the layers
(docs/ARCHITECTURE.md). ``check_contract`` holds the games to one contract:
no engine constant re-declared outside the module that defines it, no
positional index into an observation, and no underscore name of an engine
object read from lib/. ``check_house`` holds the code to issue 31's house
rules: no bare ``e[1]`` event look-up in lib/ (``event[A.E_...]``), ``drop``
given a module, not its name, no function in engine/ or lib/ longer than 60
lines, and one home per constant (``check_homes``). The games come from the
host's registry (tools/games/). ``python -m tools.cpcheck [FILE ...]``
prints one line per violation and exits 1 if there are any.
"""

import ast
import os
import re
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
def _registered():
    """The games' keys, from the host's registry (tools/games/): a game
    registered there gets its contract checked, with no list here to forget."""
    from tools import games as registry

    return tuple(g.key for g in registry.GAMES)


GAMES = _registered()
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


# -- the house rules (issue 31) ----------------------------------------------
EVENT_NAMES = ("e", "ev", "evt")  # and any name starting "event" (a leading _ aside)
MAX_FUNCTION = 60  # lines, decorator or def line to the last line, docstring included
# Names two device modules may each define with the same value: per-module
# metadata (a how-to's PAGES, a game module's HIDDEN, ...), read through the
# module they describe, never shared. Everything else has one home.
METADATA = ("PAGES", "HIDDEN", "VERSION", "GAME_ID", "SCALARS", "PHASE_NAMES", "NAMES", "LED_ACTIVE_LOW")


def _int_literal(node):
    """The int of an int literal (-1 too), or None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _int_literal(node.operand)
        return None if v is None else -v
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _is_event(node):
    """A Name that holds an event (e, ev, evt, event*), or ``<anything>.events``."""
    if isinstance(node, ast.Name):
        name = node.id.lstrip("_")
        return name in EVENT_NAMES or name.startswith("event")
    return isinstance(node, ast.Attribute) and node.attr == "events"


def _is_drop(func):
    return getattr(func, "id", None) == "drop" or getattr(func, "attr", None) == "drop"


def house_source(src, path="<string>", layer=None):
    """Issue 31's per-file rules: no bare event look-up in lib/, ``drop``
    given a module (not its name), no function in engine/ or lib/ longer
    than MAX_FUNCTION lines."""
    tree = ast.parse(src, path)
    layer = layer or _layer(path)
    out = []
    for node in ast.walk(tree):
        if (layer == "lib" and isinstance(node, ast.Subscript) and _is_event(node.value)
                and _int_literal(node.slice) is not None):
            out.append(Violation(path, node.lineno, "a bare event look-up [%d]: name the event field "
                                 "(event[A.E_...])" % _int_literal(node.slice)))
        elif (isinstance(node, ast.Call) and _is_drop(node.func) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            out.append(Violation(path, node.lineno, "drop(%r): give drop the module, not its name"
                                 % node.args[0].value))
        elif layer in ("engine", "lib") and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            n = node.end_lineno - first + 1
            if n > MAX_FUNCTION:
                out.append(Violation(path, first, "%s has %d lines: split it (at most %d)"
                                     % (node.name, n, MAX_FUNCTION)))
    return out


def _literal(node, env):
    """A module constant's value: a const() int expression or a literal, else None."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "const" and node.args:
        from tools.fold import _value

        return _value(node.args[0], env)
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def module_constants(tree):
    """[(NAME without its leading _, lineno, value)] of a module's top-level
    constants: ``NAME = const(...)`` or ``NAME = <literal>``, NAME in capitals."""
    out, env = [], {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        v = _literal(node.value, env)
        if v is None:
            continue
        if type(v) is int:
            env[name] = v
        bare = name.lstrip("_")
        if bare and bare[0].isalpha() and bare == bare.upper():
            out.append((bare, node.lineno, v))
    return out


def _game_engine(rel):
    """The game whose engine a file is (engine/<game>/..., or a one-file game
    such as engine/example.py), or None (engine/core.py, engine/rng.py, lib/, boards/)."""
    parts = rel.split("/")
    if parts[0] != "engine" or parts[-1] == "__init__.py" and len(parts) == 2:
        return None
    if len(parts) > 2:
        return parts[1]
    return None if parts[1] in ("core.py", "rng.py") else parts[1][:-3]


def _clash(a, b):
    """Whether two homes of one name and value are copies. Metadata names are
    each module's own (METADATA); so is each game engine's copy: a game's
    engine stands alone (none imports another's), so its contract's names
    (O_SEAT, O_PHASE, O_CURRENT in each actions.py, folded to literals on the
    device) and its own level or action numbers are its own."""
    ga, gb = _game_engine(a), _game_engine(b)
    return ga is None or gb is None or ga == gb


def check_homes(root=ROOT, files=None):
    """One home per constant (issue 31): a constant of the same name and
    value in two device modules (leading _ aside) is reported at each copy
    after the first, unless it is metadata (METADATA) or each copy is in a
    different game's engine (the folded contract: ``_clash``). ``files``
    limits the report, not the modules compared."""
    rels = [r.replace(os.sep, "/") for r in device_sources(root)]
    wanted = None if files is None else {f.replace(os.sep, "/") for f in files}
    seen = {}  # (name, repr of value) -> [(file, line)]
    for rel in rels:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        for name, line, v in module_constants(tree):
            seen.setdefault((name, type(v).__name__, repr(v)), []).append((rel, line))
    out = []
    for (name, _, _), homes in sorted(seen.items()):
        if name in METADATA:
            continue
        for k, (rel, line) in enumerate(homes):
            first = [h for h, _ in homes[:k] if h != rel and _clash(h, rel)]
            if first and (wanted is None or rel in wanted):
                out.append(Violation(rel, line, "%s has the same value in %s: give it one home and "
                                     "read it from there" % (name, first[0])))
    return out


def check_house(root=ROOT, files=None):
    """Issue 31's rules over the device files: house_source on each, and check_homes."""
    out = []
    for rel in files if files is not None else device_sources(root):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            out.extend(house_source(f.read(), rel.replace(os.sep, "/")))
    return out + check_homes(root, files)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    found = check_tree(files=argv or None) + check_contract(files=argv or None) + check_house(files=argv or None)
    for v in found:
        print(v)
    print("cpcheck: %d violation(s)" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
