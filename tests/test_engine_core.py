"""The shared State conventions, shown on the tiny example game (Pig)."""

import pytest

from engine.core import BadSave, IllegalAction, TERMINAL, random_playout
from engine.example import HOLD, ROLL, PigState, hold_at_bot
from engine.rng import Rng


def test_illegal_action_raises_and_leaves_state_untouched():
    s = PigState(Rng(1))
    before = s.to_bytes()
    with pytest.raises(IllegalAction):
        s.apply(HOLD)  # a turn must start with a roll
    with pytest.raises(IllegalAction):
        s.apply(99)
    assert s.to_bytes() == before


def test_roll_is_a_chance_event_from_the_state_rng():
    a, b = PigState(Rng(5)), PigState(Rng(5))
    for _ in range(6):
        if a.is_over():
            break
        act = a.legal_actions()[0]
        a.apply(act)
        b.apply(act)
        assert a.to_bytes() == b.to_bytes()
        assert 1 <= a.last_roll <= 6


def test_rolling_a_one_loses_the_turn():
    s = PigState(Rng(0))
    for seed in range(200):
        s = PigState(Rng(seed))
        s.apply(ROLL)
        if s.last_roll == 1:
            assert s.current_player == 1 and s.turn_total == 0
            return
    pytest.fail("no seed rolled a 1")


def test_game_ends_with_one_winner_and_terminal_player():
    s = PigState(Rng(3), players=3, target=25)
    assert s.winner() is None
    while not s.is_over():
        s.apply(hold_at_bot(s.observation(s.current_player)))
    (w,) = s.winner()
    assert s.scores[w] >= 25
    assert s.current_player == TERMINAL and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply(ROLL)


def test_save_round_trip_at_every_step():
    s = PigState(Rng(8), players=4)
    pick = Rng(99)
    while not s.is_over():
        s.apply(pick.choice(s.legal_actions()))
        t = PigState.from_bytes(s.to_bytes())
        assert t.to_bytes() == s.to_bytes()
        assert t.legal_actions() == s.legal_actions()


def test_resumed_game_replays_identically():
    a = PigState(Rng(21))
    b = PigState.from_bytes(a.to_bytes())
    while not a.is_over():
        act = hold_at_bot(a.observation(a.current_player))
        a.apply(act)
        b.apply(act)
    assert a.to_bytes() == b.to_bytes()


@pytest.mark.parametrize(
    "data",
    [b"", b"\x00", b"\x05\x01" + bytes(20), b"\x00\x09" + bytes(20), b"\x00\x01" + bytes(3)],
)
def test_bad_saves_are_refused_clearly(data):
    with pytest.raises(BadSave):
        PigState.from_bytes(data)


def test_trailing_bytes_are_refused():
    with pytest.raises(BadSave):
        PigState.from_bytes(PigState(Rng(1)).to_bytes() + b"\x00")


def test_random_playouts_end_and_keep_invariants():
    for seed in range(200):
        s = PigState(Rng(seed), players=2 + seed % 3, target=40)

        def check(st):
            assert all(v <= 250 for v in st.scores)
            assert st.is_over() == (st.winner() is not None)

        steps = random_playout(s, Rng(seed + 1), check=check)
        assert steps > 0 and s.is_over()


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        PigState(Rng(1), players=1)
    with pytest.raises(ValueError):
        PigState(Rng(1), target=0)
