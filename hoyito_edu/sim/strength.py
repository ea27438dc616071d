"""Is one player stronger than another? Game pairs, pentanomial statistics and the SPRT.

Engine authors decide this with the fewest games by playing *pairs* of games from the same
opening with the seats swapped, scoring each pair as a whole (0, ½, 1, 1½ or 2 points for the
first player), and testing the pairs as they come in with a sequential probability ratio test
(SPRT) that stops as soon as the evidence suffices. This module does the same for hoyito_edu's
players, in the way Stockfish's testing framework (fishtest) does:

- **Pentanomial counts.** A pair's score takes five values, so the results are five counts.
  Pairing cancels most of what the opening and the seat give one side (in Hoyito the seat
  often decides more than the players), and the variance of the pair scores, not of single
  games, measures the noise that is left.
- **Elo and its interval.** The mean score per game ``s`` (pairs' points / 2 / pairs) gives the
  Elo difference ``-400 log10(1/s - 1)``; its 95 % interval comes from ``s ± 1.96 sigma/sqrt(N)``
  with ``sigma`` the standard deviation of the pair scores (per game), mapped through the same
  formula.
- **The SPRT.** A generalized SPRT (GSPRT) of ``H0: elo = elo0`` against ``H1: elo = elo1``:
  the log-likelihood ratio of the pentanomial counts, each hypothesis's likelihood taken at the
  maximum-likelihood distribution of pair scores whose mean is that hypothesis's expected score
  (Michel Van den Bergh, "pentanomial", https://github.com/vdbergh/pentanomial, and its note
  ``doc/MLE_multinomial.pdf``; the GSPRT is that of Li, Liu and Ying, "Generalized Sequential
  Probability Ratio Test for Separate Families of Hypotheses",
  http://stat.columbia.edu/~jcliu/paper/GSPRT_SQA3.pdf, which Van den Bergh's README cites).
  Wald's bounds: ``log(beta / (1 - alpha))`` below, ``log((1 - beta) / alpha)`` above. The test
  reads the pairs in the order they finished and stops at the first crossing. (fishtest also
  corrects for the overshoot of the bounds; this module does not, so its error rates come out
  somewhat *below* alpha and beta: ``tests/test_strength.py`` measures them by simulation.)
- **The margin.** Besides who wins, the seeds: a pair's margin is the first player's two
  scores minus the other's two, reported with its mean and 95 % interval.

:func:`run_match` plays the pairs in a bounded pool of processes (or on a Dask cluster) and
appends each pair to a CSV as soon as it finishes, so a run can stop and go on later, and runs
on several machines (each writing its own file in the run's folder) add up; :func:`report`
reads them back. ``python -m hoyito_edu strength`` and ``benchmarks/strength.py`` are its command
line.
"""

from __future__ import annotations

import csv
import json
import math
import os
import random
import socket
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..engine.position import Position, new_game
from ..engine.rules import VARIANTS
from ..players import SETTINGS, player

__all__ = [
    "PAIR_SCORES", "Match", "Stats", "pentanomial", "score_to_elo", "elo_to_score",
    "elo_interval", "margin_interval", "llr", "sprt_bounds", "sprt", "summarize", "play_pair",
    "run_match", "read_pairs", "report", "load_book", "COLUMNS",
]

#: The five values a pair's score can take, for the player under test (a win 1, a draw ½).
PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
#: The folder the runs write to, one sub-folder per run.
DATA = Path(__file__).resolve().parents[2] / "data" / "strength"
#: Where the opening books live (``data/openings/<variant>.csv``).
BOOKS = Path(__file__).resolve().parents[2] / "data" / "openings"
#: The most plies a game of a pair may run before it is ended by agreement (R4.5).
MAX_PLIES = 1000


# -- statistics --------------------------------------------------------------------------------
def pentanomial(pair_scores: Iterable[float]) -> list[int]:
    """The five counts of pairs scoring 0, ½, 1, 1½ and 2.

    >>> pentanomial([2, 1.5, 1, 1, 0])
    [1, 0, 2, 1, 1]
    """
    counts = [0] * 5
    for score in pair_scores:
        index = round(float(score) * 2)
        if not 0 <= index <= 4 or abs(index / 2 - float(score)) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, not {score!r}")
        counts[index] += 1
    return counts


def _check_counts(counts: Sequence[int]) -> list[int]:
    if len(counts) != 5 or any(not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"pentanomial counts are five whole numbers from 0, not {counts!r}")
    return list(counts)


def elo_to_score(elo: float) -> float:
    """The expected score per game of a player ``elo`` points stronger (the logistic Elo model).

    >>> elo_to_score(0.0)
    0.5
    >>> round(elo_to_score(400.0), 4)
    0.9091
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_to_elo(score: float) -> float:
    """The Elo difference that gives a mean score per game ``score`` (``±inf`` at 1 and 0).

    >>> round(score_to_elo(0.75), 1)
    190.8
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no -0.0


def _mean_var(counts: Sequence[int]) -> tuple[float, float, int]:
    """Mean and variance of the pairs' score per game (a pair's points / 2), and the pairs."""
    n = sum(counts)
    if n == 0:
        return math.nan, math.nan, 0
    values = [k / 4 for k in range(5)]
    mean = sum(c * v for c, v in zip(counts, values, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values, strict=True)) / n
    return mean, var, n


def elo_interval(counts: Sequence[int], z: float = 1.959964) -> tuple[float, float, float]:
    """``(elo, low, high)``: the Elo difference of the pentanomial ``counts`` and its interval
    (95 % by default) from the variance of the pair scores.

    >>> elo_interval([0, 0, 10, 0, 0])
    (0.0, 0.0, 0.0)
    >>> [round(x, 1) for x in elo_interval([1, 2, 4, 2, 1])]
    [0.0, -122.8, 122.8]
    """
    mean, var, n = _mean_var(_check_counts(counts))
    if n == 0:
        return math.nan, math.nan, math.nan
    half = z * math.sqrt(var / n)
    return score_to_elo(mean), score_to_elo(mean - half), score_to_elo(mean + half)


def margin_interval(margins: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """``(mean, low, high)`` of the pair margins (seeds), the interval from their standard
    deviation (normal approximation, 95 % by default).

    >>> margin_interval([4, -2, 4, 6])
    (3.0, -0.39, 6.39)
    """
    n = len(margins)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(margins) / n
    if n == 1:
        return float(mean), -math.inf, math.inf
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1))
    half = z * sd / math.sqrt(n)
    return float(mean), round(mean - half, 2), round(mean + half, 2)


def _mle(probs: Sequence[float], values: Sequence[float], target: float) -> list[float]:
    """The distribution on ``values`` closest to ``probs`` in likelihood (the maximum-likelihood
    estimate) whose mean is ``target``: ``probs[i] / (1 + x (values[i] - target))`` with ``x``
    the root of ``sum probs[i] (values[i] - target) / (1 + x (values[i] - target)) = 0`` (the
    Lagrange condition; Van den Bergh, ``doc/MLE_multinomial.pdf``). The root is bracketed by
    the poles and found by bisection, which cannot fail."""
    used = [(p, v - target) for p, v in zip(probs, values, strict=True) if p > 0]
    low = -1.0 / max(d for _, d in used)  # the poles: 1 + x d must stay positive
    high = -1.0 / min(d for _, d in used)

    def slope(x: float) -> float:
        return sum(p * d / (1.0 + x * d) for p, d in used)

    for _ in range(200):  # slope() falls from +inf to -inf between the poles
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2
    return [p / (1.0 + x * (v - target)) if p > 0 else 0.0 for p, v in zip(probs, values,
            strict=True)]


#: The weight of the uniform prior mixed into counts with an empty cell (see :func:`llr`).
PRIOR = 1e-3


def llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The GSPRT's log-likelihood ratio of ``elo1`` against ``elo0`` for pentanomial ``counts``.

    Each hypothesis fixes the expected score per game, ``elo_to_score(elo)``; its likelihood
    is that of the counts under the maximum-likelihood distribution of pair scores with that
    mean. Counts with an empty cell get a small uniform prior (:data:`PRIOR` pairs in all), so
    a mean at the edge of the observed scores stays possible, as fishtest does.

    With results only at 0 and 2 this is the classical SPRT of wins against losses:

    >>> s0, s1 = elo_to_score(0), elo_to_score(30)
    >>> expected = 7 * math.log(s1 / s0) + 3 * math.log((1 - s1) / (1 - s0))
    >>> abs(llr([3, 0, 0, 0, 7], 0, 30) - expected) < 0.01
    True
    """
    counts = _check_counts(counts)
    n = sum(counts)
    if n == 0:
        return 0.0
    cells = [float(c) for c in counts]
    if 0 in counts:
        cells = [c * (1 - PRIOR / n) + PRIOR / 5 for c in cells]
    total = sum(cells)
    probs = [c / total for c in cells]
    values = [k / 4 for k in range(5)]
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    if not 0 < s0 < 1 or not 0 < s1 < 1:
        raise ValueError(f"elo0 and elo1 must be finite, not {elo0!r} and {elo1!r}")
    p0, p1 = _mle(probs, values, s0), _mle(probs, values, s1)
    return n * sum(p * math.log(b / a) for p, a, b in zip(probs, p0, p1, strict=True) if p > 0)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds ``(lower, upper)`` of the log-likelihood ratio.

    >>> [round(b, 3) for b in sprt_bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ValueError(f"alpha and beta must lie between 0 and 0.5, not {alpha!r}, {beta!r}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass(frozen=True)
class Verdict:
    """Where the SPRT stands: its LLR, bounds, verdict (``"H1"``: the first player is
    stronger by ``elo1``; ``"H0"``: not stronger than ``elo0``; ``""``: go on) and the pairs it
    read before deciding (all of them when undecided)."""

    llr: float
    lower: float
    upper: float
    verdict: str
    pairs: int


def sprt(pair_scores: Sequence[float], elo0: float = 0.0, elo1: float = 30.0,
         alpha: float = 0.05, beta: float = 0.05, step: int = 1) -> Verdict:
    """The SPRT read pair by pair (in the order they finished), stopping at the first crossing
    of a bound (looked at every ``step`` pairs; 1 is exact).

    >>> sprt([2] * 40).verdict
    'H1'
    >>> sprt([1, 1]).verdict
    ''
    """
    lower, upper = sprt_bounds(alpha, beta)
    counts = [0] * 5
    value = 0.0
    for index, score in enumerate(pair_scores, 1):
        counts[pentanomial([score]).index(1)] += 1
        if index % step and index != len(pair_scores):
            continue
        value = llr(counts, elo0, elo1)
        if value >= upper:
            return Verdict(value, lower, upper, "H1", index)
        if value <= lower:
            return Verdict(value, lower, upper, "H0", index)
    return Verdict(value, lower, upper, "", len(pair_scores))


@dataclass(frozen=True)
class Stats:
    """Everything :func:`summarize` says about a run's pairs."""

    pairs: int
    counts: list[int]
    elo: tuple[float, float, float]
    margin: tuple[float, float, float]
    sprt: Verdict
    games_capped: int
    score: float
    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05

    def lines(self, a: str = "first", b: str = "second") -> list[str]:
        """The report in plain lines."""
        elo, low, high = self.elo
        mean, mlow, mhigh = self.margin
        verdict = {
            "H1": f"H1 accepted after {self.sprt.pairs} pairs: {a} is stronger (elo1 = "
            f"{self.elo1:g})",
            "H0": f"H0 accepted after {self.sprt.pairs} pairs: {a} is not stronger by elo1 = "
            f"{self.elo1:g} (elo0 = {self.elo0:g} holds)",
            "": "undecided: play more pairs",
        }[self.sprt.verdict]
        return [
            f"{self.pairs} pairs ({2 * self.pairs} games), {a} against {b}",
            f"pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2 for {a}): {self.counts}",
            f"score {100 * self.score:.1f} %; Elo {elo:+.1f} (95 % interval {low:+.1f} to "
            f"{high:+.1f})",
            f"mean pair margin {mean:+.2f} seeds (95 % interval {mlow:+.2f} to {mhigh:+.2f})",
            f"SPRT(elo0={self.elo0:g}, elo1={self.elo1:g}, alpha={self.alpha:g}, "
            f"beta={self.beta:g}): LLR {self.sprt.llr:+.2f} in [{self.sprt.lower:+.2f}, "
            f"{self.sprt.upper:+.2f}]: {verdict}",
            f"games stopped at the ply cap (ended by agreement, R4.5): {self.games_capped}",
        ]


def summarize(rows: Sequence[dict], elo0: float = 0.0, elo1: float = 30.0,
              alpha: float = 0.05, beta: float = 0.05) -> Stats:
    """The statistics of pair rows (as :func:`read_pairs` gives them, in finishing order)."""
    scores = [float(row["pair_score"]) for row in rows]
    counts = pentanomial(scores)
    mean, _, _ = _mean_var(counts)
    return Stats(
        pairs=len(rows),
        counts=counts,
        elo=elo_interval(counts),
        margin=margin_interval([float(row["pair_margin"]) for row in rows]),
        sprt=sprt(scores, elo0, elo1, alpha, beta),
        games_capped=sum(int(row["capped"]) for row in rows),
        score=mean,
        elo0=elo0, elo1=elo1, alpha=alpha, beta=beta,
    )


# -- opening books -----------------------------------------------------------------------------
def load_book(variant: str, book: str | Path | None = "default") -> list[tuple[int, ...]]:
    """The openings (each a tuple of holes played from the start) of ``book``: ``"default"``
    reads ``data/openings/<variant>.csv`` (the start alone if there is none), ``None`` or
    ``"start"`` the start alone, anything else is a CSV path with a column ``moves`` (holes
    separated by spaces). Every opening is played through the engine once here, so a bad book
    is refused before any game."""
    if book is None or book == "start":
        return [()]
    path = BOOKS / f"{variant}.csv" if book == "default" else Path(book)
    if book == "default" and not path.exists():
        return [()]
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if "moves" not in (reader.fieldnames or ()):
            raise ValueError(f"{path}: an opening book needs a column 'moves'")
        openings = [tuple(int(h) for h in row["moves"].split()) for row in reader]
    if not openings:
        raise ValueError(f"{path}: the opening book has no openings")
    for moves in openings:
        start = _opening(variant, moves)
        if start.is_over:
            raise ValueError(f"{path}: the opening {' '.join(map(str, moves))} ends the game")
    return openings


def _opening(variant: str, moves: Sequence[int]) -> Position:
    position = new_game(variant)
    for hole in moves:
        position = position.play(hole)
    return position


# -- playing pairs -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """What a run plays: ``a`` (under test) against ``b``, each a player name with settings,
    in ``variant`` on 2x6, from the openings of ``book``, with ``seconds`` a move (both players:
    a time budget) or with only the settings' own budgets (a work budget, e.g.
    ``{"max_nodes": 100000}`` or ``{"playouts": 2000}``), at most ``max_plies`` plies a game.
    ``seed`` seeds every pair's player seeds."""

    a: str
    b: str
    variant: str
    seconds: float | None = None
    a_settings: dict = field(default_factory=dict)
    b_settings: dict = field(default_factory=dict)
    book: str = "default"
    max_plies: int = MAX_PLIES
    seed: int = 0

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown rule set {self.variant!r}; they are {', '.join(VARIANTS)}")
        if self.seconds is not None and not (0 < self.seconds <= 60):
            raise ValueError(f"seconds a move must lie in (0, 60], not {self.seconds!r}")
        if not isinstance(self.max_plies, int) or self.max_plies < 1:
            raise ValueError(f"max_plies must be a whole number from 1, not {self.max_plies!r}")
        for side in ("a", "b"):
            self.make(side, 0)  # a bad name or setting is refused now

    def settings(self, side: str) -> dict:
        """The settings of player ``side`` (``"a"`` or ``"b"``), the time budget included."""
        name = getattr(self, side)
        mine = dict(getattr(self, f"{side}_settings"))
        if self.seconds is not None and "time_limit" in SETTINGS.get(name, ()):
            mine.setdefault("time_limit", self.seconds)
            if "max_nodes" in SETTINGS[name]:
                mine.setdefault("max_nodes", None)  # the clock, not the work, decides
        return mine

    def make(self, side: str, seed: int):
        return player(getattr(self, side), seed=seed, **self.settings(side))

    def label(self) -> str:
        """A name for the run's folder: the players, the rule set and the budget."""

        def one(side: str) -> str:
            extra = getattr(self, f"{side}_settings")
            text = getattr(self, side)
            if extra:
                text += "(" + ",".join(f"{k}={v}" for k, v in sorted(extra.items())) + ")"
            return text

        budget = f"{self.seconds:g}s" if self.seconds is not None else "work"
        book = "" if self.book == "default" else f"_book-{Path(str(self.book)).stem}"
        return f"{self.variant}_{one('a')}_vs_{one('b')}_{budget}{book}".replace("/", "-")

    def key(self) -> str:
        """Everything that must agree for two files' pairs to add up, as JSON."""
        return json.dumps(asdict(self), sort_keys=True)


#: The columns of a run's CSV, one row per pair.
COLUMNS = (
    "pair", "opening", "a_seed", "b_seed", "score_a_south", "score_a_north", "pair_score",
    "pair_margin", "south_scores", "north_scores", "plies", "reasons", "capped", "seconds",
    "host", "finished_at", "match",
)


def pair_seeds(seed: int, pair: int) -> tuple[int, int]:
    """The player seeds of pair ``pair`` (both games of the pair use them)."""
    rng = random.Random(f"strength/{seed}/{pair}")
    return rng.randrange(2**32), rng.randrange(2**32)


def play_game(start: Position, agents: tuple, max_plies: int) -> tuple[Position, int, bool]:
    """Play from ``start`` with ``agents`` (South, North); a game still going at ``max_plies``
    is ended by agreement (R4.5: each player takes the seeds in their own holes)."""
    position, plies = start, 0
    while not position.is_over and plies < max_plies:
        position = position.play(agents[position.player].choose(position))
        plies += 1
    capped = not position.is_over
    if capped:
        position = position.end_by_agreement()
    return position, plies, capped


#: The matches whose players have made a move in this process (see :func:`play_pair`).
_WARM: set[str] = set()


def play_pair(match: Match, pair: int, opening: Sequence[int]) -> dict:
    """Play pair ``pair`` of ``match`` from ``opening``: ``a`` sits South in the first game and
    North in the second, with the same two seeds. Returns the pair's CSV row.

    The first pair of a match in a process first lets each player make one move that is thrown
    away, so that loading compiled code and endgame tables is not paid out of a move's time: a
    new process's first expert move at 0.1 s searched 7 plies deep where later ones searched 13
    or 14 (Ba-awa, the position after opening 1 11 and South's reply)."""
    a_seed, b_seed = pair_seeds(match.seed, pair)
    start = _opening(match.variant, opening)
    if match.key() not in _WARM:
        for side in ("a", "b"):
            match.make(side, 0).choose(start)
        _WARM.add(match.key())
    started = time.perf_counter()
    points, margin, souths, norths, plies, reasons, capped = [], 0, [], [], [], [], 0
    for a_seat in (0, 1):
        a_agent, b_agent = match.make("a", a_seed), match.make("b", b_seed)
        agents = (a_agent, b_agent) if a_seat == 0 else (b_agent, a_agent)
        end, played, stopped = play_game(start, agents, match.max_plies)
        score = end.outcome.score
        winner = end.outcome.winner
        points.append(0.5 if winner is None else float(winner == a_seat))
        margin += score[a_seat] - score[1 - a_seat]
        souths.append(score[0])
        norths.append(score[1])
        plies.append(played)
        reasons.append("ply cap" if stopped else str(end.outcome.reason))
        capped += stopped
    return {
        "pair": pair,
        "opening": " ".join(map(str, opening)),
        "a_seed": a_seed,
        "b_seed": b_seed,
        "score_a_south": points[0],
        "score_a_north": points[1],
        "pair_score": points[0] + points[1],
        "pair_margin": margin,
        "south_scores": " ".join(map(str, souths)),
        "north_scores": " ".join(map(str, norths)),
        "plies": " ".join(map(str, plies)),
        "reasons": "|".join(reasons),
        "capped": capped,
        "seconds": round(time.perf_counter() - started, 2),
        "host": socket.gethostname(),
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "match": match.key(),
    }


def _play_task(task: tuple) -> dict:
    """One pair (a module-level function, for process pools and Dask)."""
    return play_pair(*task)


def read_pairs(folder: str | Path, match: Match | None = None) -> list[dict]:
    """Every pair row in the CSVs of ``folder`` (one per machine), in the order they finished;
    a pair found twice counts once (its first row). With ``match``, rows of another match in
    the folder are a ValueError (they would not add up)."""
    rows, seen = [], set()
    for path in sorted(Path(folder).glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                if match is not None and row["match"] != match.key():
                    raise ValueError(f"{path} holds pairs of another match: {row['match']}")
                if row["pair"] not in seen:
                    seen.add(row["pair"])
                    rows.append(row)
    rows.sort(key=lambda row: row["finished_at"])
    return rows


def _append(path: Path, row: dict) -> None:
    new = not path.exists() or path.stat().st_size == 0
    with open(path, "a", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        if new:
            writer.writeheader()
        writer.writerow(row)
        out.flush()
        os.fsync(out.fileno())


def run_match(match: Match, pairs: int, folder: str | Path | None = None, jobs: int = 1,
              shard: tuple[int, int] = (0, 1), stop_at_verdict: bool = True,
              sprt_settings: dict | None = None, client: Any = None,
              progress: Callable[[dict], object] | None = None,
              minutes: float | None = None) -> list[dict]:
    """Play ``match`` until ``pairs`` pairs are in ``folder`` (or the SPRT decides, with
    ``stop_at_verdict``), appending each pair to ``folder/<host>.csv`` as it finishes.

    A rerun plays only the pairs not yet in the folder's files. Several machines add up: give
    each a different ``shard=(k, m)`` (it plays the pairs numbered ``k`` modulo ``m``) and copy
    their files into one folder. Pair ``i`` starts from opening ``i`` of the book (modulo its
    length) and its seeds come from ``match.seed`` and ``i``. ``jobs`` processes play the pairs
    (at most ``jobs`` at a time); with a ``client`` (``distributed.Client``) the pairs are tasks
    on its Dask cluster, all submitted at once (neither the SPRT nor ``minutes`` stops them
    there; the report applies the SPRT to the pairs in the order they came back).
    ``progress`` is called with each new row. With ``minutes``, no pair
    starts after that many minutes (the pairs already started finish and are kept): a budget
    for a shared machine, the rest left to a rerun. Returns every row.
    """
    if not isinstance(pairs, int) or pairs < 1:
        raise ValueError(f"pairs must be a whole number from 1, not {pairs!r}")
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number from 1, not {jobs!r}")
    k, m = shard
    if not (isinstance(k, int) and isinstance(m, int) and 0 <= k < m):
        raise ValueError(f"shard must be (k, m) with 0 <= k < m, not {shard!r}")
    folder = Path(folder) if folder is not None else DATA / match.label()
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{socket.gethostname()}.csv"
    book = load_book(match.variant, match.book)
    rows = read_pairs(folder, match)
    done = {int(row["pair"]) for row in rows}
    settings = sprt_settings or {}

    deadline = None if minutes is None else time.monotonic() + 60 * minutes

    def decided() -> bool:
        if deadline is not None and time.monotonic() > deadline:
            return True
        return stop_at_verdict and summarize(rows, **settings).sprt.verdict != ""

    todo = [i for i in range(pairs) if i % m == k and i not in done]
    tasks = iter([(match, i, book[i % len(book)]) for i in todo])

    def record(row: dict) -> None:
        _append(out, row)
        rows.append(row)
        if progress is not None:
            progress(row)

    if decided() or not todo:
        return rows
    if client is not None:
        from .cluster import run_tasks

        items = list(tasks)
        run_tasks(client, _play_task, items, [2] * len(items), lambda _: None,
                  name="hoyito-strength", on_result=record)
        return rows
    if jobs == 1:
        for task in tasks:
            record(_play_task(task))
            if decided():
                break
        return rows
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running = set()
        for task in tasks:
            running.add(pool.submit(_play_task, task))
            if len(running) < jobs:
                continue
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                record(future.result())
            if decided():
                break
        for future in running:  # the pairs already started are kept
            record(future.result())
    return rows


def report(folder: str | Path, **sprt_settings: float) -> Stats:
    """The statistics of the pairs in ``folder`` (see :func:`summarize`)."""
    rows = read_pairs(folder)
    if not rows:
        raise ValueError(f"no pairs in {folder}")
    return summarize(rows, **sprt_settings)


# -- command line ------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None, prog: str = "python -m hoyito_edu strength") -> int:
    """The command line of the match runner (``python -m hoyito_edu strength -h``)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play game pairs (seats swapped, same opening) between two players, "
        "append each pair to a CSV under data/strength/ as it finishes (a rerun goes on), and "
        "print the pentanomial counts, the Elo difference and the mean pair margin with their "
        "95 %% intervals, the SPRT's log-likelihood ratio and verdict, and the games stopped "
        "at the ply cap.",
    )
    parser.add_argument("--a", default="expert", help="the player under test (a level name)")
    parser.add_argument("--b", default="mcts", help="its opponent")
    parser.add_argument("--a-settings", default="{}", help="JSON settings of a")
    parser.add_argument("--b-settings", default="{}", help="JSON settings of b")
    parser.add_argument("--variant", default="hoyito-i", choices=list(VARIANTS))
    parser.add_argument("--seconds", type=float, default=None,
                        help="time a move for both (omit for the settings' work budgets)")
    parser.add_argument("--book", default="default",
                        help="'default' (data/openings/<variant>.csv), 'start', or a CSV")
    parser.add_argument("--pairs", type=int, default=100, help="the most pairs to play")
    parser.add_argument("--jobs", type=int, default=1, help="processes (this machine has 2)")
    parser.add_argument("--shard", default="0/1", help="k/m: play the pairs numbered k mod m")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-plies", type=int, default=MAX_PLIES)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=30.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--folder", default=None, help="the run's folder (default: under "
                        "data/strength/, named after the players, rule set and budget)")
    parser.add_argument("--no-stop", action="store_true",
                        help="play all --pairs even after the SPRT decides")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no pair after this many minutes (a rerun goes on)")
    parser.add_argument("--report", action="store_true", help="only print what is in the folder")
    parser.add_argument("--quiet", action="store_true", help="no line per pair")
    args = parser.parse_args(argv)
    try:
        shard = tuple(int(x) for x in args.shard.split("/"))
        if len(shard) != 2:
            raise ValueError
    except ValueError:
        parser.error(f"--shard must be k/m, e.g. 0/2, not {args.shard!r}")
    try:
        a_settings, b_settings = json.loads(args.a_settings), json.loads(args.b_settings)
        if not isinstance(a_settings, dict) or not isinstance(b_settings, dict):
            raise ValueError("settings must be a JSON object, e.g. '{\"max_nodes\": 100000}'")
        match = Match(args.a, args.b, args.variant, args.seconds, a_settings, b_settings,
                      args.book, args.max_plies, args.seed)
        settings = {"elo0": args.elo0, "elo1": args.elo1, "alpha": args.alpha,
                    "beta": args.beta}
        sprt_bounds(args.alpha, args.beta)
        folder = Path(args.folder) if args.folder else DATA / match.label()
        if not args.report:
            print(f"{match.label()}: up to {args.pairs} pairs, {args.jobs} process(es), "
                  f"writing {folder}", flush=True)

            def show(row: dict) -> None:
                if not args.quiet:
                    print(f"pair {row['pair']} (opening '{row['opening']}'): {args.a} scored "
                          f"{row['pair_score']} ({row['pair_margin']:+d} seeds), plies "
                          f"{row['plies']}, {row['seconds']} s", flush=True)

            run_match(match, args.pairs, folder, args.jobs, shard, not args.no_stop, settings,
                      progress=show, minutes=args.minutes)
        stats = report(folder, **settings)
    except (ValueError, json.JSONDecodeError, OSError) as error:
        parser.error(str(error))
    print("\n".join(stats.lines(args.a, args.b)))
    return 0
