"""What boards/ says when something is wrong at start, or worth knowing:
imported only then, and forgotten when boards.start() returns.

Every message is one line on the console; start() returns it as the note
the app shows, and a failure is also shown, lit, on the screen there is.
"""

CHOICES = "pico_display2, pico_display or picosystem"


def note(text):
    """One line on the console; the caller adds it to boards.NOTES, start()'s
    note (a toast: at most three lines, 36 characters each on 240x135)."""
    print(text)
    return text


def bad_name(name):
    if name == "desktop":
        return 'SANBON_BOARD = "desktop" is the simulator: use %s.' % CHOICES
    return 'SANBON_BOARD = "%s" is not a board: use %s.' % (name, CHOICES)


def board_id():
    try:
        import board

        return board.board_id
    except (ImportError, AttributeError):
        return None


def unknown():
    return ('board_id "%s" is not a Sanbon board: Sanbon runs on a Raspberry Pi Pico with a Pico Display Pack, '
            'or a PicoSystem. For a pack on another board, name it in settings.toml: SANBON_BOARD = "pico_display2".'
            % board_id())


def assumed():
    """A bare Pico with no SANBON_BOARD: which pack (at a power-on, or after a
    copy to the drive; not after Sanbon's own restart between games)."""
    return note('Pico Display Pack 2.0 assumed: in settings.toml, SANBON_BOARD = "pico_display" for the 1.14" '
                'pack, or "pico_display2" to hide this note.')


def bad_flag(key, value):
    return note('%s = "%s" in settings.toml is not 0 or 1: ignored.' % (key, value))


def missing(pin):
    """The error for a board module on a board without its pins."""
    return RuntimeError('board_id "%s" has no board.%s: check SANBON_BOARD in settings.toml' % (board_id(), pin))


def failure(name, e):
    """Why no board could be set up, on the console and, lit, on the screen
    there is (CircuitPython shows its console on it): the board's own
    display, or one an earlier run made; nothing on a released one."""
    why = str(e) if type(e) is RuntimeError else "%s: %s" % (type(e).__name__, e)  # ours say what to do
    if isinstance(e, ImportError):  # one of ours is missing, or a module this CircuitPython lacks
        why += (" (copy Sanbon onto the drive again: make deploy)" if "boards" in why
                else " (this CircuitPython build lacks a module Sanbon needs)")
    why = "Sanbon cannot start%s: %s" % ("" if name is None else " the %s board" % name, why)
    try:
        import displayio
        import supervisor

        display = supervisor.runtime.display
        if display is None:
            import board

            display = getattr(board, "DISPLAY", None)
        if display is not None:
            display.root_group = displayio.CIRCUITPYTHON_TERMINAL
            display.auto_refresh = True
            display.brightness = 1
    except Exception:  # noqa: BLE001  (no display, or a dead one: the console only)
        pass
    print(why)
    return why
