"""Fake ``supervisor``: ticks_ms() reads a clock the test sets (``now``);
``runtime.display`` is the display code.py published while it lives, else
the first live one (CircuitPython's primary display: a board's own, like the
PicoSystem's); reload() records the call, makes the next run's
``runtime.run_reason`` SUPERVISOR_RELOAD and raises Reload, which ends
code.py as the real one does."""

now = [0]
reloads = []


def ticks_ms():
    return now[0] & ((1 << 29) - 1)


class Reload(BaseException):
    pass


class RunReason:
    STARTUP = "STARTUP"
    AUTO_RELOAD = "AUTO_RELOAD"
    SUPERVISOR_RELOAD = "SUPERVISOR_RELOAD"
    REPL_RELOAD = "REPL_RELOAD"


def reload():
    reloads.append(now[0])
    runtime.run_reason = RunReason.SUPERVISOR_RELOAD
    raise Reload()


class _Runtime:
    """runtime.display: the display code.py published, while it lives (a
    released display is gone), else the first live display."""

    _display = None
    run_reason = RunReason.STARTUP

    @property
    def display(self):
        import displayio  # the fake, loaded after this one

        d = self._display
        if d is not None and d in displayio.displays:
            return d
        return displayio.displays[0] if displayio.displays else None

    @display.setter
    def display(self, d):
        self._display = d


runtime = _Runtime()
