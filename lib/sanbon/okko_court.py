"""Okko's Court on the play screen: the labelled 4x4 grid's squares, the
cursor and the partner's advice over them, and the text beside it.

Loaded by sanbon.okko while the Court is on screen (the peeks and the
finale), and dropped when the list comes back, so the boards' phases do
not carry this code. The functions take the play screen (``self``).
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C

from sanbon import ui
from sanbon.okko import square_name

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_T_SQUARE = const(58)
_TILE = const(12)


def first(self):
    """The Court cursor's start: at a peek the square after the last one
    peeked (``gq``, a board square: the Court may have turned since); at a flip the
    partner's advice, else the first square not flipped."""
    st = self.session.state
    if st.phase != A.P_COURT:
        return C.board_to_display(self.gq, st.orient)
    adv = advice(self)
    if adv:
        return C.board_to_display(adv[0], st.orient)
    for d in range(16):
        if not st.flipped[C.display_to_board(d, st.orient)]:
            return d
    return 0


def draw(self):
    s = self.session
    st = s.state
    o = st.orient
    ph = st.phase
    human = self.human() and (ph == A.P_PEEK or ph == A.P_COURT)
    show = self.reveal_visible()
    adv = advice(self) if ph == A.P_COURT else b""
    box(self.cursor_box, self.gcur if human else -1)
    box(self.advice_box, C.board_to_display(adv[0], o) if adv else -1)
    g = self.cells
    for d in range(16):
        sq = C.display_to_board(d, o)
        if st.flipped[sq]:
            t = 3 if st.court[sq] else 2
        elif show and sq == st.peek_sq:
            t = 5 if st.court[sq] else 4
        else:
            t = 1 if st.aid and st.peeked[sq] else 0
        i = 6 + (d & 3) + 5 * (d >> 2)
        if g[i] != _T_SQUARE + t:
            g[i] = _T_SQUARE + t
    nm = s.seat_name
    lines = ["Oni found: %d of 3" % st.found, "Spirit Jars: %d" % st.spirit_jars()]
    hi = -1
    if o:
        lines.append("Turned right %d time%s" % (o, "" if o == 1 else "s"))  # a quarter each (R27)
    if st.is_over():
        lines.append("You win!" if st.winner() else "The Oni escape.")
    elif ph == A.P_REVEAL:
        sq = st.peek_sq
        if show:
            hi = len(lines)
            lines.append(square_name(C.board_to_display(sq, o)) + (" is an ONI!" if st.court[sq] else " is a courtier"))
            lines.append("Remember it! (any key)")
        else:
            lines.append("%s peeks in secret" % nm(st.active))
    if human:
        hi = len(lines)
        lines.append("Square " + square_name(self.gcur))
    if adv:  # what the partner believes, and the one square it marks (advice_box)
        want = []
        bot = bot_seat(self)
        for q in adv:
            if st.memory[bot][q] == 2 and len(want) < 3:
                want.append(square_name(C.board_to_display(q, o)))
        if want:
            lines.append("Partner: Oni at " + " ".join(want))
        lines.append(("Try " if want else "Partner: try ") + square_name(C.board_to_display(adv[0], o)) +
                     " (green corners)")
    if st.aid:
        lines.append("Dot: peeked before")
    lines.append("Red horned face: Oni; grey figure: courtier")
    out = []
    n = self.side_n
    side = self.side
    for i in range(len(lines)):
        w = ui.wrap(lines[i], n)
        if len(out) + len(w) > len(side):  # the legend (last) shortened to its Oni half
            w = ui.wrap(lines[i].split(";")[0], n)
        if len(out) + len(w) > len(side):
            continue  # a line that does not fit whole is left out
        for line in w:
            out.append((line, i == hi))
    for i in range(len(side)):
        if i < len(out):
            col = ui.ACCENT if out[i][1] else ui.TEXT
            if out[i][1] and show:
                col = ui.BAD if st.court[st.peek_sq] else ui.GOOD
            side[i].set(out[i][0], col)
        else:
            side[i].set("")

def box(r, d):
    """Put the tile ``r`` over display square ``d`` (-1: hide it)."""
    if d < 0:
        ui.show(r, False)
        return
    r.x = _TILE * (1 + (d & 3))
    r.y = _TILE * (1 + (d >> 2))
    ui.show(r, True)

def bot_seat(self):
    for s in (0, 1):
        if self.session.is_bot(s):
            return s
    return -1

def advice(self):
    """The computer partner's suggestion at the Court (bots.advice)."""
    bot = bot_seat(self)
    if bot < 0:
        return b""
    st = self.session.state
    if self.adv_seen is not st.events:  # once per engine step, not per cursor move
        from engine.okko import court

        self.adv_seen = st.events
        self.adv = court.advice(st.observation(bot), st.memory[bot])
    return self.adv
