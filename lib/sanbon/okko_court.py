"""Okko's Court on the play screen: the labelled 4x4 grid's squares, the
cursor and the partner's advice over them, and the text beside it.

Loaded by sanbon.okko while the Court is on screen (the peeks and the
finale), and dropped when the list comes back, so the boards' phases do
not carry this code. The screen keeps one ``Court``: the widgets that
sanbon.okko_layout's build_court made, and the partner's advice for the
engine step it was asked at; the screen passes what it knows (the
session, its cursor, whether a person chooses, whether the peek shows).
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C

from sanbon import ui

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_T_SQUARE = const(58)  # face down, peeked before, courtier, Oni, shown courtier, shown Oni (tools/art/okko.py)


def square_name(index):
    """A display square: columns A-D, rows 1-4 ("B3")."""
    return "ABCD"[index & 3] + str((index >> 2) + 1)


def bot_seat(session):
    for seat in (0, 1):
        if session.is_bot(seat):
            return seat
    return -1


class Court:
    def __init__(self, group, cells, cursor_box, advice_box, side, side_n, tile):
        self.group = group  # all of it (the screen's group holds it)
        self.cells = cells  # the 5x5 tiles: letters, numbers, squares
        self.cursor_box = cursor_box
        self.advice_box = advice_box
        self.side = side  # the text rows beside the grid
        self.side_n = side_n  # their characters
        self.tile = tile  # a tile's size (before the group's scale)
        self.adv_seen = None  # the partner's advice, for these events
        self.adv = b""

    def first(self, session, gq):
        """The Court cursor's start: at a peek the square after the last one
        peeked (``gq``, a board square: the Court may have turned since); at a flip the
        partner's advice, else the first square not flipped."""
        state = session.state
        if state.phase != A.P_COURT:
            return C.board_to_display(gq, state.orient)
        advice = self.advice(session)
        if advice:
            return C.board_to_display(advice[0], state.orient)
        for square in range(16):
            if not state.flipped[C.display_to_board(square, state.orient)]:
                return square
        return 0

    def advice(self, session):
        """The computer partner's suggestion at the Court (bots.advice)."""
        bot = bot_seat(session)
        if bot < 0:
            return b""
        state = session.state
        if self.adv_seen is not state.events:  # once per engine step, not per cursor move
            from engine.okko import court

            self.adv_seen = state.events
            self.adv = court.advice(state.observation(bot), state.memory[bot])
        return self.adv

    def box(self, tile, index):
        """Put the ``tile`` over display square ``index`` (-1: hide it)."""
        if index < 0:
            ui.show(tile, False)
            return
        tile.x = self.tile * (1 + (index & 3))
        tile.y = self.tile * (1 + (index >> 2))
        ui.show(tile, True)

    def draw(self, screen):
        """The squares, the cursor (the play ``screen``'s ``gcur``, while a
        person chooses), the advice and the text beside them."""
        session = screen.session
        state = session.state
        gcur = screen.gcur
        human = screen.human() and (state.phase == A.P_PEEK or state.phase == A.P_COURT)
        show = screen.reveal_visible()  # the peeked token may be shown
        orient = state.orient
        advice = self.advice(session) if state.phase == A.P_COURT else b""
        self.box(self.cursor_box, gcur if human else -1)
        self.box(self.advice_box, C.board_to_display(advice[0], orient) if advice else -1)
        cells = self.cells
        for square in range(16):
            board_square = C.display_to_board(square, orient)
            if state.flipped[board_square]:
                face = 3 if state.court[board_square] else 2
            elif show and board_square == state.peek_sq:
                face = 5 if state.court[board_square] else 4
            else:
                face = 1 if state.aid and state.peeked[board_square] else 0
            index = 6 + (square & 3) + 5 * (square >> 2)
            if cells[index] != _T_SQUARE + face:
                cells[index] = _T_SQUARE + face
        lines, marked = self.lines(session, gcur, human, show, advice)
        out = []
        width = self.side_n
        side = self.side
        for index in range(len(lines)):
            wrapped = ui.wrap(lines[index], width)
            if len(out) + len(wrapped) > len(side):  # the legend (last) shortened to its Oni half
                wrapped = ui.wrap(lines[index].split(";")[0], width)
            if len(out) + len(wrapped) > len(side):
                continue  # a line that does not fit whole is left out
            for line in wrapped:
                out.append((line, index == marked))
        for index in range(len(side)):
            if index < len(out):
                colour = ui.ACCENT if out[index][1] else ui.TEXT
                if out[index][1] and show:
                    colour = ui.BAD if state.court[state.peek_sq] else ui.GOOD
                side[index].set(out[index][0], colour)
            else:
                side[index].set("")

    def lines(self, session, gcur, human, show, advice):
        """The text beside the grid: (lines, the index of the one to mark)."""
        state = session.state
        orient = state.orient
        lines = ["Oni found: %d of 3" % state.found, "Spirit Jars: %d" % state.spirit_jars()]
        marked = -1
        if orient:
            lines.append("Turned right %d time%s" % (orient, "" if orient == 1 else "s"))  # a quarter each (R27)
        if state.is_over():
            lines.append("You win!" if state.winner() else "The Oni escape.")
        elif state.phase == A.P_REVEAL:
            square = state.peek_sq
            if show:
                marked = len(lines)
                lines.append(square_name(C.board_to_display(square, orient)) +
                             (" is an ONI!" if state.court[square] else " is a courtier"))
                lines.append("Remember it! (any key)")
            else:
                lines.append("%s peeks in secret" % session.seat_name(state.active))
        if human:
            marked = len(lines)
            lines.append("Square " + square_name(gcur))
        if advice:  # what the partner believes, and the one square it marks (advice_box)
            want = []
            bot = bot_seat(session)
            for square in advice:
                if state.memory[bot][square] == 2 and len(want) < 3:
                    want.append(square_name(C.board_to_display(square, orient)))
            if want:
                lines.append("Partner: Oni at " + " ".join(want))
            lines.append(("Try " if want else "Partner: try ") + square_name(C.board_to_display(advice[0], orient)) +
                         " (green corners)")
        if state.aid:
            lines.append("Dot: peeked before")
        lines.append("Red horned face: Oni; grey figure: courtier")
        return lines, marked
