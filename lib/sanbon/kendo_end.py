"""Kendo Duel's end screen in words (imported at the end, then dropped):
the reason the game ended, in full, and every seat's result."""

from engine.kendo import actions as A


def why_end(state, seat_name):
    """The end screen's reason, in full (the figures per seat: standings)."""
    reason = state.end_reason
    winners = state.winner() or ()
    who = " & ".join(seat_name(seat) for seat in winners)
    one = seat_name(winners[0]) if winners else "?"
    if state.mode == A.COMPETITION:
        if reason == A.END_IPPON:
            text = "%s scored the %s ippon." % (one, "deciding" if state.encho else "2nd")
        elif reason == A.END_TIME:
            text = "JIKAN DESU: time was called and %s led on ippon." % one
        elif reason == A.END_HANTEI:
            text = "Hantei: after %d encho exchanges %s had fewer hansoku." % (A.ENCHO_CAP, one)
        elif reason == A.END_DEADLOCK:
            text = "Nobody can attack: time is called, %s led." % one
        else:
            text = "Hikiwake: a draw, even on ippon and hansoku."
        if state.encho and reason == A.END_IPPON:
            text += " Encho lasted %d exchanges." % state.encho
        return text
    if reason == A.END_LAST:
        return "%s %s the last player with cards." % (one, "are" if one == "You" else "is")
    if reason == A.END_DEADLOCK:
        return "Nobody can attack: %s %s the most cards." % (one, "have" if one == "You" else "has")
    if winners and state.hands[winners[0]]:
        return "Nobody can attack, and %s tie on cards." % who
    return "A draw: %s ran out of cards together." % who


def standings(state, seat_name, L=None):
    """Every seat's result for the end screen: "P3: 10 cards", "You: 0
    cards, out"; in Competition "You: 2 ippon, 1 hansoku". On the 240x135
    screen two seats of a Duel share a line."""
    out = []
    for seat in range(state.players):
        if state.mode == A.COMPETITION:
            out.append("%s: %d ippon, %d hansoku" % (seat_name(seat), state.ippons[seat], state.hansoku[seat]))
        else:
            cards = len(state.hands[seat])
            out.append("%s: %d card%s%s" % (seat_name(seat), cards, "" if cards == 1 else "s",
                                             ", out" if state.eliminated[seat] else ""))
    if L is not None and not L.big and len(out) > 2:
        out = [out[index] + ("; " + out[index + 1] if index + 1 < len(out) else "")
               for index in range(0, len(out), 2)]
    return out
