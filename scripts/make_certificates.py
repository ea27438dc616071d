"""Write the certificates of perfect play kept in ``data/proofs/`` (issue 38).

Small ones, checked by every test run: claims a few moves from the end of a game, or from a
Ba-awa ending, each reached by a real game record from the start (so the repetition rule sees
the game's history), with the prover's strategy found by the readable minimax of
:class:`hoyito_edu.analysis.certificates.ReadableOracle`. Each claim's target is the best the
oracle proved within its budget when the claim was chosen (not necessarily the exact value).

Whole-game ones (``--whole-game``): the claims from the start of each rule set on 2x6, with
the sound proof search's :func:`hoyito_edu.analysis.solve.proven_move` as the oracle, each with
the node budget and table it needs (North's proof after South's hole 0 in Hoyito II needs about
60 million nodes, past the oracle's default of 20 million). A budget only decides whether a
certificate gets built, never whether it is right: that is the verifier's to say. Every
certificate in ``data/proofs/`` is verified by the tests (the large ones in the slow tier).

Openings (``--openings``): the claims about the positions after South's first move that the
starts' certificates do not already make (``OPENINGS``; docs/research/perfect-play.md says
which claims need one), with the same oracle. Each is made after a real one-move game record.

Every certificate is verified before it is written. Run:
``.venv/bin/python scripts/make_certificates.py [--whole-game] [--openings] [--only NAME ...]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import hoyito_edu as hy
from hoyito_edu.analysis.certificates import (
    ReadableOracle,
    Refusal,
    build_certificate,
    proofs_dir,
    save,
    verify,
)

#: (file name, rule set, moves from the start or a set-up, prover, target).
SMALL = [
    ("hoyito-i-late-south-16", "hoyito-i",
     [5, 10, 3, 9, 5, 6, 0, 11, 1, 6, 4, 9, 1, 6, 5, 11, 1, 6, 3, 7, 2, 9, 3, 10, 0, 7, 1, 6,
      3, 10, 1, 6, 2, 8, 3, 6, 4, 11, 5, 7, 0, 9, 1, 11, 2, 10, 0, 11], 0, -16),
    ("hoyito-i-move-10-south-0", "hoyito-i", [3, 6, 1, 7, 5, 9, 4, 10, 1, 8], 0, 0),
    ("ba-awa-move-6-south-8", "ba-awa", [1, 11, 5, 8, 2, 10], 0, 8),
    ("ba-awa-opening-1-north-16", "ba-awa", [1], 1, -16),
    ("ba-awa-ending-north-16", "ba-awa",
     dict(board=[0, 11, 1, 2, 0, 9, 1, 10, 1, 0, 1, 0], captures=(8, 4), player=1, starter=0),
     1, -16),
]

#: (file name, rule set, prover, target): the whole-game claims (South's margin is M).
WHOLE_GAME = [
    ("hoyito-i-start-north-8", "hoyito-i", 1, 8),     # M <= -8
    ("hoyito-i-start-south-minus-8", "hoyito-i", 0, -8),  # M >= -8
    ("hoyito-ii-start-north-24", "hoyito-ii", 1, 24),  # M <= -24
    ("hoyito-ii-start-south-minus-32", "hoyito-ii", 0, -32),  # M >= -32
    ("hoyito-iii-start-north-24", "hoyito-iii", 1, 24),  # M <= -24
    ("hoyito-iii-start-south-minus-40", "hoyito-iii", 0, -40),  # M >= -40
    ("ba-awa-start-south-8", "ba-awa", 0, 8),          # M >= 8
    ("ba-awa-start-north-minus-8", "ba-awa", 1, -8),   # M <= 8
]


def opening(variant: str, hole: int, prover: int, target: int) -> tuple[str, str, int, int, int]:
    """An entry of :data:`OPENINGS`: (file name, rule set, South's opening hole, prover,
    target), the name saying the rest (``hoyito-i-opening-1-south-minus-16``)."""
    side = ("south", "north")[prover]
    return (f"{variant}-opening-{hole}-{side}-{'minus-' * (target < 0)}{abs(target)}", variant,
            hole, prover, target)


#: (file name, rule set, South's opening hole, prover, target): the claims about South's
#: openings that the starts' certificates do not cover (see docs/research/perfect-play.md,
#: "Certificates of the openings"). Each is made from the position after South's one move, a
#: real game record, so the repetition rule sees the start in the history.
OPENINGS = [
    opening("hoyito-i", 0, 0, -16),     # M >= -16
    opening("hoyito-i", 0, 1, 16),      # M <= -16
    opening("hoyito-i", 1, 0, -16),     # M >= -16
    opening("hoyito-i", 2, 0, -16),     # M >= -16
    opening("hoyito-i", 3, 0, -8),      # M >= -8
    opening("hoyito-i", 4, 0, -24),     # M >= -24
    opening("hoyito-i", 5, 0, -16),     # M >= -16
    opening("hoyito-ii", 0, 0, -32),    # M >= -32
    opening("hoyito-ii", 1, 0, -40),    # M >= -40
    opening("hoyito-ii", 1, 1, 32),     # M <= -32
    opening("hoyito-ii", 2, 1, 48),     # M <= -48
    opening("hoyito-ii", 3, 0, -40),    # M >= -40
    opening("hoyito-ii", 3, 1, 32),     # M <= -32
    opening("hoyito-ii", 4, 0, -40),    # M >= -40
    opening("hoyito-ii", 4, 1, 32),     # M <= -32
    opening("hoyito-ii", 5, 0, -40),    # M >= -40
    opening("hoyito-ii", 5, 1, 32),     # M <= -32
    opening("hoyito-iii", 0, 0, -40),   # M >= -40
    opening("hoyito-iii", 0, 1, 40),    # M <= -40
    opening("hoyito-iii", 1, 1, 48),    # M <= -48
    opening("hoyito-iii", 2, 1, 48),    # M <= -48
    opening("hoyito-iii", 3, 0, -40),   # M >= -40
    opening("hoyito-iii", 3, 1, 32),    # M <= -32
    opening("hoyito-iii", 4, 0, -40),   # M >= -40
    opening("hoyito-iii", 4, 1, 32),    # M <= -32
    opening("hoyito-iii", 5, 0, -40),   # M >= -40
    opening("ba-awa", 0, 0, 8),         # M >= 8
    opening("ba-awa", 1, 0, 0),         # M >= 0
    opening("ba-awa", 1, 1, 0),         # M <= 0
    opening("ba-awa", 2, 0, 0),         # M >= 0
    opening("ba-awa", 2, 1, 0),         # M <= 0
    opening("ba-awa", 3, 0, 0),         # M >= 0
    opening("ba-awa", 3, 1, 0),         # M <= 0
    opening("ba-awa", 4, 0, 0),         # M >= 0
    opening("ba-awa", 4, 1, 0),         # M <= 0
    opening("ba-awa", 5, 0, -8),        # M >= -8
    opening("ba-awa", 5, 1, 8),         # M <= -8
]

#: The proof search's node budget and table slots for a whole-game claim that needs more than
#: ``proven_move``'s defaults (20 million nodes, 1 M slots).
BIG_CLAIMS = {"hoyito-ii-start-north-24": (256_000_000, 1 << 23),
              "hoyito-ii-opening-0-south-minus-32": (64_000_000, 1 << 23),
              "hoyito-ii-opening-2-north-48": (64_000_000, 1 << 23),
              "hoyito-ii-opening-3-north-32": (128_000_000, 1 << 24),
              "hoyito-iii-opening-3-north-32": (128_000_000, 1 << 24),
              "hoyito-ii-opening-4-north-32": (128_000_000, 1 << 24),
              "hoyito-iii-opening-4-north-32": (128_000_000, 1 << 24),
              "hoyito-ii-opening-5-north-32": (512_000_000, 1 << 25),
              "hoyito-iii-opening-1-north-48": (128_000_000, 1 << 24),
              "hoyito-iii-opening-2-north-48": (64_000_000, 1 << 23)}


@dataclass(frozen=True)
class ProofOracle:
    """:func:`hoyito_edu.analysis.solve.proven_move` with a node budget and a table size."""

    max_nodes: int
    slots: int

    def __call__(self, position: hy.Position, *, prover: int, target: int,
                 history: tuple[hy.Position, ...] = (), avoid: frozenset[int] = frozenset()
                 ) -> int | None:
        from hoyito_edu.analysis.solve import proven_move

        return proven_move(position, prover=prover, target=target, history=history,
                           max_nodes=self.max_nodes, slots=self.slots, avoid=avoid)

    def describe(self) -> str:
        return (f"hoyito_edu.analysis.solve.proven_move (max_nodes={self.max_nodes:,}, "
                f"slots={self.slots:,})")


def claim_position(variant: str, setup: list | dict) -> tuple[hy.Position, list[hy.Position]]:
    """The claim's position and the game's positions before it."""
    if isinstance(setup, dict):
        return hy.new_game(variant, **setup), []
    game = hy.Game(variant)
    game.play_all(setup)
    positions = list(game.positions())
    return positions[-1], positions[:-1]


def write(name: str, position, earlier, prover: int, target: int, oracle,
          made_by: str = "") -> bool:
    clock = time.perf_counter()
    try:
        cert = build_certificate(position, prover, target, oracle, history=earlier,
                                 made_by=made_by)
    except Refusal as refusal:
        print(f"{name}: not built: {refusal}", file=sys.stderr)
        return False
    verdict = verify(cert)
    if not verdict.valid:
        print(f"{name}: built but not valid: {verdict.reason}", file=sys.stderr)
        return False
    path = save(cert, proofs_dir() / f"{name}.npz")
    print(f"{path.name}: {verdict.lines:,} lines, {len(cert.strategy):,} prover positions, "
          f"worst case {verdict.worst_case:+d}, {path.stat().st_size:,} bytes, built in "
          f"{time.perf_counter() - clock:.1f} s, verified in {verdict.seconds:.2f} s")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whole-game", action="store_true",
                        help="also the claims from the start (needs analysis.solve)")
    parser.add_argument("--openings", action="store_true",
                        help="also the claims about South's openings (needs analysis.solve)")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="only these certificates (file names without .npz)")
    args = parser.parse_args(argv)
    known = {claim[0] for claim in SMALL + WHOLE_GAME + OPENINGS}
    unknown = sorted(set(args.only or ()) - known)
    if unknown:
        parser.error(f"no certificate is called {', '.join(unknown)}; the names are: "
                     f"{', '.join(sorted(known))}")
    wanted = set(args.only or known)
    proofs_dir().mkdir(parents=True, exist_ok=True)
    ok = True
    for name, variant, setup, prover, target in SMALL:
        if name in wanted:
            position, earlier = claim_position(variant, setup)
            ok &= write(name, position, earlier, prover, target,
                        ReadableOracle(max_nodes=20_000))
    if args.whole_game or args.only:
        from hoyito_edu.analysis.solve import ORACLE_NODES, ORACLE_SLOTS

        for name, variant, prover, target in WHOLE_GAME:
            if name in wanted:
                oracle = ProofOracle(*BIG_CLAIMS.get(name, (ORACLE_NODES, ORACLE_SLOTS)))
                ok &= write(name, hy.new_game(variant), [], prover, target, oracle,
                            made_by=oracle.describe())
    if args.openings or args.only:
        from hoyito_edu.analysis.solve import ORACLE_NODES, ORACLE_SLOTS

        for name, variant, hole, prover, target in OPENINGS:
            if name in wanted:
                oracle = ProofOracle(*BIG_CLAIMS.get(name, (ORACLE_NODES, ORACLE_SLOTS)))
                position, earlier = claim_position(variant, [hole])
                ok &= write(name, position, earlier, prover, target, oracle,
                            made_by=oracle.describe())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
