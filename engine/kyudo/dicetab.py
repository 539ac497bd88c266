"""Kyudo dice: multisets, keep -> roll transitions, and the exact keep /
re-roll expectimax that the Hard computer archer uses.

Multisets and their index ("node")
----------------------------------
The order of the dice never matters for scoring, so everything works on
multisets of faces (ARROW=0 ... RED=5). All multisets of size 0-4 form one
lattice of 210 nodes, numbered by size and then by colex rank:

    size 0: node 0            size 1: nodes 1-6 (the face + 1)
    size 2: nodes 7-27        size 3: nodes 28-83     size 4: nodes 84-209

``OFFSETS[s]`` is the first node of size s. Within one size the order is
colex (sorted faces compared from the highest face down), so 4 ARROWs is
rank 0 and 4 REDs rank 125. ``rank(faces)`` = node - OFFSETS[size]: a final
roll of n dice has a rank in 0..125 (n = 4) or 0..55 (n = 3, Saru's capture),
and that rank indexes the ``values`` tables. A *keep* is any node of size
0..n (210 keeps for 4 dice, the 84 of sizes 0-3 for 3 dice); keeping all n
dice is STOP.

``SUCC`` (504 bytes, a literal in engine/kyudo/bots.py, which the device
loads, where OFFSETS and the small tables also live) is the whole structure: for
each node k of size 0-3 and each face f, ``SUCC[6 * k + f]`` is the node of k + {f}.
``node(faces)`` folds it, the transitions and weights are built from it, and
the expectimax walks it. It is a literal rather than built at first use:
the build (colex ranking of 504 multisets) measured 2.8 ms on CPython and
29 ms under MicroPython (WebAssembly), about 0.5 s on the RP2040, with some
60 KB of garbage, against nothing for 504 bytes of literal.
tests/test_kyudo_dicetab.py rebuilds it plainly and checks it (regenerate it
with ``gen_succ_literal()`` there).

Transitions keep -> final roll
------------------------------
Keeping k (size s) and rolling the other n - s dice gives each multiset a of
size n - s, so the final k + a, with weight ``weights()[node(a)]`` = the
number of ordered outcomes, out of 6 ** (n - s). ``trans_table(n)`` is a
bytes of the final ranks, one byte a transition, keeps in node order, rolls
in rank order (1365 bytes for 4 dice, 364 for 3); the start of a keep's run
is arithmetic (``trans_start``), so there is no offset table, and the
weights are one shared 210-byte table. Both are built lazily at first use,
in place with no garbage (4 dice: 1.1 ms on CPython, 10 ms under
MicroPython, about 0.2 s on the RP2040). The expectimax does not need them,
so a game with Hard bots never builds them; as literals they would always
hold about 1.9 KB of heap.

Expectimax
----------
With r rolls left, the value of a final multiset m is F(m) = values[rank]
(with a RED token: the max over changing at most one die to any face), and

    W_0(m) = F(m)
    E_r(k) = average over the rolls a of W_{r-1}(k + a)      (keep k)
    W_r(m) = max over the sub-multisets k of m of E_r(k)      (k = m: STOP)

Rolling the free dice one at a time gives E_r(k) = 1/6 * sum over f of
E_r(k + f), so one pass over ``SUCC`` (504 additions) computes the sum
numerator S(k) = E_r(k) * 6 ** (n - |k|) of every keep at once, exactly, with
no division; a second pass pushes maxima up the lattice to get W_r of every
final multiset. Each keep multiset is so valued once per depth, in one list
of 210 (or 84) ints that the passes rewrite in place: a decision with 2 rolls
left is 3 passes, about 1,700 steps. All values are exact integers over a
common denominator 6 ** (n * rolls_left): no floats, no rounding. They stay
small ints (< 2**30, no heap) while |value| <= VALUE_MAX = 639 for 4 dice
(6 ** 8 * 639 < 2 ** 30) or 23013 for 3 dice; larger values are still exact,
only they make long ints on the device.

Cost: one 210-entry list reused by every decision (840 bytes, made at the
first one) and about 200 bytes of garbage per decision; the loaded module
is about 6 KB of heap, and it loads engine/kyudo/bots.py (the lattice's
home, about 6 KB more; the gate's kyudo_dicetab counts both). Measured per best_keep call (4 dice, 2 rolls left):
0.17 ms on CPython, 1.5 ms under MicroPython (WebAssembly), so about 30 ms
on the RP2040 (35 ms with a RED token).

Ties are broken by a fixed order of the actions: STOP first, then REROLL
masks by the number of dice re-rolled (fewest first), then by mask value
(lowest first); the first action with the maximal exact value wins. The same
kept multiset at different positions has the same value, so among those the
dice further left are re-rolled (0b0011 before 0b0101). ``best_red`` keeps
the token (RED_SKIP) unless a change strictly improves the value, then takes
the first best (die, face), dice from 0 and faces from ARROW up.

The value of a final multiset is the caller's: integer scores, higher is
better, as a sequence indexed by final rank (bytes, bytearray, list, tuple),
or a function of the rank (then it is tabulated once per call). Build one
with ``values_from(score, n)``.
"""

from engine.kyudo import actions as A  # consts only: folded by the build, the import dropped
from engine.kyudo import bots as B  # B._VALUE_MAX only: folded by the build
from engine.kyudo.bots import OFFSETS, ORDER, P6, POP, SUCC  # the lattice's one home

VALUE_MAX = B._VALUE_MAX  # |value| bound for small ints with 4 dice and 2 rolls left


# -- multisets -----------------------------------------------------------


def n_multisets(size):
    """How many multisets of ``size`` faces: 1, 6, 21, 56, 126 for 0..4."""
    return OFFSETS[size + 1] - OFFSETS[size]


def node(faces):
    """The node (0..209) of the multiset of ``faces`` (any order, 0-4 faces)."""
    if len(faces) > 4:
        raise ValueError("at most 4 dice")
    multiset = 0
    succ = SUCC
    for face in faces:
        if not 0 <= face < 6:
            raise ValueError("bad face %r" % (face,))
        multiset = succ[6 * multiset + face]
    return multiset


def rank(faces):
    """The index of the multiset of ``faces`` among those of its size (colex).

    For a final roll this is the index into a ``values`` table."""
    return node(faces) - OFFSETS[len(faces)]


def node_size(node):
    """The number of faces in ``node``."""
    if not 0 <= node < 210:
        raise ValueError("bad node %r" % (node,))
    size = 0
    while node >= OFFSETS[size + 1]:
        size += 1
    return size


def _binom(total, size):
    if total < size:
        return 0
    result = 1
    for index in range(size):
        result = result * (total - index) // (index + 1)
    return result


def unrank(rank, size):
    """The sorted faces of the multiset of ``rank`` among those of ``size``."""
    if not 0 <= rank < n_multisets(size):
        raise ValueError("bad rank %r for size %r" % (rank, size))
    out = [0] * size
    index = size - 1
    while index >= 0:
        # colex: b_i = face_i + i are strictly increasing, r = sum C(b_i, i + 1)
        top = index + 5
        term = _binom(top, index + 1)
        while term > rank:
            top -= 1
            term = _binom(top, index + 1)
        out[index] = top - index
        rank -= term
        index -= 1
    return out


def faces(node):
    """The sorted faces of ``node``."""
    size = node_size(node)
    return unrank(node - OFFSETS[size], size)


def counts(node):
    """How many of each face (ARROW..RED) ``node`` holds: a list of 6."""
    tally = [0] * 6
    for face in faces(node):
        tally[face] += 1
    return tally


def from_counts(counts):
    """The node of the multiset with ``c[f]`` dice of face f."""
    all_faces = []
    for face in range(6):
        all_faces += [face] * counts[face]
    return node(all_faces)


def keeps(n_dice=4):
    """The keep nodes for ``n_dice`` dice: range(210) for 4 dice, range(84) for 3."""
    return range(OFFSETS[n_dice + 1])


def values_from(score, n_dice=4):
    """A values list for ``n_dice`` dice: score(sorted faces) for each final rank."""
    first = OFFSETS[n_dice]
    return [score(unrank(index, n_dice)) for index in range(OFFSETS[n_dice + 1] - first)]


# -- transitions (built lazily) --------------------------------------------

_cache = [None, None, None, None, None]  # [n]: trans_table(n); [0]: weights()


def weights():
    """210 bytes: the number of ordered rolls of |k| dice giving each node k.
    Built at the first call (read-only: do not change it)."""
    table = _cache[0]
    if table is None:
        table = bytearray(210)
        table[0] = 1
        succ = SUCC
        for parent in range(84):
            base = 6 * parent
            for face in range(6):
                table[succ[base + face]] += table[parent]  # the last die was face
        _cache[0] = table
    return table


def trans_table(n_dice=4):
    """The keep -> final transitions for n = ``n_dice`` (3 or 4) dice, a bytearray.

    For each keep node k in order, one byte per multiset a of n - |k| dice
    (in rank order): the final rank of k + a. The run of keep k starts at
    ``trans_start(k, n)`` and has n_multisets(n - |k|) entries; the weight of
    the j-th is ``weights()[OFFSETS[n - |k|] + j]``. 1365 bytes for 4 dice,
    364 for 3. Built at the first call, in place, with no garbage (read-only:
    do not change it)."""
    if n_dice != 3 and n_dice != 4:
        raise ValueError("3 or 4 dice")
    table = _cache[n_dice]
    if table is None:
        succ = SUCC
        first = OFFSETS[n_dice]
        table = bytearray(trans_start(OFFSETS[n_dice + 1] - 1, n_dice) + 1)
        pos = 0
        for keep in range(OFFSETS[n_dice + 1]):
            free = n_dice - node_size(keep)
            # the nodes of keep + a for the a of each size, in rank order, grow
            # in place: the a of size + 1 with top face f are the a of size
            # with faces <= f (the first C(size + f, size)), plus f. Going
            # backwards never overwrites an entry still to be read.
            table[pos] = keep
            for size in range(free):
                face = 5
                while face >= 0:
                    base = pos + _binom(size + face, size + 1)
                    index = _binom(size + face, size) - 1
                    while index >= 0:
                        table[base + index] = succ[6 * table[pos + index] + face]
                        index -= 1
                    face -= 1
            end = pos + n_multisets(free)
            while pos < end:
                table[pos] -= first
                pos += 1
        _cache[n_dice] = table
    return table


def trans_start(node, n_dice=4):
    """Where the run of keep ``node`` starts in trans_table(n_dice)."""
    size = node_size(node)
    if size > n_dice:
        raise ValueError("keep larger than the dice")
    start = 0
    for smaller in range(size):
        start += n_multisets(smaller) * n_multisets(n_dice - smaller)
    return start + (node - OFFSETS[size]) * n_multisets(n_dice - size)


def transitions(node, n_dice=4):
    """[(final rank, weight), ...] for keeping ``node`` and rolling the rest
    of ``n_dice`` dice; the weights sum to 6 ** (n_dice - |node|)."""
    table = trans_table(n_dice)
    weight = weights()
    free = n_dice - node_size(node)
    start = trans_start(node, n_dice)
    first = OFFSETS[free]
    return [(table[start + index], weight[first + index]) for index in range(n_multisets(free))]


# -- expectimax ------------------------------------------------------------


def _prep(dice, values, rolls_left=0):
    """(n, values as a sequence, nd): nd[m] = the node of the dice at the
    positions in bit mask m."""
    n_dice = len(dice)
    if n_dice != 3 and n_dice != 4:
        raise ValueError("3 or 4 dice")
    if rolls_left < 0:
        raise ValueError("rolls_left < 0")
    finals = OFFSETS[n_dice + 1] - OFFSETS[n_dice]
    if callable(values):
        values = [values(index) for index in range(finals)]
    elif len(values) != finals:
        raise ValueError("values need 126 entries for 4 dice, 56 for 3")
    succ = SUCC
    nodes = [0] * (1 << n_dice)
    for die in range(n_dice):
        face = dice[die]
        if not 0 <= face < 6:
            raise ValueError("bad face %r" % (face,))
        bit = 1 << die
        for mask in range(bit):
            nodes[bit | mask] = succ[6 * nodes[mask] + face]
    return n_dice, values, nodes


def _red(n_dice, values, table):
    """(value, action): the best change of at most one die, RED_SKIP if none
    is strictly better, else the first best RED_FIX + die * 6 + face."""
    full = (1 << n_dice) - 1
    first = OFFSETS[n_dice]
    best = values[table[full] - first]
    act = A.RED_SKIP
    succ = SUCC
    for die in range(n_dice):
        base = 6 * table[full ^ (1 << die)]
        for face in range(6):
            value = values[succ[base + face] - first]
            if value > best:
                best = value
                act = A.RED_FIX + die * 6 + face
    return best, act


def _stop(n_dice, values, table, red):
    """F of the current dice: its value, with a RED token the best change."""
    if red:
        return _red(n_dice, values, table)[0]
    return values[table[(1 << n_dice) - 1] - OFFSETS[n_dice]]


# The per-decision memo, made at the first decision and reused by every one
# after it (840 bytes of list): no garbage per decision.
_work = None


def _solve(n_dice, rolls, values, red):
    """The per-decision memo (``_work``, valid until the next call): a list
    over the keep nodes of n = ``n_dice`` dice (its first 210 or 84 entries)
    holding, for each keep k of size s < n, S_r(k) = E_r(k) * 6 ** (n * (r - 1) + n - s)
    (an exact int), r = ``rolls`` >= 1. Entries of size n hold W_{r-1}."""
    succ = SUCC
    first = OFFSETS[n_dice]
    end = OFFSETS[n_dice + 1]
    global _work
    memo = _work
    if memo is None:
        memo = _work = [0] * 210
    # (r >= 1: the keeps' entries are all written before they are read)
    for index in range(end - first):
        memo[first + index] = values[index]
    if red:
        _red_finals(memo, values, n_dice)
    for lev in range(rolls):
        if lev:
            # W_lev: scale every node to the common denominator (keep of size
            # j: * 6 ** j), then push maxima up to the finals (k = m is STOP)
            for size in range(n_dice + 1):
                scale = P6[size]
                for keep in range(OFFSETS[size], OFFSETS[size + 1]):
                    memo[keep] *= scale
            for keep in range(first):
                value = memo[keep]
                index = 6 * keep
                child = succ[index]
                if memo[child] < value:
                    memo[child] = value
                child = succ[index + 1]
                if memo[child] < value:
                    memo[child] = value
                child = succ[index + 2]
                if memo[child] < value:
                    memo[child] = value
                child = succ[index + 3]
                if memo[child] < value:
                    memo[child] = value
                child = succ[index + 4]
                if memo[child] < value:
                    memo[child] = value
                child = succ[index + 5]
                if memo[child] < value:
                    memo[child] = value
        # E_{lev+1}: the sum over the 6 faces of the next die, bottom up
        keep = first - 1
        while keep >= 0:
            index = 6 * keep
            memo[keep] = (memo[succ[index]] + memo[succ[index + 1]] + memo[succ[index + 2]]
                          + memo[succ[index + 3]] + memo[succ[index + 4]] + memo[succ[index + 5]])
            keep -= 1
    return memo


def _red_finals(memo, values, n_dice):
    """With a RED token, F(m) = max over m - {one die} + {any face}: push
    each size n-1 keep's best completion (from the plain ``values``) to its
    completions in ``memo``, whose finals hold the plain values."""
    succ = SUCC
    first = OFFSETS[n_dice]
    for keep in range(OFFSETS[n_dice - 1], first):
        index = 6 * keep
        child0 = succ[index]
        child1 = succ[index + 1]
        child2 = succ[index + 2]
        child3 = succ[index + 3]
        child4 = succ[index + 4]
        child5 = succ[index + 5]
        top = max(values[child0 - first], values[child1 - first], values[child2 - first],
                  values[child3 - first], values[child4 - first], values[child5 - first])
        if memo[child0] < top:
            memo[child0] = top
        if memo[child1] < top:
            memo[child1] = top
        if memo[child2] < top:
            memo[child2] = top
        if memo[child3] < top:
            memo[child3] = top
        if memo[child4] < top:
            memo[child4] = top
        if memo[child5] < top:
            memo[child5] = top


def action_values(dice, rolls_left, values, red=False):
    """(den, [(action, num), ...]): the exact expected value num / den of
    every legal action, STOP first, then the REROLL masks in tie-break order.
    den = 6 ** (n * rolls_left). With rolls_left == 0 only STOP."""
    n_dice, values, nodes = _prep(dice, values, rolls_left)
    den = 6 ** (n_dice * rolls_left)
    out = [(A.STOP, _stop(n_dice, values, nodes, red) * den)]
    if rolls_left > 0:
        memo = _solve(n_dice, rolls_left, values, red)
        full = (1 << n_dice) - 1
        for mask in ORDER[n_dice - 3]:
            keep = full ^ mask
            out.append((A.REROLL + mask, memo[nodes[keep]] * P6[POP[keep]]))
    return den, out


def best_keep(dice, rolls_left, values, red=False):
    """The Hard archer's roll decision: STOP or REROLL + mask.

    ``dice``: the current faces by position (3 or 4 ints); ``rolls_left``:
    rolls still allowed (2 after the first roll, 1 after the second, 0 after
    the third: then STOP); ``values``: the score of each final multiset,
    indexed by final rank (see the module doc); ``red``: the archer holds a
    RED token and may change one die after the last roll. Maximises the
    exact expected value; ties as in the module doc."""
    n_dice, values, nodes = _prep(dice, values, rolls_left)
    if not rolls_left:
        return A.STOP
    best = _stop(n_dice, values, nodes, red) * 6 ** (n_dice * rolls_left)
    act = A.STOP
    memo = _solve(n_dice, rolls_left, values, red)
    full = (1 << n_dice) - 1
    powers = P6
    pop = POP
    for mask in ORDER[n_dice - 3]:
        keep = full ^ mask
        value = memo[nodes[keep]] * powers[pop[keep]]
        if value > best:
            best = value
            act = A.REROLL + mask
    return act


def expected_value(dice, rolls_left, values, red=False, action=None):
    """(num, den): the exact expected final value of ``action`` (default: the
    best one) from these dice, playing optimally afterwards.
    den = 6 ** (len(dice) * rolls_left)."""
    den, actions = action_values(dice, rolls_left, values, red)
    best = actions[0][1]
    for act, num in actions:
        if act == action:
            return num, den
        if num > best:
            best = num
    if action is not None:
        raise ValueError("not a legal action here")
    return best, den


def start_value(n_dice, values, red=False, rolls=3):
    """(num, den): the expected final value of a whole roll phase of ``n_dice``
    dice with up to ``rolls`` rolls (>= 1), played optimally. den = 6 ** (n_dice * rolls)."""
    n_dice, values, nodes = _prep([0] * n_dice, values, rolls - 1)
    return _solve(n_dice, rolls, values, red)[0], 6 ** (n_dice * rolls)


def best_red(dice, values):
    """After the last roll, with a RED token: RED_SKIP, or RED_FIX + die * 6 +
    face for the change of one die that maximises values[rank]. Keeps the
    token unless a change is strictly better; the first best (die, face)
    with dice from 0 and faces from ARROW."""
    n_dice, values, nodes = _prep(dice, values)
    return _red(n_dice, values, nodes)[1]
