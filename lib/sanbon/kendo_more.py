"""Kendo Duel's play screen, the parts needed now and then (imported when
used, then dropped: sanbon.ui.drop): the log screen, the hand-over note, the
screen as text. The end screen's words: sanbon.kendo_end."""

from engine.kendo import actions as A
from sanbon import ui


def log(scr):
    """The log screen: every seat's last turn, the table, the last messages."""
    from sanbon.texts import TextScreen

    st = scr.session.state
    nm = scr.session.seat_name
    n = scr.L.chars(scale=1)
    lines = ["#Each player's last turn"]
    for s in range(st.players):
        h = scr.last[s]  # the news of its last play (it names the seat)
        lines.extend(ui.wrap(h if h else "%s: nothing yet." % nm(s), n))
    lines.append("#Table")
    lines.append(", ".join("%s %d cards" % (nm(s), len(st.hands[s])) for s in range(st.players)))
    lines.append("Piles: Basic %d Counter %d Other %d" % tuple(len(d) for d in st.decks))
    lines.append("Played (face up): %d cards" % len(st.discard))
    if st.encho:
        lines.append("Encho: exchange %d of %d" % (st.encho, A.ENCHO_CAP))
    lines.append("#Last messages, newest last")
    for h in scr.hist:
        lines.extend(ui.wrap(h, n))
    scr.app.push(TextScreen(scr.app, "Log: the last turns", lines))


def handover_note(scr):
    """What the next player must do, and the last public message."""
    from sanbon import kendo_words as W

    st = scr.session.state
    ph = st.phase
    if ph == A.P_REACT:
        q = "Answer %s." % W.incoming(st)
    elif ph == A.P_OPEN:
        q = "Your attack."
    elif ph == A.P_SWITCH:
        q = "Switch up to 2 cards."
    elif ph == A.P_DISCARD:
        q = "Too many cards: discard down to 12 (%d to go)." % (len(st.hands[st.current_player]) - A.HAND_MAX)
    else:
        q = ""
    return ((scr.hist[-1] + " ") if scr.hist else "") + q


def describe(scr):
    """The screen as text (sanbon.app.describe: tests, the gate's RESULT lines)."""
    from sanbon import kendo_words as W

    st = scr.session.state
    rows = []
    for i, it in enumerate(scr.items):
        text = W.short(it) if it >= 0 else ("table:" + scr._table(scr.trk[2 * (-20 - it) + 1]) if it <= -20 else scr._label(it))
        if it >= 0 and not scr._ok(it):
            text = "(" + text + ")"
        rows.append(("> " if i == scr.cur and scr.deciding else "") + text)
    track = []
    for j in range(0, len(scr.trk), 2):
        c = scr.trk[j + 1]
        track.append("%d:%s" % (scr.trk[j], W.short(c) if c < 253 else "X"))
    msg = " | ".join(t.text for t in scr.msg if t.text)
    phase = ("switch", "open", "react", "over", "discard")[st.phase] if not st.is_over() else "over"
    return "Game: Kendo %s player=%d seat=%d sub=%d\n%s\n%s\ntrack: %s\nhand: %s" % (
        phase, st.current_player, scr.seat, scr.sub, scr.frame.title.text, msg, " ".join(track), " ".join(rows))
