"""Fake ``supervisor``: ticks_ms() reads a clock the test sets (``now``);
``runtime.display`` is the first live display (as CircuitPython keeps a
display that code.py made across a soft reload); reload() records the call
and raises Reload, which ends code.py as the real one does."""

now = [0]
reloads = []


def ticks_ms():
    return now[0] & ((1 << 29) - 1)


class Reload(BaseException):
    pass


def reload():
    reloads.append(now[0])
    raise Reload()


class _Runtime:
    """runtime.display: the display code.py published, while it lives (a
    released display is gone)."""

    _display = None

    @property
    def display(self):
        import displayio  # the fake, loaded after this one

        d = self._display
        return d if d is not None and d in displayio.displays else None

    @display.setter
    def display(self, d):
        self._display = d


runtime = _Runtime()
