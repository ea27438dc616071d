"""Certificates of perfect play (issue 38): building, saving, verifying, and refusing broken ones.

The certificates in data/proofs/ are verified here: the small ones every run, the whole-game
ones in the slow tier. Each kind of broken certificate is refused with a sentence that says what
is wrong and on which line of moves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import hoyito_edu as hy
from hoyito_edu.__main__ import main
from hoyito_edu.analysis.certificates import (
    Certificate,
    CertificateError,
    ReadableOracle,
    Refusal,
    build_certificate,
    leaf_value,
    load,
    proofs_dir,
    save,
    strategy_digest,
    strategy_key,
    verify,
)
from hoyito_edu.i18n import language

ROOT = Path(__file__).resolve().parent.parent

#: A Ba-awa ending, North to move: North makes sure of a margin of at least -16 (every line of
#: North's strategy against every reply; hundreds of lines, under a second).
BA_AWA = dict(variant="ba-awa", board=[0, 11, 1, 2, 0, 9, 1, 10, 1, 0, 1, 0],
              captures=(8, 4), player=1, starter=0)


def small_claim() -> tuple[hy.Position, int, int]:
    return hy.new_game(**BA_AWA), 1, -16


@pytest.fixture(scope="module")
def certificate() -> Certificate:
    position, prover, target = small_claim()
    return build_certificate(position, prover, target, ReadableOracle(max_nodes=200_000))


def lines_by_hand(position: hy.Position, cert: Certificate) -> list[int]:
    """Every line's leaf value, walking the whole tree with no memory at all."""
    prover, target = cert.prover, cert.target
    value = leaf_value(position, prover, target)
    if value is not None:
        return [value]
    if position.player == prover:
        holes = [cert.strategy[strategy_key(position)]]
    else:
        holes = position.legal_moves()
    return [v for h in holes for v in lines_by_hand(position.play(h), cert)]


def resealed(cert: Certificate, strategy: dict, **header) -> Certificate:
    """``cert`` with another strategy and header fields, its checksum made to match again (as
    someone who changed a file on purpose would)."""
    new = {**cert.header, **header}
    new["strategy_sha256"] = strategy_digest(strategy, len(new["start"]["board"]))
    return Certificate(new, strategy)


# -- a valid certificate --------------------------------------------------------------------------
def test_a_built_certificate_verifies_and_counts_every_line(certificate):
    verdict = verify(certificate)
    assert verdict.valid, verdict.reason
    by_hand = lines_by_hand(hy.new_game(**BA_AWA), certificate)
    assert verdict.lines == len(by_hand) > 100
    assert verdict.worst_case == min(by_hand) >= -16
    assert verdict.worst_case == certificate.header["worst_case"]
    assert verdict.repetitions == 0 and verdict.unused == 0
    assert verdict.prover_positions == len(certificate.strategy)


def test_saving_and_loading_keep_the_certificate(certificate, tmp_path):
    path = save(certificate, tmp_path / "c.npz")
    again = load(path)
    assert again.header == json.loads(json.dumps(certificate.header))
    assert dict(again.strategy) == dict(certificate.strategy)
    assert verify(path).valid
    assert path.stat().st_size < 4 * len(certificate.strategy) + 2000


def test_a_claim_after_moves_keeps_the_game_history():
    game = hy.Game("ba-awa")
    game.play_all([1, 11, 5, 8, 2, 10])
    history = list(game.positions())[:-1]
    cert = build_certificate(game.position, 0, 8, ReadableOracle(max_nodes=20_000),
                             history=history)
    assert cert.header["moves"] == [1, 11, 5, 8, 2, 10]
    verdict = verify(cert)
    assert verdict.valid and verdict.worst_case >= 8


def test_a_false_claim_cannot_be_built():
    position, prover, _ = small_claim()
    with pytest.raises(Refusal, match="no move that keeps the claim"):
        build_certificate(position, prover, 30, ReadableOracle(max_nodes=2_000))


# -- broken certificates --------------------------------------------------------------------------
def test_a_missing_prover_move_is_refused_with_its_line(certificate):
    strategy = dict(certificate.strategy)
    root_key = strategy_key(hy.new_game(**BA_AWA))
    deeper = next(k for k in strategy if k != root_key)
    del strategy[deeper]
    verdict = verify(resealed(certificate, strategy))
    assert not verdict.valid
    assert "the strategy has no hole for this position" in verdict.reason
    assert verdict.reason.startswith("After North ")  # the line that leads there


def test_an_illegal_hole_is_refused_with_the_engines_reason(certificate):
    strategy = dict(certificate.strategy)
    root_key = strategy_key(hy.new_game(**BA_AWA))
    strategy[root_key] = 0  # a South hole, North to move
    verdict = verify(resealed(certificate, strategy))
    assert not verdict.valid
    assert verdict.reason.startswith("At the claim's position: the strategy plays hole 0, which "
                                     "is illegal: hole 0 is not yours")


def test_a_false_target_is_refused_on_the_line_that_falls_short(certificate):
    verdict = verify(resealed(certificate, dict(certificate.strategy),
                              target=certificate.header["worst_case"] + 2))
    # Raising the target turns leaves into positions to play on: the first line found wanting
    # either ends below the target or reaches a prover's position the strategy never needed.
    assert not verdict.valid and verdict.reason.startswith("After ")
    assert "below the claimed" in verdict.reason or "has no hole" in verdict.reason


def test_a_tampered_header_is_refused(certificate):
    worst = certificate.header["worst_case"]
    cases = {
        "worst_case": (dict(worst_case=worst + 2), "claims a worst case of"),
        "counts": (dict(counts={**certificate.header["counts"], "lines": 7}),
                   "counts 7 lines"),
        "board": (dict(start={**certificate.header["start"],
                              "board": [1, 10, 1, 2, 0, 9, 1, 10, 1, 0, 1, 0]}),
                  "the strategy has no hole"),
    }
    for name, (fields, words) in cases.items():
        verdict = verify(resealed(certificate, dict(certificate.strategy), **fields))
        assert not verdict.valid and words in verdict.reason, name
    changed = dict(certificate.strategy)
    key = next(iter(changed))
    changed[key] = next(h for h in range(6, 12) if h != changed[key])
    verdict = verify(Certificate(certificate.header, changed))  # checksum not updated
    assert not verdict.valid and "checksum" in verdict.reason


#: Two seeds can never make a casa: play goes round until a position comes back a third time.
TWO_SEEDS = dict(variant="hoyito-i", board=[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1],
                 captures=(22, 24))


def first_hole(position, *, prover, target, history=(), avoid=frozenset()):
    """An oracle that sows the first hole it may, whatever happens next."""
    return next((hole for hole in position.legal_moves() if hole not in avoid), None)


def test_a_line_that_ends_by_repetition_fails():
    # A strategy that always sows its first hole meets the repetition rule; built without
    # the builder's check for loops, the verifier refuses it.
    cert = build_certificate(hy.new_game(**TWO_SEEDS), 0, -2, first_hole, avoid_loops=False)
    verdict = verify(cert)
    assert verdict.repetitions > 0 and not verdict.valid
    assert "end by repetition (R4.3)" in verdict.reason


def test_the_builder_refuses_a_claim_whose_every_line_goes_round_a_loop():
    with pytest.raises(Refusal, match="sends a line round a loop that only a repetition"):
        build_certificate(hy.new_game(**TWO_SEEDS), 0, -2, first_hole)


def test_unreadable_files_raise_a_sentence(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip at all")
    with pytest.raises(CertificateError, match="is not a certificate"):
        load(junk)
    with pytest.raises(CertificateError, match="no such file"):
        load(tmp_path / "missing.npz")
    header = np.frombuffer(json.dumps({"format": "hoyito_edu.certificate"}).encode(), np.uint8)
    np.savez_compressed(tmp_path / "half.npz", header=header, columns=np.zeros((1, 1), np.uint8))
    with pytest.raises(CertificateError, match="format hoyito_edu.certificate version 1"):
        load(tmp_path / "half.npz")


# -- the certificates kept in data/proofs -----------------------------------------------------
#: Certificates up to this size are verified every run (each in well under a second).
SMALL_FILE = 100_000


def kept(small: bool) -> list[Path]:
    return sorted(p for p in proofs_dir().glob("*.npz")
                  if (p.stat().st_size <= SMALL_FILE) == small)


@pytest.mark.parametrize("path", kept(small=True), ids=lambda p: p.stem)
def test_small_kept_certificates_are_valid(path):
    verdict = verify(path)
    assert verdict.valid, verdict.reason
    assert verdict.worst_case >= load(path).target


@pytest.mark.slow
@pytest.mark.parametrize("path", kept(small=False), ids=lambda p: p.stem)
def test_large_kept_certificates_are_valid(path):
    verdict = verify(path)
    assert verdict.valid, verdict.reason
    assert verdict.worst_case >= load(path).target


def test_every_whole_game_claim_is_kept_and_checked_in_a_tier():
    # Each claim scripts/make_certificates.py makes has its file, and each file is verified
    # by one of the two tests above (small every run, large in the slow tier).
    from make_certificates import OPENINGS, SMALL, WHOLE_GAME

    names = {claim[0] for claim in SMALL + WHOLE_GAME + OPENINGS}
    kept_names = {p.stem for p in kept(small=True) + kept(small=False)}
    assert names <= kept_names, names - kept_names
    assert "hoyito-ii-start-north-24" in {p.stem for p in kept(small=False)}


def test_ba_awa_is_certified_at_exactly_plus_8_from_the_start():
    # South (who starts) makes sure of +8, and North makes sure South gets no more than +8.
    south = verify(proofs_dir() / "ba-awa-start-south-8.npz")
    north = verify(proofs_dir() / "ba-awa-start-north-minus-8.npz")
    assert south.valid and north.valid, (south.reason, north.reason)
    assert (south.worst_case, north.worst_case) == (8, -8)
    for name in ("ba-awa-start-south-8.npz", "ba-awa-start-north-minus-8.npz"):
        header = load(proofs_dir() / name).header
        assert header["moves"] == [] and header["start"]["board"] == [4] * 12


def test_each_opening_certificate_claims_what_its_name_and_list_say():
    # The header is the claim the verifier checks: South's one opening move from the rule
    # set's start (a real game record, so the repetition rule sees the start), the prover and
    # the target of scripts/make_certificates.py's OPENINGS, and a worst case at least the target.
    from make_certificates import OPENINGS

    for name, variant, hole, prover, target in OPENINGS:
        side = ("south", "north")[prover]
        assert name == f"{variant}-opening-{hole}-{side}-{'minus-' * (target < 0)}{abs(target)}"
        header = load(proofs_dir() / f"{name}.npz").header
        assert (header["variant"], header["moves"]) == (variant, [hole]), name
        assert header["start"]["board"] == [4] * 12, name
        assert (header["prover"], header["target"]) == (prover, target), name
        assert header["worst_case"] >= target, name


@pytest.mark.parametrize("variant", ["hoyito-i", "hoyito-ii", "hoyito-iii", "ba-awa"])
def test_norths_start_certificate_answers_every_south_opening(variant):
    # Why an opening's high end equal to the start's needs no certificate of its own: the
    # verifier follows every South reply at the start, so North's strategy holds a hole for
    # the position after each opening, reached with the same game record as an opening's own
    # certificate (the start, then South's move).
    from make_certificates import WHOLE_GAME

    north = [name for name, v, prover, _ in WHOLE_GAME if v == variant and prover == 1]
    assert len(north) == 1
    cert = load(proofs_dir() / f"{north[0]}.npz")
    start = hy.new_game(variant)
    for hole in start.legal_moves():
        after = start.play(hole)
        assert after.player == 1 and cert.strategy[strategy_key(after)] in after.legal_moves()


def test_every_opening_bound_of_the_table_is_certified():
    # data/solved.csv claims no opening bound that data/proofs/ does not certify: each row's
    # low end is -48 (every seed to North: nothing to prove) or a South certificate's, and its
    # high end a North certificate's (the opening's own or the start's), named in the row.
    import csv

    from hoyito_edu.analysis import solve

    table = ROOT / "data" / "solved.csv"
    for row in csv.DictReader(table.open(encoding="utf-8")):
        if row["position"] != "opening":
            continue
        item = solve.Item(row["variant"], int(row["hole"]))
        low, high, names = solve.certified_bounds(item)
        where = f"{item.name}: add its certificate to OPENINGS in scripts/make_certificates.py"
        assert (int(row["low"]), int(row["high"])) == (low, high), where
        assert f"certified [{low}, {high}] by data/proofs/ {', '.join(names)}" in row["method"]


def test_data_proofs_stays_small():
    total = sum(p.stat().st_size for p in proofs_dir().glob("*"))
    assert total < 20_000_000


# -- the command line ----------------------------------------------------------------------------
def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hoyito_edu", "verify-proof", *args],
                          capture_output=True, text=True, env=env, timeout=120)


def test_cli_exit_codes_and_sentences(certificate, tmp_path, capsys):
    good = save(certificate, tmp_path / "good.npz")
    bad = save(resealed(certificate, dict(certificate.strategy),
                        target=certificate.header["worst_case"] + 2), tmp_path / "bad.npz")
    assert main(["verify-proof", str(good), "--lang", "en"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("VALID: North ends Ba-awa with a margin of at least -16\n")
    assert main(["verify-proof", str(bad), "--lang", "en"]) == 1
    out, _ = capsys.readouterr()
    assert out.startswith("NOT VALID: North ends Ba-awa with a margin of at least -14\nAfter ")


@pytest.mark.slow  # three interpreters start, each importing the package
def test_cli_in_a_subprocess_says_valid_invalid_or_unreadable(certificate, tmp_path):
    good = save(certificate, tmp_path / "good.npz")
    result = run_cli(str(good), "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("VALID: North ends Ba-awa with a margin of at least -16")
    assert f"Worst case: the prover ends {certificate.header['worst_case']:+d}" in result.stdout

    bad = save(resealed(certificate, dict(certificate.strategy),
                        target=certificate.header["worst_case"] + 2), tmp_path / "bad.npz")
    result = run_cli(str(bad), "--lang", "en")
    assert result.returncode == 1 and result.stdout.startswith("NOT VALID")
    assert "\nAfter North " in result.stdout

    junk = tmp_path / "junk.npz"
    junk.write_text("hello")
    result = run_cli(str(junk), "--lang", "en")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("python -m hoyito_edu verify-proof: ")
    assert "is not a certificate" in result.stderr


def test_an_opening_claim_says_which_hole_south_sowed(capsys):
    # A claim about South's opening is not a claim about the start: the verdict names the hole.
    path = str(proofs_dir() / "ba-awa-opening-5-north-8.npz")
    assert main(["verify-proof", path, "--lang", "en"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("VALID: North ends Ba-awa with a margin of at least +8, once hole 5 "
                          "is sown from the start\n")
    assert main(["verify-proof", path]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("VÁLIDO: Norte termina Ba-awa con un margen de al menos +8, una vez "
                          "sembrado el hoyo 5 desde el inicio\n")
    game_record = str(proofs_dir() / "ba-awa-move-6-south-8.npz")
    assert main(["verify-proof", game_record, "--lang", "en"]) == 0
    assert "once holes 1, 11, 5, 8, 2, 10 are sown from the start\n" in capsys.readouterr()[0]


def test_cli_names_a_missing_file_or_a_folder(tmp_path, capsys):
    for path, words in ((tmp_path / "missing.npz", "no such file"), (tmp_path, "is a folder")):
        assert main(["verify-proof", str(path), "--lang", "en"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("python -m hoyito_edu verify-proof: ") and words in err


def test_cli_speaks_spanish(certificate, tmp_path, capsys):
    good = save(certificate, tmp_path / "good.npz")
    assert main(["verify-proof", str(good)]) == 0  # Spanish by default, like serve and play
    out, _ = capsys.readouterr()
    assert out.startswith("VÁLIDO: Norte termina Ba-awa con un margen de al menos -16\n")
    assert "Peor caso: quien prueba termina con -16" in out and "líneas" in out
    broken = dict(certificate.strategy)
    broken[strategy_key(hy.new_game(**BA_AWA))] = 0
    bad = save(resealed(certificate, broken), tmp_path / "malo.npz")
    assert main(["verify-proof", str(bad)]) == 1
    out, _ = capsys.readouterr()
    assert "En la posición de la afirmación: la estrategia juega el hoyo 0, que no es legal" in out
    assert main(["verify-proof", str(tmp_path / "falta.npz")]) == 2
    assert "no existe el archivo" in capsys.readouterr().err


def test_hoyito_i_is_certified_at_exactly_minus_8_from_the_start():
    # North (second to move) makes sure of +8, and South of -8: North wins by exactly 8.
    north = verify(proofs_dir() / "hoyito-i-start-north-8.npz")
    south = verify(proofs_dir() / "hoyito-i-start-south-minus-8.npz")
    assert north.valid and south.valid, (north.reason, south.reason)
    assert (north.worst_case, south.worst_case) == (8, -8)
    assert north.repetitions == south.repetitions == 0


def test_the_bounds_of_hoyito_ii_and_iii_are_certified_from_the_start():
    # North wins Hoyito II by 24 to 32 and Hoyito III by 24 to 40. Both ends of Hoyito II are
    # large certificates, verified in the slow tier: here their claims are read.
    for name, worst in (("hoyito-iii-start-north-24", 24),
                        ("hoyito-iii-start-south-minus-40", -40)):
        verdict = verify(proofs_dir() / f"{name}.npz")
        assert verdict.valid and verdict.worst_case == worst, (name, verdict.reason)
    for name, claim in (("hoyito-ii-start-south-minus-32", (0, -32, -32)),
                        ("hoyito-ii-start-north-24", (1, 24, 24))):
        header = load(proofs_dir() / f"{name}.npz").header
        assert (header["prover"], header["target"], header["worst_case"]) == claim, name
        assert header["moves"] == [] and header["variant"] == "hoyito-ii"


@pytest.mark.slow  # about 10 s a check
def test_verify_proof_prints_hoyito_ii_norths_claim_in_both_languages(capsys):
    path = str(proofs_dir() / "hoyito-ii-start-north-24.npz")
    assert main(["verify-proof", path, "--lang", "en"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("VALID: North ends Hoyito II with a margin of at least +24\n")
    assert "Worst case: the prover ends +24 (guaranteed margin)." in out
    assert ", 0 repetitions," in out
    assert main(["verify-proof", path]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("VÁLIDO: Norte termina Hoyito II con un margen de al menos +24\n")
    assert "Peor caso: quien prueba termina con +24" in out



# -- the board's Show me ---------------------------------------------------------------------
def test_show_me_names_the_move_a_certificate_proves():
    from hoyito_edu.analysis.certificates import certified_move
    from hoyito_edu.teaching.hints import best_play_line

    start = hy.new_game("ba-awa")
    hole, margin, name = certified_move(start)
    assert (margin, name) == (8, "ba-awa-start-south-8")
    strategy = load(proofs_dir() / f"{name}.npz").strategy
    assert hole == strategy[strategy_key(start)]
    line = best_play_line(start)
    assert line == (f"Proven by a certificate of perfect play (ba-awa-start-south-8): hole {hole} "
                    "makes sure your final score is at least +8 against your opponent's, "
                    "whatever they play.")
    with language("es"):
        assert best_play_line(start).startswith("Demostrado por un certificado de juego perfecto")
    # North to move after any South opening: North's certificate from the start answers,
    # unless the opening's own certificate claims more
    after = start.play(0)
    north_hole, north_margin, name = certified_move(after)
    assert (north_margin, name) == (-8, "ba-awa-start-north-minus-8")
    assert north_hole in after.legal_moves()
    after = start.play(2)
    assert certified_move(after)[1:] == (0, "ba-awa-opening-2-north-0")
    # positions no certificate holds
    assert certified_move(hy.new_game("ba-awa", board=[5] * 12)) is None
    assert best_play_line(hy.new_game("hoyito-ii", holes_per_row=7)) is None
