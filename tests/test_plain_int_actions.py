"""Every game refuses an action that is not a plain int, and stays untouched (issue 17).

A float or a bool that compares equal to a legal action used to pass
``check_action`` in Kendo Duel and Okko: the card left the hand, then the
save could not be written or no longer loaded.
"""

import pytest

from engine.core import IllegalAction
from engine.example import PigState
from engine.kendo import actions as KA
from engine.kendo.state import KendoState
from engine.kyudo.state import KyudoState
from engine.okko.state import OkkoState
from engine.rng import Rng

GAMES = {
    "kyudo": lambda seed: KyudoState(Rng(seed), players=2),
    "kendo": lambda seed: KendoState(Rng(seed), players=2),
    "competition": lambda seed: KendoState(Rng(seed), players=2, mode=KA.COMPETITION),
    "okko": lambda seed: OkkoState(Rng(seed)),
    "pig": lambda seed: PigState(Rng(seed)),
}


class IntLike(int):
    """An int subclass: equal to a legal action, but not a plain int."""


def _refuses(st, bad):
    before = st.to_bytes()
    with pytest.raises(IllegalAction, match="plain int|not legal"):
        st.apply(bad)
    assert st.to_bytes() == before


def _play_until(st, rng, want):
    """Random legal moves until ``want(legal)`` holds; the legal actions then."""
    for _ in range(3000):
        if st.is_over():
            break
        legal = st.legal_actions()
        if want(legal):
            return legal
        st.apply(legal[rng.randrange(len(legal))])
    return None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_floats_and_int_subclasses_equal_to_a_legal_action_are_refused(game):
    st = GAMES[game](17)
    checked = 0
    rng = Rng(5)
    for _ in range(20):  # several positions through the game
        if st.is_over():
            break
        legal = st.legal_actions()
        for a in legal[:3]:
            _refuses(st, float(a))
            _refuses(st, IntLike(a))
            checked += 1
        st.apply(legal[rng.randrange(len(legal))])  # a plain int still works
    assert checked >= 20


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bools_are_refused_even_where_0_or_1_is_legal(game):
    for seed in range(40):
        st = GAMES[game](seed)
        legal = _play_until(st, Rng(seed), lambda lg: 0 in lg or 1 in lg)
        if legal is None:
            continue
        for b in (False, True):
            if int(b) in legal:
                _refuses(st, b)
        _refuses(st, 1.0 if 1 in legal else 0.0)
        st.apply(0 if 0 in legal else 1)  # the plain int is accepted
        return
    pytest.fail("no position with action 0 or 1 legal in 40 seeded %s games" % game)
