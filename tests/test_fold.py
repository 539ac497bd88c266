"""tools/fold.py: the games' named constants become literal ints in the device build."""

import os
import subprocess
import sys

import pytest

from tools import fold, mpyc


@pytest.fixture
def tree(tmp_path):
    """A tiny engine package with a contract module."""
    d = tmp_path / "engine" / "game"
    d.mkdir(parents=True)
    (tmp_path / "engine" / "__init__.py").write_text("")
    (d / "__init__.py").write_text("")
    (d / "actions.py").write_text(
        "from micropython import const\n"
        "P_ONE = const(1)\n"
        "BASE = const(64)\n"
        "TOP = const(BASE + 52)\n"
        "NEG = const(-(1 << 3))\n"
        "NAMES = ('one', 'two')\n"
        "def describe(a):\n    return 'x'\n")
    return tmp_path


def test_folds_alias_reads_and_drops_the_unused_import(tree):
    src = ("from engine.game import actions as A\n"
           "def f(st, obs):\n"
           "    if st.phase == A.P_ONE:\n"
           "        return obs[A.TOP] + A.NEG\n")
    out = fold.fold_source(src, "x.py", str(tree))
    assert out.splitlines() == [
        "pass", "def f(st, obs):", "    if st.phase == 1:", "        return obs[116] + -8"]


def test_keeps_the_import_while_a_non_constant_is_read(tree):
    src = "import engine.game.actions as A\nx = A.BASE\ny = A.NAMES[A.P_ONE]\n"
    out = fold.fold_source(src, "x.py", str(tree))
    assert out == "import engine.game.actions as A\nx = 64\ny = A.NAMES[1]\n"


def test_leaves_other_attributes_strings_and_chains_alone(tree):
    src = ("from engine.game import actions as A\n"
           "s = 'A.P_ONE'\n"
           "t = obj.A.P_ONE\n"
           "u = A.describe(A.BASE)\n")
    out = fold.fold_source(src, "x.py", str(tree))
    assert out.splitlines()[1:] == ["s = 'A.P_ONE'", "t = obj.A.P_ONE", "u = A.describe(64)"]


def test_a_lazy_import_inside_a_function_folds_too(tree):
    src = ("def f():\n"
           "    from engine.game import actions as A\n"
           "    return A.P_ONE\n")
    assert fold.fold_source(src, "x.py", str(tree)) == "def f():\n    pass\n    return 1\n"


def test_an_alias_bound_twice_is_an_error(tree):
    src = "from engine.game import actions as A\nA = 3\nx = A.P_ONE\n"
    with pytest.raises(fold.FoldError, match="more than one thing"):
        fold.fold_source(src, "x.py", str(tree))


def test_assigning_to_a_contract_name_is_an_error(tree):
    src = "from engine.game import actions as A\nA.P_ONE = 3\n"
    with pytest.raises(fold.FoldError, match="assigns"):
        fold.fold_source(src, "x.py", str(tree))


def test_sources_without_engine_imports_are_unchanged(tree):
    src = "import displayio\nx = displayio.Group()\n"
    assert fold.fold_source(src, "x.py", str(tree)) == src


def test_the_build_compiles_folded_code(tree, tmp_path):
    """mpyc compiles the folded text: the .mpy holds no reference to the contract module."""
    lib = tree / "lib"
    lib.mkdir()
    (lib / "use.py").write_text("from engine.game import actions as A\n"
                                "def f(x):\n    return x == A.P_ONE\n")
    out = tmp_path / "out"
    mpyc.compile_tree(str(out), root=str(tree), sources=["lib/use.py"], fold=True)
    data = (out / "lib" / "use.mpy").read_bytes()
    assert b"actions" not in data and b"P_ONE" not in data
    assert not [p for p in os.listdir(out / "lib") if p.endswith(".fold.py")]
    mpyc.compile_tree(str(out), root=str(tree), sources=["lib/use.py"], fold=False)
    assert b"actions" in (out / "lib" / "use.mpy").read_bytes()


def test_every_device_module_folds(tmp_path):
    """Each device source folds without error, and no contract name is left behind."""
    for rel in mpyc.device_sources():
        path = os.path.join(mpyc.ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        out = fold.fold_source(text, rel)
        compile(out, rel, "exec")


def test_the_command_prints_a_folded_file(tmp_path):
    p = tmp_path / "use.py"
    p.write_text("from engine.kendo import actions as A\nx = A.SWITCH_DONE\n")
    r = subprocess.run([sys.executable, "-m", "tools.fold", str(p)], capture_output=True,
                       text=True, cwd=mpyc.ROOT)
    assert r.returncode == 0 and r.stdout == "pass\nx = 52\n"
    r = subprocess.run([sys.executable, "-m", "tools.fold"], capture_output=True, text=True,
                       cwd=mpyc.ROOT)
    assert r.returncode == 2 and "usage" in r.stderr


def test_a_constant_taken_from_another_engine_module_folds_through_it(tree):
    """One home per constant: actions.py may take the shared contract's names
    from engine/core.py, and a reader of actions still gets the literal."""
    (tree / "engine" / "core.py").write_text("from micropython import const\nO_SEAT = const(0)\nHARD = const(3)\n")
    (tree / "engine" / "game" / "actions.py").write_text(
        "from micropython import const\nfrom engine.core import O_SEAT, HARD as TOP_LEVEL\nP_ONE = const(1)\n")
    fold._CONSTS.clear()
    src = "from engine.game import actions as A\nx = (A.O_SEAT, A.TOP_LEVEL, A.P_ONE)\n"
    assert fold.fold_source(src, "x.py", str(tree)) == "pass\nx = (0, 3, 1)\n"
    src = "from engine.game import actions as A\nx = A.HARD\n"  # not a name actions has
    assert fold.fold_source(src, "x.py", str(tree)) == src


def test_two_modules_that_take_from_each_other_do_not_loop(tree):
    d = tree / "engine" / "game"
    (d / "a.py").write_text("from micropython import const\nfrom engine.game.b import TWO\nONE = const(1)\n")
    (d / "b.py").write_text("from micropython import const\nfrom engine.game.a import ONE\nTWO = const(2)\n")
    fold._CONSTS.clear()
    src = "from engine.game import a as M\nx = (M.ONE, M.TWO)\n"
    assert fold.fold_source(src, "x.py", str(tree)) == "pass\nx = (1, 2)\n"
