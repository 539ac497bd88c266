"""No import circles between device modules (issue 31).

The graph has one node per device module (engine/, lib/, boards/ and
code.py, named as the device imports them: ``engine.kendo.state``,
``sanbon.kendo``, ``boards.pico_display``) and an edge for every import of
another device module, wherever it stands: at the top, inside a function
(a lazy import still closes a circle), relative (``from . import x``) or
``from pkg import mod``. A circle is a strongly connected part of more than
one module; each is printed as a path that comes back to its start.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# where each folder's modules are imported from on the device (lib/ is on the path)
BASES = (("engine", ""), ("lib", "lib"), ("boards", ""))


def device_modules(root=ROOT):
    """{module name: path} of every device .py under ``root``."""
    out = {}
    for folder, base in BASES:
        top = os.path.join(root, folder)
        for dirpath, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for n in sorted(names):
                if not n.endswith(".py"):
                    continue
                path = os.path.join(dirpath, n)
                rel = os.path.relpath(path, os.path.join(root, base) if base else root)
                parts = rel[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                out[".".join(parts)] = path
    if os.path.exists(os.path.join(root, "code.py")):
        out["code"] = os.path.join(root, "code.py")
    return out


def _targets(node, name, is_package, modules):
    """The device modules an import node of module ``name`` imports."""
    found = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            found.append(alias.name)
    else:
        base = node.module or ""
        if node.level:
            package = name.split(".") if is_package else name.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        for alias in node.names:
            sub = base + "." + alias.name if base else alias.name
            found.append(sub if sub in modules else base)
    out = []
    for t in found:
        while t and t not in modules:  # import a.b.c where only a.b is ours: a.b
            t = t.rpartition(".")[0]
        if t:
            out.append(t)
    return out


def import_graph(root=ROOT):
    """{module: set of device modules it imports}, lazy imports included."""
    modules = device_modules(root)
    graph = {}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_package = path.endswith("__init__.py")
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges.update(_targets(node, name, is_package, modules))
        edges.discard(name)
        graph[name] = edges
    return graph


def strong_parts(graph):
    """Each strongly connected part of more than one module, sorted (Tarjan's algorithm)."""
    index, low, stack, on, parts = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                parts.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(parts)


def circles(graph):
    """A circle [a, b, ..., a] through each strongly connected part."""
    return [_path(graph, part) for part in strong_parts(graph)]


def _path(graph, part):
    """A circle through ``part`` from its first module back to it (breadth first)."""
    start, inside = part[0], set(part)
    came = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & inside):
            if w == start:
                path = [v]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1] + [start]
            if w not in came:
                came[w] = v
                todo.append(w)
    return part + [start]


def test_no_import_circles_between_device_modules():
    graph = import_graph()
    found = []
    for part, circle in zip(strong_parts(graph), circles(graph)):
        more = [m for m in part if m not in circle]
        found.append(" -> ".join(circle) + (" (with %s in the same knot)" % ", ".join(more) if more else ""))
        print("import circle: " + found[-1])
    assert found == [], "%d import circle(s):\n%s" % (len(found), "\n".join(found))


def test_the_graph_sees_the_real_imports():
    graph = import_graph()
    assert "sanbon.kendo" in graph and "engine.kendo.state" in graph and "boards.pico_display" in graph
    assert "engine.kendo.actions" in graph["sanbon.kendo"]
    assert "engine.core" in graph["engine.kendo.state"]


def _plant(root, files):
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def test_circles_of_every_import_form_are_found(tmp_path):
    _plant(tmp_path, {
        "engine/__init__.py": "",
        "engine/game/__init__.py": "",
        "engine/game/state.py": "from engine.game import actions as A\n",
        "engine/game/actions.py": "def f():\n    from . import state\n",  # relative, inside a function
        "lib/sanbon/__init__.py": "",
        "lib/sanbon/screen.py": "import sanbon.layout\nfrom engine.game import state\n",
        "lib/sanbon/layout.py": "def build(scr):\n    from sanbon import sheet\n",  # from pkg import mod
        "lib/sanbon/sheet.py": "from sanbon.screen import GameScreen\n",  # from mod import name
        "lib/sanbon/ui.py": "import sanbon\nfrom sanbon import ui\n",  # its package, and itself: no circle
        "boards/__init__.py": "",
        "boards/one.py": "from ._common import pins\nimport board\n",
        "boards/_common.py": "import displayio\n",
        "code.py": "import boards.one\nimport sanbon.screen\n",
    })
    graph = import_graph(str(tmp_path))
    assert graph["engine.game.actions"] == {"engine.game.state"}
    assert graph["sanbon.layout"] == {"sanbon.sheet"}
    assert graph["boards.one"] == {"boards._common"}
    assert graph["code"] == {"boards.one", "sanbon.screen"}
    found = circles(graph)
    assert found == [["engine.game.actions", "engine.game.state", "engine.game.actions"],
                     ["sanbon.layout", "sanbon.sheet", "sanbon.screen", "sanbon.layout"]]


def test_a_tree_without_circles_has_none(tmp_path):
    _plant(tmp_path, {
        "engine/__init__.py": "",
        "engine/core.py": "",
        "engine/game/state.py": "from engine.core import Reader\nfrom engine.game import actions as A\n",
        "engine/game/actions.py": "",
        "lib/sanbon/screen.py": "from sanbon import layout\n",
        "lib/sanbon/layout.py": "from sanbon import ui\n",
        "lib/sanbon/ui.py": "",
    })
    graph = import_graph(str(tmp_path))
    assert graph["sanbon.screen"] == {"sanbon.layout"} and graph["sanbon.layout"] == {"sanbon.ui"}
    assert circles(graph) == []
