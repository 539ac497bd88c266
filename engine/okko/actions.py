"""Okko: Oni Hunters: the action encoding and phases shared by the engine,
the computer partner and the app.

Two seats (0 and 1) always: in solo one human plays both, with a partner
the computer plays seat 1 (or 0). Every action is a small int.
``state.phase`` says which decision is pending, ``state.current_player``
who makes it (the active player, except when heroes are chosen and at the
Court). Cards: Adventure ids 0..57 and Support cards SUPPORT0 + id (64..80)
in hands; see data.py.

| phase       | who      | actions |
|-------------|----------|---------|
| P_HERO      | each seat | HERO + hero: the hero at the start (free), and between boards (keep = the same hero, free; another one costs 1 day, G7). The two heroes differ |
| P_DISCARD   | active   | DISCARD + card: an enemy's "discard 1" on reveal |
| P_TRADE     | active   | GIVE + card (to the partner), TAKE + card (from the partner), at most one each; TRADE_DONE |
| P_ACTION    | active   | the action: DRAW2, REST, SPECIAL + card, FIGHT_LINE, FIGHT_BOSS, ENCOUNTER, MOVE + arrow; free extras first: SUMMON_HERO (Noshin), SUMMON + card (an Ally that summons), JAR + jar |
| P_FIGHT     | active   | TOGGLE + card, TOGGLE_HERO, CONFIRM (only a winning commitment), CANCEL (back to P_ACTION if nothing was defeated yet, else the action ends) |
| P_ENCOUNTER | active   | TOGGLE + card, TOGGLE_HERO (Genji's free element), CONFIRM (only the exact cards), CANCEL (as in a fight) |
| P_PAY       | active   | TOGGLE + card, CONFIRM (the leave cost met), CANCEL (back to P_ACTION) |
| P_EXPLORE   | active   | DRAW, STOP; MAP + card (Pass Map: +2 to the bank) |
| P_SUMMON    | active   | DRAW, STOP |
| P_REWARD    | active   | CHOOSE_DRAW (every player draws n) or SUPPORT + id (a free support) |
| P_PEEK      | active   | PEEK + square: a Courtier token, in board coordinates 0..15 (row * 4 + column) |
| P_REVEAL    | active   | SEEN: the peeker has seen it (only their observation shows it) |
| P_COURT     | alternate | FLIP + square (board coordinates) |
| P_OVER      | none     | (current_player is TERMINAL) |

Automatic: line pressure (R8), enemy and Adventure draws, reveal powers
other than the discard, the end of turn (injuries, R11), the end of a board
and the next board's setup (R24-R26), reshuffles (R4, R17).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


P_HERO = const(0)
P_DISCARD = const(1)
P_TRADE = const(2)
P_ACTION = const(3)
P_FIGHT = const(4)
P_ENCOUNTER = const(5)
P_PAY = const(6)
P_EXPLORE = const(7)
P_SUMMON = const(8)
P_REWARD = const(9)
P_PEEK = const(10)
P_REVEAL = const(11)
P_COURT = const(12)
P_OVER = const(13)
PHASE_NAMES = ("hero", "discard", "trade", "action", "fight", "encounter", "pay", "explore",
               "summon", "reward", "peek", "reveal", "court", "over")

HERO = const(0)  # + hero 0..3
TRADE_DONE = const(8)
DRAW2 = const(9)
REST = const(10)
FIGHT_LINE = const(11)
FIGHT_BOSS = const(12)
ENCOUNTER = const(13)
SUMMON_HERO = const(14)
TOGGLE_HERO = const(15)
CONFIRM = const(16)
CANCEL = const(17)
DRAW = const(18)
STOP = const(19)
CHOOSE_DRAW = const(20)
SEEN = const(21)
MOVE = const(24)  # + arrow index of the board (0..5)
JAR = const(32)  # + jar id 0..11
SUPPORT = const(48)  # + support id 0..16
PEEK = const(96)  # + square 0..15
FLIP = const(112)  # + square 0..15
GIVE = const(128)  # + card 0..80
TAKE = const(256)
TOGGLE = const(384)
DISCARD = const(512)
SPECIAL = const(640)
SUMMON = const(768)
MAP = const(896)

NONE = const(255)  # no card, target, summoner or square (state attributes, observations)

# option bits (sanbon.games.OKKO_HOUSE, Config.options)
OPT_AID = const(1)  # the Easy aid: squares somebody peeked get a mark (OkkoState's aid)

# observation tuple indexes (state.observation(seat))
O_SEAT = const(0)
O_PHASE = const(1)
O_CURRENT = const(2)
O_ACTIVE = const(3)
O_HANDS = const(4)  # both hands (open, G23): (bytes, bytes)
O_HEROES = const(5)  # bytes: hero per seat
O_INJURY = const(6)  # bytes: injury tokens per seat
O_INJURED = const(7)  # bytes: 1 = the injured face
O_BOARD = const(8)
O_DAY = const(9)
O_LOC = const(10)
O_BANK = const(11)
O_PAID = const(12)
O_BOSS_DEAD = const(13)  # bit per location
O_ENCOUNTERS = const(14)  # encounters done on this board
O_LINE = const(15)  # enemy ids, oldest first
O_PILE = const(16)  # defeated enemies towards the next peek
O_SUPPLY = const(17)  # face-up support ids
O_KAMI = const(18)  # 1 once this board's Kami was gained
O_JARS = const(19)  # the team's jar ids
O_DECKS = const(20)  # sizes: Adventure deck, its discard, enemy deck, jar deck
O_TURN = const(21)  # (summoned, traded bits, start injured)
O_BUILD = const(22)  # (selected cards, hero toggled, target, done in action, genji used)
O_EXPLORE = const(23)  # (arrow, run, cards drawn, summoner)
O_REWARD = const(24)  # (kind, n) pending
O_COURT = const(25)  # (orientation, flipped mask, oni found, peeked mask or 0, flipped faces)
O_PEEKS = const(26)  # peeks waiting
O_REVEAL = const(27)  # (square, is_oni) for the peeker during P_REVEAL, else None
O_BOARD_END = const(28)
O_WINNER = const(29)
O_PILES = const(30)  # the face-up piles: (Adventure discard, enemy discard, support
#                      discard, jar discard, exploration discard), bytes each
O_MISC = const(31)  # (aid, reward_ret, peek_sq or 255, court_turn, pile scalars:
#                     peeks_total, defeated_total, active_next, hero_turn, changes, discards)


# event tuple indexes: ``state.events`` is what the last ``apply`` did, for
# the UI (plain tuples, never saved), each a kind string then its fields;
# lib/ reads a field by name (``event[A.E_SEAT]``), never by number:
#   ("enemy", enemy)          an enemy joins the line (E_ENEMY)
#   ("pressure", days)        the line costs days (E_DAYS)
#   ("draw", seat, count)     a seat draws Adventure cards (E_SEAT, E_COUNT)
#   ("rotate",)               the Court turns right
#   ("defeat", enemy)         an enemy beaten (E_ENEMY)
#   ("boss", boss)            a boss beaten (E_BOSS)
#   ("boss_here", boss)       the place's boss shows itself (E_BOSS)
#   ("injury", seat, count)   a hero takes injury tokens (E_SEAT, E_COUNT)
#   ("heal", seat)            a hero is healed (E_SEAT)
#   ("encounter", index)      an encounter of the board done (E_INDEX)
#   ("jar", jar)              a jar used (E_JAR)
#   ("jar_gained", jar)       a jar gained (E_JAR)
#   ("explore", value)        an exploration card: its value, 0 a FAIL (E_VALUE)
#   ("bank", total)           the exploration bank (E_VALUE)
#   ("move", place)           the team moves (E_PLACE)
#   ("summon", ok)            a summon: 1 the Kami comes, 0 it failed (E_OK)
#   ("support", seat, id)     a seat takes a support card (E_SEAT, E_SUPPORT)
#   ("peek", seat)            a seat peeks at the Court (never the square's
#                             content: only the peeker's observation has it)
#   ("day", day)              the day track moves (E_DAY)
#   ("board_end", board)      a board ends (E_BOARD, 0-2)
#   ("board", board)          the next board starts (E_BOARD, 1-2)
#   ("flip", square, is_oni)  a Court square turned over (E_SQUARE, E_ONI)
#   ("win",), ("lose",)       the end
E_KIND = const(0)  # the kind: "enemy", "flip", ...
E_SEAT = const(1)  # draw, injury, heal, support, peek
E_ENEMY = const(1)  # enemy, defeat
E_BOSS = const(1)  # boss, boss_here
E_DAYS = const(1)  # pressure
E_INDEX = const(1)  # encounter: the board's encounter, from 0
E_JAR = const(1)  # jar, jar_gained
E_VALUE = const(1)  # explore, bank
E_PLACE = const(1)  # move
E_OK = const(1)  # summon
E_DAY = const(1)  # day
E_BOARD = const(1)  # board_end, board
E_SQUARE = const(1)  # flip: a board square
E_COUNT = const(2)  # draw, injury
E_SUPPORT = const(2)  # support: the support card's id
E_ONI = const(2)  # flip: 1 an Oni


def describe(action: int) -> str:
    """A short plain-English name for an action (logs, the terminal player)."""
    from engine.okko import cards

    if action < 4:
        return "take hero " + cards.hero_name(action)
    simple = {TRADE_DONE: "trade done", DRAW2: "draw 2", REST: "rest", FIGHT_LINE: "fight the line",
              FIGHT_BOSS: "fight the boss", ENCOUNTER: "encounter", SUMMON_HERO: "summon (hero)",
              TOGGLE_HERO: "toggle hero", CONFIRM: "confirm", CANCEL: "cancel/stop", DRAW: "draw",
              STOP: "stop", CHOOSE_DRAW: "everyone draws", SEEN: "seen"}
    if action in simple:
        return simple[action]
    if MOVE <= action < MOVE + 8:
        return "move by arrow %d" % (action - MOVE)
    if JAR <= action < JAR + 12:
        return "use " + cards.jar_name(action - JAR)
    if SUPPORT <= action < SUPPORT + 17:
        return "take support " + cards.card_name(64 + action - SUPPORT)
    if PEEK <= action < PEEK + 16:
        return "peek at square %d" % (action - PEEK)
    if FLIP <= action < FLIP + 16:
        return "flip square %d" % (action - FLIP)
    for base, word in ((GIVE, "give "), (TAKE, "take "), (TOGGLE, "toggle "), (DISCARD, "discard "),
                       (SPECIAL, "play "), (SUMMON, "summon with "), (MAP, "use ")):
        if base <= action < base + 81:
            return word + cards.card_name(action - base)
    return "action %d" % action
