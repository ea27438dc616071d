"""Sound proofs and exact values of perfect play (issue 38).

:func:`prove` asks the compiled proof search (:mod:`hoyito_edu.compiled.proof`) whether the
prover's final margin (their score minus the opponent's at the end of the game, surplus
included) is at least ``target`` against every defence. By default the search is
*pessimistic* under the repetition rule (R4.3): a position met again since the last capture is
the prover's loss, so it is sound but may leave open a claim that only a repetition decides;
``mode="history"`` keys its table by the position and the multiset of positions since the
last capture, and is exact (the module's docstring argues why each is sound).
:func:`proven_move` gives the prover's move that keeps a target proven: the oracle the
certificate builder (:mod:`hoyito_edu.analysis.certificates`) calls at every prover node.
:func:`hoyito_edu.analysis.readable.check` asks the same question in plain Python over the
engine, the second check.

Exact values come by bisection on the target (:func:`next_target`): a proven target ``t`` says
South's margin ``M >= t``, a refuted one ``M <= t - 2`` (``M`` has the parity of the seeds in
play: even on 2x6). ``python -m hoyito_edu solve`` (:func:`solve`) does it for the start of
every rule set on 2x6 and for every South opening (24 positions), giving each test a node
budget that grows fourfold while the answer stays unknown *for lack of nodes*. A pessimistic
test whose two searches both finished open inside their budgets (:func:`why_open`: only
repetition cuts stood in the way) is never given more nodes, since a larger budget repeats the
same search: the same target goes to the exact ``"history"`` search instead (budgets from
:data:`FIRST_BUDGET` to ``max_history``), and if that stays open too, the bisection tries the
other targets of the range; it writes ``data/solved.csv``
(:data:`COLUMNS`) and keeps every test's answer in a state file, so a stopped run goes on where
it stopped. Tests run in parallel processes, or on a Dask cluster (``--scheduler``), one
opening subtree a task. A start's value is also bounded by its openings' (South moves first:
the start's value is the best opening's), and the table says which bound came from where.

>>> import hoyito_edu as hy
>>> proof = prove(new_game("hoyito-i"), prover=0, target=-48, max_nodes=1000)
>>> proof.proven, proof.nodes
(True, 0)
"""

from __future__ import annotations

import csv
import functools
import json
import os
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from ..compiled.proof import CUT, Prover
from ..engine.events import Reason
from ..engine.position import Position, new_game

VARIANTS = ("hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa")
#: Node budgets of one test, tried in turn while the answer stays unknown.
FIRST_BUDGET = 1_000_000
GROWTH = 4
#: The budget :func:`proven_move` gives one call by default.
ORACLE_NODES = 20_000_000
#: Where the table and its state go by default.
DATA = Path(__file__).resolve().parent.parent.parent / "data"
COLUMNS = ("variant", "position", "hole", "value", "low", "high", "status", "method", "tests",
           "nodes", "seconds", "next")
#: Where to start the bisection of each start: the old, unsound searches' bounds (only a
#: hint: every value here is proved again).
HINTS = {"hoyito-i": -8, "hoyito-ii": -24, "hoyito-iii": -32, "ba-awa": 8}
METHOD = ("sound proof search (compiled AND/OR search, iterative deepening; pessimistic under "
          "R4.3: a position met again since the last capture is the prover's loss): South's "
          "proof of M >= t, else North's of M <= t - 2; bisection on t")

#: A test's answer in words.
WORDS = {1: "proven", -1: "refuted", 0: "open"}
#: Why a test stayed open (:func:`why_open`), as the table's ``tests`` column adds it to "open"
#: (an open answer the budget limited is plain "open").
OPEN_WORDS = {"budget": "", "repetition": "-repetition", "depth": "-depth",
              "finished": "-finished"}
#: The largest budget the exact ``"history"`` search gets on one test by default.
HISTORY_NODES = FIRST_BUDGET * GROWTH**3
#: The largest budget one test gets unless ``--max-nodes`` says otherwise (16,384 million).
MAX_NODES = FIRST_BUDGET * GROWTH**7
#: A state file keeps an item's history-mode answers under its name with this suffix.
HISTORY_SUFFIX = "/history"

#: Table slots of the oracle's search, and of each solve worker's (40 bytes a slot).
ORACLE_SLOTS = 1 << 20
SOLVE_SLOTS = 1 << 22
SLOT_BYTES = 40

_PROVERS: dict[tuple[int, str], Prover] = {}


@dataclass(frozen=True)
class Proof:
    """The answer to "is ``prover``'s final margin at least ``target``?": ``proven`` True,
    False (refuted: the opponent keeps it below) or None (not known: the budget ran out, or
    only repetitions refuted it: ``cut``, see :mod:`hoyito_edu.compiled.proof`);
    ``best`` the prover's move that proves it, when the prover is to move (else None);
    ``nodes`` positions expanded, ``depth`` the last iteration's, ``seconds``."""

    proven: bool | None
    prover: int
    target: int
    best: int | None
    nodes: int
    depth: int
    seconds: float
    cut: bool = False
    #: why it is not known: "budget", "repetition", "depth", or "" (proven or refuted); see
    #: :attr:`hoyito_edu.compiled.proof.Answer.limit`
    limit: str = ""


def _history(position: Position, history: Sequence[Position]) -> tuple | None:
    """(board, player) of the positions since the last capture, ``position`` last, from an
    explicit ``history`` (None: the one ``position`` carries)."""
    if not history:
        return None
    rows = [(earlier.board, earlier.player) for earlier in history]
    if rows[-1] != (position.board, position.player):
        rows.append((position.board, position.player))
    return tuple(rows)


def prove(position: Position, *, prover: int, target: int, history: Sequence[Position] = (),
          max_nodes: int | None, slots: int = ORACLE_SLOTS,
          mode: str = "pessimistic") -> Proof:
    """Is ``prover``'s final margin from ``position`` at least ``target`` whatever the
    opponent does? ``history``: the game's positions since its last capture, oldest first
    (with or without ``position`` last); by default the history ``position`` carries (a
    position reached by :meth:`~hoyito_edu.Position.play` carries its own). The table is kept
    between calls in the same process (see :class:`~hoyito_edu.compiled.proof.Prover`).
    ``mode``: ``"pessimistic"`` (a repetition is the prover's loss) or ``"history"`` (exact
    under R4.3, the history in the table key).

    >>> import hoyito_edu as hy
    >>> prove(new_game("ba-awa"), prover=0, target=50, max_nodes=10).proven
    False
    """
    if prover not in (0, 1):
        raise ValueError(f"the prover is 0 (South) or 1 (North), not {prover!r}")
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"max_nodes must be a whole number from 1, or None, not {max_nodes!r}")
    searcher = _PROVERS.get((slots, mode))
    if searcher is None:
        searcher = _PROVERS[slots, mode] = Prover(slots, mode)
    answer = searcher.prove(position, prover, target, max_nodes,
                            history=_history(position, history))
    proven = {1: True, -1: False}.get(answer.result)
    best = answer.best if answer.best >= 0 else None
    return Proof(proven, prover, target, best, answer.nodes, answer.depth, answer.seconds,
                 answer.result == CUT, answer.limit)


def proven_move(position: Position, *, prover: int, target: int,
                history: Sequence[Position] = (), max_nodes: int | None = ORACLE_NODES,
                slots: int = ORACLE_SLOTS, avoid: frozenset[int] = frozenset()) -> int | None:
    """A hole for ``prover`` (to move in ``position``) that keeps "final margin >= target"
    proven, or None if the proof search does not prove it within ``max_nodes`` (with a table
    of ``slots`` entries, kept between calls with the same ``slots``). With ``avoid``, a hole
    not in it: the first other hole after which the claim is proven (each within
    ``max_nodes``).

    >>> import hoyito_edu as hy
    >>> start = new_game("hoyito-i")
    >>> proven_move(start, prover=0, target=-48) in start.legal_moves()
    True
    >>> proven_move(start, prover=0, target=-48, avoid=frozenset({0, 1}))
    2
    """
    if position.outcome is not None or position.player != prover:
        raise ValueError("proven_move needs a game that goes on with the prover to move "
                         f"(player {position.player}, prover {prover})")
    if avoid:
        return other_proven_move(position, prover, target, history, max_nodes, slots, avoid)
    found = prove(position, prover=prover, target=target, history=history, max_nodes=max_nodes,
                  slots=slots)
    if found.proven and found.best is None:  # decided before any move: every move keeps it
        return min(position.legal_moves())
    return found.best if found.proven else None


def other_proven_move(position: Position, prover: int, target: int,
                      history: Sequence[Position], max_nodes: int | None, slots: int,
                      avoid: frozenset[int]) -> int | None:
    """:func:`proven_move` without the holes of ``avoid``: each other hole in turn, proving
    the claim from the position it leads to (a finished game: its margin, unless a repetition
    ended it)."""
    for hole in position.legal_moves():
        if hole in avoid:
            continue
        after = position.play(hole)
        if after.outcome is not None:
            score = after.score
            if (after.outcome.reason != Reason.REPETITION
                    and score[prover] - score[1 - prover] >= target):
                return hole
            continue
        since = ()
        if history and after.captures == position.captures:  # the same stretch: it goes on
            last = history[-1]
            mine = (last.board, last.player) == (position.board, position.player)
            since = (*history, *(() if mine else (position,)))
        if prove(after, prover=prover, target=target, history=since, max_nodes=max_nodes,
                 slots=slots).proven:
            return hole
    return None


# -- bisection ----------------------------------------------------------------------------------
def parity(position: Position) -> int:
    """0 or 1: the parity every final margin of ``position`` has (the seeds in play).

    >>> parity(new_game("hoyito-i"))
    0
    """
    return (sum(position.board) + sum(position.captures) + sum(position.surplus)) % 2


def bounds(tests: dict[int, int], total: int) -> tuple[int, int]:
    """South's margin's (low, high) from tests {target: 1 proven / -1 refuted / 0}.

    >>> bounds({0: -1, -8: 1}, 48)
    (-8, -2)
    """
    low = max([t for t, r in tests.items() if r == 1], default=-total)
    high = min([t - 2 for t, r in tests.items() if r == -1], default=total)
    return low, high


def next_target(low: int, high: int, hint: int | None = None,
                skip: frozenset[int] | set[int] = frozenset()) -> int | None:
    """The next target to test (same parity as ``low``), or None when ``low == high``: the
    ``hint`` and the one above it first if they split the range, else the middle. A target in
    ``skip`` (one no search can settle) is passed over: the targets below it are tried first,
    then those above it.

    >>> next_target(-48, 48), next_target(-48, 48, hint=-8), next_target(-8, 48, hint=-8)
    (2, -8, -6)
    >>> next_target(-8, -8) is None
    True
    >>> next_target(-22, -8, skip={-14}), next_target(-22, -8, skip={-14, -16, -18, -20})
    (-18, -10)
    >>> next_target(-12, -8, skip={-10, -8}) is None
    True
    """
    if low >= high:
        return None
    target = None
    if hint is not None:
        hint -= (hint - low) % 2
        target = next((t for t in (hint, hint + 2) if low < t <= high), None)
    if target is None:
        middle = (low + high) // 2 + 1
        target = middle + (middle - low) % 2
    if target not in skip:
        return target
    below = next_target(low, target - 2, hint, skip)
    return below if below is not None else next_target(target, high, hint, skip)


def why_open(answer: list) -> str:
    """Why a test's answer ``[result, nodes, seconds, budget, why]`` is open: ``"budget"`` (a
    search spent its budget: more nodes may settle it), else both searches finished inside
    the budget, so a larger one would repeat them node for node (the search is deterministic
    and the budget only stops it): ``"repetition"`` (the root met only repetition cuts),
    ``"depth"`` (every iteration to 399 plies finished open: in practice a position the table
    holds as not known because repetition cuts refuted it on another line), or
    ``"finished"`` (an answer of an older state file, which does not say which: it is the
    budget's only if its nodes pass the budget, since a search that spends its budget counts
    one node more than it). ``""`` if it is settled.

    >>> old = 256_000_000
    >>> why_open([0, 104_122_539, 2007.9, old]), why_open([0, 512_000_002, 9.9, old])
    ('finished', 'budget')
    >>> why_open([0, 20, 0.1, 1_000_000, "depth"]), why_open([1, 20, 0.1, 1_000_000, ""])
    ('depth', '')
    """
    if answer[0] != 0:
        return ""
    if len(answer) > 4:
        return answer[4]
    return "budget" if answer[1] > answer[3] else "finished"


def answer_text(answer: list) -> str:
    """A test's answer in the words of the table's ``tests`` column: proven, refuted, open (the
    budget ran out), or open-repetition, open-depth, open-finished (:func:`why_open`: no
    budget settles it in that mode).

    >>> answer_text([0, 104_122_539, 2007.9, 256_000_000]), answer_text([1, 9, 0.1, 10])
    ('open-finished', 'proven')
    """
    return WORDS[answer[0]] + OPEN_WORDS.get(why_open(answer), "")


# -- the positions ----------------------------------------------------------------------------
@dataclass
class Item:
    """One position to solve: a start (``hole`` None) or the position after South's opening
    move from ``hole``, and the answers of its tests so far ({target: [result, nodes,
    seconds, budget, why]}; ``why``: :func:`why_open`), by the default (pessimistic) search
    in ``tests`` and by the exact ``"history"`` search in ``exact``."""

    variant: str
    hole: int | None
    tests: dict[int, list] = field(default_factory=dict)
    #: False: prove again by search what a certificate already proves (an independent check)
    skip_certified: bool = True
    exact: dict[int, list] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.variant}/{'start' if self.hole is None else f'opening-{self.hole}'}"

    def position(self) -> Position:
        start = new_game(self.variant)
        return start if self.hole is None else start.play(self.hole)

    def known(self) -> dict[int, int]:
        """{target: 1 proven, -1 refuted, 0 open} by either search."""
        found = {t: answer[0] for t, answer in self.tests.items()}
        found.update({t: answer[0] for t, answer in self.exact.items() if answer[0] != 0})
        return found

    def next_test(self, max_nodes: int,
                  max_history: int = HISTORY_NODES) -> tuple[int, int, str] | None:
        """(target, budget, mode) of the next test, or None when exact or out of budget. A
        target the pessimistic search left open with budget to spare (:func:`why_open`) goes to
        the ``"history"`` search up to ``max_history`` nodes, then the other targets are tried;
        one it left open for the budget ends the item's tests at ``max_nodes``, as before."""
        low, high = bounds(self.known(), 48)
        if self.skip_certified:  # what a certificate proves is not asked again
            certified_low, certified_high, _ = certified_bounds(self)
            low, high = max(low, certified_low), min(high, certified_high)
        hint = HINTS[self.variant] if self.hole is None else None
        stuck: set[int] = set()
        while (target := next_target(low, high, hint, stuck)) is not None:
            test = self.test_of(target, max_nodes, max_history)
            if test is not None or why_open(self.tests[target]) == "budget":
                return test
            stuck.add(target)
        return None

    def test_of(self, target: int, max_nodes: int,
                max_history: int) -> tuple[int, int, str] | None:
        """The next test of ``target`` (see :meth:`next_test`), or None if no affordable one
        may settle it."""
        tried = self.tests.get(target)
        if tried is None:
            return target, FIRST_BUDGET, "pessimistic"
        why = why_open(tried)
        if why == "budget":
            budget = tried[3] * GROWTH
            return (target, budget, "pessimistic") if budget <= max_nodes else None
        exact = self.exact.get(target)  # not settled for want of nodes: the exact search's turn
        if exact is not None and why_open(exact) != "budget":
            return None
        budget = FIRST_BUDGET if exact is None else exact[3] * GROWTH
        return (target, budget, "history") if budget <= min(max_nodes, max_history) else None


def items(variants: Sequence[str] = VARIANTS, openings: bool = True,
          skip_certified: bool = True) -> list[Item]:
    """The starts of ``variants``, then (``openings``) South's six openings of each."""
    found = [Item(variant, None) for variant in variants]
    if openings:
        found += [Item(v, hole) for v in variants for hole in new_game(v).legal_moves()]
    return [Item(i.variant, i.hole, skip_certified=skip_certified) for i in found]


def decide(position: Position, target: int, budget: int, slots: int = SOLVE_SLOTS,
           mode: str = "pessimistic") -> list:
    """Is South's margin ``M >= target`` (1) or ``M <= target - 2`` (-1), or not known (0)?
    South's proof first; if it is neither proven nor refuted (the budget, or only repetitions
    refuted it), North's proof of ``-M >= 2 - target``. Each gets ``budget`` nodes and a
    table of ``slots`` entries, searching in ``mode`` (:func:`prove`). Returns [result, nodes,
    seconds, budget, why]: ``why`` says why it is open (:func:`why_open`), "" if settled.

    >>> decide(new_game("ba-awa"), -48, 10)[0::4]
    [1, '']
    """
    south = prove(position, prover=0, target=target, max_nodes=budget, slots=slots, mode=mode)
    result, nodes, seconds = {True: 1, False: -1}.get(south.proven, 0), south.nodes, south.seconds
    limits = {south.limit}
    if result == 0:
        north = prove(position, prover=1, target=2 - target, max_nodes=budget, slots=slots,
                      mode=mode)
        result = {True: -1, False: 1}.get(north.proven, 0)
        nodes, seconds = nodes + north.nodes, seconds + north.seconds
        limits.add(north.limit)
    why = next((w for w in ("budget", "depth", "repetition") if w in limits), "")
    return [result, nodes, round(seconds, 2), budget, why if result == 0 else ""]


def run_test(variant: str, hole: int | None, target: int, budget: int,
             slots: int = SOLVE_SLOTS, mode: str = "pessimistic") -> list:
    """One test of a start or an opening, in a worker (:func:`decide`)."""
    return decide(Item(variant, hole).position(), target, budget, slots, mode)


# -- the run ----------------------------------------------------------------------------------
def load_state(path: Path, wanted: list[Item]) -> list[Item]:
    """``wanted`` with the answers a state file already holds."""
    if path.exists():
        saved = json.loads(path.read_text(encoding="utf-8"))
        for item in wanted:
            item.tests = {int(t): a for t, a in saved.get(item.name, {}).items()}
            item.exact = {int(t): a for t, a in
                          saved.get(item.name + HISTORY_SUFFIX, {}).items()}
    return wanted


def save_state(path: Path, done: list[Item]) -> None:
    """Write every test's answer (atomically: a stopped run never leaves half a file): an
    item's under its name, its ``"history"`` search's under the name and
    :data:`HISTORY_SUFFIX` (a reader that knows only the first kind skips them). What the file
    holds of items not in ``done`` (a run given other ``--variants``, or ``--no-openings``)
    is kept as it was."""
    kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for item in done:
        kept[item.name] = item.tests
        kept.pop(item.name + HISTORY_SUFFIX, None)
        if item.exact:
            kept[item.name + HISTORY_SUFFIX] = item.exact
    text = json.dumps(kept, indent=1, sort_keys=True)
    partial = path.with_suffix(".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def certified_bounds(item: Item) -> tuple[int, int, list[str]]:
    """South's margin's (low, high) at ``item`` as the certificates of ``data/proofs/`` claim
    them (every one is verified by the engine in the test suite: ``verify-proof``), and the
    names of those that make each end (the best South's, then the best North's). A certificate
    counts when its claim is about this very position: the rule set's start with its default
    options, and no move (a start) or South's opening (an opening). For an opening, North's
    certificates from the start count too: the verifier follows every South opening in them,
    with the same game record (the start, then the opening), so North's strategy from the start
    holds South to its claim after each opening.

    >>> certified_bounds(Item("hoyito-i", None))
    (-8, -8, ['hoyito-i-start-south-minus-8', 'hoyito-i-start-north-8'])
    """
    claims = claims_about(item)
    south = {name: certificate.header["worst_case"]
             for name, certificate in claims if certificate.prover == 0}
    north = {name: -certificate.header["worst_case"]
             for name, certificate in claims if certificate.prover == 1}
    if item.hole is not None:
        north.update((name, -certificate.header["worst_case"])
                     for name, certificate in claims_about(Item(item.variant, None))
                     if certificate.prover == 1)
    low, high = max(south.values(), default=-48), min(north.values(), default=48)
    names = [name for name, bound in sorted(south.items()) if bound == low]
    names += [name for name, bound in sorted(north.items()) if bound == high]
    return low, high, names


def claims_about(item: Item) -> list[tuple[str, object]]:
    """The kept certificates (name, certificate) whose claim is about ``item``'s very position.

    >>> [name for name, _ in claims_about(Item("ba-awa", 5))]
    ['ba-awa-opening-5-north-8', 'ba-awa-opening-5-south-minus-8']
    """
    here = item.position()
    place = (here.rules, here.board, here.captures, here.surplus, here.player)
    moves = 0 if item.hole is None else 1
    return [(name, certificate) for name, certificate, count, where in claim_places()
            if (certificate.header["variant"], count, where) == (item.variant, moves, place)]


@functools.cache
def claim_places() -> tuple[tuple[str, object, int, tuple], ...]:
    """Each kept certificate with its number of moves from the start and its claim's position
    (rules, board, captures, surplus, player), replayed once a process."""
    from .certificates import kept_certificates, root_of  # noqa: PLC0415 - read lazily

    found = []
    for name, certificate in kept_certificates():
        root, _ = root_of(certificate.header)
        found.append((name, certificate, len(certificate.header["moves"]),
                      (root.rules, root.board, root.captures, root.surplus, root.player)))
    return tuple(found)


def own_bounds(item: Item) -> tuple[int, int, str]:
    """South's margin's (low, high) at ``item`` from its own tests and the certificates that
    claim it, and what the table's method adds for them: the certified range and the
    certificates that make it, whenever one does (a low end of -48, every seed to North,
    needs none)."""
    low, high = bounds(item.known(), 48)
    by_low, by_high, names = certified_bounds(item)
    said = ""
    if names:
        said = f"; certified [{by_low}, {by_high}] by data/proofs/ {', '.join(names)}"
        if by_low == -48:
            said += " (the low end, every seed to North, needs no proof)"
    return max(low, by_low), min(high, by_high), said


def next_step(item: Item, exact: bool) -> str:
    """What the trend says of a bound: the test the solver asks next (:meth:`Item.next_test`
    with :data:`MAX_NODES`) and its cost at the speed this item's answered tests had, both
    sides' searches counted; "" once ``exact``.

    >>> item = Item("hoyito-ii", 0, {-34: [1, 5_608_354, 7.23, 16_000_000],
    ...                              -28: [0, 512_000_002, 3_837.76, 256_000_000, "budget"],
    ...                              -22: [-1, 125_305_812, 180.4, 64_000_000]},
    ...             skip_certified=False)
    >>> next_step(item, exact=False)  # doctest: +NORMALIZE_WHITESPACE
    'M >= -28 with 1,024,000,000 nodes a side: up to 3.6 hours of one worker at the 0.16
    million nodes a second of its tests so far'
    """
    if exact:
        return ""
    test = item.next_test(MAX_NODES)
    if test is None:
        return f"no test left within {MAX_NODES:,} nodes a side"
    target, budget, mode = test
    answers = [*item.tests.values(), *item.exact.values()]
    nodes, seconds = sum(a[1] for a in answers), sum(a[2] for a in answers)
    by = " by the history search" if mode == "history" else ""
    if nodes < 1_000_000 or seconds <= 0:  # too little measured to say how long it takes
        return f"M >= {target}{by} with {budget:,} nodes a side"
    rate = nodes / seconds
    hours = 2 * budget / rate / 3600
    minutes = max(1, round(hours * 60))
    cost = f"{hours:.1f} hours" if hours >= 1 else f"{minutes} minute{'s' * (minutes > 1)}"
    return (f"M >= {target}{by} with {budget:,} nodes a side: up to {cost} of one worker at "
            f"the {rate / 1e6:.2f} million nodes a second of its tests so far")


def row(item: Item, done: list[Item]) -> dict:
    """The table row of ``item``: its own bounds (:func:`own_bounds`), a start's also from its
    openings' (South moves first: the start is worth its best opening), an opening's high end
    also from its start's (no opening is worth more than the start)."""
    low, high, said = own_bounds(item)
    method = METHOD + said
    mine = [o for o in done if o.variant == item.variant and o.hole is not None]
    if item.hole is None and len(mine) == len(item.position().legal_moves()):
        found = [own_bounds(o)[:2] for o in mine]
        by_low, by_high = max(m[0] for m in found), max(m[1] for m in found)
        if by_low > low or by_high < high:
            method += f"; with the openings' bounds [{by_low}, {by_high}] (the best opening)"
        low, high = max(low, by_low), min(high, by_high)
    start = [s for s in done if s.variant == item.variant and s.hole is None]
    if item.hole is not None and start:
        start_high = own_bounds(start[0])[1]
        if start_high < high:
            method += f"; at most the start's {start_high} (no opening is worth more)"
            high = start_high
    if item.exact:
        method += ("; where only repetition cuts left a target open, the exact search (R4.3's "
                   "history since the last capture in its table key)")
    exact = low == high
    answers = [*item.tests.values(), *item.exact.values()]
    return {"variant": item.variant, "position": "start" if item.hole is None else "opening",
            "hole": "" if item.hole is None else item.hole, "value": low if exact else "",
            "low": low, "high": high, "status": "exact" if exact else "bound", "method": method,
            "tests": column_of_tests(item),
            "nodes": sum(a[1] for a in answers),
            "seconds": round(sum(a[2] for a in answers), 1),
            "next": next_step(item, exact)}


def column_of_tests(item: Item) -> str:
    """The table's ``tests`` column: ``target:answer@budget`` for each test, by target
    (:func:`answer_text`), the exact search's answers marked ``history-``.

    >>> column_of_tests(Item("hoyito-i", 1, {-10: [0, 104_122_539, 2007.9, 256_000_000],
    ...                                 -22: [1, 778, 0.0, 1_000_000]},
    ...                 exact={-10: [0, 8_000_002, 30.5, 4_000_000, "budget"]}))
    '-22:proven@1000000;-10:open-finished@256000000;-10:history-open@4000000'
    """
    parts = []
    for target in sorted({*item.tests, *item.exact}):
        for kind, answers in (("", item.tests), ("history-", item.exact)):
            if target in answers:
                answer = answers[target]
                parts.append(f"{target}:{kind}{answer_text(answer)}@{answer[3]}")
    return ";".join(parts)


def with_the_rest(state: Path, todo: list[Item]) -> list[Item]:
    """``todo`` and every other item of :func:`items`, the others with their answers from
    ``state``, in the order of :func:`items`: the table always holds every rule set's start and
    openings, whichever of them a run was given."""
    asked = {item.name: item for item in todo}
    every = items()
    load_state(state, [item for item in every if item.name not in asked])
    return [asked.get(item.name, item) for item in every]


def write_table(path: Path, done: list[Item]) -> None:
    """``data/solved.csv``: one row a position (see :data:`COLUMNS`)."""
    partial = path.with_suffix(".partial")
    with open(partial, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(row(item, done) for item in done)
    os.replace(partial, path)


def solve(todo: list[Item], executor: Executor, max_nodes: int, state: Path, out: Path,
          log=print, parallel: int = 2, slots: int = SOLVE_SLOTS,
          max_history: int = HISTORY_NODES) -> list[Item]:
    """Run every item's tests on ``executor`` until each is exact or its next test would pass
    ``max_nodes`` (``max_history`` for the exact ``"history"`` search, :meth:`Item.next_test`):
    one test per item at a time, the smallest budget first, at most ``parallel`` at once (the
    workers, or twice as many to keep them busy). The state file and the table are written
    after every answer, and the table once more at the end (so a run with nothing left to ask
    rewrites it from the state and the certificates of ``data/proofs/``). Each test's search
    gets a table of ``slots`` entries."""
    running = {}
    table = with_the_rest(state, todo)  # the others' answers do not change during the run
    while True:
        busy = {name for name, _, _ in running.values()}
        waiting = [(item.next_test(max_nodes, max_history), item) for item in todo
                   if item.name not in busy]
        waiting = sorted(((test, i, item) for i, (test, item) in enumerate(waiting)
                          if test is not None), key=lambda w: (w[0][1], w[1]))
        for (target, budget, mode), _, item in waiting[: max(0, parallel - len(running))]:
            future = executor.submit(run_test, item.variant, item.hole, target, budget, slots,
                                     mode)
            running[future] = (item.name, target, mode)
            by = " by the history search" if mode == "history" else ""
            log(f"{time.strftime('%H:%M:%S')} test {item.name} M >= {target}{by} with "
                f"{budget:,} nodes")
        if not running:
            write_table(out, table)
            return todo
        finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in finished:
            name, target, mode = running.pop(future)
            item = next(i for i in todo if i.name == name)
            answers = item.exact if mode == "history" else item.tests
            answers[target] = answer = future.result()
            by = " (history search)" if mode == "history" else ""
            log(f"{time.strftime('%H:%M:%S')} {name} M >= {target}{by}: {answer_text(answer)} "
                f"({answer[1]:,} nodes, {answer[2]} s); bounds {bounds(item.known(), 48)}")
        save_state(state, todo)
        write_table(out, table)


def local_executor(jobs: int) -> Executor:
    """``jobs`` worker processes (spawned: each loads the compiled search from numba's cache)."""
    import multiprocessing

    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))


def main(argv: list[str] | None = None) -> int:
    """``python -m hoyito_edu solve``: exact values by sound proofs (the module's docstring)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m hoyito_edu solve",
        description="Exact perfect-play values (South's final margin) of the start of each rule "
        "set on 2x6 and of every South opening, by sound proofs and bisection. Rerun the same "
        "command to go on where a run stopped.")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--no-openings", action="store_true", help="only the starts")
    parser.add_argument("--again", action="store_true",
                        help="prove again by search what a certificate of data/proofs/ proves")
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES,
                        help="the largest budget one test gets (default %(default)s)")
    parser.add_argument("--max-history-nodes", type=int, default=HISTORY_NODES,
                        help="the largest budget the exact history search gets on a target "
                        "that only repetition cuts left open (0: never; default %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--table-mb", type=int, default=SOLVE_SLOTS * SLOT_BYTES >> 20,
                        help="each worker's search table in MB, rounded down to a power of "
                        "two of 40-byte slots (default %(default)s)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the tests on the Dask cluster at ADDRESS (tcp://HOST:8786)")
    parser.add_argument("--out", type=Path, default=DATA / "solved.csv")
    parser.add_argument("--state", type=Path,
                        help="the answers so far (default: OUT with .state.json)")
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.max_nodes < FIRST_BUDGET:
        parser.error(f"--jobs must be at least 1 and --max-nodes at least {FIRST_BUDGET:,}")
    if args.max_history_nodes < 0:
        parser.error(f"--max-history-nodes must be 0 (never) or more, not {args.max_history_nodes}")
    if not 1 <= args.table_mb <= 1 << 16:
        parser.error(f"--table-mb must be a whole number of MB from 1 to 65536, "
                     f"not {args.table_mb}")
    slots = 1 << max(4, ((args.table_mb << 20) // SLOT_BYTES).bit_length() - 1)
    state = args.state or args.out.with_suffix(".state.json")
    todo = load_state(state, items(args.variants, not args.no_openings, not args.again))
    client = None
    if args.scheduler:
        try:
            from distributed import Client

            client = Client(args.scheduler, timeout="20s")
        except ImportError:
            parser.exit(1, f"{parser.prog}: --scheduler needs Dask: pip install "
                        "'hoyito_edu[dask]'\n")
        except (OSError, TimeoutError) as error:
            parser.exit(1, f"{parser.prog}: cannot reach the Dask scheduler at "
                        f"{args.scheduler}: {error}\n")
        executor = client.get_executor()
        parallel = 2 * max(1, len(client.scheduler_info().get("workers", {})))
    else:
        executor, parallel = local_executor(args.jobs), args.jobs
    try:
        solve(todo, executor, args.max_nodes, state, args.out,
              log=lambda text: print(text, flush=True), parallel=parallel, slots=slots,
              max_history=args.max_history_nodes)
    finally:
        executor.shutdown(wait=False)
        if client is not None:
            client.close()
    for item in todo:
        print(row(item, todo))
    return 0
