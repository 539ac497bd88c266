"""Kendo Duel's play screen, the parts needed now and then (imported when
used, then dropped: sanbon.ui.drop): the log screen, the hand-over note, the
end screen's reason and every seat's result."""

from sanbon import ui

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_P_SWITCH = const(0)
_P_OPEN = const(1)
_P_REACT = const(2)
_P_DISCARD = const(4)
_COMPETITION = const(1)
_HAND_MAX = const(12)


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
    lines.append("#Last messages, newest last")
    for h in scr.hist:
        lines.extend(ui.wrap(h, n))
    scr.app.push(TextScreen(scr.app, "Kendo: log", lines))


def handover_note(scr):
    """What the next player must do, and the last public message."""
    from sanbon import kendo_words as W

    st = scr.session.state
    ph = st.phase
    if ph == _P_REACT:
        q = "Answer %s." % W.incoming(st)
    elif ph == _P_OPEN:
        q = "Your attack."
    elif ph == _P_SWITCH:
        q = "Switch up to 2 cards."
    elif ph == _P_DISCARD:
        q = "Too many cards: discard down to 12 (%d to go)." % (len(st.hands[st.current_player]) - _HAND_MAX)
    else:
        q = ""
    return ((scr.hist[-1] + " ") if scr.hist else "") + q


def why_end(st, nm):
    """The end screen's reason, in full (the figures per seat: standings)."""
    r = st.end_reason
    w = st.winner() or ()
    who = " & ".join(nm(s) for s in w)
    one = nm(w[0]) if w else "?"
    if st.mode == _COMPETITION:
        if r == 2:
            text = "%s scored the %s ippon." % (one, "deciding" if st.encho else "2nd")
        elif r == 3:
            text = "JIKAN DESU: time was called and %s led on ippon." % one
        elif r == 4:
            text = "Hantei: after 10 encho exchanges %s had fewer hansoku." % one
        elif r == 1:
            text = "Nobody can attack: time is called, %s led." % one
        else:
            text = "Hikiwake: a draw, even on ippon and hansoku."
        if st.encho and r == 2:
            text += " Encho lasted %d exchanges." % st.encho
        return text
    if r == 0:
        return "%s %s the last player with cards." % (one, "are" if one == "You" else "is")
    if r == 1:
        return "Nobody can attack: %s %s the most cards." % (one, "have" if one == "You" else "has")
    if w and st.hands[w[0]]:
        return "Nobody can attack, and %s tie on cards." % who
    return "A draw: %s ran out of cards together." % who


def standings(st, nm, L=None):
    """Every seat's result for the end screen: "P3: 10 cards", "You: 0
    cards, out"; in Competition "You: 2 ippon, 1 hansoku". On the 240x135
    screen two seats of a Duel share a line."""
    out = []
    for s in range(st.players):
        if st.mode == _COMPETITION:
            out.append("%s: %d ippon, %d hansoku" % (nm(s), st.ippons[s], st.hansoku[s]))
        else:
            n = len(st.hands[s])
            out.append("%s: %d card%s%s" % (nm(s), n, "" if n == 1 else "s", ", out" if st.eliminated[s] else ""))
    if L is not None and not L.big and len(out) > 2:
        out = [out[i] + ("; " + out[i + 1] if i + 1 < len(out) else "") for i in range(0, len(out), 2)]
    return out


def describe(scr):
    """The screen as text (sanbon.app.describe: tests, the gate's RESULT lines)."""
    from sanbon import kendo_words as W

    st = scr.session.state
    rows = []
    for i, it in enumerate(scr.items):
        text = W.short(it) if it >= 0 else scr._label(it)
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
        phase, st.current_player, scr.seat, scr.sub, scr.title_text, msg, " ".join(track), " ".join(rows))
