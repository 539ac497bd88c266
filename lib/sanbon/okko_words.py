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


def pick(n, *texts):
    """The first of ``texts`` that fits in ``n`` characters (the last one
    is written to fit)."""
    for text in texts:
        if len(text) <= n:
            return text
    return texts[-1]


def hero(st, seat):
    hero_id = st.heroes[seat]
    return C.hero_name(hero_id) if hero_id < 4 else "?"


def who(st, seat, nm):
    """"You (Genji)", "P2 (Okko)" (no hero yet: the seat's name only)."""
    hero_id = st.heroes[seat]
    return nm(seat) + " (" + C.hero_name(hero_id) + ")" if hero_id < 4 else nm(seat)


def card_row(c, mark, n):
    """A card's name after ``mark`` ("[x] ", "Give "), with its class when
    it has one and there is room: its kind, element and values are tiles."""
    name = C.card_name(c)
    card_class = C.card_class(c)
    short = mark + name
    if len(short) > n:  # "Throw away Wandering Sellsword": "Throw Wandering Sellsword"
        short = mark[:mark.find(" ")] + " " + name
    if card_class:
        return pick(n, mark + name + " (" + names().CLASS_NAMES[card_class] + ")", short)
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


def boss_here(st):
    boss = C.location(st.board, st.loc, 5)
    if boss == A.NONE or st.boss_dead & (1 << st.loc):
        return A.NONE
    return boss


def req_word(r):
    if r >= D.R_SUPPORT:
        return C.card_name(D.SUPPORT0 + r - D.R_SUPPORT)
    if r >= D.R_ELEMENT:
        return names().ELEMENT_NAMES[r - D.R_ELEMENT]
    return "Ally" if r == D.R_ALLY else "Equipment"


def reqs_text(st):
    reqs, _ = C.encounter(st.board, st.encounters)
    return ", ".join(req_word(r) for r in reqs)


def label(st, a, n):
    """The words of a legal action in the menu, in ``n`` characters."""
    phase = st.phase
    if phase == A.P_HERO:
        hero_id = a - A.HERO
        cur = st.heroes[st.current_player]
        text = C.hero_name(hero_id) + ", " + names().CLASS_NAMES[C.hero_class(hero_id)]
        if cur == hero_id:
            return text + " (keep)"
        if not st.hero_turn and st.heroes[1 - st.current_player] == hero_id:  # a swap: the partner changes too
            return pick(n, text + " (swap: 2 days)", text)
        return text + " (1 day)" if cur < 4 else text
    if a == A.TRADE_DONE:
        return "Done trading" if st.traded else "No trade, go on"
    if a == A.DRAW2 or a == A.REST or a == A.SUMMON_HERO:
        return "Draw 2 cards" if a == A.DRAW2 else "Rest (do nothing)" if a == A.REST else "Summon the Kami (Noshin)"
    if a == A.FIGHT_LINE:
        return "Fight " + C.enemy_name(st.line[-1])
    if a == A.FIGHT_BOSS:
        return pick(n, "Fight the boss " + C.boss_name(boss_here(st)), "Fight " + C.boss_name(boss_here(st)))
    if a == A.ENCOUNTER:
        return pick(n, "Encounter %d: %s" % (st.encounters + 1, reqs_text(st)), "Encounter %d" % (st.encounters + 1))
    if a == A.CONFIRM:
        return "Fight with these!|Do the encounter|Pay and leave".split("|")[phase - A.P_FIGHT]
    if a == A.CANCEL:
        return "Stop fighting" if st.done and phase != A.P_PAY else "Cancel, go back"
    if a == A.TOGGLE_HERO:
        return ("[x] " if st.sel_hero else "[ ] ") + ("Genji: a free element" if phase != A.P_FIGHT
                                                     else hero(st, st.active) + " (your hero)")
    if a == A.DRAW:
        return "Draw (%s)" % odds(st) if st.aid else "Draw an exploration card"
    if a == A.STOP:
        return ("Stop (the summon fails)" if phase == A.P_SUMMON
                else "Stop: bank %d (%d to move)" % (st.bank + st.run, arrow_value(st)))
    if a == A.CHOOSE_DRAW:
        return "Everyone draws %d" % st.reward_n
    if A.MOVE <= a < A.JAR:
        arrows = C.arrows(st.board)
        index = 4 * (a - A.MOVE)
        return "Move to %d (%s arrow %d)" % (arrows[index + 1] + 1, "red" if arrows[index + 2] else "yellow", arrows[index + 3])
    if A.JAR <= a < A.SUPPORT:
        return "Use the jar: " + C.jar_name(a - A.JAR)
    if A.SUPPORT <= a < A.SUPPORT + 17:
        return card_row(D.SUPPORT0 + a - A.SUPPORT, "Take ", n)
    if A.PEEK <= a < A.GIVE or a == A.SEEN:
        return "At the Court"
    if A.GIVE <= a < A.TAKE:
        return card_row(a - A.GIVE, "Give away ", n)
    if A.TAKE <= a < A.TOGGLE:
        return card_row(a - A.TAKE, "Take ", n)
    if A.TOGGLE <= a < A.DISCARD:
        return card_row(a - A.TOGGLE, "[x] " if _in(st.sel, a - A.TOGGLE) else "[ ] ", n)
    if A.DISCARD <= a < A.SPECIAL:
        return card_row(a - A.DISCARD, "Throw away ", n)
    if A.SPECIAL <= a < A.SUMMON:
        return "Play " + C.card_name(a - A.SPECIAL)
    if A.SUMMON <= a < A.MAP:
        return "Summon with " + C.card_name(a - A.SUMMON)
    return "Use the Pass Map (+%d)" % C.card_param(a - A.MAP)


def _in(b, c):
    for value in b:
        if value == c:
            return True
    return False


def arrow_value(st):
    return C.arrows(st.board)[4 * st.arrow + 3]


def summon_need(st):
    return D.NOSHIN_SUMMON if st.summoner == A.NONE else C.card_param(st.summoner)


def builder(st, n, human=True):
    """The builder's three rows: what it is against, what the marked cards
    give, and what is still missing, or that it is enough (for a person:
    the row of the list that A chooses then, pinned at the top: sanbon.okko's
    _list; a computer's builder only says it is enough); and whether it is
    complete."""
    phase = st.phase
    done = st.complete()
    enough = "Enough: press A on " + label(st, A.CONFIRM, n) if human else "Enough."
    enough = pick(n, enough, enough.rstrip("!"), enough)  # (beside the portraits on 320x240: without its "!")
    if phase == A.P_FIGHT:
        fight, investigate, lead = st.totals()
        target_fight, target_investigate, power, prm = st.target_stats()
        target = st.target
        name = C.boss_name(target - 128) if target >= 128 else C.enemy_name(target)
        need = " (needs " + names().ELEMENT_NAMES[prm] + ")" if power == D.PW_NEEDS else ""
        head = pick(n, "Fighting against " + name + need, name + need, name)
        have = "Marked: Fight %d, Investigate %d" % (fight, investigate)
        if not lead:
            miss = pick(n, "Add an Ally, a Kami or your hero.", "Add an Ally, a Kami or a hero.")
        elif done:
            miss = enough
        else:
            miss = missing(fight, target_fight, investigate, target_investigate) or "Missing: a %s card" % names().ELEMENT_NAMES[prm]
        return head, have, miss, done
    if phase == A.P_PAY:
        cost = cost_words(st.board, st.loc)
        return (pick(n, "To leave, pay " + cost, cost + " to leave"), "Marked so far: %d of %d" % (
            st.pay_total(), C.location(st.board, st.loc, 3)), enough if done else "", done)
    reqs, _ = C.encounter(st.board, st.encounters)
    met = enc_met(st, reqs)
    parts = []
    for index in range(len(reqs)):
        parts.append(req_word(reqs[index]) + (" marked" if met[index] else " missing"))
    head = "Encounter %d of 4 asks:" % (st.encounters + 1)
    return head, pick(n, ", ".join(parts), "%d of %d asked cards marked" % (sum(met), len(reqs))), \
        enough if done else "Exactly these, each card once.", done


def missing(f, tf, i, ti):
    """What a fight still lacks: "Missing: Fight 1, Investigate 2", or ""."""
    out = []
    if f < tf:
        out.append("Fight %d" % (tf - f))
    if i < ti:
        out.append("Investigate %d" % (ti - i))
    return "Missing: " + ", ".join(out) if out else ""


def enc_met(st, reqs):
    """Per requirement: covered by the selection (a greedy view for the
    screen; the engine judges the exact cover)."""
    kinds = 0
    elems = 0
    genji = st.sel_hero
    met = bytearray(len(reqs))
    for req_index in range(len(reqs)):
        req = reqs[req_index]
        elem = D.R_ELEMENT <= req < D.R_SUPPORT
        for card_index in range(len(st.sel)):
            bit = 1 << card_index
            if (elems if elem else kinds) & bit or not C.covers(st.sel[card_index], req):
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


def odds(st):
    """The Easy aid: the FAIL cards among those left, e.g. "FAIL odds 3 in 10"."""
    deck = st.exp_deck
    if len(deck) <= D.EXPLORE_RESHUFFLE and st.exp_discard:
        deck = deck + st.exp_discard
    fails = 0
    for card in deck:
        if not D.EXPLORE[card]:
            fails += 1
    return "FAIL odds %d in %d" % (fails, len(deck))


def feedback(st, events, nm):
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
            out.append("Board %d starts on day %d." % (event[A.E_BOARD] + 1, st.day))
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
            out.append("%s is hurt." % hero(st, event[A.E_SEAT]))
        elif kind == "heal":
            out.append("%s is healed." % hero(st, event[A.E_SEAT]))
        elif kind == "peek":
            out.append("%s peeks at the Court." % nm(event[A.E_SEAT]))
        elif kind == "rotate":
            out.append("The Court turns right!")
        elif kind == "jar_gained":
            jar = C.jar_name(event[A.E_JAR])
            out.append("%s %s gained." % ("An" if jar[0] in "AEIOU" else "A", jar))  # an Ink Jar, an Incense Jar
        elif kind == "jar":
            out.append("The %s is used." % C.jar_name(event[A.E_JAR]))
        elif kind == "support":
            out.append("%s takes %s." % (nm(event[A.E_SEAT]), C.card_name(D.SUPPORT0 + event[A.E_SUPPORT])))
        elif kind == "enemy":
            out.append("%s joins the line." % C.enemy_name(event[A.E_ENEMY]))
        elif kind == "boss_here":
            out.append("%s is here." % C.boss_name(event[A.E_BOSS]))
    return out


def join(parts, n, head=""):
    """As many of ``parts`` (in order) as fit in ``n`` characters after
    ``head`` (dropped if even the first part does not fit with it)."""
    text = head
    for part in parts:
        candidate = text + " " + part if text else part
        if len(candidate) <= n:
            text = candidate
        elif text == head and len(part) <= n:
            text = part
    return text if text != head else ""
