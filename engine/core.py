"""Conventions shared by every Sanbon game engine.

Every game exposes a State with the same API (see docs/ARCHITECTURE.md):

- ``legal_actions()``: the actions the current player may take, as small ints,
  in a fixed order (never dependent on dict or set order).
- ``apply(action)``: checks the action first; an illegal one raises
  IllegalAction and leaves the state untouched. Chance events (dice, deals)
  are drawn from the state's own Rng inside ``apply``.
- ``current_player``: the seat that must act now, or TERMINAL.
- ``is_over()`` and ``winner()``: None while the game runs, then a tuple of
  winning seats (empty when nobody wins).
- ``observation(seat)``: only what that seat may see. Bots get nothing else.
- ``to_bytes()`` / ``from_bytes(data)``: the whole state, RNG included, as
  bytes with a game id and a format version, so a save replays exactly.
"""

TERMINAL = -1


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is unchanged."""


class BadSave(ValueError):
    """Bytes that do not decode to a state of this game and version."""


def check_action(state, action: int) -> None:
    """Raise IllegalAction unless ``action`` is legal in ``state``."""
    if state.current_player == TERMINAL:
        raise IllegalAction("the game is over")
    # a plain int only: a float, bool or int subclass equal to a legal action is refused
    if type(action) is not int or action not in state.legal_actions():
        raise IllegalAction(
            "action %r is not legal for seat %d now" % (action, state.current_player)
        )


class Writer:
    """Appends small unsigned ints to a bytearray (for ``to_bytes``)."""

    def __init__(self, game_id: int, version: int) -> None:
        self.buf = bytearray()
        self.buf.append(game_id)
        self.buf.append(version)

    def u8(self, value: int) -> None:
        if not 0 <= value <= 0xFF:
            raise ValueError("u8 out of range: %r" % value)
        self.buf.append(value)

    def u16(self, value: int) -> None:
        if not 0 <= value <= 0xFFFF:
            raise ValueError("u16 out of range: %r" % value)
        self.buf.append(value >> 8)
        self.buf.append(value & 0xFF)

    def raw(self, data: bytes) -> None:
        self.buf.extend(data)

    def seq8(self, items: "bytes | bytearray | list | tuple") -> None:
        """A length byte, then one byte per item."""
        self.u8(len(items))
        for item in items:
            self.u8(item)

    def getvalue(self) -> bytes:
        return bytes(self.buf)


class Reader:
    """Reads what a Writer wrote; any mismatch raises BadSave."""

    def __init__(self, data: bytes, game_id: int, version: int) -> None:
        self.data = data
        if len(data) < 2:
            raise BadSave("save is too short")
        if data[0] != game_id:
            raise BadSave("save belongs to game %d, not %d" % (data[0], game_id))
        if data[1] != version:
            raise BadSave("save format %d, this build reads %d" % (data[1], version))
        self.pos = 2

    def _need(self, count):
        if self.pos + count > len(self.data):
            raise BadSave("save is truncated")

    def u8(self) -> int:
        self._need(1)
        value = self.data[self.pos]
        self.pos += 1
        return value

    def u16(self) -> int:
        self._need(2)
        value = (self.data[self.pos] << 8) | self.data[self.pos + 1]
        self.pos += 2
        return value

    def raw(self, count: int) -> bytes:
        self._need(count)
        value = bytes(self.data[self.pos : self.pos + count])
        self.pos += count
        return value

    def seq8(self) -> list:
        count = self.u8()
        return list(self.raw(count))

    def end(self) -> None:
        if self.pos != len(self.data):
            raise BadSave("save has %d trailing bytes" % (len(self.data) - self.pos))


def random_playout(state, rng: "Rng", max_steps: int = 100000, check=None) -> int:
    """Play uniformly random legal actions until the game ends.

    ``check(state)`` runs after every action (invariants in tests). Returns the
    number of actions taken. Raises RuntimeError if the game does not end.
    """
    steps = 0
    while not state.is_over():
        if steps >= max_steps:
            raise RuntimeError("game did not end in %d steps" % max_steps)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        if check is not None:
            check(state)
    return steps
