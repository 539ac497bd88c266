"""The gate's subset check must catch what CircuitPython lacks."""

import pytest

from tools.cpcheck import check_source, check_tree


def msgs(src, path="engine/x.py"):
    return [v.message for v in check_source(src, path)]


@pytest.mark.parametrize(
    "src, needle",
    [
        ("import dataclasses\n", "dataclasses"),
        ("from dataclasses import dataclass\n", "dataclasses"),
        ("import random\nrandom.shuffle(x)\n", "random.shuffle"),
        ("from random import shuffle\n", "random.shuffle"),
        ("v = next(it, None)\n", "next(it, default)"),
        ("from typing import List\n", "typing"),
        ("import typing\n", "typing"),
        ("import itertools\n", "itertools"),
        ("import functools\n", "functools"),
        ("import enum\n", "enum"),
        ("import abc\n", "abc"),
        ("import copy\n", "copy"),
        ("import bisect, heapq\n", "bisect"),
        ("from collections import defaultdict\n", "defaultdict"),
        ("import collections\nc = collections.Counter()\n", "Counter"),
        ("import random\nr = random.Random(1)\n", "random.Random"),
        ("import random\nr = random.sample(x, 2)\n", "random.sample"),
        ("import json\njson.dumps(d, sort_keys=True)\n", "sort_keys"),
        ("from collections import deque\nq = deque([])\n", "deque"),
        ("p = p._replace(x=1)\n", "_replace"),
        ("d = vars(o)\n", "vars"),
        ("s = 'a'.ljust(4)\n", "ljust"),
        ("s = 'a'.rjust(4)\n", "rjust"),
        ("s = '1'.zfill(3)\n", "zfill"),
        ("s = name.title()\n", "title"),
        ("import math\nx = math.inf\n", "math.inf"),
        ("from math import isclose\n", "math.isclose"),
        ("import time\nt = time.ticks_ms()\n", "time.ticks_ms"),
        ("match x:\n    case 1:\n        pass\n", "match"),
    ],
)
def test_planted_violations_are_caught(src, needle):
    found = msgs(src, "lib/sanbon/x.py")
    assert found, "not caught: %r" % src
    assert any(needle in m for m in found), found


def test_guarded_typing_is_allowed():
    src = "try:\n    from typing import List\nexcept ImportError:\n    pass\n"
    assert msgs(src) == []
    src = "try:\n    from typing import List\nexcept (ImportError, NameError):\n    pass\n"
    assert msgs(src) == []


def test_typing_in_wrong_handler_or_after_try_is_refused():
    src = "try:\n    from typing import List\nexcept ValueError:\n    pass\n"
    assert any("typing" in m for m in msgs(src))
    src = "try:\n    pass\nexcept ImportError:\n    from typing import List\n"
    assert any("typing" in m for m in msgs(src))


def test_allowed_code_passes():
    src = (
        "from collections import deque, OrderedDict\n"
        "q = deque((), 8)\n"
        "r = deque([], maxlen=4)\n"
        "v = next(it)\n"
        "t = self.title\n"
        "s = 'abc'.upper().center(5)\n"
        "from micropython import const\n"
        "X = const(3)\n"
    )
    assert msgs(src, "lib/sanbon/ok.py") == []


def test_layer_rules():
    assert any("engine/" in m for m in msgs("import time\n", "engine/a.py"))
    assert any("engine/" in m for m in msgs("import displayio\n", "engine/a.py"))
    assert any("engine/" in m for m in msgs("from sanbon import app\n", "engine/a.py"))
    assert any("files" in m for m in msgs("f = open('x')\n", "engine/a.py"))
    assert msgs("from engine.rng import Rng\nimport struct\n", "engine/a.py") == []
    assert any("board" in m for m in msgs("import board\n", "lib/sanbon/a.py"))
    assert msgs("import time, displayio\nfrom engine import core\n", "lib/sanbon/a.py") == []
    assert any("boards/" in m for m in msgs("from engine import core\n", "boards/x.py"))
    assert msgs("import board, busio\n", "boards/x.py") == []


def test_violation_reports_file_and_line():
    (v,) = check_source("x = 1\nimport enum\n", "lib/sanbon/y.py")
    assert (v.path, v.line) == ("lib/sanbon/y.py", 2)
    assert str(v).startswith("lib/sanbon/y.py:2:")


def test_the_real_tree_is_clean():
    assert [str(v) for v in check_tree()] == []


def test_check_tree_finds_each_planted_file(tmp_path):
    planted = {
        "engine/a.py": "import dataclasses\n",
        "engine/b.py": "import random\nrandom.shuffle([])\n",
        "lib/sanbon/c.py": "x = next(iter(()), 0)\n",
        "lib/sanbon/d.py": "from typing import List\n",
        "boards/ok.py": "import board\n",
    }
    for rel, src in planted.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(src)
    found = check_tree(root=str(tmp_path))
    assert sorted({v.path for v in found}) == ["engine/a.py", "engine/b.py", "lib/sanbon/c.py", "lib/sanbon/d.py"]


# -- the games' one contract (issue 17) ----------------------------------------

def _plant(root, files):
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def test_contract_violations_are_caught(tmp_path):
    from tools.cpcheck import check_contract

    _plant(tmp_path, {
        "engine/__init__.py": "",
        "engine/kendo/__init__.py": "",
        "engine/kendo/actions.py": "P_OPEN = const(1)\nO_HAND = const(3)\n",
        "engine/kendo/state.py": ("_P_OPEN = const(1)\n"  # a hand copy
                                  "class S:\n    def _why(self):\n        self._hand = 1\n"),
        "engine/okko/state.py": "P_OPEN = const(9)\n",  # another game: not a copy
        "engine/kendo/cards.py": "O_HAND = const(2)\nP_OPEN = const(1)\n",  # a homonym; a copy
        "lib/sanbon/kendo.py": ("from engine.kendo import actions as A\n"
                                "def f(st, obs):\n"
                                "    x = obs[3]\n"  # positional
                                "    y = st.observation(0)[2]\n"  # positional
                                "    z = obs[A.O_HAND]\n"  # named: fine
                                "    return st._why(), st._hand, self._own\n"),
    })
    found = sorted(str(v) for v in check_contract(root=str(tmp_path)))
    assert found == [
        "engine/kendo/cards.py:2: P_OPEN re-declares P_OPEN from engine/kendo/actions.py: "
        "read it by name through a module alias",
        "engine/kendo/state.py:1: _P_OPEN re-declares P_OPEN from engine/kendo/actions.py: "
        "read it by name through a module alias",
        "lib/sanbon/kendo.py:3: a positional observation index [3]: name the field (obs[A.O_...])",
        "lib/sanbon/kendo.py:4: a positional observation index [2]: name the field (obs[A.O_...])",
        "lib/sanbon/kendo.py:6: lib/ reads _hand of an engine object: give the engine a public name for it",
        "lib/sanbon/kendo.py:6: lib/ reads _why of an engine object: give the engine a public name for it",
    ]


def test_the_real_tree_keeps_the_contract():
    from tools.cpcheck import check_contract

    assert [str(v) for v in check_contract()] == []


# -- the house rules (issue 31) ------------------------------------------------

def _house(src, path="lib/sanbon/x.py"):
    from tools.cpcheck import house_source

    return [v.message for v in house_source(src, path)]


def test_bare_event_lookups_in_lib_are_caught():
    src = ("def f(st, e, ev, _evt, event, events, A):\n"
           "    a = e[1] + ev[0] + _evt[2] + event[-1] + events[0]\n"
           "    b = st.events[0]\n"
           "    c = self.events[-1][1]\n")
    found = _house(src)
    assert len(found) == 7, found
    assert all(m.startswith("a bare event look-up") and "name the event field (event[A.E_...])" in m
               for m in found)
    assert "a bare event look-up [1]: name the event field (event[A.E_...])" in found


def test_named_event_fields_and_other_subscripts_pass():
    src = ("def f(st, e, event, A, i, obs, x):\n"
           "    for event in st.events:\n"
           "        a = event[A.E_SEAT] + e[i] + x[1] + obs[A.O_SEAT] + event[i + 1]\n"
           "    return st.events[i], e[1:]\n")
    assert _house(src) == []
    assert _house("def f(e):\n    return e[1]\n", "engine/kendo/state.py") == []  # the engine builds them
    assert _house("def f(e):\n    return e[1]\n", "tools/x.py") == []


def test_drop_must_be_given_the_module():
    src = ("from sanbon import ui\nfrom sanbon.ui import drop\n"
           "def f(kendo_more):\n"
           "    ui.drop('sanbon.kendo_more')\n"
           "    drop(\"sanbon.okko_log\")\n"
           "    ui.drop(kendo_more)\n"
           "    drop(kendo_more)\n")
    assert _house(src) == ["drop('sanbon.kendo_more'): give drop the module, not its name",
                           "drop('sanbon.okko_log'): give drop the module, not its name"]


def _function(lines, decorated=False):
    body = "".join("    x = %d\n" % i for i in range(lines - 1))
    return ("@staticmethod\n" if decorated else "") + "def long_one():\n" + body


def test_functions_over_sixty_lines_are_caught_in_engine_and_lib():
    assert _house(_function(60)) == []
    assert _house(_function(61)) == ["long_one has 61 lines: split it (at most 60)"]
    assert _house(_function(60, decorated=True)) == ["long_one has 61 lines: split it (at most 60)"]
    assert len(_house(_function(61), "engine/okko/state.py")) == 1
    nested = "def outer():\n" + "".join("    " + line + "\n" for line in _function(61).splitlines())
    assert sorted(_house(nested)) == ["long_one has 61 lines: split it (at most 60)",
                                      "outer has 62 lines: split it (at most 60)"]
    assert _house(_function(200), "boards/pico_display.py") == []
    assert _house(_function(200), "tools/bench.py") == []


def _homes(tmp_path, files):
    from tools.cpcheck import check_homes

    _plant(tmp_path, files)
    return sorted(str(v) for v in check_homes(root=str(tmp_path)))


def test_a_constant_with_two_homes_is_caught(tmp_path):
    found = _homes(tmp_path, {
        "lib/sanbon/okko.py": "T_NODE = const(3)\n_TILE = const(12)\nROWS = b'ab'\nGAP = 2\n",
        "lib/sanbon/okko_layout.py": ("_T_NODE = const(3)\n"  # a copy
                                      "_TILE = const(13)\n"  # another value: not a copy
                                      "ROWS = b'ab'\n"  # a copied literal
                                      "PAGES = ('x',)\n"),
        "lib/sanbon/howto_okko.py": "PAGES = ('x',)\n",  # metadata: each module's own
        "engine/okko/state.py": "_GAP = const(1 + 1)\n",  # a const() expression, the same value as GAP
    })
    assert found == [
        "lib/sanbon/okko.py:4: GAP has the same value in engine/okko/state.py: give it one home and read it from there",
        "lib/sanbon/okko_layout.py:1: T_NODE has the same value in lib/sanbon/okko.py: give it one home and read "
        "it from there",
        "lib/sanbon/okko_layout.py:3: ROWS has the same value in lib/sanbon/okko.py: give it one home and read it "
        "from there",
    ]


def test_the_folded_contract_may_repeat_in_each_games_engine(tmp_path):
    found = _homes(tmp_path, {
        "engine/core.py": "TERMINAL = const(-4)\n",
        "engine/kyudo/actions.py": "O_SEAT = const(0)\nO_PHASE = const(1)\nEASY = const(1)\n",
        "engine/kendo/actions.py": "O_SEAT = const(0)\nO_PHASE = const(1)\n",
        "engine/kendo/bots.py": "EASY = const(1)\n",  # each game's own level numbers
        "engine/example.py": "O_SEAT = const(0)\n",  # a one-file game
        "engine/toy/actions.py": "O_SEAT = const(0)\n",
        "engine/toy/state.py": "_O_SEAT = const(0)\n_TERMINAL = const(-4)\n",  # copies in one game, of core's
    })
    assert found == [
        "engine/toy/state.py:1: O_SEAT has the same value in engine/toy/actions.py: give it one home and read it "
        "from there",
        "engine/toy/state.py:2: TERMINAL has the same value in engine/core.py: give it one home and read it "
        "from there",
    ]


def test_the_contract_games_come_from_the_registry(tmp_path, monkeypatch):
    """A game registered on the host (tools/games/) gets the contract check:
    cpcheck keeps no list of its own."""
    from tools import cpcheck, games
    from tools.cpcheck import check_contract

    assert cpcheck.GAMES == tuple(g.key for g in games.GAMES)
    toy = games.register(games.Game("toy", "Toy", None, None))
    try:
        assert cpcheck._registered()[-1] == "toy"
        monkeypatch.setattr(cpcheck, "GAMES", cpcheck._registered())
        _plant(tmp_path, {
            "engine/toy/actions.py": "P_GO = const(1)\n",
            "engine/toy/state.py": "_P_GO = const(1)\n",
            "lib/sanbon/toy/__init__.py": "def f(obs):\n    return obs[2]\n",
        })
        found = sorted(str(v) for v in check_contract(root=str(tmp_path)))
        assert found == [
            "engine/toy/state.py:1: _P_GO re-declares P_GO from engine/toy/actions.py: read it by name through "
            "a module alias",
            "lib/sanbon/toy/__init__.py:2: a positional observation index [2]: name the field (obs[A.O_...])",
        ]
    finally:
        games.unregister(toy.key)


def test_the_real_tree_keeps_the_house_rules():
    """Issue 31: 0 bare event look-ups, 0 drops by name, no function over 60
    lines, one home per constant, over the real device files."""
    from tools.cpcheck import check_house

    found = [str(v) for v in check_house()]
    assert found == [], "%d violation(s):\n%s" % (len(found), "\n".join(found))
