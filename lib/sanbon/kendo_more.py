"""Kendo Duel's play screen, the parts needed now and then (imported when
used, then dropped: sanbon.ui.drop): the log screen, the hand-over note, the
screen as text. The end screen's words: sanbon.kendo_end."""

from engine.kendo import actions as A
from sanbon import ui


def log(scr):
    """The log screen: every seat's last turn, the table, the last messages."""
    from sanbon.texts import TextScreen

    state = scr.session.state
    seat_name = scr.session.seat_name
    chars = scr.L.chars(scale=1)
    lines = ["#Each player's last turn"]
    for seat in range(state.players):
        news = scr.last[seat]  # the news of its last play (it names the seat)
        lines.extend(ui.wrap(news if news else "%s: nothing yet." % seat_name(seat), chars))
    lines.append("#Table")
    lines.append(", ".join("%s %d cards" % (seat_name(seat), len(state.hands[seat]))
                           for seat in range(state.players)))
    lines.append("Piles: Basic %d Counter %d Other %d" % tuple(len(deck) for deck in state.decks))
    lines.append("Played (face up): %d cards" % len(state.discard))
    if state.encho:
        lines.append("Encho: exchange %d of %d" % (state.encho, A.ENCHO_CAP))
    lines.append("#Last messages, newest last")
    for news in scr.hist:
        lines.extend(ui.wrap(news, chars))
    scr.app.push(TextScreen(scr.app, "Log: the last turns", lines))


def handover_note(scr):
    """What the next player must do, and the last public message."""
    from sanbon import kendo_words as words

    state = scr.session.state
    phase = state.phase
    if phase == A.P_REACT:
        task = "Answer %s." % words.incoming(state)
    elif phase == A.P_OPEN:
        task = "Your attack."
    elif phase == A.P_SWITCH:
        task = "Switch up to 2 cards."
    elif phase == A.P_DISCARD:
        task = "Too many cards: discard down to 12 (%d to go)." % (
            len(state.hands[state.current_player]) - A.HAND_MAX)
    else:
        task = ""
    return ((scr.hist[-1] + " ") if scr.hist else "") + task


def describe(scr):
    """The screen as text (sanbon.app.describe: tests, the gate's RESULT lines)."""
    from sanbon import kendo_words as words

    state = scr.session.state
    rows = []
    for index, item in enumerate(scr.items):
        if item >= 0:
            text = words.short(item)
        elif item <= -20:  # a table card (sanbon.kendo _B_TABLE)
            text = "table:" + scr._table(scr.trk[2 * (-20 - item) + 1])
        else:
            text = scr._label(item)
        if item >= 0 and not scr._ok(item):
            text = "(" + text + ")"
        rows.append(("> " if index == scr.cur and scr.deciding else "") + text)
    track = []
    for pair in range(0, len(scr.trk), 2):
        card = scr.trk[pair + 1]
        track.append("%d:%s" % (scr.trk[pair], words.short(card) if card < 253 else "X"))
    msg = " | ".join(entry.text for entry in scr.msg if entry.text)
    phase = ("switch", "open", "react", "over", "discard")[state.phase] if not state.is_over() else "over"
    return "Game: Kendo %s player=%d seat=%d sub=%d\n%s\n%s\ntrack: %s\nhand: %s" % (
        phase, state.current_player, scr.seat, scr.sub, scr.frame.title.text, msg, " ".join(track), " ".join(rows))
