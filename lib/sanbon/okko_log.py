"""Okko in words, the rarer texts: why an item is refused, the dialog
as a board ends, the end's reason and the log of the last turns (the game
replayed from its record).

Loaded by sanbon.okko only while it reads one of these, then dropped
(sanbon.ui.drop): none of this wording stays in the heap during play.
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D

from sanbon import okko_words as W
from sanbon import ui


def why_not(state, choice):
    """Why the list item ``choice`` may not be chosen now: the builder's
    commitment, or a card that may not be marked."""
    phase = state.phase
    if A.TOGGLE <= choice < A.DISCARD:
        card = choice - A.TOGGLE
        card_class = C.card_class(card)
        if card_class and card_class != C.hero_class(state.heroes[state.active]):
            return W.names().CLASS_NAMES[card_class] + " cards: not for " + W.hero(state, state.active) + "."
        if phase == A.P_FIGHT:
            return "Only Allies, Kami, Equipment fight."
        if phase == A.P_PAY:
            return "It pays nothing here."
        return "This encounter does not ask for it."
    if choice != A.CONFIRM:
        return "Not possible now."
    if phase == A.P_FIGHT:
        fight, investigate, lead = state.totals()
        target_fight, target_investigate, power, prm = state.target_stats()
        if not lead:
            return "Needs an Ally, a Kami or your hero."
        if fight < target_fight or investigate < target_investigate:
            return "Too weak. " + W.missing(fight, target_fight, investigate, target_investigate) + "."
        if power == D.PW_NEEDS:
            return "Needs a " + W.names().ELEMENT_NAMES[prm] + " card."
        return "Not enough."
    if phase == A.P_PAY:
        return "Paid %d of %d: not enough." % (state.pay_total(), C.location(state.board, state.loc, 3))
    return "Exactly the asked cards, each used."


def standings(scr):
    """The end screen's results: each board's last day, the Oni found and
    the Spirit Jars left."""
    state = scr.session.state
    days = []
    for board in range(3):
        if state.board_days[board]:
            days.append(str(state.board_days[board]))
    return ["Boards ended on days " + ", ".join(days),
            "Oni found: %d of 3" % state.found, "Spirit Jars left: %d" % state.spirit_jars()]


def describe(scr):
    """The screen in plain text (tests, the gate's results)."""
    state = scr.session.state
    rows = []
    if scr.court is not None:  # the Court view (not a partner's peek: the list stays)
        rows = [t.text for t in scr.court.side if t.text]
    else:
        for index, item in enumerate(scr.items):
            text = scr._text(item)
            if item >= 0 and item not in scr.ok:
                text = "(" + text + ")"
            rows.append(("> " if index == scr.cur else "") + text)
    return "Game: Okko %s player=%d view=%d\n%s\n%s\n%s\n%s\nitems: %s" % (
        "hero|discard|trade|action|fight|encounter|pay|explore|summon|reward|peek|reveal|court|over".split("|")[
            state.phase], state.current_player if not state.is_over() else -1, scr.view,
        scr.frame.title.text, scr.rows[0].text, scr.rows[1].text, scr.rows[2].text, " | ".join(rows))


def why_end(scr):
    state = scr.session.state
    if state.winner():
        return "The three Oni are unmasked: %d peeks, %d enemies beaten." % (
            state.peeks_total, state.defeated_total)
    return "A courtier was turned over with %d of 3 Oni found and no Spirit Jar left." % state.found


def log(scr, count=8):
    """The last ``turns`` turns of both heroes in words, newest first: the
    game replayed from its seed and recorded actions (sanbon.session), so
    nothing of it is kept during play."""
    from engine.rng import Rng

    session = scr.session
    width = scr.L.chars(scale=1)
    if session.log is None or session.seed is None:
        return ["This game is too long to replay; the news:"] + ui.wrap(" ".join(scr.news), width)
    rng = Rng(session.seed)
    rng.fork()  # as Session.new: the partner's stream first
    state = session.module.new_state(session.config, rng)
    seat_name = session.seat_name
    log = session.log
    entries = []  # (heading, [sentences]) per turn, oldest first
    for index in range(0, len(log), 2):
        action = log[index] << 8 | log[index + 1]
        seat = state.current_player
        phase = state.phase
        quiet = A.TOGGLE <= action < A.DISCARD or action == A.TOGGLE_HERO or action == A.SEEN
        text = "" if quiet else W.label(state, action, 60)
        if A.PEEK <= action < A.GIVE:
            square = C.board_to_display(action & 15, state.orient)
            text = ("Peeked at square " if action < A.FLIP else "Turned over square ") + "ABCD"[square & 3] + str((square >> 2) + 1)
        head = "%s, day %d, board %d" % (W.who(state, seat, seat_name), state.day, state.board + 1)
        state.apply(action)
        news = W.feedback(state, state.events, seat_name)
        if phase == A.P_HERO:
            head = None  # the hero choice: part of the next turn
        if not entries or (head and entries[-1][0] != head and not quiet):
            entries.append([head or "Heroes chosen", []])
            if len(entries) > count:
                entries.pop(0)
        if text:
            entries[-1][1].append(text if text[-1] in ".!?" else text + ".")  # ("Fight with these!" has its own)
        entries[-1][1].extend(news)
    out = []
    for entry in range(len(entries) - 1, -1, -1):
        out.append("#" + entries[entry][0])
        out.extend(ui.wrap(" ".join(entries[entry][1]) or "Nothing to see.", width))
    return out


def transition(state, board):
    """The dialog as ``board`` (1, 2) ends and the next starts, or (3) the
    Court begins."""
    if board == 3:
        return ("Board 3 is over. The Court of Pajan: flip the 3 Oni, taking turns. "
                "A courtier loses, unless a Spirit Jar saves you (%d)." % state.spirit_jars())
    carried = 3 - state.day
    return ("Board %d ended on day %d. Board %d, %s, starts on day %d (%d day%s carried). "
            "Keep your hero (free), change it or swap with your partner (1 day a change)." % (
                board, state.board_days[board - 1], board + 1, W.names().BOARD_NAMES[board], state.day, carried, "" if carried == 1 else "s"))
