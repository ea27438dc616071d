"""The words the board page shows, put in the shape the page draws.

The sentences come from :mod:`hoyito_edu.teaching.words` (levels, move lines, the game-over banner,
the agreement offer) and :mod:`hoyito_edu.teaching.hints` ("Show me"); this module only turns them
into plain strings, lists and dicts ready for JSON.

>>> side_name(0, human=0, level="expert")
'You (South)'
>>> side_name(1, human=0, level="expert")
'Computer: expert (North)'
>>> side_name(1, human=None, level="")
'North'
"""

from __future__ import annotations

from ..engine.events import Reason
from ..engine.match import Match
from ..engine.position import Position
from ..engine.rules import VARIANTS
from ..i18n import N_, N_pair, get_language, ngettext, pgettext
from ..i18n import gettext as _
from ..players import available
from ..teaching import words
from ..teaching.hints import hints

#: The round list of a match, one line per round, then how the current round started.
ROUNDS = {
    "won": N_("Round {round}: {who} won {high}-{low}"),
    "draw": N_("Round {round}: a draw {high}-{low}"),
    "started-seeds": N_("Round {round} started with South holding {south} seeds, North {north}."),
    "started-holes": N_("Round {round} started with South owning {south} holes, North {north}."),
}

#: Why seeds were taken, as the end of a sentence about the taker (the film's captions).
TAKEN_BECAUSE = {
    # TRANSLATORS: {because} of "{taker} takes {seeds} from hole {hole}: {because}."
    Reason.MID_SOW: N_("a casa formed while seeds were still in hand"),
    Reason.LAST_SEED: N_("the last seed made a casa"),
    Reason.CHAIN: N_("the chain: this hole just behind holds four too"),
    Reason.FINAL_FOUR: N_("only four seeds were left"),
    Reason.EIGHT_OR_FEWER: N_("eight or fewer seeds were left: the game's starter takes them"),
    Reason.ENDLESS: N_("the sowing would never end: owners take their own holes"),
    Reason.REPETITION: N_("the position came up a third time: owners take their own holes"),
    Reason.LAP_LIMIT: N_("the move went on too long to finish: owners take their own holes"),
    Reason.AGREEMENT: N_("the players agreed to stop: owners take their own holes"),
    Reason.QUIET_LIMIT: N_("nobody captured anything for too long: owners take their own holes"),
}

#: New settings in a few words (the question before they discard a game).
SETTINGS = {
    "people": N_("{game} on 2 \u00d7 {n}, two people at this screen"),
    "people-match": N_("{game} on 2 \u00d7 {n}, a match, two people at this screen"),
    # TRANSLATORS: {level} is a computer level ("expert"), {side} "South" or "North".
    "computer": N_("{game} on 2 \u00d7 {n}, against the computer ({level}), you playing {side}"),
    "computer-match": N_(
        "{game} on 2 \u00d7 {n}, a match, against the computer ({level}), you playing {side}"
    ),
}


def levels(current: str | None = None) -> list[tuple[str, str]]:
    """The computer levels of the menu, easiest first, each with its plain line; a level
    chosen in Python that the menu leaves out (``current``) is added at the end."""
    menu = [(name, _(line)) for name, line in words.LEVELS]
    if current is not None and current not in dict(menu):
        menu.append((current, words.level_line(current)))
    return menu


def level_names() -> list[str]:
    """Every name the board takes as ``opponent``: the menu's, easiest first, then the rest."""
    menu = [name for name, _ in words.LEVELS]
    return menu + [name for name in available() if name not in menu]


def side_name(player: int, human: int | None, level: str) -> str:
    """Who sits on ``player``'s side, in the page's words."""
    side = words.side_name(player)
    if human is None:
        return side
    if player == human:
        return _("You ({side})").format(side=side)
    # TRANSLATORS: a player's name on the board: "Computer: expert (North)".
    return _("Computer: {level} ({side})").format(level=words.level_name(level), side=side)


def banner(game, human: int | None, match: Match | None = None) -> dict:
    """The game-over banner: ``title`` ("You win 36-12"), ``why`` and ``text`` (both)."""
    told = words.outcome(game if match is None else match, human)
    why = f"{told.why} {told.match}" if told.match else told.why
    return {"title": told.title, "why": why, "text": told.text}


def hint_marks(position: Position, human: int | None) -> dict[str, dict]:
    """What each legal hole would do ("Show me"), keyed by the hole as a string (JSON)."""
    return {
        str(hole): {"text": hint.text, "takes": hint.takes, "gives": hint.gives,
                    "ends": hint.ends_game}
        for hole, hint in hints(position, human).items()
    }


def rounds(match: Match) -> list[str]:
    """The rounds of a match so far, one line each, then what each side started the
    current round with."""
    lines = []
    for r in match.results:  # the winner's score first, as the banner says it
        high, low = sorted(r.outcome.score, reverse=True)
        key, who = ("draw", "") if r.winner is None else ("won", words.side_name(r.winner))
        lines.append(_(ROUNDS[key]).format(round=r.round, who=who, high=high, low=low))
    south, north = match.holdings_at_start
    key = "started-holes" if match.rules.territory else "started-seeds"
    lines.append(_(ROUNDS[key]).format(round=match.round, south=south, north=north))
    return lines


def settings_line(settings: dict) -> str:
    """New settings in a few words, for the question asked before they discard a game:
    "Ba-awa on 2 × 6, against the expert, you playing North"."""
    key = "people" if settings["opponent"] is None else "computer"
    key += "-match" if settings["match"] else ""
    return _(SETTINGS[key]).format(
        game=VARIANTS[settings["variant"]].title,
        n=settings["holes_per_row"],
        level=words.level_name(settings["opponent"] or ""),
        side=words.side_name(settings["human"]),
    )


def _pair(pair: tuple[str, str]) -> list[str]:
    """Both forms of a counted phrase, for the page to choose by its count (English and
    Spanish both use the singular for 1 and the plural for every other count)."""
    return [ngettext(*pair, 1), ngettext(*pair, 2)]


def page_texts() -> dict:
    """Every word the page writes by itself (buttons, their titles, labels, captions of the
    animation, notices of clicks it refuses), in the current language. ``{fields}`` are filled
    in by the page; a pair holds the singular and plural forms."""
    return {
        "lang": get_language(),  # the page's lang attribute, for screen readers
        "board": _("The board"),
        "new_game": pgettext("button", "New game"),
        "new_game_title": _("Start again (asks first if a game is in progress)"),
        "next_round": pgettext("button", "Next round"),
        "next_round_title": _("Start the next game of the match"),
        "see_board": _("See the board"),
        "watch_again": _("Watch from the start"),
        "pause": pgettext("button", "Pause"),
        "pause_title": _("Stop the animation here"),
        "resume": pgettext("button", "Resume"),
        "resume_title": _("Go on showing the move"),
        "step": pgettext("button", "Step"),
        "step_title": _("Show the next seed"),
        "skip": pgettext("button", "Skip"),
        "skip_title": _("Show the end of this move (and of a run of extra turns)"),
        "animation": _("Animation"),
        "animation_speed": _("Animation speed"),
        "speeds": {
            # TRANSLATORS: the animation's speeds in a menu.
            "off": pgettext("speed", "off"),
            "slow": pgettext("speed", "slow"),
            "normal": pgettext("speed", "normal"),
            "fast": pgettext("speed", "fast"),
        },
        "replay_start": pgettext("button", "Start"),
        "replay_start_title": _("Go to the start of the game"),
        "replay_back": _("Previous move"),
        "replay_back_title": _("Go back one move"),
        "replay_forward": _("Next move"),
        "replay_forward_title": _("Show the next move, seed by seed"),
        "replay_end": pgettext("button", "End"),
        "replay_end_title": _("Go to the end of the game"),
        "replay_play": _("Play the game"),
        "replay_play_title": _("Show every move in turn"),
        "replay_stop": pgettext("button", "Stop"),
        # TRANSLATORS: the label before Replay's slider of moves.
        "goto": pgettext("slider", "Move"),
        "goto_aria": _("Go to move"),
        # TRANSLATORS: after Replay's slider: "12 of 40" (moves).
        "goto_text": _("{at} of {total}"),
        "round_aria": pgettext("menu", "Round"),
        "undo": pgettext("button", "Undo"),
        "undo_title": _("Take back your last move"),
        "redo": pgettext("button", "Redo"),
        "redo_title": _("Play again the move taken back"),
        "show_me": pgettext("button", "Show me"),
        "show_me_title": _("Mark what each of your moves would take"),
        "numbers": _("Hole numbers"),
        "numbers_title": _("Write each hole's number"),
        "yes": pgettext("button", "Yes"),
        "no": _("No, play on"),
        "settings": _("Settings: game, board, opponent, your side"),
        "game": pgettext("setting", "Game"),
        "board_size": pgettext("setting", "Board"),
        "opponent": pgettext("setting", "Opponent"),
        "you_play": pgettext("setting", "You play"),
        "match": _("Match (rounds)"),
        # TRANSLATORS: the settings menu that chooses the page's language.
        "language": pgettext("setting", "Language"),
        "keys": _(
            "Keys: Tab to the board, arrow keys to move between holes, Enter or Space to sow."
        ),
        "size": _("2 × {n}"),
        "person": _("Another person at this screen"),
        # TRANSLATORS: a computer level in the Opponent menu ("Computer: expert"); the line
        # that says how it plays is written below the menu.
        "computer_option": _("Computer: {level}"),
        "side_0": _("South (opens)"),
        "side_1": pgettext("setting", "North"),
        "names": [pgettext("side", "South"), pgettext("side", "North")],
        "thinking": _("thinking…"),
        # TRANSLATORS: a badge beside the name of the side to move ("You (South)" or
        # "Computer: expert (North)"): one word that fits both.
        "to_move": _("to move"),
        "moves": _("Moves"),
        "moves_none": _("Moves: none yet"),
        "moves_count": _("Moves ({count})"),
        "moves_goto": _("Go to the board after move {move}"),
        "captured": _pair(
            N_pair("{name} has captured {count} seed", "{name} has captured {count} seeds")
        ),
        "captured_surplus": _pair(
            N_pair(
                "{name} has captured {count} seed, and carried in {surplus}",
                "{name} has captured {count} seeds, and carried in {surplus}",
            )
        ),
        # TRANSLATORS: a pit's label for screen readers, its parts joined by commas:
        # "Hole 3, South's, 4 seeds, playable, the last move".
        "pit_hole": _("Hole {hole}"),
        "pit_whose": [_("South's"), _("North's")],
        "pit_yours": _("yours"),
        "pit_computer": _("the computer's"),
        "pit_closed": _("closed for this game"),
        # TRANSLATORS: written inside a closed hole (a few letters fit).
        "closed_mark": pgettext("hole", "closed"),
        "pit_seeds": _pair(N_pair("{count} seed", "{count} seeds")),
        "pit_playable": _("playable"),
        "pit_last": _("the last move"),
        # TRANSLATORS: CompareRules: a hole whose seeds end differently under another rule set.
        "pit_differs": _("not the same under the other rules"),
        "watch_you": _("Watch: You sow hole {hole}."),
        "watch_computer": _("Watch: The computer sows hole {hole}."),
        "watch_side": _("Watch: {who} sows hole {hole}."),
        "paused": _("Paused: press Resume, Step or Skip."),
        "double_click": _("Hole {hole} was sown once: a double click counts as one click."),
        "busy": _(
            "Hole {hole} was not played: the last move is still being shown. Wait for it, or "
            "press Skip."
        ),
        "busy_thinking": _(
            "Hole {hole} was not played: the computer is thinking. Wait for its move."
        ),
        "on_its_way": _("Hole {hole} was not played: your last click is still on its way."),
        "lift_you": _pair(
            N_pair(
                "You lift {count} seed from hole {hole}.",
                "You lift {count} seeds from hole {hole}.",
            )
        ),
        "lift_computer": _pair(
            N_pair(
                "The computer lifts {count} seed from hole {hole}.",
                "The computer lifts {count} seeds from hole {hole}.",
            )
        ),
        "lift_side": _pair(
            N_pair(
                "{who} lifts {count} seed from hole {hole}.",
                "{who} lifts {count} seeds from hole {hole}.",
            )
        ),
        "relay": _pair(
            N_pair(
                "Lap {lap}: the last seed fell into a hole with seeds, so its {count} seed goes "
                "on.",
                "Lap {lap}: the last seed fell into a hole with seeds, so its {count} seeds go on.",
            )
        ),
        "in_hand": _pair(
            N_pair(
                "Lap {lap}: {count} seed still in hand.", "Lap {lap}: {count} seeds still in hand."
            )
        ),
        "last_of_lap": _("Lap {lap}: the last seed of the lap."),
        "again_you": _("You captured with the last seed and play again."),
        "again_computer": _("The computer captured with the last seed and plays again."),
        "again_side": _("{who} captured with the last seed and plays again."),
        # a capture in the animation when a person plays the computer, named as in the rest
        # of it; {because} says why ("the last seed made a casa")
        "capture_you": _("You take {seeds} from hole {hole}: {because}."),
        "capture_computer": _("The computer takes {seeds} from hole {hole}: {because}."),
        "capture_hand_you": _("You take {seeds} from the seeds still in hand: {because}."),
        "capture_hand_computer": _(
            "The computer takes {seeds} from the seeds still in hand: {because}."
        ),
        "pass_side": _("{who} has no seeds to sow and passes."),
        # a capture between two people, and why seeds are taken: {because} of every capture
        "capture_side": _("{taker} takes {seeds} from hole {hole}: {because}."),
        "capture_hand_side": _("{taker} takes {seeds} from the seeds still in hand: {because}."),
        "because": {reason.value: _(text) for reason, text in TAKEN_BECAUSE.items()},
        # a long move's film skips ahead; a move that would never end, or reached the lap limit
        "skip_limit": _(
            "Skipping ahead {later:,} laps, to the end of lap {last:,}. After {last:,} laps the "
            "move stops: nobody can finish it by hand."
        ),
        "skip_relay": _(
            "Skipping ahead: the relay goes on, and {later:,} laps later the move ends. This is "
            "the board after the last seed of lap {last:,}."
        ),
        "stop_endless": _(
            "Lap {lap} would start from hole {hole} exactly as lap {repeats} did: this sowing "
            "would never end, so it stops here."
        ),
        "stop_limit": _(
            "The move has sown {laps:,} laps without ending, the most a move may sow: nobody "
            "can finish it by hand, so it stops here, before lap {lap:,}. Each player takes the "
            "seeds in their own holes."
        ),
        "typed": _("Seeds in each hole, in ring order:"),
        "typed_aria": _("Seeds in each hole, in ring order"),
        "player": _("To move"),
        "set_board": _("Set up this board"),
        "set_board_title": _("Compare the board typed in the box"),
        "hole_to_sow": _("Hole to sow"),
        "hole_option": _("hole {hole}"),
        "sow_again": _("Sow again"),
        "sow_again_title": _("Show the sowing again on every board"),
        "c_pause_title": _("Stop the animations here"),
        "c_resume_title": _("Go on showing the sowing"),
        "c_step_title": _("Show the next seed on every board"),
        "c_skip_title": _("Show the end of the move on every board"),
        # TRANSLATORS: CompareRules' table: written after a heading or cell where the rules differ.
        "differs": _("differs"),
        # the one menu of a play page (issue 25)
        "menu": _("Menu: game, opponent, speed, look, language"),
        # TRANSLATORS: the menu that chooses how the board is drawn.
        "look": pgettext("setting", "Look"),
        "skins": {
            "earth": _("Holes dug in the earth"),
            "concrete": _("Holes in concrete"),
            "wood": _("A wooden board"),
        },
        # a game kept on this device, offered when the page's kernel is new
        "resume_offer": _pair(
            N_pair(
                "Your game from before ({count} move) was kept on this device. Go on with it?",
                "Your game from before ({count} moves) was kept on this device. Go on with it?",
            )
        ),
        "resume_yes": _("Go on with it"),
        "resume_no": _("Start afresh"),
        # Show me, touch first: a first tap explains a hole, a second sows it
        # TRANSLATORS: "Hole 3 (+4 −12):", then the hint's sentence, then "hint_again".
        "hint_hole": _("Hole {hole} ({mark}):"),
        "hint_again": _("Tap it again to sow it."),
        "hint_pick": _("Tap one of your holes once to read here what sowing it does."),
        "hint_legend": _(
            "Marks: +4 is what the move takes; −4 (orange) is the most the other side can "
            "take right after."
        ),
        # why a button cannot be pressed now, written below the buttons
        # TRANSLATORS: "Undo: none of your moves to take back yet."
        "why_line": _("{control}: {why}."),
        "why_busy": _("wait, the last move is still being shown"),
        "why_thinking": _("wait, the computer is thinking"),
        "why_no_undo": _("none of your moves to take back yet"),
        "why_over": _("the game is over"),
        "why_round_on": _("this round is not over yet"),
        "why_no_side": _("two people at this screen play both sides"),
    }
