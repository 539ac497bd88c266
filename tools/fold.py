"""Fold the games' named constants into literal ints before mpy-cross.

Each game's contract is defined once, in engine/<game>/actions.py (and a few
other engine modules), as ``NAME = const(<int expression>)``. Other modules
read it by name through a module alias::

    from engine.kendo import actions as A     # or: import engine.kendo.actions as A
    if st.phase == A.P_SWITCH: ...

MicroPython folds ``const()`` only inside its own module, so on the device
``A.P_SWITCH`` would import actions.py and look the name up at run time. The
build (tools/mpyc.py) runs ``fold_source`` first: every ``A.NAME`` where A is
bound by such an import of a module under engine/ and NAME is a top-level int
``const()`` there becomes the literal int, and an import whose alias is no
longer used is replaced by ``pass`` (line numbers stay, for tracebacks). The
device bytecode is then what a hand-copied ``_P_SWITCH = const(0)`` gave.

An alias must name that one module everywhere in its file: one bound to
anything else as well is an error (FoldError), not a guess.

    python -m tools.fold FILE     # prints FILE's folded source
"""

import ast
import io
import os
import sys
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "engine"


class FoldError(Exception):
    pass


_OPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b,
    ast.BitOr: lambda a, b: a | b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b,
}


def _value(node, env):
    """The int value of a const() expression, or None if it is not one."""
    if isinstance(node, ast.Constant):
        v = node.value
        return v if type(v) is int else None
    if isinstance(node, ast.Name):
        return env.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
        v = _value(node.operand, env)
        if v is None:
            return None
        return -v if isinstance(node.op, ast.USub) else (~v if isinstance(node.op, ast.Invert) else v)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        a, b = _value(node.left, env), _value(node.right, env)
        if a is None or b is None:
            return None
        return _OPS[type(node.op)](a, b)
    return None


_CONSTS = {}


def module_consts(module, root=ROOT):
    """{NAME: int} of a module's top-level ``NAME = const(...)``, and of the
    names it imports from another engine module's constants (cached)."""
    key = (root, module)
    if key in _CONSTS:
        return _CONSTS[key]
    path = os.path.join(root, *module.split(".")) + ".py"
    if not os.path.exists(path):
        path = os.path.join(root, *module.split("."), "__init__.py")
    found = _CONSTS[key] = {}  # cached before it is filled: two modules that take from each other end
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in tree.body:
            if (isinstance(node, ast.ImportFrom) and node.level == 0
                    and (node.module or "").split(".")[0] == PACKAGE):
                # a name the module takes from another engine module's
                # constants (``from engine.core import O_SEAT``) is its too
                theirs = module_consts(node.module, root)
                for a in node.names:
                    if a.name in theirs:
                        found[a.asname or a.name] = theirs[a.name]
                continue
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Name) and node.value.func.id == "const"
                    and len(node.value.args) == 1):
                v = _value(node.value.args[0], found)
                if v is not None:
                    found[node.targets[0].id] = v
    return found


def _aliases(tree):
    """{alias: module} of the engine-module imports, and the alias import nodes."""
    bound, nodes, other = {}, {}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(PACKAGE + ".") and a.asname:
                    bound.setdefault(a.asname, set()).add(a.name)
                    nodes.setdefault(a.asname, []).append(node)
                else:
                    other.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                name = a.asname or a.name
                mod = (node.module or "") + "." + a.name
                if node.level == 0 and (node.module or "").split(".")[0] == PACKAGE:
                    bound.setdefault(name, set()).add(mod)
                    nodes.setdefault(name, []).append(node)
                else:
                    other.add(name)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            other.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        elif isinstance(node, ast.arg):
            other.add(node.arg)
    return bound, nodes, other


def fold_source(text, name="<source>", root=ROOT):
    """``text`` with every foldable ``alias.NAME`` replaced by its int."""
    tree = ast.parse(text, name)
    bound, nodes, other = _aliases(tree)
    table = {}
    for alias, mods in bound.items():
        consts = {}
        for m in mods:
            consts.update(module_consts(m, root))
        if not consts:
            continue  # not a module with constants (a class, a function, a package)
        if len(mods) > 1 or alias in other:
            raise FoldError("%s: %r names more than one thing; give %s its own alias"
                            % (name, alias, sorted(mods)[0]))
        table[alias] = consts
    if not table:
        return text
    lines = text.splitlines(True)
    edits = []  # (row, col0, col1, literal)
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for i in range(len(toks) - 2):
        t, dot, attr = toks[i], toks[i + 1], toks[i + 2]
        if (t.type == tokenize.NAME and t.string in table and dot.string == "."
                and attr.type == tokenize.NAME and attr.string in table[t.string]
                and not (i and toks[i - 1].string == ".")):
            if t.start[0] != attr.end[0]:
                raise FoldError("%s:%d: %s.%s is split over lines" % (name, t.start[0], t.string, attr.string))
            nxt = toks[i + 3] if i + 3 < len(toks) else None
            if nxt is not None and nxt.type == tokenize.OP and nxt.string in ("=", "+=", "-=", "|=", "&="):
                raise FoldError("%s:%d: assigns to %s.%s" % (name, t.start[0], t.string, attr.string))
            edits.append((t.start[0], t.start[1], attr.end[1], repr(table[t.string][attr.string])))
    for row, c0, c1, lit in sorted(edits, reverse=True):
        s = lines[row - 1]
        lines[row - 1] = s[:c0] + lit + s[c1:]
    out = "".join(lines)
    # drop the imports whose alias is no longer read
    tree = ast.parse(out, name)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    lines = out.splitlines(True)
    for alias in table:
        if alias in used:
            continue
        for node in nodes[alias]:
            if len(node.names) != 1:
                continue
            first = lines[node.lineno - 1]
            indent = first[:len(first) - len(first.lstrip())]
            lines[node.lineno - 1] = indent + "pass\n"
            for r in range(node.lineno, node.end_lineno):
                lines[r] = "\n"
    return "".join(lines)


def fold_file(src, dst, name=None, root=ROOT):
    """Write ``src``'s folded source to ``dst``."""
    with open(src, encoding="utf-8") as f:
        text = f.read()
    out = fold_source(text, name or src, root)
    with open(dst, "w", encoding="utf-8") as f:
        f.write(out)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tools.fold FILE", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            text = f.read()
        sys.stdout.write(fold_source(text, args[0]))
    except (OSError, SyntaxError, FoldError) as e:
        print("fold: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
