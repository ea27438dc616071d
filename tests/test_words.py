"""The board's plain words: who won and why, what a move did, the levels, the agreement offer.

Every ending is reached by the engine on a real position, never built by hand, so a sentence
cannot drift away from what the rules do.
"""

from __future__ import annotations

import re

import pytest

import hoyito_edu as hy
from hoyito_edu.compiled.codes import END_REASONS
from hoyito_edu.engine.events import Reason
from hoyito_edu.players import available
from hoyito_edu.teaching import words

# Jargon that once reached students (issue 13) and must never come back.
JARGON = ("casa>", "mid-sow", "eight-or-fewer", "drops", "relay", "ply", "plies", "(South-North)")


def plain(text: str) -> str:
    for word in JARGON:
        assert word not in text, f"{word!r} in {text!r}"
    assert "{" not in text and "}" not in text, text  # every field filled in
    return text


def final_four_game(variant="hoyito-i", **setup) -> hy.Game:
    # South's last seed makes a casa in hole 1 and leaves the last four on North's row.
    game = hy.Game(variant, board=[1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0], **setup)
    game.play(0)
    return game


def repetition_game() -> hy.Game:
    game = hy.Game("hoyito-i", board=[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])
    while not game.is_over:
        game.play(min(game.position.legal_moves()))
    return game


def endings() -> dict[str, hy.Game]:
    """A finished game for every way the engine ends one."""
    found = {"final-four": final_four_game()}
    found["all-captured"] = hy.Game("hoyito-i", board=[1, 3] + [0] * 10)
    found["all-captured"].play(0)
    found["eight-or-fewer"] = hy.Game("ba-awa", board=[0] * 8 + [1, 3, 3, 3], player=0)
    found["eight-or-fewer"].play(8)
    found["endless"] = hy.Game("hoyito-i", board=[2, 1, 3, 1, 0, 2, 1, 0, 1, 0, 1, 0])
    found["endless"].play(2)
    found["repetition"] = repetition_game()
    found["lap-limit"] = hy.Game("hoyito-i", max_laps=4)
    found["lap-limit"].play(0)
    found["quiet-limit"] = hy.Game("hoyito-i", board=[1] + [0] * 5 + [1] + [0] * 5, quiet_limit=3)
    found["quiet-limit"].play_all([0, 6, 1])
    found["agreement"] = hy.Game("hoyito-i")
    found["agreement"].play(0)
    found["agreement"].end_by_agreement()
    return found


ENDINGS = endings()


def test_every_ending_the_engine_can_reach_is_covered():
    engine_reasons = {str(r) for r in Reason} - {"mid-sow", "last-seed", "chain"}
    assert set(ENDINGS) == engine_reasons
    assert {g.position.outcome.reason.value for g in ENDINGS.values()} == engine_reasons
    # and the simulation's own ending, the ply cap, has its sentence too
    keys = {key.removesuffix("_you") for key in words.WHY}
    assert set(END_REASONS) | {"agreement"} <= keys


@pytest.mark.parametrize("reason", sorted(ENDINGS))
@pytest.mark.parametrize("human", [0, 1, None])
def test_each_ending_is_told_in_plain_words_from_each_point_of_view(reason, human):
    game = ENDINGS[reason]
    end = game.position.outcome
    told = words.outcome(game, human)
    assert told.reason == reason and told.score == end.score and told.winner == end.winner
    plain(told.text)
    assert told.text.startswith(told.title + ". " + told.why[:10])
    high, low = max(end.score), min(end.score)
    if end.winner is None:
        assert told.title == f"Draw {end.score[0]}-{end.score[1]}"
    elif human is None:
        assert told.title == f"{hy.PLAYER_NAMES[end.winner]} wins {high}-{low}"
    elif end.winner == human:
        assert told.title == f"You win {high}-{low}"
    else:
        assert told.title == f"The computer wins {high}-{low}"
    if human is None:  # two people: nobody is "you"
        assert not re.search(r"\byou\b", told.text, re.I) and "computer" not in told.text


def test_the_last_four_are_told_as_taken_by_whoever_took_them():
    game = final_four_game()
    assert words.outcome(game, human=0).text == (
        "You win 8-0. A capture left the last four seeds, and you took them."
    )
    assert words.outcome(game, human=1).why == (
        "A capture left the last four seeds, and the computer took them."
    )
    assert words.outcome(game.moves[-1], None).why.endswith("and South took them.")
    assert words.outcome(game.position, None).why.endswith("and South took them.")


def test_hoyito_iii_last_four_going_to_the_previous_winner_says_so():
    game = final_four_game("hoyito-iii", round=3, previous_winner=1)
    taker = {c.taker for c in game.moves[-1].captures if c.reason == Reason.FINAL_FOUR}
    assert taker == {1}
    assert words.outcome(game, human=1).why == (
        "A capture left the last four seeds, and they went to you as the winner of the last game."
    )


def test_ba_awa_last_seeds_go_to_the_starter_in_words():
    game = ENDINGS["eight-or-fewer"]  # North started: South had nothing to sow
    assert game.position.starter == 1
    assert "you took them because you started this game" in words.outcome(game, human=1).why
    assert "the computer took them because the computer started" in words.outcome(game, 0).why


def test_the_board_limits_in_the_endings_are_the_rules_own_numbers():
    assert "4 laps" in words.outcome(ENDINGS["lap-limit"], 0).why
    assert "3 moves in a row" in words.outcome(ENDINGS["quiet-limit"], 0).why


def test_agreement_is_your_choice_against_the_computer_and_both_players_choice_otherwise():
    game = ENDINGS["agreement"]
    assert words.outcome(game, human=0).why.startswith("You chose to end the game")
    assert words.outcome(game, human=None).why.startswith("The players agreed")


def test_a_game_still_going_or_a_wrong_argument_is_a_clear_error():
    with pytest.raises(ValueError, match="not over yet"):
        words.outcome(hy.Game("hoyito-i"), 0)
    with pytest.raises(ValueError, match="Game, Match, Position or Move"):
        words.outcome("South won", 0)
    with pytest.raises(ValueError, match="0 .South., 1 .North. or None"):
        words.outcome(ENDINGS["agreement"], human=2)


def play_round(match: hy.Match, seed: int) -> None:
    players = (hy.player("greedy", seed=seed), hy.player("random", seed=seed + 1))
    while not match.game.is_over:
        pos = match.position
        match.play(players[pos.player].choose(pos))


@pytest.mark.parametrize(
    "variant, unit, setup", [("hoyito-i", "seeds", {}), ("ba-awa", "holes", {"target": 8})]
)
def test_a_match_tells_the_standing_after_each_round_and_who_won_it(variant, unit, setup):
    match = hy.Match(variant, **setup)
    play_round(match, seed=1)
    told = words.outcome(match, human=0)
    held = match.results[-1].holdings
    if not match.is_over:
        verb = "hold" if unit == "seeds" else "own"
        assert told.match == (
            f"Round 1 is over: you {verb} {held[0]} {unit} and the computer {verb}s {held[1]}."
        )
        assert told.text.endswith(told.match)
    rounds = 1
    while not match.is_over and rounds < 30:
        match.next_round()
        play_round(match, seed=rounds)
        rounds += 1
    assert match.is_over
    winner = match.winner
    for human in (0, 1, None):
        line = plain(words.outcome(match, human).match)
        assert "wins the match" in line or "win the match" in line
        if human == winner:
            assert line.startswith("You win the match")
        elif human is None:
            assert line.startswith(f"{hy.PLAYER_NAMES[winner]} wins the match")
        else:
            assert line.startswith("The computer wins the match")


# -- one move ---------------------------------------------------------------------------------


def test_a_move_line_names_the_mover_the_hole_the_laps_and_the_casas():
    pos = hy.new_game("hoyito-ii", board=[1, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    move = pos.sow(2)  # the last seed makes a casa in hole 3: South plays again
    assert move.extra_turn and move.after.player == 0
    assert words.move_line(move, human=0) == (
        "You sowed hole 2. You took one casa (4 seeds). You play again."
    )
    assert words.move_line(move, human=1) == (
        "The computer sowed hole 2. The computer took one casa (4 seeds). The computer plays again."
    )


def test_a_ba_awa_casa_on_the_other_side_is_told_as_taken_by_its_owner():
    pos = hy.new_game("ba-awa", board=[0, 0, 4, 0, 3, 1, 3, 0, 4, 1, 3, 3])
    move = pos.sow(4)
    assert move.taken == (0, 4)
    line = words.move_line(move, human=0)
    assert line.startswith("You sowed hole 4") and "The computer took one casa (4 seeds)." in line


def test_a_move_stopped_by_the_lap_limit_or_ending_the_game_says_so():
    line = plain(words.move_line(ENDINGS["lap-limit"].moves[-1], human=0))
    assert "stopped after 4 laps" in line and line.endswith("The game is over.")
    assert "Each player took the seeds on their own side." in line
    line = plain(words.move_line(final_four_game().moves[-1], human=0))
    assert "You took the last four seeds." in line


def test_a_pass_is_told_instead_of_an_extra_turn():
    # South's last seed makes a casa (an extra turn), but South has nothing left to sow.
    move = hy.new_game("hoyito-ii", board=[0, 0, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2]).sow(2)
    assert move.passes == (0,) and move.after.player == 1
    assert words.move_line(move, human=0) == (
        "You sowed hole 2. You took one casa (4 seeds). You have no seeds to sow, so you pass."
    )
    assert words.move_line(move, human=1).endswith("The computer has no seeds to sow and passes.")


def test_move_lines_of_whole_games_are_plain():
    for variant in hy.VARIANTS:
        game = hy.Game(variant)
        a, b = hy.player("greedy", seed=3), hy.player("beginner", seed=4)
        while not game.is_over and len(game.moves) < 300:
            pos = game.position
            game.play((a if pos.player == 0 else b).choose(pos))
        for move in game.moves:
            plain(words.move_line(move, human=1))


# -- levels -----------------------------------------------------------------------------------


def test_levels_are_names_the_players_accept_each_with_a_plain_line():
    names = [name for name, _ in words.LEVELS]
    assert names == ["beginner", "greedy", "intermediate", "expert"]
    assert set(names) | set(words.OTHER_LEVELS) == set(available())
    for name, line in words.LEVELS:
        hy.player(name, seed=0)
        assert words.level_line(name) == line and line.startswith(name.title() + ": ")
    with pytest.raises(ValueError, match="unknown opponent 'chess'; the opponents are beginner"):
        words.level_line("chess")


# -- ending a quiet game ------------------------------------------------------------------


def quiet_position(plies: int) -> hy.Position:
    """A 2x12 game of two seeded random players, at its first run of ``plies`` moves without
    a capture (on 2x12 the seeds soon wander)."""
    game = hy.Game("hoyito-i", holes_per_row=12, quiet_limit=50_000)
    chooser = hy.player("random", seed=5)
    while game.position.quiet_plies != plies:
        assert not game.is_over
        game.play(chooser.choose(game.position))
    return game.position


def test_the_agreement_offer_comes_after_the_quiet_stretch_and_says_what_each_would_get():
    before = words.agreement_offer(quiet_position(words.QUIET_PLIES_BEFORE_OFFER - 1), 0)
    assert not before.due and before.text == ""
    pos = quiet_position(words.QUIET_PLIES_BEFORE_OFFER)
    offer = words.agreement_offer(pos, human=0)
    south, north = pos.end_by_agreement().score
    assert offer.due and offer.label == "End the game: each takes the seeds on their side"
    assert f"for {words.QUIET_PLIES_BEFORE_OFFER} moves" in offer.text
    assert f"you would finish with {south} and the computer with {north}" in offer.text
    both = words.agreement_offer(pos)
    assert f"South would finish with {south} and North with {north}" in plain(both.text)


def test_the_limits_line_states_the_boards_lap_and_quiet_limits():
    rules = hy.get_rules("hoyito-ii", quiet_limit=hy.engine.rules.BOARD_QUIET_LIMIT)
    line = words.limits_line(rules)
    assert "1,000 laps" in line and "50,000 moves in a row" in line
    assert "no limit" in words.limits_line(hy.get_rules("hoyito-i", max_laps=None))
    assert "75 laps" in words.limits_line(hy.get_rules("hoyito-i", max_laps=75))
    assert "200 moves" in words.limits_line(
        hy.get_rules("hoyito-i", max_laps=None, quiet_limit=200)
    )


def test_every_template_is_a_whole_sentence_without_jargon():
    tables = [words.TITLES, words.WHY, words.MATCH, words.MOVE, words.AGREEMENT, words.HINT]
    for table in tables:
        for value in table.values():
            for template in value if isinstance(value, tuple) else (value,):
                for word in JARGON:
                    assert word not in template
                assert template[0].isupper() or template.startswith("{")


def test_a_hole_that_cannot_be_sown_is_refused_for_the_reason_the_engine_gives():
    board = [0, 4, 0, 4, 4, 0, 4, 4, 4, 4, 4, 4]
    pos = hy.new_game("hoyito-i", board=board, closed=[5])
    refused = {hole: words.refusal_line(pos, hole, human=0) for hole in (0, 5, 7, 12, "x", 1)}
    assert refused == {
        0: "Hole 0 is empty: choose a hole with seeds (a yellow ring).",
        5: "Hole 5 is closed in this round: nobody sows it.",
        7: "Hole 7 is the computer's, not yours: sow one of your own holes (a yellow ring).",
        12: "There is no hole 12 on this board: its holes are numbered 0 to 11.",
        "x": "That is not a hole on this board.",
        1: "",
    }
    for hole in (0, 5, 7, 12, "x"):  # the engine's reason is the one said
        with pytest.raises(hy.IllegalMove) as caught:
            pos.check_move(hole)
        assert caught.value.why in ("empty", "closed", "not-yours", "range", "not-a-hole")
    over = hy.new_game("hoyito-i").end_by_agreement()
    assert words.refusal_line(over, 0) == "The game is over: nobody sows any more."


# -- Spanish (issue 15) ----------------------------------------------------------------------


def test_a_spanish_board_says_a_refused_move_and_the_moves_in_spanish():
    board = hy.Board("hoyito-i", opponent=None, lang="es")
    assert board.click(8) is False
    assert board.notice_text == "El hoyo 8 es de Norte, y le toca jugar a Sur."
    assert board.click(0)
    assert board.session.move_lines[0][2] == (
        "Sur sembró el hoyo 0 en 5 tandas. No se comió ninguna semilla."
    )
    assert board.texts["undo"] == "Deshacer"
    assert board.texts["pit_seeds"] == ["{count} semilla", "{count} semillas"]


def test_spanish_plural_forms_for_one_and_two_seeds():
    with hy.i18n.language("es"):
        one = words.hint_line(
            takes=1, gives=0, hands=0, plays_again=False, result="", opponent="Norte"
        )
        two = words.hint_line(
            takes=2, gives=0, hands=0, plays_again=False, result="", opponent="Norte"
        )
    assert one == "Te comes 1 semilla y Norte no puede comer nada justo después."
    assert two == "Te comes 2 semillas y Norte no puede comer nada justo después."


def test_a_spanish_banner_and_explanation():
    end = hy.new_game("hoyito-i").play(0).end_by_agreement()
    with hy.i18n.language("es"):
        told = words.outcome(end, human=1)
    assert told.title == "Ganaste 25-23"
    assert told.why.startswith("Decidiste terminar la partida")
    text = hy.explain(hy.new_game("hoyito-i"), 0, lang="es").text
    assert text.startswith(
        "Sur siembra el hoyo 0, que tiene 4 semillas. La siembra tiene 5 tandas."
    )
    assert hy.explain(hy.new_game("hoyito-i"), 0).text.startswith("South sows hole 0")


def test_illegal_move_in_the_session_language():
    hy.set_language("es")
    try:
        with pytest.raises(hy.IllegalMove, match="el hoyo 8 no es tuyo: es de Norte"):
            hy.new_game("hoyito-i").play(8)
        board = hy.Board("hoyito-i", opponent=None)  # lang None: the session's language
        assert board.lang == "es" and board.texts["undo"] == "Deshacer"
    finally:
        hy.set_language("en")
    with pytest.raises(hy.IllegalMove, match="hole 8 is not yours: it belongs to North"):
        hy.new_game("hoyito-i").play(8)


def test_replay_and_compare_in_spanish_and_a_refused_language():
    game = hy.Game("hoyito-i")
    game.play_all([0, 6])
    replay = hy.Replay(game, lang="es")
    replay.goto_move(1)
    assert replay.status_text.startswith("Jugada 1 de 2. Sur sembró el hoyo 0")
    compare = hy.CompareRules(lang="es")
    assert compare.differing_rows()[0] == "Sur comió"
    assert list(compare.table.columns[:3]) == ["Reglamento", "Tandas", "Semillas sembradas"]
    assert compare.set_board("4 4 banana") is False
    assert compare.notice_text.startswith("La 3.ª entrada que escribiste, «banana»")
    for make in (lambda: hy.Board(lang="fr"), lambda: hy.Replay(game, lang="fr"),
                 lambda: hy.CompareRules(lang="fr"),
                 lambda: hy.explain(hy.new_game("hoyito-i"), 0, lang="fr")):
        with pytest.raises(ValueError, match="'en' .English. or 'es' .Spanish., not 'fr'"):
            make()


# --- Old phrasings that must not come back (issue 35) ------------------------------------------
# Every sentence a student or teacher reads in Spanish: the compiled catalogue, the Spanish
# notebooks and the play page, and the Spanish columns of the data tables.

def _notebook_texts(paths) -> dict[str, str]:
    import nbformat

    return {
        path.name: " ".join(" ".join(cell.source.split()) for cell in nbformat.read(path, 4).cells)
        for path in paths
    }


def _spanish_texts() -> dict[str, str]:
    import gettext
    from pathlib import Path

    import pandas as pd

    root = Path(__file__).resolve().parent.parent
    mo = root / "hoyito_edu" / "i18n" / "locale" / "es" / "LC_MESSAGES" / "hoyito_edu.mo"
    with open(mo, "rb") as handle:
        catalogue = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    texts = {"catalogue": " | ".join(" ".join(str(s).split()) for s in catalogue.values())}
    notebooks = sorted((root / "notebooks" / "es").glob("*.ipynb"))
    texts.update(_notebook_texts([*notebooks, root / "notebooks" / "play" / "jugar.ipynb"]))
    for name in ("variants_es.csv", "glossary.csv", "fieldwork_sites.csv"):
        table = pd.read_csv(root / "data" / name, dtype=str, keep_default_na=False)
        texts[name] = " | ".join(" ".join(value.split()) for value in table.to_numpy().ravel())
    return texts


def _english_texts() -> dict[str, str]:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    return _notebook_texts(sorted((root / "notebooks").glob("*.ipynb")))


#: Phrasings a Dominican teacher reported (issue 35), and what replaced them.
OLD_SPANISH = {
    r"dos semillas o más que otro hoyo": "dos semillas más (o todavía más) que otro hoyo",
    r"\bun serie\b": "una serie",
    r"de una serie al siguiente": "de una serie a la siguiente",
    r"si alguno llegó": "si alguna llegó",
    r"\bun encuentro\b": "una serie",
    r"agujas del reloj": "manecillas del reloj",
    r"\bun match\b": "una serie",
    r"\bvea el README": "mira el README (tú, no usted)",
    r"una comida deja": "al comer quedan",
    r"qué es de ti la persona": "qué parentesco tiene contigo",
    r"se lleva sus hoyos": "se lleva las semillas de sus hoyos",
    r"\bfila del (Sur|Norte)\b": "fila de Sur, fila de Norte",
    r"\bel hoyito I": "el Hoyito I",
    r"Te toca con el próximo": "El servidor te empareja con el próximo",
    r"está probada": "tiene sus pruebas automáticas",
    r"pueblo de Barahona|un pueblo y de una provincia": "la ciudad de Barahona",
    r"\b(indique|divídalo|numere|mantenga juntas)\b": "tú: indica, divídelo, numera, mantén",
    r"\bprofesor\b(?! o (la )?profesora)": "profesor o profesora",
    r"mcts de hoy": "el mcts más rápido (un dato fechado, no 'de hoy')",
    r"como se resolvieron el Awari y el Kalah": "el Awari, análisis retrógrado; el Kalah, no dicho",
    r"sistema de pruebas de Stockfish": "nuestras fuentes no describen ese sistema",
    r"juego de mancala del suroeste": "registrado en el suroeste",
    r"Las reglas de estos cuadernos las registraron": "las del Hoyito (las del Ba-awa: Bell)",
    r"La sección \*Computer opponents\* del README": "la sección del README sobre los jugadores",
}
#: "Vuelta" for a lap read as a whole round of the board: a lap is a "tanda". These phrases,
#: about going round (not about a lap), keep the word.
ROUND_PHRASES = (
    r"dando la vuelta|dan vueltas|daría vueltas|dar vueltas|dado vueltas|[Dd]e vuelta en"
)


@pytest.mark.parametrize("old", sorted(OLD_SPANISH))
def test_old_spanish_phrasings_are_gone(old):
    found = {name: re.findall(f".{{0,40}}{old}.{{0,20}}", text)
             for name, text in _spanish_texts().items()}
    found = {name: hits for name, hits in found.items() if hits}
    assert not found, f"write {OLD_SPANISH[old]!r}: {found}"


def test_a_tanda_is_only_a_lap():
    """Once "tanda" is the lap, batches of coin tosses or rounds of a search are not tandas."""
    found = {name: re.findall(r".{0,40}\btandas? (de monedas|igual de lejos|de la búsqueda).{0,20}",
                              text)
             for name, text in _spanish_texts().items()}
    assert not {name: hits for name, hits in found.items() if hits}


def test_a_lap_is_a_tanda_in_spanish():
    found = {}
    for name, text in _spanish_texts().items():
        hits = re.findall(r".{0,40}\b[Vv]ueltas?\b.{0,20}", re.sub(ROUND_PHRASES, "", text))
        if hits:
            found[name] = hits
    assert not found, found


#: English sentences that taught or claimed what the data do not show (issue 35).
OLD_ENGLISH = (
    "do not overlap much",  # overlap is not a test
    "cannot be told from chance",
    "The two intervals overlap",
    "intervals do not overlap:",
    "This is the law of large numbers at work",  # the band narrows by the interval's recipe
    "were by then mostly smooth pebbles",  # the source says "today" (heute)
    "and fewer mid-sow ones is an open question",  # the intervals do not show fewer
    "an open question, and a good one to investigate",  # 04 and 07 answer it
    "today's mcts",  # a run label must not age
    "as Awari and Kalah were solved",  # Awari by retrograde analysis; Kalah: sources silent
    "as Stockfish's testing framework does",  # not in the sources
    "Hoyito is a mancala game from the south-west",  # recorded there; where it is from, unknown
    "The rules in these notebooks were recorded by researchers in 2004 and 2005",  # not Ba-awa's
)


@pytest.mark.parametrize("old", OLD_ENGLISH)
def test_old_english_phrasings_are_gone(old):
    found = [name for name, text in _english_texts().items() if old in text]
    assert not found, found
