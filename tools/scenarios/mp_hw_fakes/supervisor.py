"""Stand-in for CircuitPython's supervisor: ticks_ms() reads a clock the
scenario sets (``now[0]``), wrapping at 2**29 as the real one does;
``runtime.run_reason`` reads STARTUP until reload() makes it
SUPERVISOR_RELOAD (what the next run of code.py sees)."""

now = [0]


def ticks_ms():
    return now[0] & ((1 << 29) - 1)


class _Runtime:
    display = None  # the display code.py published (boards/_common.py); kept by soft_reload()
    run_reason = "supervisor.RunReason.STARTUP"  # as str() of CircuitPython's RunReason reads


runtime = _Runtime()


class Reload(BaseException):
    """supervisor.reload(): ends code.py (the scenario catches it)."""


def reload():
    runtime.run_reason = "supervisor.RunReason.SUPERVISOR_RELOAD"
    raise Reload()


def soft_reload():
    """What CircuitPython frees between two runs of code.py: every pin but
    those of the published display and the board's own DISPLAY (their
    buses and backlights live on)."""
    import board
    import microcontroller

    keep = []
    for d in (runtime.display, getattr(board, "DISPLAY", None)):
        if d is not None:
            keep += [d, d.bus, d.bus.spi_bus, d.backlight]
    for pin, owner in list(microcontroller.claimed.items()):
        if not [k for k in keep if k is owner]:
            if hasattr(owner, "deinit"):
                owner.deinit()
            microcontroller.release(pin)
