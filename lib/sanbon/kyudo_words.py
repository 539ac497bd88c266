"""Kyudo in plain words: the choices of a decision and the feedback line.

Everything here reads the engine state's public attributes (see
engine/kyudo/state.py) and returns short strings; nothing is kept. The
choice texts fit 21 characters where they can (the list beside the archers'
strip on the 240x135 screen).

It also holds what the play screen (sanbon.kyudo), its layout and the sheet
share, being the module all three import: the palettes' indexes (PAL_*) and
the sprite tiles of the zone shapes and tokens.
"""

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped
from engine.kyudo.data import ATTRACTIVENESS, CORNER_SIZE, CORNERS, MOVE_PICKS, ORANGE_LOSS

NAMES = ("ARROW", "BLACK", "ORANGE", "GREEN", "BLUE", "RED")
CHARACTERS = ("Kitsune", "Kuma", "Saru", "Shika")
TALENTS = (
    "rivals +1 GREEN/BLUE circle",
    "rivals drop a token, take 1",
    "capture a die till your turn",
    "ring a colour, rivals -1/die",
)

# the play screen's palettes (sanbon.kyudo_layout.palettes, GameScreen.pals;
# the sheet draws with them too): FACE 0-5, FACE dim 6-11, INK 12-17, INK dim
# 18-23, then the blank die 24, the mark 25, the die's edge 26, LINE 27, BG
# 28, BAD 29, INFO 30. The indexes more than one module reads:
PAL_INK = 12
PAL_BLANK = 24
PAL_EDGE = 26
PAL_LINE = 27
PAL_BG = 28


def zone_tile(colour, level):
    """The tile of lib/sanbon/kyudo.bmp that shows ``colour``'s shape filled to
    ``level`` (0-4 quarters of its circles ticked; 4: closed). Every colour
    has one shape, the same on every device and in every picture: BLACK a
    square, ORANGE a diamond, GREEN a triangle up, BLUE a triangle down, RED a
    plus (tools/art/kyudo.py draws shape ``colour - 1``). The strip, the sheet
    and How to play (sanbon.howto_kyudo: the level-4 tiles) draw these tiles;
    tests/test_kyudo_ui.py ties them together. A die shows tile ``colour``
    (the same shape, solid)."""
    return 20 + (colour - 1) * 30 + level


def token_tile(kind, count):
    """The tile of ``count`` tokens of kind ``kind`` (0-2: ORANGE, GREEN, RED): the
    colour's letter and a pip per token, 3 at most (0: none held)."""
    return 144 + kind * 3 + (count if count < 3 else 3) if count else 0


def why(reason, name, spectators):
    """The end screen's reason (actions.WIN_*)."""
    you = name == "You"
    if reason == A.WIN_TARGET:
        return "%s completed the target with the most spectators (%d)." % (name, spectators)
    if reason == A.WIN_LAST:
        return "%s %s the last archer standing, with %d spectator%s." % (name, "are" if you else "is", spectators,
                                                                         _s(spectators))
    return "Round cap reached: %s %s the most spectators (%d)." % (name, "have" if you else "has", spectators)


def _s(count):
    return "" if count == 1 else "s"


def victims(state, colour):
    """The opponents of the active archer with ``colour`` still open."""
    active = state.active
    count = 0
    for seat in range(state.players):
        if seat != active and not state.eliminated[seat] and state.ticked[seat][colour] < state.circles[seat][colour]:
            count += 1
    return count


def dice_of(state, action):
    """Bitmask of the dice a combination uses (the engine takes the lowest
    unused dice of a face first)."""
    if A.AIM <= action < A.FLAG:
        die, code = divmod(action - A.AIM, 8)
        return _take(state, A.ARROW, code // 2, 1 << die)
    if A.FLAG <= action < A.END_TURN:
        colour, count = divmod(action - A.FLAG, 5)
        return _take(state, colour + 1, count, 0)
    return 0


def _take(state, face, count, mask):
    used = state.used | mask
    for die in range(state.n_dice):
        if count and not used >> die & 1 and state.dice[die] == face:
            mask |= 1 << die
            used |= 1 << die
            count -= 1
    return mask


def tokens(row):
    """A seat's (or the supply's) tokens: "1 ORANGE 2 RED", or "no tokens"."""
    out = ""
    for token in (A.ORANGE, A.GREEN, A.RED):
        if row[token]:
            out += "%s%d %s" % (" " if out else "", row[token], NAMES[token])
    return out or "no tokens"


def _aim(state, action):
    """An aim action as (colour, arrows, fury, circles it ticks, arrows
    that hit rivals)."""
    die, code = divmod(action - A.AIM, 8)
    arrows, fury = divmod(code, 2)
    colour = state.dice[die]
    empty = state.circles[state.active][colour] - state.ticked[state.active][colour]
    fill = arrows if arrows < empty else empty
    return colour, arrows, fury, fill, arrows - fill


def choice(state, action, name):
    """The plain words for one legal action of the decision pending now, in
    at most 19 characters (the list beside a 4-archer strip on 240x135);
    ``detail`` says more. ``name(seat)`` gives a seat's name ("You", "P2")."""
    active = state.active
    if A.AIM <= action < A.FLAG:
        colour, arrows, fury, fill, hits = _aim(state, action)
        col = NAMES[colour]
        if not hits:
            return "%d circle%s in %s" % (arrows, _s(arrows), col)
        if not victims(state, colour):
            return "%s: hits no one" % col
        loss = hits * (ORANGE_LOSS if fury or state.fury == colour else ATTRACTIVENESS[colour])
        if fill:
            return "%s +%d, %s -%d" % (col, fill, "fury" if fury else "hit", loss)
        return "%s %s -%d" % (col, "fury" if fury else "attack", loss)
    if A.FLAG <= action < A.END_TURN:
        colour, count = divmod(action - A.FLAG, 5)
        return "%s flag +%d" % (NAMES[colour + 1], count)
    if action == A.END_TURN:
        return "End turn"
    if action == A.ROLL:
        return "Roll"
    if action == A.STOP:
        return "Stop, play dice"
    if action == A.RED_SKIP:
        return "Keep these dice"
    if action == A.SHIELD:
        return "Use the shield"
    if action == A.NO_SHIELD:
        return "Take the loss (-%d)" % state.queue[0][2]
    if A.PICK <= action < A.STEAL:
        colour = action - A.PICK
        return "Tick %s (%d/%d)" % (NAMES[colour], state.ticked[active][colour], state.circles[active][colour])
    if A.STEAL <= action < A.CHOOSE:
        return "Steal from %s" % name(action - A.STEAL)
    if A.CHOOSE <= action < A.DISCARD:
        colour = action - A.CHOOSE
        if state.phase == A.P_KITSUNE:
            return "Rivals: +1 %s" % NAMES[colour]
        return "Ring on %s" % NAMES[colour]
    if A.DISCARD <= action < A.TAKE:
        return "Drop %s token" % NAMES[action - A.DISCARD]
    if A.TAKE <= action < A.TICK:
        return "Take %s token" % NAMES[action - A.TAKE]
    if A.TICK <= action:
        return "%s flag" % NAMES[action - A.TICK]
    return "?"


def detail(state, action, name):
    """What the list's selected action does, in a sentence ("" if the item
    says it all)."""
    active = state.active
    if A.AIM <= action < A.FLAG:
        colour, arrows, fury, fill, hits = _aim(state, action)
        col = NAMES[colour]
        each = ORANGE_LOSS if fury or state.fury == colour else ATTRACTIVENESS[colour]
        tail = " (ORANGE fury)." if fury else "."
        if not hits:
            return "Tick %d %s circle%s: %d ARROW%s and the %s die." % (arrows, col, _s(arrows), arrows, _s(arrows),
                                                                        col)
        if not victims(state, colour):
            return "%s is closed and no rival has it open." % col
        if fill:
            return "Tick %d %s circle%s; rivals with %s open lose %d%s" % (fill, col, _s(fill), col, hits * each, tail)
        return "%s is closed: rivals with it open lose %d%s" % (col, hits * each, tail)
    if A.FLAG <= action < A.END_TURN:
        colour, count = divmod(action - A.FLAG, 5)
        colour += 1
        size = CORNER_SIZE[colour]
        filled = state.flags[active][colour]
        top = size * CORNERS
        after = filled + count if filled + count < top else top
        moves = after // size - filled // size
        text = "%d box%s in the %s flag" % (count, "" if count == 1 else "es", NAMES[colour])
        if moves:
            if MOVE_PICKS[colour]:
                picks = moves * MOVE_PICKS[colour]
                text += ", then tick %d circle%s of your choice" % (picks, _s(picks))
            else:
                article = "an" if colour == A.ORANGE else "a"
                text += ", then take %s %s token%s" % (article if moves == 1 else str(moves), NAMES[colour], _s(moves))
        else:
            text += " (%d of %d boxes to the next bonus)" % (after % size, size)
        return text + "."
    if action == A.END_TURN:
        return "Your turn ends; the dice go to the next archer."
    if action == A.STOP:
        return "Play the dice as they are."
    if action == A.RED_SKIP:
        return "Play the dice as they are."
    if action == A.SHIELD:
        return "Spend your GREEN token: lose nothing of this hit."
    if action == A.NO_SHIELD:
        return "Keep your GREEN token and lose %d spectators." % state.queue[0][2]
    if A.STEAL <= action < A.CHOOSE:
        seat = action - A.STEAL
        return "%s has %s." % (name(seat), tokens(state.tokens[seat]))
    if A.CHOOSE <= action < A.DISCARD:
        colour = action - A.CHOOSE
        if state.phase == A.P_KITSUNE:
            return "Every rival gets one more %s circle to fill." % NAMES[colour]
        return "Till your next turn, rivals lose 1 per %s die they end with." % NAMES[colour]
    if A.TICK <= action:
        colour = action - A.TICK
        return "Catch-up: 1 box in the %s flag (a bonus every %d boxes)." % (NAMES[colour], CORNER_SIZE[colour])
    return ""


def doing(state, sub=0, die=0):
    """What the pending decision asks, for the title after "<who>: ": its
    wordings longest first, parted by '|' (ui.pick); the last is at most 14
    characters, so that "You: " and it fit the narrowest title (19). What a
    short wording leaves out is on the screen elsewhere (the message lines,
    the list)."""
    phase = state.phase
    if sub:
        if sub == 1:
            return "pick the die to set|pick a die"
        return "set die %d to which face?|set die %d to?" % (die + 1, die + 1)
    if phase == A.P_ROLL:
        if not state.rolls:
            return "roll the dice"
        left = 3 - state.rolls
        return "keep dice, roll (%d roll%s left)|keep or roll" % (left, _s(left))
    if phase == A.P_RESOLVE:
        return "play the dice"
    if phase == A.P_SHIELD:
        return "shield against -%d?|use a shield?" % state.queue[0][2]
    if phase == A.P_PICK:
        left = state.queue[0][1]
        return "tick %s circle%s" % ("a" if left == 1 else str(left), _s(left))
    if phase == A.P_STEAL:
        colour = state.queue[0][1]
        return "steal a%s %s token|steal a token" % ("n" if colour == A.ORANGE else "", NAMES[colour])
    if phase == A.P_KITSUNE:
        return "give rivals a circle|give a circle"
    if phase == A.P_SHIKA:
        return "ring a colour"
    if phase == A.P_KUMA_DROP:
        return "drop a token"  # why: the news above says Kuma's raid
    if phase == A.P_KUMA_TAKE:
        return "take a token"
    if phase == A.P_SETUP:
        who = state.current_player
        boxes = (who - state.first) % state.players
        done = 0
        for colour in range(1, 6):
            if state.flags[who][colour]:
                done += 1
        if boxes == 1:
            return "tick a catch-up box|catch-up tick"
        return "catch-up box %d of %d|tick %d of %d" % (done + 1, boxes, done + 1, boxes)
    if phase == A.P_RED:
        return "use the RED token?|use RED token?"
    return "wait"


def standing(state, seat, name):
    """One archer's result for the end screen."""
    ticked = cap = 0
    for colour in range(1, 6):
        ticked += state.ticked[seat][colour]
        cap += state.circles[seat][colour]
    spectators = state.spectators[seat]
    held = "out" if state.eliminated[seat] else "%d spectator%s" % (spectators, _s(spectators))
    return "%s: %s, %d/%d circles" % (name, held, ticked, cap)


def turn_news(head, parts, width, n_lines):
    """A finished turn's news in at most ``n_lines`` lines of ``width`` characters:
    ``head`` ("P2's turn: ") and the turn's parts, with like items merged
    (the circles of one colour, one archer's losses, a repeated attack);
    if they still do not fit, the last items give way to "(more in the
    Log)", which keeps every word."""
    from sanbon.ui import wrap

    items = []
    for part in parts:
        for item in part.split(", "):
            circle_at = item.find(" circle")
            lost_at = item.find(" lost ")
            if circle_at > 0 and item[0] in "0123456789" and " in " in item:
                col = item[item.find(" in ") + 4:]
                circles = int(item[:circle_at])
                for index in range(len(items)):
                    other = items[index]
                    if other[0] in "0123456789" and other.endswith(" in " + col) and " circle" in other:
                        circles += int(other[:other.find(" ")])
                        items[index] = "%d circle%s in %s" % (circles, _s(circles), col)
                        break
                else:
                    items.append(item)
            elif lost_at > 0:
                who, lost = item[:lost_at], int(item[lost_at + 6:])
                for index in range(len(items)):
                    other = items[index]
                    if other.startswith(who + " lost "):
                        lost += int(other[len(who) + 6:])
                        items[index] = "%s lost %d" % (who, lost)
                        break
                else:
                    items.append(item)
            elif item not in items:
                items.append(item)
    text = head + (", ".join(items) if items else "no combination played") + "."
    while len(wrap(text, width)) > n_lines and len(items) > 1:
        items.pop()
        text = head + ", ".join(items) + " (more in the Log)."
    return text


def fit_news(text, width, n_lines):
    """A news line ("P2: BLACK attack, You lost 1, ...") in at most
    ``n_lines`` lines of ``width`` characters (``turn_news``); as it is if it fits."""
    from sanbon.ui import wrap

    if len(wrap(text, width)) <= n_lines:
        return text
    cut = text.find(": ") + 2
    return turn_news(text[:cut], [text[cut:].rstrip(".")], width, n_lines)


def feedback(state, events, name, action=-1, brief=False):
    """One line from what the last ``apply`` did (``state.events``).

    ``action`` (if known) words a step that left no event ("stopped").
    Hits, shields, talents and the win come first, then the rest in order.
    ``brief``: only what counts for the turn's summary (no rolls, corners,
    dice back), without the actor's name.
    """
    parts = []
    first = []  # hits, shields, talents, the win: shown first (one line on 240x135)
    actor = -1
    circles = 0
    colour = 0
    for event in events:
        kind = event[A.E_KIND]
        if kind in ("roll", "circle", "attack", "boxes", "token", "red", "ultimate", "talent"):
            actor = event[A.E_SEAT]
        if kind == "circle":
            circles += 1
            colour = event[A.E_COLOUR]
        elif kind == "closed" and circles:
            parts.append("%d circle%s in %s" % (circles, _s(circles), NAMES[colour]))
            circles = 0
        text = _news(event, name, brief)
        if text and kind in ("attack", "loss", "shield", "eliminated", "ultimate", "ring", "talent", "win"):
            if kind != "attack" or text not in first:  # one attack per colour
                first.append(text)
        elif text:
            parts.append(text)
    if circles:
        parts.append("%d circle%s in %s" % (circles, _s(circles), NAMES[colour]))
    parts = first + parts
    if not parts:
        if brief:
            return ""
        if action == A.STOP:
            parts = ["stopped"]
        elif action == A.RED_SKIP:
            parts = ["kept the dice"]
        elif action == A.NO_SHIELD:
            parts = ["took the loss"]
        else:
            return ""
        actor = state.active
    if actor < 0 or brief:
        return ", ".join(parts)
    return "%s: %s" % (name(actor), ", ".join(parts))


def _news(event, name, brief):
    """One event in words for ``feedback`` ("" if it says nothing; a circle:
    ``feedback`` counts them)."""
    kind = event[A.E_KIND]
    seat = event[A.E_SEAT]
    if kind == "roll":
        return "" if brief else "rolled " + " ".join(NAMES[face] for face in event[A.E_FACES])
    if kind == "closed":
        return "%s closed" % NAMES[event[A.E_COLOUR]]
    if kind == "attack":
        return "%s attack" % NAMES[event[A.E_ATTACK_COLOUR]]
    if kind == "loss":
        return "%s lost %d" % (name(seat), event[A.E_AMOUNT]) if event[A.E_AMOUNT] else ""
    if kind == "shield":
        return "%s shielded" % name(seat)
    if kind == "eliminated":
        return "%s eliminated" % name(seat)
    if kind == "boxes":
        return "%s flag +%d" % (NAMES[event[A.E_COLOUR]], event[A.E_BOXES])
    if kind == "flag":
        return "" if brief else "bonus %d of 4" % event[A.E_CORNER]  # a full corner of the flag, in plain words
    if kind == "token":
        if event[A.E_FROM] < 0:
            return "took %s" % NAMES[event[A.E_COLOUR]]
        return "stole %s from %s" % (NAMES[event[A.E_COLOUR]], name(event[A.E_FROM]))
    if kind == "discard":
        return "%s dropped %s" % (name(seat), NAMES[event[A.E_COLOUR]])
    if kind == "fury":
        return "fury"
    if kind == "red":
        return "RED token: die %d %s" % (event[A.E_DIE] + 1, NAMES[event[A.E_FACE]])
    if kind == "ultimate":
        return "4 ARROWS"
    if kind == "ring":
        return "Shika's ring"
    if kind == "talent":
        character = event[A.E_CHARACTER]
        if character == A.KITSUNE:
            return "talent: rivals +1 %s circle" % NAMES[event[A.E_CHOICE]]
        if character == A.KUMA:
            return "talent: Kuma's raid"
        if character == A.SARU:
            return "talent: a die captured"
        return "talent: ring on %s" % NAMES[event[A.E_CHOICE]]
    if kind == "die_back":
        return "" if brief else "the captured die is back"
    if kind == "ring_off":
        return "" if brief else "the ring is off"
    if kind == "win":
        return "%s won" % name(seat)
    return ""
