"""Okko: what things do, in words: the detail line of the selected item
(every card's effect, hero ability and enemy power, as the physical cards
print them, and what each action does). The rarer texts (why an item is
refused, the log, the transitions, the end) are in sanbon.okko_log.

Loaded by sanbon.okko only while it reads one of these, then dropped
(sanbon.ui.drop), so none of this wording stays in the heap during play.
``detail`` gives its wordings longest first; ``fit`` takes the first that
fits the screen's detail lines.
"""

from engine.okko import actions as A  # read by name, folded by the build (tools/fold.py)
from engine.okko import cards as C
from engine.okko import data as D

from sanbon import okko_words as W
from sanbon import ui


def table(i):
    """The wording table ``i``, split on "|": 0 the kinds, 1 the heroes'
    abilities (the hero cards' text), 2 the effects (data.FX_*: a long and a
    short wording each, "%d" the card's number), 3 the enemy powers
    (data.PW_*), 4 the encounters' rewards. Built on use: no names kept."""
    return (
        "Ally|Equipment|Special|Item|Kami",
        "Unhurt by enemies of Fight 2 or less.|+1 Fight for each Equipment with him.|"
        "Kami: draw to 3; a fail: hurt, +1 day.|One element an encounter asks is free.",
        "||"
        "Summons the Kami: draw exploration to %d; a fail costs a day.|Can summon the Kami (needs %d).|"
        "Heals a hero when used.|Heals a hero when used.|"
        "When used, another enemy of the line goes back to the deck.|Sends another enemy back.|"
        "Defeats the newest enemy of the line at once.|Defeats the newest enemy.|"
        "Adds %d to the exploration bank.|+%d to the exploration bank.|"
        "Heals both heroes.|Heals both heroes.|"
        "Peek at a Court square.|Peek at a Court square.|"
        "%s|%s|"
        "Each player draws %d card(s).|Each player draws %d.|"
        "A key that an encounter asks for.|An encounter's key.|"
        "Discard it while moving: +%d to the bank.|Moving: +%d to the bank.|"
        "A hero fighting with it is not hurt.|Your hero is not hurt with it.|"
        "Heals one hero.|Heals one hero.|"
        "Saves you from one wrong flip at the Court.|Saves one wrong Court flip.",
        "No power.|When it comes, you discard 1 card.|When it comes, the Court turns right.|"
        "When it comes, 1 more day passes.|When it comes, one more enemy comes.|"
        "You need a %s card to beat it.|A hero fighting it is hurt once more.",
        "|a Jar|1 day back|a support card",
    )[i].split("|")


def fit(texts, n, k):
    """The first of ``texts`` that fits in ``k`` lines of ``n`` characters,
    as lines; if none does (a wording to shorten), the shortest cut to ``k``
    lines, its last marked '~' as ui.fit marks a cut (the tour finds it)."""
    for text in texts:
        lines = ui.wrap(text, n)
        if len(lines) <= k:
            return lines
    lines[k - 1] = ui.fit(lines[k - 1] + " " + lines[k], n)
    return lines[:k]


def effect(fx, n):
    """The long and the short wording of an effect."""
    words = table(2)[2 * fx: 2 * fx + 2]
    if fx == D.FX_DAY:
        n -= 128
        words = ["The day track goes %d day%s %s." % (abs(n), "" if abs(n) == 1 else "s", "back" if n < 0 else "on")] * 2
    elif fx == D.FX_DEFEAT_LAST and n > 1:
        words = ["Defeats the %d newest enemies of the line." % n, "Defeats the %d newest enemies." % n]
    elif "%d" in words[0]:
        words = [words[0] % n, words[1] % n]
    elif fx == D.FX_DAY:
        pass
    return words


def card(c, t=""):
    """A card's wordings: kind, element, values, class, effect."""
    kind = C.card_kind(c)
    element = C.card_element(c)
    head = table(0)[kind]
    if element:
        head = W.names().ELEMENT_NAMES[element] + " " + head
    vals = "" if kind == D.SPECIAL else ": Fight %d, Investigate %d" % (C.card_f(c), C.card_i(c))
    card_class = C.card_class(c)
    only = ""
    if card_class:
        for hero_id in range(4):
            if C.hero_class(hero_id) == card_class:
                only = " " + W.names().CLASS_NAMES[card_class] + ": only for " + C.hero_name(hero_id) + "."
    fx_id = C.card_fx(c)
    words = effect(fx_id, C.card_param(c)) if fx_id else ("", "")
    out = []
    for lead in (head + vals + "." + only, head + "." + only, head + ".", ""):
        for effect_words in words:
            text = ((lead + " " + effect_words).strip() + t).strip()
            if text and text not in out:
                out.append(text)
    if t and fx_id:
        out.append(words[1])  # the effect alone: the row says what A does with it
    return out


def hero(h, t=""):
    ability = table(1)[h]
    head = "%s, %s: Fight %d, Investigate %d." % (C.hero_name(h), W.names().CLASS_NAMES[C.hero_class(h)],
                                                  C.hero_f(h), C.hero_i(h))
    return [head + " " + ability + t, ability + t, ability]


def power(pw, e):
    words = table(3)[pw]
    return words % W.names().ELEMENT_NAMES[e] if pw == D.PW_NEEDS else words


def enemy(e, t=""):
    ability = power(C.enemy_power(e), C.enemy_param(e))
    head = "%s: Fight %d, Investigate %d." % (C.enemy_name(e), C.enemy_f(e), C.enemy_i(e))
    return [head + " " + ability + t, head + " " + ability, ability]


def boss(b, t=""):
    ability = power(C.boss_field(b, 4), C.boss_field(b, 5))
    head = "The boss %s: Fight %d, Investigate %d." % (C.boss_name(b), C.boss_field(b, 2), C.boss_field(b, 3))
    return [head + " " + ability + t, head + " " + ability, ability]


def late(name):
    """A card that moves the day track back, once square 20 is reached (it
    stays there: docs/rules/okko.md)."""
    return [name + ": square 20 is reached, no day comes back.", "Square 20: no day comes back."]


def jar(j):
    words = effect(C.jar_fx(j), C.jar_param(j))
    return [C.jar_name(j) + ", a jar. " + words[0], words[0], words[1]]


def detail(st, it, rows):
    """What the list item ``it`` does: its wordings, longest first. ``rows``:
    sanbon.okko's list items that are not actions (the views' rows, a hand's
    heading, a card's, an enemy's, a boss's)."""
    hands, line, log, head, card_row, enemy_row, boss_row = rows
    phase = st.phase
    if it == hands:
        return ["See both heroes' cards (B: back).", "See both hands."]
    if it == line:
        return ["See every enemy in line, the first one fought first.", "See every enemy in line."]
    if it == log:
        return ["What both heroes did in the last turns, in words.", "What both heroes did lately."]
    if it <= boss_row:
        return boss(boss_row - it)
    if it <= enemy_row:
        return enemy(enemy_row - it)
    if it <= card_row:
        return card(card_row - it)
    if it < 0:
        seat = head - it
        if seat > 1 or st.heroes[seat] > 3:
            return ["No enemies wait: a new one comes each turn.", "No enemies wait."]
        return hero(st.heroes[seat], " Hurt: it may not fight." if st.injury[seat] or st.injured[seat] else "")
    if phase == A.P_HERO:
        if not st.hero_turn and st.heroes[1 - st.current_player] == it:  # a swap between boards
            return hero(it, " Your partner's hero: they change too (1 day each).")
        return hero(it)
    return _action(st, it)


def _action(st, it):
    """What an action of its own number does (a trade's end, the turn's
    actions, a builder's confirm and cancel, the exploration's)."""
    phase = st.phase
    if it == A.TRADE_DONE:
        return ["Trade no more: go on to the turn's action.", "Go on to the action."]
    if it == A.DRAW2:
        return ["Take the top 2 cards of the deck. The turn's action: 1 day.", "Take 2 cards (1 day)."]
    if it == A.REST:
        return ["Do nothing: the turn's action, 1 day passes.", "Do nothing (1 day)."]
    if it == A.FIGHT_LINE:
        return enemy(st.line[-1], " Fights the newest enemy first.")
    if it == A.FIGHT_BOSS:
        return boss(W.boss_here(st))
    if it == A.ENCOUNTER:
        reqs, reward_id = C.encounter(st.board, st.encounters)
        reward = table(4)[reward_id]
        return ["Discard exactly %s. Reward: %s." % (W.reqs_text(st), reward), "Discard: %s." % W.reqs_text(st),
                "Reward: %s." % reward]
    if it == A.SUMMON_HERO:
        return ["Noshin summons the Kami: draw exploration cards to 3; a fail hurts him and costs a day.",
                "Draw to 3 for the Kami; a fail hurts.", "Noshin calls the Kami."]
    if it == A.TOGGLE_HERO:
        return hero(st.heroes[st.active], " Marked: your hero fights too." if phase == A.P_FIGHT else "")
    if it == A.CONFIRM:
        wordings = ("Fight with the marked cards: they are discarded.", "Discard the marked cards for the encounter.",
             "Discard the marked cards to pay the way out.")
        return [wordings[phase - A.P_FIGHT], "Go with the marked cards."]
    if it == A.CANCEL:
        if st.done and phase != A.P_PAY:
            return ["Stop here: the fights won so far stay won.", "Stop fighting."]
        return ["Back to the action: nothing is used.", "Back: nothing used."]
    if it == A.DRAW:
        wordings = "Flip an exploration card: it adds to this turn's total; a FAIL loses the total."
        return [wordings, "Draw: a FAIL loses the total."]
    if it == A.STOP:
        if phase == A.P_SUMMON:
            return ["Stop: the summon fails.", "The summon fails."]
        return ["Stop: bank this turn's total; the bank reaching %d moves you." % W.arrow_value(st),
                "Bank the total and stop."]
    if it == A.CHOOSE_DRAW:
        return ["Each player draws %d cards instead of a support card." % st.reward_n,
                "Each player draws %d." % st.reward_n]
    return _ranged(st, it)


def _ranged(st, it):
    """What an action of a range does (a move by an arrow, a jar, a card's
    give, take, mark, discard, play, summon or Pass Map)."""
    if A.MOVE <= it < A.JAR:
        arrows = C.arrows(st.board)
        index = 4 * (it - A.MOVE)
        cost = "" if st.paid else W.cost_words(st.board, st.loc)
        pay = "Pay %s to leave, then e" % cost if cost else "E"
        return ["%sxplore: flip cards until the bank reaches %d, then move to place %d." % (pay, arrows[index + 3], arrows[index + 1] + 1),
                "%sxplore to bank %d." % (pay, arrows[index + 3]), "Pay %s; explore to bank %d." % (cost, arrows[index + 3]) if cost
                else "Explore to bank %d." % arrows[index + 3]]
    if A.JAR <= it < A.SUPPORT:
        if st.day >= D.LAST_DAY and C.jar_fx(it - A.JAR) == D.FX_DAY:
            return late(C.jar_name(it - A.JAR))
        return jar(it - A.JAR)
    if A.SUPPORT <= it < A.SUPPORT + 17:
        return card(D.SUPPORT0 + it - A.SUPPORT, " Free: a support card.")
    if A.PEEK <= it < A.GIVE:
        return ["A square of the Court."]
    if A.GIVE <= it < A.TAKE:
        return card(it - A.GIVE, " Give it to your partner.")
    if A.TAKE <= it < A.TOGGLE:
        return card(it - A.TAKE, " Take it from your partner.")
    if A.TOGGLE <= it < A.DISCARD:
        return card(it - A.TOGGLE, " A marks it.")
    if A.DISCARD <= it < A.SPECIAL:
        return card(it - A.DISCARD, " Discard it.")
    if A.SPECIAL <= it < A.SUMMON:
        if st.day >= D.LAST_DAY and C.card_fx(it - A.SPECIAL) == D.FX_DAY:
            return late(C.card_name(it - A.SPECIAL))
        return card(it - A.SPECIAL, " Play it: the turn's action.")
    if A.SUMMON <= it < A.MAP:
        card_number = it - A.SUMMON
        return ["Summon the Kami: draw exploration cards to %d; a fail costs a day." % C.card_param(card_number),
                "Draw to %d for the Kami." % C.card_param(card_number)]
    card_number = it - A.MAP
    return ["Discard the Pass Map: +%d to the bank now." % C.card_param(card_number), "+%d to the bank." % C.card_param(card_number)]
