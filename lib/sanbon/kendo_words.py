"""Kendo Duel in plain words: card names for the chips, what a card does or
why it cannot be played now, the feedback line for what just happened, and
the end screen's reason.

Everything reads the engine state's public attributes (engine/kendo/state.py)
and the card table (engine/kendo/cards.py), and returns short strings; nothing
is kept. Card names are the rules' own (the chips take two lines or two
cells for a long one); messages aim at 38 characters (one line on the
240x135 screen).
"""

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.cards import KIND, PART_NAMES, TYPE_OF, answer_part, name, strike_part

DECKS = ("Basic", "Counter", "Other")


def short(card):
    """A card's name as the rules give it (the chips, the messages):
    "MEN", "KOTE-DO", "TSUKI-TSUKI", "TAI SABAKI", "TSUBAZERIAI"."""
    return name(card)


def lines(name, chars):
    """A card's name in one line of ``chars`` letters, else two: after its
    hyphen ("TSUKI-", "KOTE"), at its space ("TAI ", "SABAKI"), else after
    5 letters ("TSUBA", "ZERIAI"). The two lines joined give the name."""
    if len(name) <= chars:
        return name, ""
    cut = name.find("-")
    if cut < 0:
        cut = name.find(" ")
        if cut < 0:
            cut = 4
    return name[:cut + 1], name[cut + 1:]


# what a card does, per kind (cards.KIND), for does(): one string, split on use
_DOES = ("strikes, or blocks %s|blocks %s, strikes %s|joins an attack, or reflects|cancels a JODAN or SEME"
         "|deflects; you attack next|blocks any attack|attack; a parry stops it")


def does(state, card):
    """What ``card`` does in general, in words (the detail line where the
    decision does not say more: the switch, a discard): at most 37
    characters, e.g. "KOTE-DO: blocks KOTE, strikes DO"."""
    kind = KIND[card]
    text = _DOES.split("|")[kind]
    if kind == C.K_BASIC:
        text = text % PART_NAMES[card & 3]
    elif kind == C.K_COUNTER:
        text = text % (PART_NAMES[answer_part(card)], PART_NAMES[strike_part(card)])
        if len(short(card)) + len(text) > 35:  # TSUKI-TSUKI, KOTE-TSUKI, TSUKI-KOTE
            text = text.replace("strikes", "then")
    elif kind == C.K_REINF and state.options & A.OPT_REFLECT_CANCEL:
        text = "joins an attack, or cancels"
    elif kind == C.K_ALT and state.options & A.OPT_ALT_DEFLECT:
        text = "attack, parry or deflect it"
    return "%s: %s" % (short(card), text)


def incoming(state):
    """What the facing player must answer: "MEN", "JODAN", "TAIATARI"."""
    if state.inc == C.INC_STRIKE:
        return PART_NAMES[state.part]
    chain = state.chain
    return name(chain[-1]) if chain else "?"


def _dot(text):
    """``text`` ending with one full stop."""
    return text if text[-1] == "." else text + "."


def _verb(who, verb):
    """``verb`` for "You", else with the third person's s."""
    if who == "You":
        return verb
    return verb + ("es" if verb[-2:] in ("ch", "sh") else "s")


def role(state, card):
    """What playing ``card`` does now (a legal choice), for the message
    line: at most 37 characters."""
    kind = KIND[card]
    card_name = short(card)
    phase = state.phase
    if phase == A.P_SWITCH:
        return does(state, card)
    if phase == A.P_DISCARD:
        return "Over 12 cards: discard %s?" % card_name
    if phase == A.P_OPEN:
        if kind == C.K_BASIC:
            return "Strike %s (JODAN/SEME may join)" % card_name
        if kind == C.K_REINF:
            return "%s: answered before the strike" % card_name
        return "%s: %s answers it" % (card_name, _alt_answers(state))  # TAIATARI, MAKI AGE
    if kind == C.K_BASIC:
        return "%s: block (striker attacks next)" % card_name
    if kind == C.K_COUNTER:
        return "%s: block, strike %s back" % (card_name, PART_NAMES[strike_part(card)])
    if kind == C.K_NEUTRAL:
        return "%s: cancel %s" % (card_name, incoming(state))
    if kind == C.K_REINF:
        if state.options & A.OPT_REFLECT_CANCEL:
            return "%s: cancel %s" % (card_name, incoming(state))
        return "%s: reflect %s back" % (card_name, incoming(state))
    if kind == C.K_DEFLECT:
        if state.inc == C.INC_REINF:
            return "%s: cancel %s" % (card_name, incoming(state))
        return "%s: deflect; you attack next" % card_name
    if kind == C.K_PARRY:
        return _fit("%s: block (striker attacks next)" % card_name, "%s: block any strike" % card_name)
    return card_name


def _fit(text, shorter):
    """``text`` if it fits the detail line (37 characters), else ``shorter``."""
    return text if len(text) <= 37 else shorter


def _alt_answers(state):
    return "parry or deflect" if state.options & A.OPT_ALT_DEFLECT else "only a parry"


def why_not(state, card, sub=0):
    """Why ``card`` cannot be chosen now (the message line and the toast):
    at most 37 characters. ``sub``: the opening's step (0 the attack card,
    1 JODAN/SEME, 2 the target)."""
    kind = KIND[card]
    card_name = short(card)
    phase = state.phase
    if phase == A.P_SWITCH:
        deck = 0 if card < C.COUNTER0 else (1 if card < C.REINF0 else 2)
        if not state.decks[deck]:
            return "No %s card left to switch for." % DECKS[deck]
        return "At most 2 switches: unmark one."
    if phase == A.P_OPEN:
        if sub == 1:
            return "Add JODAN or SEME, or choose none."
        if sub == 2:
            return "Choose whom to attack (B: back)."
        if kind == C.K_COUNTER:
            return "%s answers only %s." % (card_name, PART_NAMES[answer_part(card)])
        if kind == C.K_REINF:
            return "%s: pick the attack first." % card_name
        if kind == C.K_NEUTRAL:
            return "%s only cancels JODAN or SEME." % card_name
        return "%s only answers an attack." % card_name
    inc = incoming(state)
    if state.inc == C.INC_REINF:
        if kind == C.K_BASIC or kind == C.K_COUNTER:
            return "Answer %s first, then the strike." % inc
        return "%s can't answer %s." % (card_name, inc)
    if state.inc == C.INC_ALT:
        return "%s answers %s." % ("A parry or deflect" if state.options & A.OPT_ALT_DEFLECT else "Only a parry", inc)
    if kind == C.K_BASIC:
        return "%s can't answer a %s strike." % (card_name, inc)
    if kind == C.K_COUNTER:
        return "%s answers %s, not %s." % (card_name, PART_NAMES[answer_part(card)], inc)
    if kind == C.K_REINF or kind == C.K_NEUTRAL:
        return "%s can't answer a strike." % card_name
    return "%s attacks; it can't answer." % card_name


def fail_text(state):
    """The "no answer" button's consequence, said before it is pressed."""
    comp = state.mode == A.COMPETITION
    if state.inc == C.INC_REINF:
        return "No answer: -1 card, then the strike"
    if state.inc == C.INC_ALT:
        return "No answer: a hansoku" if comp else "No answer: lose 1 card"
    return "No answer: an ippon for your rival" if comp else "No answer: lose 2 cards"


def feedback(state, events, seat_name, chars=37):
    """One line for what the last apply did (public only: no hidden card is
    named). ``seat_name(seat)`` gives a seat's name. Who could not attack
    and who attacks next are left out if they would make it longer than
    ``chars`` characters (the title says who acts)."""
    out = []
    pulled = 0
    taker = 0
    for event in events:
        if event[A.E_KIND] == "pull":
            pulled += 1
            taker = event[A.E_SEAT]
    passed = ""
    tie = ""
    news = ""
    kind = None  # the last event's kind, after the loop
    for event in events:
        kind = event[A.E_KIND]
        if kind == "tie_switch":
            if seat_name(event[A.E_SEAT]) not in tie:
                tie += (", " if tie else "") + seat_name(event[A.E_SEAT])
        elif kind == "cannot_open":
            passed += (", " if passed else "") + seat_name(event[A.E_SEAT])
        elif kind == "jikan":
            news = "JIKAN DESU: time!"
        elif kind == "encho":
            news = "JIKAN DESU: encho, next ippon wins."
        elif kind == "rearm":  # the Rearm house rule: nobody could attack
            news = "Rearm: everyone takes a spent Basic."
        else:
            text = _said(state, event, seat_name, pulled, taker)
            if text:
                out.append(text)
    if tie:
        out.append("Tie: new Basics for %s." % tie)
    if news:  # first: it decides the game
        out.insert(0, news)
    text = " ".join(out)
    extra = []
    if passed:
        extra.append("%s can't attack." % passed)
    if kind is not None and state.phase == A.P_OPEN and kind != "first" and kind != "switch":
        extra.append("%s next." % seat_name(state.current_player))
    for part in extra:
        if not text:
            text = part
        elif len(text) + 1 + len(part) <= chars:
            text += " " + part
    return text


def _said(state, event, seat_name, pulled, taker):
    """feedback's sentence for one event of a seat (None for the others):
    a switch, the first attacker, an opening, an answer, a failure and its
    score, a fresh hand, a discard, an elimination."""
    kind = event[A.E_KIND]
    if kind not in ("switch", "first", "open", "play", "fail", "ippon", "hansoku", "fresh_hand", "discard",
                    "eliminated"):
        return None  # a pull (told with its failure), the end, the win, a refill, a reshuffle, hantei
    who = seat_name(event[A.E_SEAT])
    if kind == "switch":
        return "%s %s %s." % (who, _verb(who, "switch"), ("a Basic", "a Counter", "an Other")[event[A.E_SUBDECK]])
    if kind == "first":
        return "%s %s." % (who, _verb(who, "start"))
    if kind == "open":
        what = short(event[A.E_MAIN]) + ("+" + short(event[A.E_REINF]) if event[A.E_REINF] >= 0 else "")
        if state.players == 2:
            return "%s: %s!" % (who, what)
        return "%s > %s: %s!" % (who, seat_name(event[A.E_TARGET]), what)
    if kind == "play":
        card = short(event[A.E_CARD])
        effect = event[A.E_EFFECT]
        if effect == C.E_BLOCK:
            return _dot("%s %s with %s" % (who, _verb(who, "block"), card))
        if effect == C.E_CHAIN:
            return "%s: %s!" % (who, card)
        if effect == C.E_AVOID:
            return "%s %s (%s)." % (who, _verb(who, "deflect"), card)
        if effect == C.E_BOUNCE and not state.options & A.OPT_REFLECT_CANCEL:
            return _dot("%s %s with %s" % (who, _verb(who, "reflect"), card))
        return "%s: %s cancels it." % (who, card)
    if kind == "fail":
        if state.mode == A.COMPETITION and event[A.E_INCOMING] != C.INC_REINF:
            return "%s can't:" % who  # then IPPON or Hansoku
        if pulled:
            puller = seat_name(taker)
            return "%s can't: %s %s %d." % (who, puller, _verb(puller, "pull"), pulled)
        return "%s can't answer." % who
    if kind == "ippon":
        return "IPPON %s!" % who
    if kind == "hansoku":
        return "Hansoku %s." % who
    if kind == "fresh_hand":
        return "%s: a fresh hand." % who
    if kind == "discard":
        return _dot("%s %s %s" % (who, _verb(who, "discard"), short(event[A.E_CARD])))
    return "%s %s out." % (who, "are" if who == "You" else "is")  # eliminated


def sentences(text, chars, rows):
    """``text`` in at most ``rows`` lines of ``chars`` characters: whole sentences,
    those that do not fit left out (the log keeps the whole text)."""
    from sanbon.ui import wrap

    lines = wrap(text, chars)
    if len(lines) <= rows:
        return lines
    kept = ""
    start = 0
    length = len(text)
    for index in range(length):
        if index == length - 1 or text[index] in ".!" and text[index + 1] == " ":
            part = text[start:index + 1]
            start = index + 2
            joined = kept + " " + part if kept else part
            if len(wrap(joined, chars)) <= rows:
                kept = joined
    if kept:
        return wrap(kept, chars)
    from sanbon.ui import wrap_lines

    return wrap_lines(text, chars, rows)  # one sentence too long: cut, and marked so
