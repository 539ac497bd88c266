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


def table(index):
    """The wording table ``index``, split on "|": 0 the kinds, 1 the heroes'
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
    )[index].split("|")


def fit(texts, width, count):
    """The first of ``texts`` that fits in ``count`` lines of ``width`` characters,
    as lines; if none does (a wording to shorten), the shortest cut to ``count``
    lines, its last marked '~' as ui.fit marks a cut (the tour finds it)."""
    for text in texts:
        lines = ui.wrap(text, width)
        if len(lines) <= count:
            return lines
    lines[count - 1] = ui.fit(lines[count - 1] + " " + lines[count], width)
    return lines[:count]


def effect(fx, value):
    """The long and the short wording of an effect."""
    words = table(2)[2 * fx: 2 * fx + 2]
    if fx == D.FX_DAY:
        value -= 128
        words = ["The day track goes %d day%s %s." % (abs(value), "" if abs(value) == 1 else "s", "back" if value < 0 else "on")] * 2
    elif fx == D.FX_DEFEAT_LAST and value > 1:
        words = ["Defeats the %d newest enemies of the line." % value, "Defeats the %d newest enemies." % value]
    elif "%d" in words[0]:
        words = [words[0] % value, words[1] % value]
    elif fx == D.FX_DAY:
        pass
    return words


def card(index, note=""):
    """A card's wordings: kind, element, values, class, effect."""
    kind = C.card_kind(index)
    element = C.card_element(index)
    head = table(0)[kind]
    if element:
        head = W.names().ELEMENT_NAMES[element] + " " + head
    vals = "" if kind == D.SPECIAL else ": Fight %d, Investigate %d" % (C.card_f(index), C.card_i(index))
    card_class = C.card_class(index)
    only = ""
    if card_class:
        for hero_id in range(4):
            if C.hero_class(hero_id) == card_class:
                only = " " + W.names().CLASS_NAMES[card_class] + ": only for " + C.hero_name(hero_id) + "."
    fx_id = C.card_fx(index)
    words = effect(fx_id, C.card_param(index)) if fx_id else ("", "")
    out = []
    for lead in (head + vals + "." + only, head + "." + only, head + ".", ""):
        for effect_words in words:
            text = ((lead + " " + effect_words).strip() + note).strip()
            if text and text not in out:
                out.append(text)
    if note and fx_id:
        out.append(words[1])  # the effect alone: the row says what A does with it
    return out


def hero(index, note=""):
    ability = table(1)[index]
    head = "%s, %s: Fight %d, Investigate %d." % (C.hero_name(index), W.names().CLASS_NAMES[C.hero_class(index)],
                                                  C.hero_f(index), C.hero_i(index))
    return [head + " " + ability + note, ability + note, ability]


def power(index, value):
    words = table(3)[index]
    return words % W.names().ELEMENT_NAMES[value] if index == D.PW_NEEDS else words


def enemy(index, note=""):
    ability = power(C.enemy_power(index), C.enemy_param(index))
    head = "%s: Fight %d, Investigate %d." % (C.enemy_name(index), C.enemy_f(index), C.enemy_i(index))
    return [head + " " + ability + note, head + " " + ability, ability]


def boss(index, note=""):
    ability = power(C.boss_field(index, 4), C.boss_field(index, 5))
    head = "The boss %s: Fight %d, Investigate %d." % (C.boss_name(index), C.boss_field(index, 2), C.boss_field(index, 3))
    return [head + " " + ability + note, head + " " + ability, ability]


def late(name):
    """A card that moves the day track back, once square 20 is reached (it
    stays there: docs/rules/okko.md)."""
    return [name + ": square 20 is reached, no day comes back.", "Square 20: no day comes back."]


def jar(index):
    words = effect(C.jar_fx(index), C.jar_param(index))
    return [C.jar_name(index) + ", a jar. " + words[0], words[0], words[1]]


def detail(state, choice, rows):
    """What the list item ``choice`` does: its wordings, longest first. ``rows``:
    sanbon.okko's list items that are not actions (the views' rows, a hand's
    heading, a card's, an enemy's, a boss's)."""
    hands, line, log, head, card_row, enemy_row, boss_row = rows
    phase = state.phase
    if choice == hands:
        return ["See both heroes' cards (B: back).", "See both hands."]
    if choice == line:
        return ["See every enemy in line, the first one fought first.", "See every enemy in line."]
    if choice == log:
        return ["What both heroes did in the last turns, in words.", "What both heroes did lately."]
    if choice <= boss_row:
        return boss(boss_row - choice)
    if choice <= enemy_row:
        return enemy(enemy_row - choice)
    if choice <= card_row:
        return card(card_row - choice)
    if choice < 0:
        seat = head - choice
        if seat > 1 or state.heroes[seat] > 3:
            return ["No enemies wait: a new one comes each turn.", "No enemies wait."]
        return hero(state.heroes[seat], " Hurt: it may not fight." if state.injury[seat] or state.injured[seat] else "")
    if phase == A.P_HERO:
        if not state.hero_turn and state.heroes[1 - state.current_player] == choice:  # a swap between boards
            return hero(choice, " Your partner's hero: they change too (1 day each).")
        return hero(choice)
    return _action(state, choice)


def _action(state, choice):
    """What an action of its own number does (a trade's end, the turn's
    actions, a builder's confirm and cancel, the exploration's)."""
    phase = state.phase
    if choice == A.TRADE_DONE:
        return ["Trade no more: go on to the turn's action.", "Go on to the action."]
    if choice == A.DRAW2:
        return ["Take the top 2 cards of the deck. The turn's action: 1 day.", "Take 2 cards (1 day)."]
    if choice == A.REST:
        return ["Do nothing: the turn's action, 1 day passes.", "Do nothing (1 day)."]
    if choice == A.FIGHT_LINE:
        return enemy(state.line[-1], " Fights the newest enemy first.")
    if choice == A.FIGHT_BOSS:
        return boss(W.boss_here(state))
    if choice == A.ENCOUNTER:
        reqs, reward_id = C.encounter(state.board, state.encounters)
        reward = table(4)[reward_id]
        return ["Discard exactly %s. Reward: %s." % (W.reqs_text(state), reward), "Discard: %s." % W.reqs_text(state),
                "Reward: %s." % reward]
    if choice == A.SUMMON_HERO:
        return ["Noshin summons the Kami: draw exploration cards to 3; a fail hurts him and costs a day.",
                "Draw to 3 for the Kami; a fail hurts.", "Noshin calls the Kami."]
    if choice == A.TOGGLE_HERO:
        return hero(state.heroes[state.active], " Marked: your hero fights too." if phase == A.P_FIGHT else "")
    if choice == A.CONFIRM:
        wordings = ("Fight with the marked cards: they are discarded.", "Discard the marked cards for the encounter.",
             "Discard the marked cards to pay the way out.")
        return [wordings[phase - A.P_FIGHT], "Go with the marked cards."]
    if choice == A.CANCEL:
        if state.done and phase != A.P_PAY:
            return ["Stop here: the fights won so far stay won.", "Stop fighting."]
        return ["Back to the action: nothing is used.", "Back: nothing used."]
    if choice == A.DRAW:
        wordings = "Flip an exploration card: it adds to this turn's total; a FAIL loses the total."
        return [wordings, "Draw: a FAIL loses the total."]
    if choice == A.STOP:
        if phase == A.P_SUMMON:
            return ["Stop: the summon fails.", "The summon fails."]
        return ["Stop: bank this turn's total; the bank reaching %d moves you." % W.arrow_value(state),
                "Bank the total and stop."]
    if choice == A.CHOOSE_DRAW:
        return ["Each player draws %d cards instead of a support card." % state.reward_n,
                "Each player draws %d." % state.reward_n]
    return describe(state, choice)


def describe(state, choice):
    """What an action of a range does (a move by an arrow, a jar, a card's
    give, take, mark, discard, play, summon or Pass Map)."""
    if A.MOVE <= choice < A.JAR:
        arrows = C.arrows(state.board)
        index = 4 * (choice - A.MOVE)
        cost = "" if state.paid else W.cost_words(state.board, state.loc)
        pay = "Pay %s to leave, then e" % cost if cost else "E"
        return ["%sxplore: flip cards until the bank reaches %d, then move to place %d." % (pay, arrows[index + 3], arrows[index + 1] + 1),
                "%sxplore to bank %d." % (pay, arrows[index + 3]), "Pay %s; explore to bank %d." % (cost, arrows[index + 3]) if cost
                else "Explore to bank %d." % arrows[index + 3]]
    if A.JAR <= choice < A.SUPPORT:
        if state.day >= D.LAST_DAY and C.jar_fx(choice - A.JAR) == D.FX_DAY:
            return late(C.jar_name(choice - A.JAR))
        return jar(choice - A.JAR)
    if A.SUPPORT <= choice < A.SUPPORT + 17:
        return card(D.SUPPORT0 + choice - A.SUPPORT, " Free: a support card.")
    if A.PEEK <= choice < A.GIVE:
        return ["A square of the Court."]
    if A.GIVE <= choice < A.TAKE:
        return card(choice - A.GIVE, " Give it to your partner.")
    if A.TAKE <= choice < A.TOGGLE:
        return card(choice - A.TAKE, " Take it from your partner.")
    if A.TOGGLE <= choice < A.DISCARD:
        return card(choice - A.TOGGLE, " A marks it.")
    if A.DISCARD <= choice < A.SPECIAL:
        return card(choice - A.DISCARD, " Discard it.")
    if A.SPECIAL <= choice < A.SUMMON:
        if state.day >= D.LAST_DAY and C.card_fx(choice - A.SPECIAL) == D.FX_DAY:
            return late(C.card_name(choice - A.SPECIAL))
        return card(choice - A.SPECIAL, " Play it: the turn's action.")
    if A.SUMMON <= choice < A.MAP:
        card_number = choice - A.SUMMON
        return ["Summon the Kami: draw exploration cards to %d; a fail costs a day." % C.card_param(card_number),
                "Draw to %d for the Kami." % C.card_param(card_number)]
    card_number = choice - A.MAP
    return ["Discard the Pass Map: +%d to the bank now." % C.card_param(card_number), "+%d to the bank." % C.card_param(card_number)]
