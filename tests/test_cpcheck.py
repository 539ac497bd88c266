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
