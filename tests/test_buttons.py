"""Keys to logical buttons: press, back, long-press pause, auto-repeat, wrap."""

from sanbon.buttons import A, B, LONG_MS, PAUSE, REPEAT_DELAY_MS, REPEAT_MS, X, Y, Buttons, ticks_diff


def run(events, until):
    """events: [(t, key, pressed)]; poll every 10 ms until ``until``."""
    b = Buttons()
    out = []
    evs = sorted(events)
    t = 0
    while t <= until:
        while evs and evs[0][0] <= t:
            _, k, p = evs.pop(0)
            b.feed(k, p, t, out)
        b.poll(t, out)
        t += 10
    return out


def test_a_acts_on_press_b_on_release():
    assert run([(0, A, True), (50, A, False)], 100) == [A]
    assert run([(0, B, True)], 100) == []  # not yet: it may become a long press
    assert run([(0, B, True), (80, B, False)], 200) == [B]


def test_holding_b_opens_pause_once_and_the_release_does_nothing():
    out = run([(0, B, True), (LONG_MS + 500, B, False)], LONG_MS + 1000)
    assert out == [PAUSE]


def test_x_and_y_repeat_while_held():
    out = run([(0, Y, True), (REPEAT_DELAY_MS + 3 * REPEAT_MS + 5, Y, False)], 2000)
    assert out == [Y] * 5  # the press, then 4 repeats
    assert run([(0, X, True), (100, X, False)], 1000) == [X]


def test_unmatched_and_unknown_events_are_ignored():
    assert run([(0, A, False), (10, 7, True), (20, B, False)], 100) == []
    b = Buttons()
    out = []
    b.feed(A, True, 0, out)
    b.feed(A, True, 5, out)  # no release in between
    assert out == [A]


def test_ticks_wrap_at_2_pow_29():
    top = (1 << 29) - 10
    assert ticks_diff(5, top) == 15
    assert ticks_diff(top, 5) == -15
    b = Buttons()
    out = []
    b.feed(B, True, top, out)
    b.poll((top + LONG_MS) & ((1 << 29) - 1), out)
    assert out == [PAUSE]
