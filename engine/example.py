"""Pig: a tiny dice game that shows the engine conventions (and tests them).

Each turn the current player rolls a die as often as they like. A 1 loses
the turn's points and passes the turn; HOLD banks them. First to ``target``
banked points wins. Real games follow the same shape (docs/ARCHITECTURE.md).
"""

from engine.core import BadSave, IllegalAction, Reader, TERMINAL, Writer, check_action
from engine.rng import Rng, STATE_SIZE

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


GAME_ID = const(0)
VERSION = const(1)

ROLL = const(0)
HOLD = const(1)
ACTION_NAMES = ("roll", "hold")

P_PLAY = const(0)  # phases: Pig has one, and the end
P_OVER = const(1)

# observation tuple indexes: the first three are the same in every game
O_SEAT = const(0)
O_PHASE = const(1)
O_CURRENT = const(2)
O_SCORES = const(3)  # banked points per seat
O_TURN_TOTAL = const(4)  # the current turn's points, not banked yet
O_TARGET = const(5)


class PigState:
    def __init__(self, rng: "Rng", players: int = 2, target: int = 20) -> None:
        if not 2 <= players <= 4:
            raise ValueError("Pig needs 2-4 players")
        if not 1 <= target <= 250:
            raise ValueError("target must be 1-250")
        self.rng = rng
        self.target = target
        self.scores = bytearray(players)
        self.turn_total = 0
        self.last_roll = 0
        self.current_player: int = 0
        self._winner = None

    # -- the State API ---------------------------------------------------
    def legal_actions(self) -> list:
        if self.current_player == TERMINAL:
            return []
        if self.turn_total == 0:
            return [ROLL]  # a turn starts with at least one roll
        return [ROLL, HOLD]

    def apply(self, action: int) -> None:
        check_action(self, action)
        player = self.current_player
        if action == ROLL:
            self.last_roll = 1 + self.rng.randrange(6)  # chance event
            if self.last_roll == 1:
                self.turn_total = 0
                self._next_player()
            else:
                self.turn_total += self.last_roll
        else:
            self.scores[player] = min(250, self.scores[player] + self.turn_total)
            self.turn_total = 0
            if self.scores[player] >= self.target:
                self._winner = (player,)
                self.current_player = TERMINAL
            else:
                self._next_player()

    def _next_player(self):
        self.current_player = (self.current_player + 1) % len(self.scores)

    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def winner(self) -> "tuple | None":
        return self._winner

    def observation(self, seat: int) -> tuple:
        """Pig has no secrets: every seat sees the same public facts (``O_*``)."""
        over = self.current_player == TERMINAL
        return (seat, P_OVER if over else P_PLAY, self.current_player, tuple(self.scores),
                self.turn_total, self.target)

    def action_to_string(self, action: int) -> str:
        if 0 <= action < len(ACTION_NAMES):
            return ACTION_NAMES[action]
        raise IllegalAction("unknown action %r" % action)

    # -- serialisation ---------------------------------------------------
    def to_bytes(self) -> bytes:
        writer = Writer(GAME_ID, VERSION)
        writer.raw(self.rng.to_bytes())
        writer.u8(self.target)
        writer.seq8(self.scores)
        writer.u8(self.turn_total)
        writer.u8(self.last_roll)
        writer.u8(self.current_player & 0xFF)
        writer.u8(255 if self._winner is None else self._winner[0])
        return writer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "PigState":
        reader = Reader(data, GAME_ID, VERSION)
        rng = Rng.from_bytes(reader.raw(STATE_SIZE))
        target = reader.u8()
        scores = reader.seq8()
        if not 2 <= len(scores) <= 4 or target < 1:
            raise BadSave("bad Pig header")
        state = cls(rng, len(scores), target)
        state.scores = bytearray(scores)
        state.turn_total = reader.u8()
        state.last_roll = reader.u8()
        current = reader.u8()
        state.current_player = TERMINAL if current == 0xFF else current
        winner = reader.u8()
        state._winner = None if winner == 255 else (winner,)
        reader.end()
        if state.current_player != TERMINAL and state.current_player >= len(scores):
            raise BadSave("bad current player")
        return state


def hold_at_bot(observation: tuple, threshold: int = 12) -> int:
    """A one-line computer player: roll until the turn is worth ``threshold``."""
    turn_total = observation[O_TURN_TOTAL]
    if turn_total == 0:
        return ROLL
    seat = observation[O_SEAT]
    if turn_total >= threshold or observation[O_SCORES][seat] + turn_total >= observation[O_TARGET]:
        return HOLD
    return ROLL
