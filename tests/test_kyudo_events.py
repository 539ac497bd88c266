"""Kyudo's events are read by name (engine/kyudo/actions.py: E_*, and the
table of kinds in its docstring), and the play screen's helper modules
never import the screen back (issue 31)."""

import ast
import os

from engine.kyudo import actions as A
from engine.kyudo.state import KyudoState
from engine.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# per kind: its fields after E_KIND and E_SEAT, as actions.py documents them
FIELDS = {
    "turn": (A.E_ROUND,),
    "die_back": (),
    "ring_off": (),
    "roll": (A.E_FACES,),
    "red": (A.E_DIE, A.E_FACE),
    "circle": (A.E_COLOUR,),
    "closed": (A.E_COLOUR,),
    "boxes": (A.E_COLOUR, A.E_BOXES),
    "flag": (A.E_COLOUR, A.E_CORNER),
    "fury": (A.E_COLOUR,),
    "attack": (A.E_VICTIM, A.E_ATTACK_COLOUR, A.E_ATTACK_LOSS),
    "ultimate": (),
    "ring": (A.E_AMOUNT,),
    "loss": (A.E_AMOUNT,),
    "shield": (),
    "eliminated": (),
    "token": (A.E_COLOUR, A.E_FROM),
    "discard": (A.E_COLOUR,),
    "talent": (A.E_CHARACTER, A.E_CHOICE),
    "extra": (A.E_COLOUR,),
    "win": (A.E_REASON,),
}


def test_every_event_has_the_fields_its_kind_documents():
    seen = set()
    for seed in range(120):
        players = 2 + seed % 3
        state = KyudoState(Rng(seed + 1), players)
        pick = Rng(seed + 5003)
        while not state.is_over():
            state.apply(pick.choice(state.legal_actions()))
            for event in state.events:
                kind = event[A.E_KIND]
                assert kind in FIELDS, event
                seen.add(kind)
                assert len(event) == 2 + len(FIELDS[kind]), event
                assert sorted(FIELDS[kind]) == list(range(2, len(event))), kind
                assert 0 <= event[A.E_SEAT] < players, event
                if kind in ("circle", "closed", "boxes", "flag", "fury", "extra"):
                    assert 1 <= event[A.E_COLOUR] <= 5, event
                if kind in ("token", "discard"):
                    assert event[A.E_COLOUR] in A.TOKENS, event
                if kind == "token":
                    assert -1 <= event[A.E_FROM] < players and event[A.E_FROM] != event[A.E_SEAT], event
                if kind == "roll":
                    assert len(event[A.E_FACES]) == state.n_dice or state.is_over(), event
                if kind == "attack":
                    assert event[A.E_VICTIM] != event[A.E_SEAT] and 1 <= event[A.E_ATTACK_COLOUR] <= 5, event
                    assert event[A.E_ATTACK_LOSS] > 0, event
                if kind == "win":
                    assert event[A.E_REASON] in (A.WIN_TARGET, A.WIN_LAST, A.WIN_CAP), event
    assert seen == set(FIELDS)  # every kind happens in these games
    for kind in FIELDS:  # and the table in actions.py names it
        assert '| "%s"' % kind in A.__doc__, kind


def _imports(path):
    tree = ast.parse(open(os.path.join(ROOT, path)).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.add(node.module)
            out.update("%s.%s" % (node.module, alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_the_layout_and_the_sheet_do_not_import_the_screen():
    """sanbon.kyudo imports kyudo_layout (to build) and kyudo_sheet (to show
    a sheet); neither imports sanbon.kyudo back, not even inside a function:
    the layout returns the widgets, the sheet gets the palettes."""
    for path in ("lib/sanbon/kyudo_layout.py", "lib/sanbon/kyudo_sheet.py", "lib/sanbon/kyudo_words.py"):
        assert "sanbon.kyudo" not in _imports(path), path
    assert "sanbon.kyudo_layout" in _imports("lib/sanbon/kyudo.py")
