"""Kyudo rules: the worked examples K1-K20 (docs/rules/kyudo.md, "Worked
examples"), the rulebook's two worked examples, and the decisions of docs/rules/kyudo.md.

Scenarios are built by finishing the setup, then setting the sheets directly
(keeping the token count) and the final dice through ``final()``, which plays
the real STOP: the RED token, the ring, the Ultimate Combo and the talents all
run as in a game.
"""

import pytest

from engine.core import BadSave, IllegalAction, TERMINAL
from engine.kyudo import actions, data
from engine.kyudo.actions import (
    AIM, ARROW, BLACK, BLUE, CHOOSE, DISCARD, END_TURN, FLAG, GREEN, KITSUNE,
    KUMA, NO_SHIELD, ORANGE, P_KITSUNE, P_KUMA_DROP, P_KUMA_TAKE, P_OVER, P_PICK,
    P_RED, P_RESOLVE, P_ROLL, P_SETUP, P_SHIELD, P_SHIKA, P_STEAL, PICK, RED,
    RED_FIX, RED_SKIP, REROLL, ROLL, SARU, SHIELD, SHIKA, STEAL, STOP, TAKE, TICK,
    WIN_CAP, WIN_LAST, WIN_TARGET,
)
from engine.kyudo.state import KyudoState
from engine.rng import Rng

A = ARROW


def aim(die, arrows, orange=0):
    return AIM + die * 8 + arrows * 2 + orange


def flag(colour, n):
    return FLAG + (colour - 1) * 5 + n


def game(players=3, chars=(KITSUNE, KUMA, SARU, SHIKA), first=0, seed=1):
    """A game after setup: seat ``first`` to roll, sheets and flags blank."""
    s = KyudoState(Rng(seed), players)
    s.characters = bytes(chars[:players])
    s.first = s.active = first
    s.current_player = s._setup_seat()
    while s.phase == P_SETUP:
        s.apply(s.legal_actions()[0])
    for row in s.flags:
        for c in range(6):
            row[c] = 0
    assert s.phase == P_ROLL and s.active == first
    return s


def give(s, seat, t, n=1):
    """Move ``n`` tokens of type ``t`` from the supply to ``seat``."""
    assert s.supply[t] >= n
    s.supply[t] -= n
    s.tokens[seat][t] += n


def close(s, seat, *colours):
    for c in colours:
        s.ticked[seat][c] = s.circles[seat][c]


def complete(s, seat):
    close(s, seat, *actions.COLOURS)


def final(s, faces):
    """Make ``faces`` the active archer's final dice (after a first roll), then STOP."""
    assert s.phase == P_ROLL
    s.n_dice = len(faces)
    s.dice = bytearray(faces)
    s.rolls = 1
    ok(s)
    s.apply(STOP)
    ok(s)


def ok(s):
    """The state is consistent: it survives a save round trip unchanged."""
    b = s.to_bytes()
    t = KyudoState.from_bytes(b)
    assert t.to_bytes() == b
    assert t.legal_actions() == s.legal_actions()
    assert t.current_player == s.current_player
    return t


def kinds(s, kind):
    return [e for e in s.events if e[0] == kind]


def end_turn(s):
    s.apply(END_TURN)
    assert s.phase == P_ROLL


# -- the contract ------------------------------------------------------------


def test_data_tables_are_indexed_by_colour():
    for t in (data.CIRCLES, data.CORNER_SIZE, data.ATTRACTIVENESS, data.MOVE_PICKS):
        assert len(t) == 6 and t[ARROW] == 0
    assert data.ATTRACTIVENESS == (0, 1, 1, 2, 2, 3)
    assert data.CORNER_SIZE == (0, 3, 3, 3, 2, 2)
    assert data.CIRCLES == (0, 4, 4, 4, 4, 4)
    assert data.ROUND_CAP == 60 and data.SETUP_TICKS == (0, 1, 2, 3)


# -- the rulebook's worked examples ----------------------------------------------


def test_rulebook_example_mary_green_attack():
    """Mary: 3 of 4 GREEN ticked, ARROW ARROW ARROW GREEN: the 1st arrow closes
    GREEN, the 2 others make each opponent with GREEN open lose 4 (K1)."""
    s = game(3)
    s.ticked[0][GREEN] = 3
    close(s, 2, GREEN)  # C has closed GREEN
    final(s, (A, A, A, GREEN))
    s.apply(aim(3, 3))
    assert s.ticked[0][GREEN] == 4 == s.circles[0][GREEN]
    assert ("closed", 0, GREEN) in s.events
    assert list(s.spectators) == [20, 16, 20]
    assert kinds(s, "attack") == [("attack", 0, 1, GREEN, 4)]
    assert s.legal_actions() == [END_TURN]


def test_rulebook_example_two_ways_with_arrow_black_green_green():
    """ARROW BLACK GREEN GREEN: 1 GREEN circle (the rest unused), or 1 BLACK
    circle and 2 boxes in the GREEN flag (K5)."""
    s = game(2)
    final(s, (A, BLACK, GREEN, GREEN))
    assert s.legal_actions() == [aim(1, 1), aim(2, 1), aim(3, 1), flag(GREEN, 2), END_TURN]
    a = KyudoState.from_bytes(s.to_bytes())
    a.apply(aim(2, 1))  # option A
    assert a.ticked[0][GREEN] == 1 and a.legal_actions() == [END_TURN]
    before = a.to_bytes()
    with pytest.raises(IllegalAction):
        a.apply(flag(GREEN, 2))  # the GREEN die is already used
    assert a.to_bytes() == before
    s.apply(aim(1, 1))  # option B
    assert s.legal_actions() == [flag(GREEN, 2), END_TURN]
    s.apply(flag(GREEN, 2))
    assert s.ticked[0][BLACK] == 1 and s.ticked[0][GREEN] == 0
    assert s.flags[0][GREEN] == 2 and s.used == 15
    assert s.legal_actions() == [END_TURN]


# -- K1-K20 ------------------------------------------------------------------


def test_k1_fill_first_then_attack():
    test_rulebook_example_mary_green_attack()


def test_k2_one_arrow_several_colours_gives_one_circle():
    s = game(2)
    final(s, (A, BLACK, GREEN, RED))
    assert s.legal_actions() == [aim(1, 1), aim(2, 1), aim(3, 1), END_TURN]
    for die, colour in ((1, BLACK), (2, GREEN), (3, RED)):
        t = KyudoState.from_bytes(s.to_bytes())
        t.apply(aim(die, 1))
        assert sum(t.ticked[0]) == 1 and t.ticked[0][colour] == 1
        assert t.legal_actions() == [END_TURN]


def test_k3_three_arrows_blue():
    s = game(2)
    final(s, (A, A, A, BLUE))
    assert s.legal_actions() == [aim(3, 1), aim(3, 2), aim(3, 3), END_TURN]
    s.apply(aim(3, 3))
    assert s.ticked[0][BLUE] == 3 and not kinds(s, "attack")
    assert list(s.spectators) == [20, 20]


def test_k4_two_arrows_black_blue_three_outcomes():
    s = game(2)
    final(s, (A, A, BLACK, BLUE))
    outcomes = set()

    def walk(t):
        acts = t.legal_actions()
        if acts == [END_TURN]:
            outcomes.add((t.ticked[0][BLACK], t.ticked[0][BLUE]))
            return
        for act in acts:
            if act != END_TURN:
                u = KyudoState.from_bytes(t.to_bytes())
                u.apply(act)
                walk(u)

    walk(s)
    assert outcomes == {(2, 0), (1, 1), (0, 2)}
    s.apply(aim(2, 1))
    assert s.legal_actions() == [aim(3, 1), END_TURN]


def test_k5_arrow_black_green_green():
    test_rulebook_example_two_ways_with_arrow_black_green_green()


def test_k6_ultimate_combo_and_shield():
    s = game(4)
    give(s, 1, GREEN)
    final(s, (A, A, A, A))
    assert ("ultimate", 0) in s.events
    assert s.phase == P_SHIELD and s.current_player == 1
    assert s.legal_actions() == [SHIELD, NO_SHIELD]
    ok(s)
    s.apply(SHIELD)
    assert list(s.spectators) == [20, 20, 16, 16]
    assert s.tokens[1][GREEN] == 0 and s.supply[GREEN] == 3
    assert sum(s.ticked[0]) == 0  # no circles (G4)
    assert s.phase == P_RESOLVE and s.current_player == 0
    assert s.legal_actions() == [END_TURN]


def test_k6_ultimate_without_shield_decision():
    s = game(4)
    final(s, (A, A, A, A))
    assert list(s.spectators) == [20, 16, 16, 16]
    assert s.legal_actions() == [END_TURN]


def test_k7_saru_captures_a_die_until_the_next_turn():
    s = game(3, chars=(SARU, KUMA, SHIKA))
    final(s, (BLACK, ORANGE, GREEN, RED))
    assert ("talent", 0, SARU, 0) in s.events
    assert s.captured_by == 0 and s.legal_actions() == [END_TURN]
    end_turn(s)
    assert s.active == 1 and s.n_dice == 3
    s.apply(ROLL)
    assert len(s.dice) == 3
    assert s.legal_actions() == [STOP] + [REROLL + m for m in range(1, 8)]
    s.apply(STOP)
    end_turn(s)
    assert s.active == 2 and s.n_dice == 3
    s.apply(ROLL)
    s.apply(STOP)
    end_turn(s)
    assert s.active == 0 and s.n_dice == 4 and s.captured_by == -1
    assert ("die_back", 0) in s.events


def test_r3_three_dice_make_no_ultimate_or_talent():
    s = game(3, chars=(SARU, KUMA, SHIKA), first=1)
    s.captured_by = 0
    s.n_dice = 3
    give(s, 1, RED)
    final(s, (A, A, A))
    assert s.phase == P_RED
    s.apply(RED_SKIP)
    assert s.legal_actions() == [END_TURN] and s.used == 0
    assert list(s.spectators) == [20, 20, 20]
    t = game(3, chars=(SARU, KUMA, SHIKA), first=1)
    t.captured_by = 0
    final(t, (BLACK, GREEN, RED))
    assert not kinds(t, "talent") and t.legal_actions() == [END_TURN]


def test_k8_red_flag_takes_from_the_supply_then_steals():
    s = game(2)
    final(s, (RED, RED, A, BLACK))
    s.apply(flag(RED, 2))
    assert s.flags[0][RED] == 2 and s.tokens[0][RED] == 1 and s.supply[RED] == 0
    assert ("flag", 0, RED, 1) in s.events and ("token", 0, RED, -1) in s.events
    # supply empty, B holds one: the only candidate, taken at once
    t = game(2)
    give(t, 1, RED)
    final(t, (RED, RED, A, BLACK))
    t.apply(flag(RED, 2))
    assert t.tokens[0][RED] == 1 and t.tokens[1][RED] == 0 and t.supply[RED] == 0
    assert ("token", 0, RED, 1) in t.events


def test_k8_steal_chooses_among_several_holders():
    s = game(4)
    give(s, 1, RED)
    give(s, 3, RED, 2)
    final(s, (RED, RED, A, BLACK))
    s.apply(flag(RED, 2))
    assert s.phase == P_STEAL and s.current_player == 0
    assert s.legal_actions() == [STEAL + 1, STEAL + 3]
    ok(s)
    s.apply(STEAL + 3)
    assert list(t[RED] for t in s.tokens) == [1, 1, 0, 1]
    assert s.phase == P_RESOLVE


def test_g12_nothing_to_take_or_steal():
    s = game(2)
    give(s, 0, ORANGE)  # the only ORANGE token is already ours
    final(s, (ORANGE, ORANGE, ORANGE, A))
    s.apply(flag(ORANGE, 3))
    assert ("flag", 0, ORANGE, 1) in s.events and not kinds(s, "token")
    assert s.tokens[0][ORANGE] == 1 and s.phase == P_RESOLVE


def test_k9_four_red_dice_two_corners():
    s = game(3)
    final(s, (RED, RED, RED, RED))
    assert s.legal_actions() == [flag(RED, 2), flag(RED, 3), flag(RED, 4), END_TURN]
    s.apply(flag(RED, 4))
    assert s.flags[0][RED] == 4
    assert kinds(s, "flag") == [("flag", 0, RED, 1), ("flag", 0, RED, 2)]
    assert s.tokens[0][RED] == 2 and s.supply[RED] == 0


def test_k10_black_carry_over_and_black_move():
    s = game(2)
    s.flags[0][BLACK] = 2
    final(s, (BLACK, BLACK, A, GREEN))
    s.apply(flag(BLACK, 2))
    assert s.flags[0][BLACK] == 4  # tick 3 completes corner 1, tick 4 is in corner 2
    assert kinds(s, "flag") == [("flag", 0, BLACK, 1)]
    assert s.phase == P_PICK and s.current_player == 0
    assert s.legal_actions() == [PICK + c for c in actions.COLOURS]
    ok(s)
    s.apply(PICK + RED)
    assert s.phase == P_PICK
    s.apply(PICK + RED)
    assert s.ticked[0][RED] == 2 and s.phase == P_RESOLVE
    assert s.legal_actions() == [aim(3, 1), END_TURN]


def test_black_move_ticks_as_many_as_possible_and_one_colour_is_automatic():
    s = game(2)
    complete(s, 0)
    s.ticked[0][BLUE] = 3  # one empty circle left
    s.spectators[0] = 10  # behind: completing the target does not win
    final(s, (BLACK, BLACK, BLACK, A))
    s.apply(flag(BLACK, 3))
    assert s.ticked[0][BLUE] == 4 and kinds(s, "circle") == [("circle", 0, BLUE)]
    assert s.phase == P_RESOLVE  # the 2nd circle is lost: none is empty
    # no empty circle at all: the move does nothing
    t = game(2)
    complete(t, 0)
    t.spectators[0] = 10
    final(t, (BLUE, BLUE, RED, A))
    t.apply(flag(BLUE, 2))
    assert ("flag", 0, BLUE, 1) in t.events and t.phase == P_RESOLVE


def test_blue_move_ticks_one_circle_of_choice():
    s = game(2)
    final(s, (BLUE, BLUE, BLUE, A))
    s.apply(flag(BLUE, 3))
    assert s.flags[0][BLUE] == 3 and s.phase == P_PICK
    s.apply(PICK + ORANGE)
    assert s.ticked[0][ORANGE] == 1 and s.phase == P_RESOLVE


def test_flag_ticks_past_the_fourth_corner_are_lost():
    s = game(2)
    s.flags[0][RED] = 7
    final(s, (RED, RED, RED, A))
    s.apply(flag(RED, 3))
    assert s.flags[0][RED] == 8 and ("boxes", 0, RED, 1) in s.events
    assert kinds(s, "flag") == [("flag", 0, RED, 4)]


def test_k11_setup_with_three_players():
    s = KyudoState(Rng(4), 3)
    assert list(s.supply[t] for t in actions.TOKENS) == [2, 2, 2]
    assert sorted(s.characters) == sorted(set(s.characters)) and len(s.characters) == 3
    f = s.first
    second, third = (f + 1) % 3, (f + 2) % 3
    assert s.phase == P_SETUP and s.current_player == second
    assert s.legal_actions() == [TICK + c for c in actions.COLOURS]
    s.apply(TICK + BLUE)
    assert s.current_player == third
    s.apply(TICK + RED)
    assert s.legal_actions() == [TICK + c for c in (BLACK, ORANGE, GREEN, BLUE)]
    before = s.to_bytes()
    with pytest.raises(IllegalAction):
        s.apply(TICK + RED)  # 2 boxes must be in 2 different flags
    assert s.to_bytes() == before
    s.apply(TICK + BLUE)
    assert sum(s.flags[second]) == 1 and sum(s.flags[third]) == 2
    assert s.flags[third][RED] == 1 == s.flags[third][BLUE]
    assert sum(s.flags[f]) == 0
    assert s.phase == P_ROLL and s.active == f and s.turn == 1 and s.round == 1


def test_setup_four_players_and_ticks_never_trigger():
    s = KyudoState(Rng(9), 4)
    assert list(s.supply[t] for t in actions.TOKENS) == [3, 3, 3]
    order = []
    while s.phase == P_SETUP:
        order.append(s.current_player)
        s.apply(s.legal_actions()[-1])  # RED, BLUE, GREEN: corners of 2
        assert not kinds(s, "flag") and not kinds(s, "token")
    f = s.first
    assert order == [(f + 1) % 4, (f + 2) % 4, (f + 2) % 4] + [(f + 3) % 4] * 3
    assert [sum(s.flags[(f + k) % 4]) for k in range(4)] == [0, 1, 2, 3]
    assert all(v <= 1 for row in s.flags for v in row)


def test_k12_complete_target_with_a_tie_wins():
    s = game(3)
    complete(s, 0)
    s.ticked[0][BLUE] = 3
    s.spectators[0], s.spectators[1], s.spectators[2] = 12, 12, 9
    final(s, (A, BLUE, BLACK, A))
    s.apply(aim(1, 1))
    assert s.winner() == (0,) and s.win_reason == WIN_TARGET
    assert s.is_over() and s.phase == P_OVER and s.current_player == TERMINAL
    assert s.legal_actions() == [] and ("win", 0, WIN_TARGET) in s.events
    with pytest.raises(IllegalAction, match="over"):
        s.apply(END_TURN)
    ok(s)


def test_k13_complete_but_behind_wins_when_the_leader_drops():
    s = game(2)
    complete(s, 0)
    s.ticked[0][BLUE] = 3
    s.spectators[0], s.spectators[1] = 10, 14
    final(s, (A, BLUE, A, A))
    s.apply(aim(1, 1))  # completes the target, but 10 < 14: play on (R20.3)
    assert not s.is_over() and s.phase == P_RESOLVE
    t = game(2)
    complete(t, 0)
    t.spectators[0], t.spectators[1] = 10, 14
    final(t, (A, A, RED, BLACK))
    t.apply(aim(2, 2))
    assert t.spectators[1] == 8 and t.winner() == (0,) and t.win_reason == WIN_TARGET
    names = [e[0] for e in t.events]
    assert names.index("attack") < names.index("loss") < names.index("win")


def test_g8_win_on_another_archers_turn_by_the_ring():
    """A completed archer behind the leader wins when the leader, active, loses to the ring."""
    s = game(3, chars=(KUMA, SHIKA, SARU), first=0)
    complete(s, 2)
    s.spectators[0], s.spectators[1], s.spectators[2] = 12, 9, 11
    s.ring_owner, s.ring_colour = 1, RED
    final(s, (RED, RED, A, BLACK))  # 12 - 2 = 10 < 11
    assert s.winner() == (2,) and s.win_reason == WIN_TARGET


def test_g8_the_active_archer_first():
    s = game(4, first=1)
    complete(s, 0)  # seat 0 is complete, tied for the lead: not yet checked
    complete(s, 1)
    s.ticked[1][RED] = 3
    s.spectators[0], s.spectators[1], s.spectators[2], s.spectators[3] = 10, 10, 9, 9
    final(s, (A, RED, BLACK, BLACK))
    s.apply(aim(1, 1))  # seat 1 completes: seats 1 and 0 qualify, the active wins
    assert s.winner() == (1,) and s.win_reason == WIN_TARGET


def test_g8_priority_when_several_qualify_at_once():
    s = game(4, first=2)
    complete(s, 0)
    complete(s, 3)
    s.spectators[0], s.spectators[1], s.spectators[2], s.spectators[3] = 8, 12, 8, 8
    # seat 2 (active) aims an attack at GREEN: only seat 1 has GREEN open
    close(s, 2, GREEN)
    final(s, (A, A, GREEN, BLACK))
    s.apply(aim(2, 2))  # seat 1 loses 4: 8 = 8 = 8, seats 0 and 3 qualify
    assert s.spectators[1] == 8
    assert s.winner() == (3,)  # clockwise from the active seat 2: 3 before 0


def test_k14_elimination_tokens_back_and_turn_skips():
    s = game(3)
    s.spectators[1] = 2
    give(s, 1, ORANGE)
    give(s, 1, RED)
    close(s, 0, RED)
    close(s, 2, RED)
    final(s, (A, RED, BLACK, GREEN))
    s.apply(aim(1, 1))
    assert s.spectators[1] == 0 and s.eliminated[1] == 1
    assert ("eliminated", 1) in s.events and ("loss", 1, 2) in s.events
    assert s.tokens[1][ORANGE] == 0 and s.supply[ORANGE] == 2 and s.supply[RED] == 2
    assert not s.is_over()
    end_turn(s)
    assert s.active == 2
    pass_turn(s)
    assert s.active == 0 and s.round == 2


def test_k15_last_archer_standing_wins():
    s = game(2)
    s.spectators[1] = 3
    close(s, 0, RED)
    final(s, (A, RED, BLACK, GREEN))
    s.apply(aim(1, 1))
    assert s.winner() == (0,) and s.win_reason == WIN_LAST
    # the Ultimate Combo can knock out every opponent at once
    t = game(4, first=2)
    for v in (0, 1, 3):
        t.spectators[v] = 4
    final(t, (A, A, A, A))
    assert t.winner() == (2,) and t.win_reason == WIN_LAST
    assert [e[1] for e in kinds(t, "eliminated")] == [3, 0, 1]  # clockwise from seat 2


def test_k16_orange_fury():
    s = game(2)
    give(s, 0, ORANGE)
    close(s, 0, BLUE)
    final(s, (A, A, BLUE, BLACK))
    assert aim(2, 2, 1) in s.legal_actions() and aim(2, 1, 1) in s.legal_actions()
    t = KyudoState.from_bytes(s.to_bytes())
    s.apply(aim(2, 2, 1))
    assert s.spectators[1] == 12 and s.supply[ORANGE] == 1 and s.tokens[0][ORANGE] == 0
    assert s.fury == BLUE and ("fury", 0, BLUE) in s.events
    t.apply(aim(2, 2))
    assert t.spectators[1] == 16 and t.tokens[0][ORANGE] == 1


def test_g14_fury_covers_overflow_and_the_rest_of_the_turn():
    s = game(2)
    give(s, 0, ORANGE)
    s.ticked[0][BLUE] = 3
    final(s, (A, BLUE, A, BLUE))
    # 1 arrow only fills: no ORANGE offered; 2 arrows overflow: ORANGE offered
    assert aim(1, 1, 1) not in s.legal_actions() and aim(1, 2, 1) in s.legal_actions()
    s.apply(aim(1, 1))
    assert s.ticked[0][BLUE] == 4
    assert aim(3, 1, 1) in s.legal_actions()
    s.apply(aim(3, 1, 1))
    assert s.spectators[1] == 16
    t = game(2)
    give(t, 0, ORANGE)
    t.ticked[0][BLUE] = 3
    final(t, (A, A, A, BLUE))
    t.apply(aim(3, 3, 1))  # 1 fills and closes, 2 attack at 4 each
    assert t.ticked[0][BLUE] == 4 and t.spectators[1] == 12
    u = game(2)
    give(u, 0, ORANGE)
    close(u, 0, BLUE)
    final(u, (A, BLUE, A, BLUE))
    u.apply(aim(1, 1, 1))
    assert u.spectators[1] == 16
    assert u.legal_actions() == [aim(3, 1), END_TURN]  # already boosted
    u.apply(aim(3, 1))
    assert u.spectators[1] == 12  # 4 again, no token spent
    end_turn(u)
    assert u.fury == 0


def test_orange_on_a_second_colour_moves_the_fury():
    """With 4 dice at most two aims happen, so the first colour is never aimed again."""
    t = game(3)
    give(t, 0, ORANGE, 2)
    close(t, 0, BLUE, RED)
    close(t, 2, BLUE, RED)
    final(t, (A, BLUE, A, RED))
    t.apply(aim(1, 1, 1))
    assert t.fury == BLUE and t.spectators[1] == 16
    assert aim(3, 1, 1) in t.legal_actions()
    t.apply(aim(3, 1, 1))
    assert t.fury == RED and t.spectators[1] == 12 and t.supply[ORANGE] == 2


def test_a_full_flag_takes_dice_but_does_nothing():
    s = game(2)
    s.flags[0][BLUE] = 8
    final(s, (BLUE, BLUE, A, BLACK))
    assert flag(BLUE, 2) in s.legal_actions()
    s.apply(flag(BLUE, 2))
    assert s.flags[0][BLUE] == 8 and ("boxes", 0, BLUE, 0) in s.events
    assert not kinds(s, "flag") and s.phase == P_RESOLVE


def test_orange_needs_a_token():
    s = game(2)
    close(s, 0, BLUE)
    final(s, (A, A, BLUE, BLACK))
    assert aim(2, 2, 1) not in s.legal_actions()


def test_k17_shika_ring():
    s = game(3, chars=(SHIKA, KUMA, SARU))
    final(s, (BLACK, ORANGE, GREEN, BLUE))
    assert s.phase == P_SHIKA and s.legal_actions() == [CHOOSE + c for c in actions.COLOURS]
    ok(s)
    s.apply(CHOOSE + RED)
    assert s.ring_colour == RED and s.ring_owner == 0 and ("talent", 0, SHIKA, RED) in s.events
    end_turn(s)
    give(s, 1, GREEN)
    u = KyudoState.from_bytes(s.to_bytes())
    final(s, (RED, RED, A, GREEN))
    assert ("ring", 1, 2) in s.events
    assert s.phase == P_SHIELD and s.current_player == 1
    s.apply(NO_SHIELD)
    assert s.spectators[1] == 18 and s.phase == P_RESOLVE
    assert s.legal_actions() == [aim(0, 1), aim(1, 1), aim(3, 1), flag(RED, 2), END_TURN]
    final(u, (RED, RED, A, GREEN))
    u.apply(SHIELD)
    assert u.spectators[1] == 20 and u.tokens[1][GREEN] == 0
    end_turn(s)  # Saru is hit too (G16)
    final(s, (RED, A, A, A))
    assert s.spectators[2] == 19
    end_turn(s)
    assert ("ring_off", 0) in s.events and s.ring_owner == -1 and s.ring_colour == -1


def test_ring_after_the_red_token_and_eliminating_the_active_archer():
    s = game(2, chars=(SHIKA, KUMA), first=1)
    s.ring_owner, s.ring_colour = 0, GREEN
    give(s, 1, RED)
    s.spectators[1] = 2
    final(s, (GREEN, A, BLACK, BLUE))
    assert s.phase == P_RED and s.spectators[1] == 2
    s.apply(RED_FIX + 1 * 6 + GREEN)
    assert s.dice[1] == GREEN and s.red_used == 1
    assert s.winner() == (0,) and s.win_reason == WIN_LAST
    t = game(3, chars=(SHIKA, KUMA, SARU), first=1)
    t.ring_owner, t.ring_colour = 0, GREEN
    t.spectators[1] = 1
    final(t, (GREEN, A, A, A))  # the ring eliminates the roller: no Ultimate Combo
    assert t.eliminated[1] and not kinds(t, "ultimate")
    assert t.phase == P_ROLL and t.active == 2 and list(t.spectators) == [20, 0, 20]


def test_k18_kitsune_extra_circle_reopens():
    s = game(3, chars=(KITSUNE, KUMA, SARU))
    complete(s, 1)
    s.spectators[1] = 19  # B is behind A: no win
    final(s, (BLACK, ORANGE, GREEN, BLUE))
    assert s.phase == P_KITSUNE and s.legal_actions() == [CHOOSE + GREEN, CHOOSE + BLUE]
    ok(s)
    s.apply(CHOOSE + GREEN)
    assert s.circles[1][GREEN] == 5 and s.ticked[1][GREEN] == 4
    assert s.circles[2][GREEN] == 5 and s.circles[0][GREEN] == 4
    assert ("talent", 0, KITSUNE, GREEN) in s.events and ("extra", 1, GREEN) in s.events
    assert s._open(1) == 1 << GREEN  # B's target is incomplete again
    end_turn(s)
    pass_turn(s)
    close(s, 2, GREEN)  # C closes GREEN (5 circles now) and attacks with it: B is hit
    final(s, (A, GREEN, BLACK, RED))
    s.apply(aim(1, 1))
    assert ("attack", 2, 1, GREEN, 2) in s.events and s.spectators[1] == 17


def pass_turn(s):
    """The active archer stops on faces that form no automatic combination, and ends."""
    final(s, (BLACK, BLACK, BLACK, A))
    s.apply(END_TURN)


def test_k19_kuma_raid():
    s = game(3, chars=(KUMA, KITSUNE, SARU))
    give(s, 1, ORANGE)
    give(s, 1, GREEN)
    final(s, (BLACK, ORANGE, GREEN, RED))
    assert ("talent", 0, KUMA, 0) in s.events
    assert s.phase == P_KUMA_DROP and s.current_player == 1
    assert s.legal_actions() == [DISCARD + ORANGE, DISCARD + GREEN]
    ok(s)
    s.apply(DISCARD + GREEN)
    assert s.tokens[1][GREEN] == 0 and s.tokens[1][ORANGE] == 1 and s.supply[GREEN] == 2
    assert s.phase == P_KUMA_TAKE and s.current_player == 0
    assert s.legal_actions() == [TAKE + ORANGE, TAKE + GREEN, TAKE + RED]
    ok(s)
    s.apply(TAKE + RED)
    assert s.tokens[0][RED] == 1 and s.supply[RED] == 1
    assert list(s.tokens[2]) == [0] * 6  # C unaffected
    assert s.phase == P_RESOLVE and s.legal_actions() == [END_TURN]


def test_kuma_single_type_is_discarded_automatically_and_empty_supply():
    s = game(2, chars=(KUMA, SARU))
    give(s, 1, ORANGE)
    give(s, 1, GREEN)
    give(s, 0, RED)
    final(s, (BLACK, ORANGE, GREEN, RED))
    assert s.phase == P_RED  # Kuma holds a RED token: the talent waits for the fix
    s.apply(RED_SKIP)
    assert s.phase == P_KUMA_DROP
    s.apply(DISCARD + ORANGE)
    assert s.phase == P_RESOLVE  # only ORANGE in the supply: taken at once
    assert s.tokens[0][ORANGE] == 1 and ("token", 0, ORANGE, -1) in s.events
    t = game(2, chars=(KUMA, SARU))
    give(t, 0, ORANGE)
    give(t, 0, GREEN)
    give(t, 1, RED)  # B holds RED only; the supply is empty
    final(t, (BLACK, ORANGE, GREEN, RED))
    assert ("discard", 1, RED) in t.events  # one type: no question
    assert t.tokens[0][RED] == 1 and t.supply[RED] == 0 and t.phase == P_RESOLVE
    u = game(2, chars=(KUMA, SARU))
    for tok in actions.TOKENS:
        give(u, 0, tok)
    final(u, (BLACK, ORANGE, GREEN, RED))
    u.apply(RED_SKIP)  # nothing to drop, nothing to take (G18)
    assert u.phase == P_RESOLVE and [e[0] for e in u.events if e[0] in ("discard", "token")] == []


def test_k20_no_fourth_roll():
    s = game(2)
    s.apply(ROLL)
    assert s.legal_actions() == [STOP] + [REROLL + m for m in range(1, 16)]
    s.apply(REROLL + 15)
    s.apply(REROLL + 1)
    assert s.rolls == 3 and s.phase != P_ROLL
    before = s.to_bytes()
    with pytest.raises(IllegalAction, match="not legal now"):
        s.apply(REROLL + 1)
    assert s.to_bytes() == before
    t = game(2)
    t.apply(ROLL)
    t.dice = bytearray((A, A, BLACK, GREEN))
    t.apply(REROLL + 4)
    t.apply(REROLL + 4)
    assert t.rolls == 3 and t.phase == P_RESOLVE
    with pytest.raises(IllegalAction, match="resolving"):
        t.apply(REROLL + 4)


# -- other rules -------------------------------------------------------------


def test_r4_reroll_keeps_the_other_dice():
    s = game(2)
    s.apply(ROLL)
    before = bytes(s.dice)
    for _ in range(20):
        t = KyudoState.from_bytes(s.to_bytes())
        t.apply(REROLL + 0b0010)  # die 2 only
        assert t.dice[0] == before[0] and t.dice[2:] == before[2:]
        assert t.rolls == 2 and t.phase == P_ROLL
        s.rng.next30()  # another draw next time
    with pytest.raises(IllegalAction):
        s.apply(REROLL + 0)


def test_r6_red_token_after_the_last_roll_once():
    s = game(2)
    give(s, 0, RED, 1)
    s.apply(ROLL)
    assert s.phase == P_ROLL  # not after roll 1 while rolling goes on
    s.apply(STOP)
    assert s.phase == P_RED and s.legal_actions()[0] == RED_SKIP
    assert len(s.legal_actions()) == 1 + 4 * 5
    assert RED_FIX + 0 * 6 + s.dice[0] not in s.legal_actions()  # no change = no fix
    ok(s)
    s.apply(RED_FIX + 2 * 6 + ARROW)
    assert s.dice[2] == ARROW and s.tokens[0][RED] == 0 and s.supply[RED] == 1
    assert ("red", 0, 2, ARROW) in s.events and s.phase == P_RESOLVE
    t = game(2)
    t.apply(ROLL)
    t.apply(STOP)
    assert t.phase == P_RESOLVE  # no RED token: no RED phase


def test_r6_red_token_makes_the_ultimate_combo():
    s = game(2)
    give(s, 0, RED)
    final(s, (A, A, A, BLUE))
    s.apply(RED_FIX + 3 * 6 + ARROW)
    assert ("ultimate", 0) in s.events and s.spectators[1] == 16
    assert s.legal_actions() == [END_TURN]


def test_r16_talent_is_automatic_and_uses_all_dice():
    s = game(2, chars=(SARU, KUMA))
    final(s, (RED, BLUE, GREEN, BLACK))
    assert s.used == 15 and s.legal_actions() == [END_TURN]


def test_r17_one_shield_cancels_one_loss_event():
    s = game(2)
    give(s, 1, GREEN)
    close(s, 0, RED)
    final(s, (A, A, A, RED))
    s.apply(aim(3, 3))  # one loss event of 9
    assert s.phase == P_SHIELD and s.describe_action(SHIELD).endswith("(9 spectators)")
    s.apply(SHIELD)
    assert s.spectators[1] == 20
    # NO_SHIELD keeps the token
    t = game(2)
    give(t, 1, GREEN)
    close(t, 0, RED)
    final(t, (A, A, A, RED))
    t.apply(aim(3, 3))
    t.apply(NO_SHIELD)
    assert t.spectators[1] == 11 and t.tokens[1][GREEN] == 1


def test_r10_attacks_hit_every_open_opponent_in_turn_order():
    s = game(4, first=1)
    give(s, 0, GREEN)
    give(s, 3, GREEN)
    close(s, 1, BLACK)
    close(s, 2, BLACK)
    final(s, (A, A, BLACK, GREEN))
    s.apply(aim(2, 2))
    assert [e[2] for e in kinds(s, "attack")] == [3, 0]  # seat 2 has BLACK closed
    assert s.phase == P_SHIELD and s.current_player == 3
    s.apply(NO_SHIELD)
    assert s.current_player == 0
    s.apply(SHIELD)
    assert list(s.spectators) == [20, 20, 20, 18] and s.phase == P_RESOLVE


def test_g21_closed_for_everyone_has_no_effect():
    s = game(3)
    for v in range(3):
        close(s, v, BLACK)
    final(s, (A, A, BLACK, RED))
    s.apply(aim(2, 2))
    assert not kinds(s, "attack") and list(s.spectators) == [20, 20, 20]


def test_g9_saru_eliminated_returns_the_die_and_shika_loses_the_ring():
    s = game(3, chars=(KUMA, SARU, SHIKA), first=0)
    s.captured_by = 1
    s.ring_owner, s.ring_colour = 2, BLACK
    s.n_dice = 3
    s.spectators[1] = 1
    s.spectators[2] = 1
    close(s, 0, RED)
    final(s, (A, A, RED))
    s.apply(aim(2, 2))
    assert s.eliminated[1] and s.eliminated[2] and s.winner() == (0,)
    assert s.captured_by == -1 and s.ring_owner == -1
    t = game(3, chars=(KUMA, SARU, SHIKA), first=0)
    t.captured_by = 1
    t.n_dice = 3
    t.spectators[1] = 1
    close(t, 0, RED)
    final(t, (A, A, RED))
    t.apply(aim(2, 1))
    assert t.eliminated[1] and t.captured_by == -1 and not t.is_over()
    end_turn(t)
    assert t.active == 2 and t.n_dice == 4


def test_g22_round_cap():
    s = game(3, first=1)
    s.round = 60
    s.spectators[0], s.spectators[1], s.spectators[2] = 15, 15, 12
    s.ticked[0][RED] = 2
    s.ticked[1][RED] = 2
    pass_turn(s)  # seat 1 -> 2
    assert not s.is_over()
    pass_turn(s)  # seat 2 -> 0
    assert not s.is_over()
    pass_turn(s)  # seat 0 -> 1 would start round 61
    assert s.is_over() and s.win_reason == WIN_CAP
    # tie on spectators and circles: turn order from the 1st archer (seat 1)
    assert s.winner() == (1,) and s.round == 60


def test_g22_cap_prefers_spectators_then_circles():
    s = game(2)
    s.round = 60
    s.spectators[0], s.spectators[1] = 10, 10
    s.ticked[1][BLACK] = 1
    pass_turn(s)
    pass_turn(s)
    assert s.winner() == (1,) and s.win_reason == WIN_CAP


def test_end_turn_with_dice_unused_and_rounds():
    s = game(2, first=1)
    final(s, (A, A, GREEN, GREEN))
    assert END_TURN in s.legal_actions()
    s.apply(END_TURN)
    assert s.active == 0 and s.round == 1 and s.turn == 2
    pass_turn(s)
    assert s.active == 1 and s.round == 2 and s.turn == 3


# -- the State API -----------------------------------------------------------


def test_illegal_actions_leave_the_state_untouched():
    s = game(3)
    for act in (STOP, END_TURN, 999, -1, SHIELD, "roll", False, None, 0.0):
        before = s.to_bytes()
        with pytest.raises(IllegalAction):
            s.apply(act)
        assert s.to_bytes() == before
    s.apply(ROLL)
    with pytest.raises(IllegalAction, match="not legal now: rolling, archer 1 to act"):
        s.apply(ROLL)


def test_events_are_cleared_by_each_apply():
    s = game(2)
    s.apply(ROLL)
    assert s.events[0][0] == "roll"
    s.apply(STOP)
    assert not kinds(s, "roll")


def test_observation_has_no_rng_and_the_same_public_state():
    s = game(3)
    s.apply(ROLL)
    obs = s.observation(1)
    assert type(obs) is tuple and len(obs) == 4
    assert (obs[actions.O_SEAT], obs[actions.O_PHASE], obs[actions.O_CURRENT]) == (1, P_ROLL, 0)
    o = obs[actions.O_TABLE]
    assert o.rng is None and s.rng is not None
    assert o.to_bytes()[10:] == s.to_bytes()[10:]
    assert o.legal_actions() == s.legal_actions() and o.current_player == s.current_player
    assert o.events == s.events
    for name in ("spectators", "circles", "ticked", "flags", "tokens", "supply", "dice"):
        assert getattr(o, name) == getattr(s, name)
    with pytest.raises(BadSave):
        KyudoState.from_bytes(o.to_bytes())  # no dice to draw from
    with pytest.raises(AttributeError):
        o.apply(REROLL + 1)  # a bot cannot draw the future dice
    other = s.observation(2)  # every seat sees the same table
    assert other[actions.O_SEAT] == 2 and other[actions.O_TABLE].to_bytes() == o.to_bytes()


def test_the_observation_table_is_the_saved_state_without_the_rng():
    """observation() copies in place; over random games it equals the state
    read back from its save, field by field, and shares no mutable row."""
    fields = ("players", "first", "active", "phase", "characters", "spectators", "eliminated",
              "circles", "ticked", "flags", "tokens", "supply", "n_dice", "dice", "rolls", "used",
              "red_used", "fury", "captured_by", "ring_colour", "ring_owner", "turn", "round",
              "win_reason", "queue", "current_player", "_winner")
    for seed in range(6):
        s = KyudoState(Rng(seed), 2 + seed % 3)
        pick = Rng(seed + 40)
        while True:
            o = s.observation(s.current_player)[actions.O_TABLE]
            back = KyudoState.from_bytes(s.to_bytes())
            for name in fields:
                assert getattr(o, name) == getattr(back, name), name
            assert o.rng is None and o.events == s.events and o.legal_actions() == s.legal_actions()
            for rows in ("circles", "ticked", "flags", "tokens"):
                for i in range(s.players):
                    assert getattr(o, rows)[i] is not getattr(s, rows)[i]
            assert o.dice is not s.dice and o.queue is not s.queue and o.supply is not s.supply
            if s.is_over():
                break
            s.apply(pick.choice(s.legal_actions()))


def test_the_observation_of_a_finished_game():
    s = game(2)
    complete(s, 0)
    s.ticked[0][BLUE] -= 1
    final(s, (A, BLUE, BLACK, BLACK))
    s.apply(aim(1, 1))
    assert s.is_over()
    obs = s.observation(0)
    assert obs[actions.O_PHASE] == P_OVER and obs[actions.O_CURRENT] == TERMINAL
    assert obs[actions.O_TABLE].win_reason == WIN_TARGET and obs[actions.O_TABLE].winner() == (0,)


def test_describe_action_names_the_dice_colour():
    s = game(2)
    final(s, (A, A, GREEN, BLUE))
    assert s.describe_action(aim(2, 2)) == "aim 2 arrows at GREEN (die 3)"
    assert s.describe_action(aim(3, 1)) == "aim 1 arrow at BLUE (die 4)"
    assert s.describe_action(END_TURN) == "end the turn"
    assert s.describe_action(RED_FIX + 6 + RED) == "RED token: die 2 to RED"


def test_save_in_the_middle_of_a_combination_resumes_it():
    s = game(2)
    s.flags[0][BLACK] = 2
    s.flags[0][RED] = 1
    final(s, (BLACK, BLACK, RED, RED))
    s.apply(flag(BLACK, 2))
    assert s.phase == P_PICK and s.queue
    t = KyudoState.from_bytes(s.to_bytes())
    for x in (s, t):
        x.apply(PICK + GREEN)
        x.apply(PICK + BLUE)
        x.apply(flag(RED, 2))
    assert s.to_bytes() == t.to_bytes()
    assert s.ticked[0][GREEN] == 1 and s.ticked[0][BLUE] == 1 and s.tokens[0][RED] == 1


def test_several_triggers_resolve_in_order_across_a_save():
    s = game(3)
    give(s, 1, RED, 1)
    give(s, 2, RED, 1)  # the supply is empty: both triggers steal
    final(s, (RED, RED, RED, RED))
    s.apply(flag(RED, 4))
    assert s.phase == P_STEAL and s.legal_actions() == [STEAL + 1, STEAL + 2]
    t = KyudoState.from_bytes(s.to_bytes())
    t.apply(STEAL + 2)
    assert t.phase == P_RESOLVE  # the 2nd trigger: only seat 1 still holds one
    assert [x[RED] for x in t.tokens] == [2, 0, 0]


@pytest.mark.parametrize("seed", [3, 11])
def test_bad_saves_raise_badsave(seed):
    s = game(3, seed=seed)
    give(s, 1, GREEN)
    final(s, (A, A, A, A))
    good = s.to_bytes()
    assert s.phase == P_SHIELD
    for n in range(len(good)):
        with pytest.raises(BadSave):
            KyudoState.from_bytes(good[:n])
    with pytest.raises(BadSave):
        KyudoState.from_bytes(good + b"\x00")
    with pytest.raises(BadSave):
        KyudoState.from_bytes(b"\x00" + good[1:])  # another game
    with pytest.raises(BadSave):
        KyudoState.from_bytes(good[:1] + b"\x63" + good[2:])  # another version
    r = Rng(seed)
    for _ in range(300):
        junk = bytes(r.randrange(256) for _ in range(r.randrange(120)))
        with pytest.raises(BadSave):
            KyudoState.from_bytes(junk)
    # random bytes behind a valid header and RNG: refused or a usable state
    refused = 0
    for _ in range(2000):
        junk = good[:10] + bytes(r.randrange(256) for _ in range(len(good) - 10))
        try:
            t = KyudoState.from_bytes(junk)
        except BadSave:
            refused += 1
            continue
        t.legal_actions()
    assert refused > 1900
    # single-byte corruptions: refused, or a state that plays on
    for i in range(10, len(good)):
        for v in (0, 1, 7, 200, 255):
            b = bytearray(good)
            b[i] = v
            try:
                t = KyudoState.from_bytes(bytes(b))
            except BadSave:
                continue
            for _ in range(30):
                if t.is_over():
                    break
                t.apply(t.legal_actions()[-1])
