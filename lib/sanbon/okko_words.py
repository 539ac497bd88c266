"""Okko: Oni Hunters in plain words: list rows, the three text rows (the
place, the enemy line, the builders' totals), the news of what just
happened.

Everything reads the engine state's public attributes (engine/okko/state.py)
and decodes the content with engine/okko/cards.py; the names come from
engine/okko/names.py (through cards.py, on first use). A list row leaves
its four tiles (kind, element, Fight, Investigate) to the pictures and
aims at 28 characters; a text row at 38 (one line of the 240x135 screen):
``pick`` takes the first wording that fits. What an item does is said by
sanbon.okko_detail, loaded only while it is read.
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D


def names():
    """engine/okko/names.py (loaded with the first card name anyway)."""
    from engine.okko import names

    return names


def pick(width, *texts):
    """The first of ``texts`` that fits in ``width`` characters (the last one
    is written to fit)."""
    for text in texts:
        if len(text) <= width:
            return text
    return texts[-1]


def hero(state, seat):
    hero_id = state.heroes[seat]
    return C.hero_name(hero_id) if hero_id < 4 else "?"


def who(state, seat, seat_name):
    """"You (Genji)", "P2 (Okko)" (no hero yet: the seat's name only)."""
    hero_id = state.heroes[seat]
    return seat_name(seat) + " (" + C.hero_name(hero_id) + ")" if hero_id < 4 else seat_name(seat)


def card_row(card, mark, width):
    """A card's name after ``mark`` ("[x] ", "Give "), with its class when
    it has one and there is room: its kind, element and values are tiles."""
    name = C.card_name(card)
    card_class = C.card_class(card)
    short = mark + name
    if len(short) > width:  # "Throw away Wandering Sellsword": "Throw Wandering Sellsword"
        short = mark[:mark.find(" ")] + " " + name
    if card_class:
        return pick(width, mark + name + " (" + names().CLASS_NAMES[card_class] + ")", short)
    return short


def cost_words(board, loc):
    """The place's leave cost in words ("Investigate 3", "1 Water card"), or ""."""
    kind = C.location(board, loc, 2)
    amount = C.location(board, loc, 3)
    if kind == D.PAY_FIGHT:
        return "Fight value %d" % amount
    if kind == D.PAY_INV:
        return "Investigate %d" % amount
    if kind == D.PAY_ELEMENT:
        return "%d %s card" % (amount, names().ELEMENT_NAMES[C.location(board, loc, 4)])
    return ""


def boss_here(state):
    boss = C.location(state.board, state.loc, 5)
    if boss == A.NONE or state.boss_dead & (1 << state.loc):
        return A.NONE
    return boss


def req_word(value):
    if value >= D.R_SUPPORT:
        return C.card_name(D.SUPPORT0 + value - D.R_SUPPORT)
    if value >= D.R_ELEMENT:
        return names().ELEMENT_NAMES[value - D.R_ELEMENT]
    return "Ally" if value == D.R_ALLY else "Equipment"


def reqs_text(state):
    reqs, _ = C.encounter(state.board, state.encounters)
    return ", ".join(req_word(r) for r in reqs)


def label(state, action, width):
    """The words of a legal action in the menu, in ``width`` characters."""
    phase = state.phase
    if phase == A.P_HERO:
        hero_id = action - A.HERO
        cur = state.heroes[state.current_player]
        text = C.hero_name(hero_id) + ", " + names().CLASS_NAMES[C.hero_class(hero_id)]
        if cur == hero_id:
            return text + " (keep)"
        if not state.hero_turn and state.heroes[1 - state.current_player] == hero_id:  # a swap: the partner changes too
            return pick(width, text + " (swap: 2 days)", text)
        return text + " (1 day)" if cur < 4 else text
    if action == A.TRADE_DONE:
        return "Done trading" if state.traded else "No trade, go on"
    if action == A.DRAW2 or action == A.REST or action == A.SUMMON_HERO:
        return "Draw 2 cards" if action == A.DRAW2 else "Rest (do nothing)" if action == A.REST else "Summon the Kami (Noshin)"
    if action == A.FIGHT_LINE:
        return "Fight " + C.enemy_name(state.line[-1])
    if action == A.FIGHT_BOSS:
        return pick(width, "Fight the boss " + C.boss_name(boss_here(state)), "Fight " + C.boss_name(boss_here(state)))
    if action == A.ENCOUNTER:
        return pick(width, "Encounter %d: %s" % (state.encounters + 1, reqs_text(state)), "Encounter %d" % (state.encounters + 1))
    if action == A.CONFIRM:
        return "Fight with these!|Do the encounter|Pay and leave".split("|")[phase - A.P_FIGHT]
    if action == A.CANCEL:
        return "Stop fighting" if state.done and phase != A.P_PAY else "Cancel, go back"
    if action == A.TOGGLE_HERO:
        return ("[x] " if state.sel_hero else "[ ] ") + ("Genji: a free element" if phase != A.P_FIGHT
                                                     else hero(state, state.active) + " (your hero)")
    if action == A.DRAW:
        return "Draw (%s)" % odds(state) if state.aid else "Draw an exploration card"
    if action == A.STOP:
        return ("Stop (the summon fails)" if phase == A.P_SUMMON
                else "Stop: bank %d (%d to move)" % (state.bank + state.run, arrow_value(state)))
    if action == A.CHOOSE_DRAW:
        return "Everyone draws %d" % state.reward_n
    if A.MOVE <= action < A.JAR:
        arrows = C.arrows(state.board)
        index = 4 * (action - A.MOVE)
        return "Move to %d (%s arrow %d)" % (arrows[index + 1] + 1, "red" if arrows[index + 2] else "yellow", arrows[index + 3])
    if A.JAR <= action < A.SUPPORT:
        return "Use the jar: " + C.jar_name(action - A.JAR)
    if A.SUPPORT <= action < A.SUPPORT + 17:
        return card_row(D.SUPPORT0 + action - A.SUPPORT, "Take ", width)
    if A.PEEK <= action < A.GIVE or action == A.SEEN:
        return "At the Court"
    if A.GIVE <= action < A.TAKE:
        return card_row(action - A.GIVE, "Give away ", width)
    if A.TAKE <= action < A.TOGGLE:
        return card_row(action - A.TAKE, "Take ", width)
    if A.TOGGLE <= action < A.DISCARD:
        return card_row(action - A.TOGGLE, "[x] " if _in(state.sel, action - A.TOGGLE) else "[ ] ", width)
    if A.DISCARD <= action < A.SPECIAL:
        return card_row(action - A.DISCARD, "Throw away ", width)
    if A.SPECIAL <= action < A.SUMMON:
        return "Play " + C.card_name(action - A.SPECIAL)
    if A.SUMMON <= action < A.MAP:
        return "Summon with " + C.card_name(action - A.SUMMON)
    return "Use the Pass Map (+%d)" % C.card_param(action - A.MAP)


def _in(items, card):
    for value in items:
        if value == card:
            return True
    return False


def arrow_value(state):
    return C.arrows(state.board)[4 * state.arrow + 3]


def summon_need(state):
    return D.NOSHIN_SUMMON if state.summoner == A.NONE else C.card_param(state.summoner)


def builder(state, width, human=True):
    """The builder's three rows: what it is against, what the marked cards
    give, and what is still missing, or that it is enough (for a person:
    the row of the list that A chooses then, pinned at the top: sanbon.okko's
    _list; a computer's builder only says it is enough); and whether it is
    complete."""
    phase = state.phase
    done = state.complete()
    enough = "Enough: press A on " + label(state, A.CONFIRM, width) if human else "Enough."
    enough = pick(width, enough, enough.rstrip("!"), enough)  # (beside the portraits on 320x240: without its "!")
    if phase == A.P_FIGHT:
        fight, investigate, lead = state.totals()
        target_fight, target_investigate, power, prm = state.target_stats()
        target = state.target
        name = C.boss_name(target - 128) if target >= 128 else C.enemy_name(target)
        need = " (needs " + names().ELEMENT_NAMES[prm] + ")" if power == D.PW_NEEDS else ""
        head = pick(width, "Fighting against " + name + need, name + need, name)
        have = "Marked: Fight %d, Investigate %d" % (fight, investigate)
        if not lead:
            miss = pick(width, "Add an Ally, a Kami or your hero.", "Add an Ally, a Kami or a hero.")
        elif done:
            miss = enough
        else:
            miss = missing(fight, target_fight, investigate, target_investigate) or "Missing: a %s card" % names().ELEMENT_NAMES[prm]
        return head, have, miss, done
    if phase == A.P_PAY:
        cost = cost_words(state.board, state.loc)
        return (pick(width, "To leave, pay " + cost, cost + " to leave"), "Marked so far: %d of %d" % (
            state.pay_total(), C.location(state.board, state.loc, 3)), enough if done else "", done)
    reqs, _ = C.encounter(state.board, state.encounters)
    met = enc_met(state, reqs)
    parts = []
    for index in range(len(reqs)):
        parts.append(req_word(reqs[index]) + (" marked" if met[index] else " missing"))
    head = "Encounter %d of 4 asks:" % (state.encounters + 1)
    return head, pick(width, ", ".join(parts), "%d of %d asked cards marked" % (sum(met), len(reqs))), \
        enough if done else "Exactly these, each card once.", done


def missing(f, tf, i, ti):
    """What a fight still lacks: "Missing: Fight 1, Investigate 2", or ""."""
    out = []
    if f < tf:
        out.append("Fight %d" % (tf - f))
    if i < ti:
        out.append("Investigate %d" % (ti - i))
    return "Missing: " + ", ".join(out) if out else ""


def enc_met(state, reqs):
    """Per requirement: covered by the selection (a greedy view for the
    screen; the engine judges the exact cover)."""
    kinds = 0
    elems = 0
    genji = state.sel_hero
    met = bytearray(len(reqs))
    for req_index in range(len(reqs)):
        req = reqs[req_index]
        elem = D.R_ELEMENT <= req < D.R_SUPPORT
        for card_index in range(len(state.sel)):
            bit = 1 << card_index
            if (elems if elem else kinds) & bit or not C.covers(state.sel[card_index], req):
                continue
            if elem:
                elems |= bit
            else:
                kinds |= bit
            met[req_index] = 1
            break
        if not met[req_index] and elem and genji:
            genji = 0
            met[req_index] = 1
    return met


def odds(state):
    """The Easy aid: the FAIL cards among those left, e.g. "FAIL odds 3 in 10"."""
    deck = state.exp_deck
    if len(deck) <= D.EXPLORE_RESHUFFLE and state.exp_discard:
        deck = deck + state.exp_discard
    fails = 0
    for card in deck:
        if not D.EXPLORE[card]:
            fails += 1
    return "FAIL odds %d in %d" % (fails, len(deck))


def feedback(state, events, seat_name):
    """The last apply's news, most important first: a list of sentences."""
    out = []
    for event in events:
        kind = event[A.E_KIND]
        if kind == "win":
            out.append("All 3 Oni found!")
        elif kind == "lose":
            out.append("A courtier: the Oni escape.")
        elif kind == "flip":
            out.append("An Oni found!" if event[A.E_ONI] else "A courtier.")
        elif kind == "board":
            out.append("Board %d starts on day %d." % (event[A.E_BOARD] + 1, state.day))
        elif kind == "boss":
            out.append("The boss %s falls!" % C.boss_name(event[A.E_BOSS]))
        elif kind == "defeat":
            out.append("%s beaten." % C.enemy_name(event[A.E_ENEMY]))
        elif kind == "encounter":
            out.append("Encounter %d done." % (event[A.E_INDEX] + 1))
        elif kind == "move":
            out.append("Moved to place %d." % (event[A.E_PLACE] + 1))
        elif kind == "explore":
            out.append("Explored: drew %d." % event[A.E_VALUE] if event[A.E_VALUE] else "FAIL: the total is lost.")
        elif kind == "summon":
            out.append("The Kami comes!" if event[A.E_OK] else "The summon failed.")
        elif kind == "pressure":
            out.append("The line costs %d day%s." % (event[A.E_DAYS], "" if event[A.E_DAYS] == 1 else "s"))
        elif kind == "injury":
            out.append("%s is hurt." % hero(state, event[A.E_SEAT]))
        elif kind == "heal":
            out.append("%s is healed." % hero(state, event[A.E_SEAT]))
        elif kind == "peek":
            out.append("%s peeks at the Court." % seat_name(event[A.E_SEAT]))
        elif kind == "rotate":
            out.append("The Court turns right!")
        elif kind == "jar_gained":
            jar = C.jar_name(event[A.E_JAR])
            out.append("%s %s gained." % ("An" if jar[0] in "AEIOU" else "A", jar))  # an Ink Jar, an Incense Jar
        elif kind == "jar":
            out.append("The %s is used." % C.jar_name(event[A.E_JAR]))
        elif kind == "support":
            out.append("%s takes %s." % (seat_name(event[A.E_SEAT]), C.card_name(D.SUPPORT0 + event[A.E_SUPPORT])))
        elif kind == "enemy":
            out.append("%s joins the line." % C.enemy_name(event[A.E_ENEMY]))
        elif kind == "boss_here":
            out.append("%s is here." % C.boss_name(event[A.E_BOSS]))
    return out


def join(parts, width, head=""):
    """As many of ``parts`` (in order) as fit in ``width`` characters after
    ``head`` (dropped if even the first part does not fit with it)."""
    text = head
    for part in parts:
        candidate = text + " " + part if text else part
        if len(candidate) <= width:
            text = candidate
        elif text == head and len(part) <= width:
            text = part
    return text if text != head else ""
