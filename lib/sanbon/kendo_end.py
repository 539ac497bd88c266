"""Kendo Duel's end screen in words (imported at the end, then dropped):
the reason the game ended, in full, and every seat's result."""

from engine.kendo import actions as A


def why_end(st, nm):
    """The end screen's reason, in full (the figures per seat: standings)."""
    r = st.end_reason
    w = st.winner() or ()
    who = " & ".join(nm(s) for s in w)
    one = nm(w[0]) if w else "?"
    if st.mode == A.COMPETITION:
        if r == A.END_IPPON:
            text = "%s scored the %s ippon." % (one, "deciding" if st.encho else "2nd")
        elif r == A.END_TIME:
            text = "JIKAN DESU: time was called and %s led on ippon." % one
        elif r == A.END_HANTEI:
            text = "Hantei: after %d encho exchanges %s had fewer hansoku." % (A.ENCHO_CAP, one)
        elif r == A.END_DEADLOCK:
            text = "Nobody can attack: time is called, %s led." % one
        else:
            text = "Hikiwake: a draw, even on ippon and hansoku."
        if st.encho and r == A.END_IPPON:
            text += " Encho lasted %d exchanges." % st.encho
        return text
    if r == A.END_LAST:
        return "%s %s the last player with cards." % (one, "are" if one == "You" else "is")
    if r == A.END_DEADLOCK:
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
        if st.mode == A.COMPETITION:
            out.append("%s: %d ippon, %d hansoku" % (nm(s), st.ippons[s], st.hansoku[s]))
        else:
            n = len(st.hands[s])
            out.append("%s: %d card%s%s" % (nm(s), n, "" if n == 1 else "s", ", out" if st.eliminated[s] else ""))
    if L is not None and not L.big and len(out) > 2:
        out = [out[i] + ("; " + out[i + 1] if i + 1 < len(out) else "") for i in range(0, len(out), 2)]
    return out
