"""No import circles between device modules (issue 31): a module never
imports, even lazily inside a function, a module that imports it back."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# the shell's modules and the boards; the games' screens and engines are checked as their circles go
CHECKED = ("sanbon.app", "sanbon.buttons", "sanbon.games", "sanbon.gamescreen", "sanbon.howto", "sanbon.leds",
           "sanbon.menus", "sanbon.pause", "sanbon.pig", "sanbon.probe", "sanbon.profile", "sanbon.qstrs",
           "sanbon.records", "sanbon.screens", "sanbon.session", "sanbon.sound", "sanbon.sprites", "sanbon.store",
           "sanbon.store_load", "sanbon.store_v1", "sanbon.texts", "sanbon.tips", "sanbon.ui", "boards",
           "boards._common", "boards.say", "boards.desktop", "boards.pico_display", "boards.pico_display2",
           "boards.picosystem")


def device_modules():
    """{dotted name: path} of engine/, lib/ and boards/."""
    found = {}
    for top, strip in (("engine", ""), ("lib", "lib"), ("boards", "")):
        for base, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(base, name)
                    rel = os.path.relpath(path, os.path.join(ROOT, strip))[:-3].replace(os.sep, ".")
                    found[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return found


def imports(path, known):
    """The device modules ``path`` imports anywhere in it (functions too)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(node.module + "." + alias.name for alias in node.names)
    return out & set(known)


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]

    def visit(module):
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on.add(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                other = stack.pop()
                on.discard(other)
                group.add(other)
                if other == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_the_shell_and_the_boards_import_no_module_that_imports_them_back():
    known = device_modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    assert set(CHECKED) <= set(known)
    bad = [sorted(group) for group in circles(graph) if group & set(CHECKED)]
    assert bad == []


def test_the_checker_finds_a_circle_through_a_lazy_import():
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]
