"""Okko: Oni Hunters in plain words: card rows, action labels, the builders'
running totals and reasons, the feedback line for what just happened and
the end screen's reason.

Everything reads the engine state's public attributes (engine/okko/state.py)
and decodes the content with engine/okko/cards.py; the names come from
engine/okko/names.py (through cards.py, on first use). Rows aim at 38
characters (one line of the 240x135 screen); nothing is kept.
"""

from engine.okko import cards as C
from engine.okko import data as D

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# the contract of engine/okko (tests/test_okko_app.py checks them)
_P_HERO = const(0)
_P_DISCARD = const(1)
_P_TRADE = const(2)
_P_ACTION = const(3)
_P_FIGHT = const(4)
_P_ENCOUNTER = const(5)
_P_PAY = const(6)
_P_EXPLORE = const(7)
_P_SUMMON = const(8)
_P_REWARD = const(9)
_HERO = const(0)
_TRADE_DONE = const(8)
_DRAW2 = const(9)
_REST = const(10)
_FIGHT_LINE = const(11)
_FIGHT_BOSS = const(12)
_ENCOUNTER = const(13)
_SUMMON_HERO = const(14)
_TOGGLE_HERO = const(15)
_CONFIRM = const(16)
_CANCEL = const(17)
_DRAW = const(18)
_STOP = const(19)
_CHOOSE_DRAW = const(20)
_SEEN = const(21)
_MOVE = const(24)
_JAR = const(32)
_SUPPORT = const(48)
_GIVE = const(128)
_TAKE = const(256)
_TOGGLE = const(384)
_DISCARD = const(512)
_SPECIAL = const(640)
_SUMMON = const(768)
_MAP = const(896)
_SUPPORT0 = const(64)
_NONE = const(255)

KINDS = "AESIK"  # Ally, Equipment, Special, Item, Kami
ELEMENTS = ("", "Wa", "Fi", "Ea", "Ai", "Vo")
CLASSES = ("", "Sw", "Ma", "Lo", "Fa")
ELEMENT_WORDS = ("-", "Water", "Fire", "Earth", "Air", "Void")
CLASS_WORDS = ("-", "Sword", "Mask", "Lotus", "Fan")
HEROES = ("Okko", "Noburo", "Noshin", "Genji")


def hero(st, seat):
    h = st.heroes[seat]
    return HEROES[h] if h < 4 else "?"


def card_row(c, mark=""):
    """A card on one row: "A Sellsword     2/1 Fi Sw" (kind, name, F/I,
    element, class; the element is also the colour of the row's swatch)."""
    k = C.card_kind(c)
    name = C.card_name(c)
    if len(name) > 14:
        name = name[:13] + "."
    text = "%s%s %-14s" % (mark, KINDS[k], name)
    if k != 2:  # Specials have no values
        text += " %d/%d" % (C.card_f(c), C.card_i(c))
    e = C.card_element(c)
    if e:
        text += " " + ELEMENTS[e]
    cl = C.card_class(c)
    if cl:
        text += " " + CLASSES[cl]
    return text


def hero_row(h, keep=False, cost=False):
    text = "%s %s F%d I%d" % (HEROES[h], CLASS_WORDS[C.hero_class(h)], C.hero_f(h), C.hero_i(h))
    if keep:
        text += " (keep)"
    elif cost:
        text += " (1 day)"
    return text


def enemy_row(e, first=False):
    text = "%s%-16s F%d I%d" % (">" if first else " ", C.enemy_name(e)[:16], C.enemy_f(e), C.enemy_i(e))
    pw = C.enemy_power(e)
    if pw == D.PW_NEEDS:
        text += " +" + ELEMENTS[C.enemy_param(e)]
    elif pw == D.PW_EXTRA_INJURY:
        text += " +hurt"
    return text


def boss_text(b):
    text = "%s F%d I%d" % (C.boss_name(b), C.boss_field(b, 2), C.boss_field(b, 3))
    if C.boss_field(b, 4) == D.PW_NEEDS:
        text += " needs " + ELEMENT_WORDS[C.boss_field(b, 5)]
    return text


def req_word(r):
    if r >= D.R_SUPPORT:
        return C.card_name(_SUPPORT0 + r - D.R_SUPPORT).split(" ")[0]
    if r >= D.R_ELEMENT:
        return ELEMENT_WORDS[r - D.R_ELEMENT]
    return "Ally" if r == D.R_ALLY else "Equip"


def cost_text(board, loc):
    """The location's leave cost: "leave: I3", "leave: 1 Water", or ""."""
    pk = C.location(board, loc, 2)
    n = C.location(board, loc, 3)
    if pk == D.PAY_FIGHT:
        return "leave: F%d" % n
    if pk == D.PAY_INV:
        return "leave: I%d" % n
    if pk == D.PAY_ELEMENT:
        return "leave: %d %s" % (n, ELEMENT_WORDS[C.location(board, loc, 4)])
    return ""


def boss_here(st):
    b = C.location(st.board, st.loc, 5)
    if b == _NONE or st.boss_dead & (1 << st.loc):
        return _NONE
    return b


def label(st, a, nm):
    """The words of a legal action in the menu."""
    ph = st.phase
    if ph == _P_HERO:
        h = a - _HERO
        cur = st.heroes[st.current_player]
        return hero_row(h, cur == h, cur < 4 and cur != h)
    if a == _TRADE_DONE:
        return "Done trading"
    if a == _DRAW2:
        return "Draw 2 cards"
    if a == _REST:
        return "Rest (nothing)"
    if a == _FIGHT_LINE:
        e = st.line[-1]
        return "Fight line: %s %d/%d" % (C.enemy_name(e)[:14], C.enemy_f(e), C.enemy_i(e))
    if a == _FIGHT_BOSS:
        b = boss_here(st)
        return "Fight boss %s %d/%d" % (C.boss_name(b)[:12], C.boss_field(b, 2), C.boss_field(b, 3))
    if a == _ENCOUNTER:
        reqs, _ = C.encounter(st.board, st.encounters)
        return "Encounter %d: %s" % (st.encounters + 1, "+".join(req_word(r) for r in reqs))
    if a == _SUMMON_HERO:
        return "Summon (Noshin, %d+)" % D.NOSHIN_SUMMON
    if a == _CONFIRM:
        return ("Fight!", "Do encounter", "Pay")[ph - _P_FIGHT] if _P_FIGHT <= ph <= _P_PAY else "Confirm"
    if a == _CANCEL:
        return "Stop here" if st.done and ph != _P_PAY else "Cancel"
    if a == _TOGGLE_HERO:
        h = st.heroes[st.active]
        mark = "[x] " if st.sel_hero else "[ ] "
        if ph == _P_ENCOUNTER:
            return mark + "Genji: free element"
        return mark + "Hero %s F%d I%d" % (HEROES[h], C.hero_f(h), C.hero_i(h))
    if a == _DRAW:
        return "Draw a card"
    if a == _STOP:
        if ph == _P_SUMMON:
            return "Stop (summon at %d)" % summon_need(st)
        return "Stop: bank %d of %d" % (st.bank + st.run, arrow_value(st))
    if a == _CHOOSE_DRAW:
        return "Everyone draws %d" % st.reward_n
    if _MOVE <= a < _JAR:
        ar = C.arrows(st.board)
        i = a - _MOVE
        pay = "" if st.paid else cost_text(st.board, st.loc)
        return "Move to %d (%s %d)%s" % (ar[4 * i + 1] + 1, "red" if ar[4 * i + 2] else "yellow",
                                          ar[4 * i + 3], ", " + pay if pay else "")
    if _JAR <= a < _SUPPORT:
        return "Use " + C.jar_name(a - _JAR)
    if _SUPPORT <= a < _SUPPORT + 17:
        return card_row(_SUPPORT0 + a - _SUPPORT, "Take ")
    if _GIVE <= a < _TAKE:
        return card_row(a - _GIVE, "> ")
    if _TAKE <= a < _TOGGLE:
        return card_row(a - _TAKE, "< ")
    if _TOGGLE <= a < _DISCARD:
        c = a - _TOGGLE
        return card_row(c, "[x] " if _in(st.sel, c) else "[ ] ")
    if _DISCARD <= a < _SPECIAL:
        return card_row(a - _DISCARD, "Drop ")
    if _SPECIAL <= a < _SUMMON:
        return "Play " + C.card_name(a - _SPECIAL)
    if _SUMMON <= a < _MAP:
        c = a - _SUMMON
        return "Summon: %s (%d+)" % (C.card_name(c)[:14], C.card_param(c))
    if _MAP <= a:
        return "Pass Map: +%d bank" % C.card_param(a - _MAP)
    return "Action %d" % a


def _in(b, c):
    for x in b:
        if x == c:
            return True
    return False


def arrow_value(st):
    return C.arrows(st.board)[4 * st.arrow + 3]


def summon_need(st):
    return D.NOSHIN_SUMMON if st.summoner == _NONE else C.card_param(st.summoner)


def builder(st):
    """The builder's running totals (text, complete)."""
    ph = st.phase
    if ph == _P_FIGHT:
        f, i, lead = st.totals()
        tf, ti, pw, prm = st.target_stats()
        t = st.target
        name = C.boss_name(t - 128) if t >= 128 else C.enemy_name(t)
        text = "%s: F %d/%d I %d/%d" % (name[:12], f, tf, i, ti)
        if not lead:
            text += " +lead"
        if pw == D.PW_NEEDS:
            text += " +" + ELEMENTS[prm]
        return text, st._complete()
    if ph == _P_PAY:
        n = C.location(st.board, st.loc, 3)
        return "Pay %s: %d of %d" % (cost_text(st.board, st.loc)[7:], st.pay_total(), n), st._complete()
    reqs, rw = C.encounter(st.board, st.encounters)
    met = enc_met(st, reqs)
    parts = []
    for k in range(len(reqs)):
        parts.append(req_word(reqs[k]) + ("+" if met[k] else "-"))
    return "Enc %d: %s" % (st.encounters + 1, " ".join(parts)), st._complete()


def enc_met(st, reqs):
    """Per requirement: covered by the selection (a greedy view for the
    screen; the engine judges the exact cover)."""
    kinds = 0
    elems = 0
    genji = st.sel_hero
    met = bytearray(len(reqs))
    for k in range(len(reqs)):
        r = reqs[k]
        elem = D.R_ELEMENT <= r < D.R_SUPPORT
        for j in range(len(st.sel)):
            bit = 1 << j
            if (elems if elem else kinds) & bit or not st._covers(st.sel[j], r):
                continue
            if elem:
                elems |= bit
            else:
                kinds |= bit
            met[k] = 1
            break
        if not met[k] and elem and genji:
            genji = 0
            met[k] = 1
    return met


def why_not_confirm(st):
    """Why the builder's commitment may not be confirmed yet."""
    ph = st.phase
    if ph == _P_FIGHT:
        f, i, lead = st.totals()
        tf, ti, pw, prm = st.target_stats()
        if not lead:
            return "Needs an Ally, a Kami or your hero."
        if f < tf or i < ti:
            return "Too weak: F %d of %d, I %d of %d." % (f, tf, i, ti)
        if pw == D.PW_NEEDS:
            return "Needs a %s card." % ELEMENT_WORDS[prm]
        return "Not enough."
    if ph == _P_PAY:
        return "Pay %d of %d: not enough." % (st.pay_total(), C.location(st.board, st.loc, 3))
    return "Exactly the asked cards, each used."


def why_not_card(st, c):
    k = C.card_class(c)
    hc = C.hero_class(st.heroes[st.active])
    if k and k != hc:
        return "%s cards: not for %s." % (CLASS_WORDS[k], hero(st, st.active))
    ph = st.phase
    if ph == _P_FIGHT:
        return "Only Allies, Kami, Equipment fight."
    if ph == _P_PAY:
        return "It pays nothing here."
    return "This encounter does not ask for it."


def odds(st):
    """The Easy aid: the FAIL cards among those left, e.g. "FAIL 3/10"."""
    d = st.exp_deck
    if len(d) <= D.EXPLORE_RESHUFFLE and st.exp_discard:
        d = d + st.exp_discard
    n = 0
    for x in d:
        if not D.EXPLORE[x]:
            n += 1
    return "FAIL %d/%d" % (n, len(d))


def feedback(st, ev, nm):
    """The last apply's news, most important first, in one short line."""
    out = []
    for e in ev:
        k = e[0]
        if k == "win":
            out.append("All 3 Oni found!")
        elif k == "lose":
            out.append("A courtier: the Oni escape.")
        elif k == "flip":
            out.append("Oni found!" if e[2] else "A courtier.")
        elif k == "board":
            out.append("Board %d starts on day %d." % (e[1] + 1, st.day))
        elif k == "boss":
            out.append("%s falls!" % C.boss_name(e[1]))
        elif k == "defeat":
            out.append("%s defeated." % C.enemy_name(e[1]))
        elif k == "encounter":
            out.append("Encounter %d done." % (e[1] + 1))
        elif k == "move":
            out.append("Moved to %d." % (e[1] + 1))
        elif k == "explore":
            out.append("Drew %d." % e[1] if e[1] else "FAIL!")
        elif k == "summon":
            out.append("Kami summoned!" if e[1] else "Summon failed.")
        elif k == "pressure":
            out.append("Line pressure: +%d day." % e[1])
        elif k == "injury":
            out.append("%s hurt." % hero(st, e[1]))
        elif k == "heal":
            out.append("%s healed." % hero(st, e[1]))
        elif k == "peek":
            out.append("%s peeks at the Court." % nm(e[1]))
        elif k == "rotate":
            out.append("The Court turns!")
        elif k == "jar_gained":
            out.append("Jar: %s." % C.jar_name(e[1]))
        elif k == "jar":
            out.append("%s used." % C.jar_name(e[1]))
        elif k == "support":
            out.append("%s takes %s." % (nm(e[1]), C.card_name(_SUPPORT0 + e[2])))
        elif k == "enemy":
            out.append("%s joins the line." % C.enemy_name(e[1]))
        elif k == "boss_here":
            out.append("%s is here." % C.boss_name(e[1]))
    return " ".join(out)


def why_end(st):
    if st.winner():
        return "The three Oni of the Court of Pajan are unmasked. %d peeks taken, %d enemies defeated." % (
            st.peeks_total, st.defeated_total)
    return "A courtier was flipped with %d of 3 Oni found and no Spirit Jar left. %d peeks taken." % (
        st.found, st.peeks_total)
