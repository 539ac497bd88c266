"""What a screen-tour walk does to a game that no press can do, shared by
the walk (tools/games/) and the replays of its log (tools/weblog.py in the
simulator, the browser page): each takes the app and plain arguments, and
the log names it (``["poke", name, args]``), so the page replays the same
frames. It runs on CPython and on MicroPython.
"""


def kendo_over_twelve(app, extra):
    """Kendo Competition, the human seat to open: ``extra`` cards from the
    piles into its hand past 12, then the discard down to 12 (as after a
    refill, engine/kendo/compete.py). The cards stay 53 in all."""
    from engine.kendo.compete import discard_next

    st = app.session.state
    p = st.current_player
    hand = st.hands[p]
    while len(hand) < 12 + extra and any(st.decks):
        for d in st.decks:
            if d and len(hand) < 12 + extra and d[-1] != 52:
                hand.append(d[-1])
                d[:] = d[:-1]
    hand[:] = bytes(sorted(hand))
    st.events = [("refill", p, extra)]
    discard_next(st)
    app.top.resume()


POKES = {"kendo_over_twelve": kendo_over_twelve}
