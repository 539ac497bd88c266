"""A toy fourth game added as docs/ARCHITECTURE.md's "How to add a game"
says, in a copy of the repository: its own folders (engine/toy/ and the
package lib/sanbon/toy/, its how-to inside), one entry in
lib/sanbon/games.py and one module in the host's registry
(tools/games/toy.py), and nothing else. Then every tool picks it up: the
conformance checks, cpcheck's contract checks, the screen tour (a short
walk, 0 defects), the bench's list of games (issue 31) and the browser
page's input logs (tools/weblog.py, issue 32)."""

import filecmp
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = ("engine", "lib", "boards", "tools", "tests", "code.py", "pytest.ini")
OWN = ("engine/toy/", "lib/sanbon/toy/")  # the toy's own folders

# -- the toy: take 1 or 2 stones, the last stone wins -------------------------------

ENGINE = {
    "engine/toy/__init__.py": '"""Toy: take 1 or 2 stones; whoever takes the last one wins."""\n',
    "engine/toy/actions.py": '''\
"""The toy's contract: its actions, phases, observation fields and event fields."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


TAKE_ONE = const(1)
TAKE_TWO = const(2)

P_TAKE = const(0)
P_OVER = const(1)

# the observation: the first three are every game's
O_SEAT = const(0)
O_PHASE = const(1)
O_CURRENT = const(2)
O_PILE = const(3)

# the one event kind: ("take", seat, stones)
E_KIND = const(0)
E_SEAT = const(1)
E_STONES = const(2)
''',
    "engine/toy/state.py": '''\
"""The toy's state (the State API of docs/ARCHITECTURE.md)."""

from engine.core import BadSave, Reader, TERMINAL, Writer, check_action
from engine.rng import Rng, STATE_SIZE
from engine.toy import actions as A

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GAME_ID = const(5)
VERSION = const(1)


class ToyState:
    def __init__(self, rng, players=2):
        self.rng = rng
        self.players = players
        self.pile = 9 + rng.randrange(6)
        self.current_player = 0
        self.events = []
        self._winner = None

    @property
    def phase(self):
        return A.P_OVER if self._winner is not None else A.P_TAKE

    def legal_actions(self):
        if self._winner is not None:
            return []
        return [A.TAKE_ONE, A.TAKE_TWO] if self.pile > 1 else [A.TAKE_ONE]

    def apply(self, action):
        check_action(self, action)
        seat = self.current_player
        self.pile -= action
        self.events = [("take", seat, action)]
        if self.pile == 0:
            self._winner = (seat,)
            self.current_player = TERMINAL
        else:
            self.current_player = (seat + 1) % self.players

    def is_over(self):
        return self._winner is not None

    def winner(self):
        return self._winner

    def observation(self, seat):
        return (seat, self.phase, self.current_player, self.pile)

    def to_bytes(self):
        w = Writer(GAME_ID, VERSION)
        w.raw(self.rng.to_bytes())
        w.u8(self.players)
        w.u8(self.pile)
        w.u8(self.current_player & 0xFF)
        w.u8(255 if self._winner is None else self._winner[0])
        return w.getvalue()

    @classmethod
    def from_bytes(cls, data):
        r = Reader(data, GAME_ID, VERSION)
        s = cls.__new__(cls)  # not __init__: it deals a pile from the RNG
        s.rng = Rng.from_bytes(r.raw(STATE_SIZE))
        s.players = r.u8()
        s.pile = r.u8()
        s.events = []
        seat = r.u8()
        s.current_player = TERMINAL if seat == 0xFF else seat
        won = r.u8()
        s._winner = None if won == 255 else (won,)
        r.end()
        if s.players != 2 or s.current_player != TERMINAL and s.current_player >= s.players:
            raise BadSave("bad toy save")
        return s
''',
    "engine/toy/bots.py": '''\
"""The toy's computer players: Easy takes at random, Normal leaves a multiple of 3."""

from engine.toy import actions as A


def choose(observation, seat, level, rng):
    pile = observation[A.O_PILE]
    if level >= 2 and pile % 3:
        return pile % 3
    return A.TAKE_ONE if pile < 2 or rng.randrange(2) == 0 else A.TAKE_TWO
''',
}

LIB = {
    "lib/sanbon/toy/__init__.py": '''\
"""The toy's play screen (tests/test_toy_game.py): the pile and Take 1 / Take 2."""

from engine.toy import actions as A
from engine.toy import bots
from engine.toy.state import ToyState

from sanbon import buttons as btn
from sanbon import ui
from sanbon.gamescreen import GameScreen as _Base

HIDDEN = False


def new_state(config, rng):
    return ToyState(rng, players=config.players)


def load_state(data):
    return ToyState.from_bytes(data)


def bot_action(state, seat, level, rng):
    return bots.choose(state.observation(seat), seat, level, rng)


class GameScreen(_Base):
    def __init__(self, app, session):
        super().__init__(app, session)
        L = self.L
        self.frame = ui.Frame(L, "Toy", "A choose  X/Y move  hold B pause")
        self.group.append(self.frame.group)
        self.group.append(self.spinner.group)
        self.pile = ui.Text(L.margin, L.body_top + L.row_h, "", ui.TEXT, L.scale)
        self.group.append(self.pile.label)
        y = L.body_top + L.body_h - 2 * L.row_h
        self.menu = ui.ListMenu(L, ["Take 1", "Take 2"], y=y, rows=2, width=L.width - 2 * L.margin)
        self.group.append(self.menu.group)
        self.update()

    def update(self):
        st = self.session.state
        seat = st.current_player
        self.pile.set("Stones left: %d" % st.pile)
        if st.is_over():
            self.frame.set_title("Toy: game over")
        else:
            self.frame.set_title("%s: %s" % (self.session.seat_name(seat),
                                             "thinking" if self.session.is_bot(seat) else "take 1 or 2"))
        human = not st.is_over() and not self.session.is_bot(seat)
        self.menu.group.hidden = not human
        if human:
            self.menu.set_item(1, "Take 2", st.pile > 1)

    def human_button(self, b):
        if b == btn.X:
            self.menu.move(-1)
        elif b == btn.Y:
            self.menu.move(1)
        elif b == btn.A:
            action = A.TAKE_ONE if self.menu.index == 0 else A.TAKE_TWO
            if action in self.session.state.legal_actions():
                self.act(action)
            else:
                self.app.toast("Only 1 stone is left.", 2000, ui.BAD)
        elif b == btn.B:
            self.back_out()

    def reason(self):
        st = self.session.state
        return "%s took the last stone." % self.session.seat_name(st.winner()[0])

    def describe(self):
        st = self.session.state
        return "Game: Toy pile=%d player=%d" % (st.pile, st.current_player)
''',
    "lib/sanbon/toy/howto.py": '''\
"""How to play the toy."""
PAGES = (
    ("Goal", "Take the last stone."),
    ("A turn", "Take 1 or 2 stones from the pile.\\nThen the other player takes."),
    ("Controls", "#Buttons\\nX/Y: choose Take 1 or Take 2.\\nA: take.\\nHold B: the pause menu."),
)
''',
}

# the two files outside its folders: its entry in the app, and its module on the host
APP_ENTRY = '''

# the toy fourth game (tests/test_toy_game.py)
TOY = GameInfo(5, "toy", "Toy", "Toy", "sanbon.toy", (2, 2), ("Standard",), (1, 2), "sanbon.toy.howto")
GAMES = GAMES + (TOY,)
ALL = ALL + (TOY,)
'''

HOST_ENTRY = '''\
"""The toy on the host: its registry entry and what the tools need of it."""

from engine.rng import Rng
from tools.games import Game, Variant, _app_info, _copy, _levels, _other_rng


def new(rng, players=2, mode=0, options=0):
    from engine.toy.state import ToyState

    return ToyState(rng, players=players)


def load(data):
    from engine.toy.state import ToyState

    return ToyState.from_bytes(data)


def bot(level, seat, rng):
    from engine.toy import bots

    return lambda state: bots.choose(state.observation(seat), seat, level, rng)


def hidden(state, seat, rng):
    """The toy hides only its RNG."""
    copy = _copy(state, load)
    _other_rng(copy, rng)
    return copy


def soak_deal(seed, mode=0):
    return new(Rng(seed)), [bot(1 + (seed + seat) % 2, seat, Rng(seed * 8 + seat)) for seat in range(2)]


def game():
    info = _app_info("toy")
    return Game("toy", "Toy", new, load, gid=info.id, modes=(Variant("toy", 0, (2, 2)),), levels=_levels(info),
                bot=bot, hidden=hidden, soak_deal=soak_deal, menu=info.name,
                tour=(("walk_game", {"menu": info.name}), ("walk_game", {"menu": info.name, "seed": 8})))
'''


def _ignore(folder, names):
    return [n for n in names if n in ("__pycache__", ".pytest_cache") or n.endswith(".pyc")]


def _files(root):
    out = set()
    for part in COPIED:
        path = os.path.join(root, part)
        if os.path.isfile(path):
            out.add(part)
            continue
        for base, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", ".pytest_cache")]
            for n in names:
                if not n.endswith(".pyc"):
                    out.add(os.path.relpath(os.path.join(base, n), root).replace(os.sep, "/"))
    return out


def changed_outside(root, copy):
    """The files of ``copy`` outside the toy's folders that are new or differ from ``root``'s."""
    before = _files(root)
    out = []
    for rel in sorted(_files(copy)):
        if rel.startswith(OWN):
            continue
        if rel not in before or not filecmp.cmp(os.path.join(root, rel), os.path.join(copy, rel), shallow=False):
            out.append(rel)
    return out


def _write(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def _run(copy, code):
    """Python ``code`` run in the copy (its tools, its app); its output."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=copy, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return r.stdout


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The repository's copy with the toy added as the how-to says."""
    root = str(tmp_path_factory.mktemp("toy") / "repo")
    os.makedirs(root)
    for part in COPIED:
        src = os.path.join(ROOT, part)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(root, part), ignore=_ignore, symlinks=True)
        else:
            shutil.copy2(src, os.path.join(root, part))
    _write(root, ENGINE)
    _write(root, LIB)
    with open(os.path.join(root, "lib", "sanbon", "games.py"), "a") as f:
        f.write(APP_ENTRY)
    _write(root, {"tools/games/toy.py": HOST_ENTRY})
    return root


def test_the_toy_touches_at_most_two_files_outside_its_folders(copy):
    changed = changed_outside(ROOT, copy)
    assert changed == ["lib/sanbon/games.py", "tools/games/toy.py"]
    assert len(changed) <= 2


def test_the_registry_and_the_bench_list_it(copy):
    out = _run(copy, """
        from tools import bench, games, tour
        print([g.key for g in games.GAMES])
        print(tour.GAMES)
        print("\\n".join(bench.code_section(["engine/: -", "lib/: -"])))
    """)
    assert "['kyudo', 'kendo', 'okko', 'pig', 'toy']" in out
    assert "'toy')" in out  # the tour's games
    assert "| toy | Toy | toy | 2-2 | easy, normal | 2 |" in out


def test_the_conformance_checks_run_on_it(copy):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_conformance.py",
                        "-k", "toy"], cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "5 passed" in r.stdout, r.stdout[-2000:]  # random games, illegal actions, observations, determinism, bots


def test_cpcheck_checks_its_contract(copy):
    out = _run(copy, """
        from tools import cpcheck
        from tools.mpyc import device_sources
        mine = [f for f in device_sources() if "/toy/" in f.replace("\\\\", "/")]
        print("GAMES", cpcheck.GAMES)
        print("FILES", len(mine))
        found = cpcheck.check_tree(files=mine) + cpcheck.check_contract(files=mine) + cpcheck.check_house(files=mine)
        print("FOUND", [str(v) for v in found])
        with open("engine/toy/state.py", "a") as f:  # a copy of the contract: caught
            f.write("\\n_P_OVER = const(1)\\n")
        print("PLANTED", [str(v) for v in cpcheck.check_contract(files=["engine/toy/state.py"])])
    """)
    assert "GAMES ('kyudo', 'kendo', 'okko', 'pig', 'toy')" in out
    assert "FILES 6" in out
    assert "FOUND []" in out
    assert "re-declares P_OVER from engine/toy/actions.py" in out.split("PLANTED")[1]


def test_the_tour_walks_it_with_no_defects(copy):
    out = _run(copy, """
        import tempfile
        import time
        from tools import tour
        assert "toy" in tour.GAMES
        for size in ("pico_display2", "pico_display"):
            rec = tour.Recorder(size)
            walks = tour.WALKS["toy"]
            with tempfile.TemporaryDirectory() as tmp:
                # a short walk: its first walk and 100 random presses
                for fn, kw in [walks[0]] + [(fn, dict(kw, presses=100)) for fn, kw in walks if fn is tour.walk_mash][:1]:
                    t0 = time.time()
                    fn(size, rec, tmp, **kw)
                    print("#", fn.__name__, round(time.time() - t0, 1), "s")
            print(size, rec.frames, "frames", sorted(rec.found.items()))
    """)
    print(out)
    for size in ("pico_display2", "pico_display"):
        line = [x for x in out.splitlines() if x.startswith(size + " ")][0]
        assert line.endswith("frames []"), out
        assert int(line.split()[1]) > 10, line


def test_the_browser_logs_record_and_replay_its_walk(copy):
    """tools/weblog.py records the toy's tour walk as an input log (issue 32)
    and replays it from its ops alone to the same frames."""
    out = _run(copy, """
        from tools import weblog
        (log,) = weblog.record_tour("toy", "pico_display", walks=weblog.tour_walks("toy")[:1])
        print("LOG", log.name, log.looks, len(weblog.replay(log)))
    """)
    name, looks, differ = out.split("LOG ")[1].split()
    assert name == "toy-1-walk_game" and int(looks) > 10 and differ == "0", out
