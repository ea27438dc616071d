"""Colours, the style sheet and the text drawn on each hole.

Colours are the Okabe-Ito palette, which stays distinguishable with the common kinds of colour
blindness; every state a colour marks is also written in words on the hole or next to it.
The style sheet travels inside an ``HTML`` widget, so no front-end build is needed and it works
in JupyterLab, Notebook 7 and Voila alike.

>>> print(hole_text(6))
6
●●●●
●●
<BLANKLINE>
<BLANKLINE>
>>> hole_text(17).splitlines()[:4]
['17', '●●●●', '●●●●', '+9 more']
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..palette import OKABE_ITO, PLAYER_COLOURS
from ..position import PLAYER_NAMES

SEED = "●"
SEEDS_PER_LINE = 4  # a full line is a casa: four seeds
SEED_LINES = 3


def seed_lines(count: int) -> list[str]:
    """The seeds of a hole drawn as lines of four (three lines; more is written as a number)."""
    if count <= SEEDS_PER_LINE * SEED_LINES:
        lines = [SEED * min(SEEDS_PER_LINE, count - i) for i in range(0, count, SEEDS_PER_LINE)]
    else:
        lines = [SEED * SEEDS_PER_LINE] * 2 + [f"+{count - 2 * SEEDS_PER_LINE} more"]
    return lines + [""] * (SEED_LINES - len(lines))


def hole_text(count: int, *, closed: bool = False, owner: int | None = None, tag: str = "") -> str:
    """The text of one hole control: count, seeds, then a tag line (always five lines).

    The first line starts with the seed count (or says ``closed``); ``owner`` adds the owner's
    initial in brackets (Ba-awa, where holes change hands); ``tag`` names what is happening there.
    """
    if closed:
        return "\n".join(["closed", "", "", "", tag])
    first = str(count) if owner is None else f"{count} [{PLAYER_NAMES[owner][0]}]"
    return "\n".join([first, *seed_lines(count), tag])


def hand_text(seeds: int) -> str:
    """The seeds in the mover's hand, drawn and counted."""
    if seeds <= 2 * SEEDS_PER_LINE * SEED_LINES:
        return f"{SEED * seeds} ({seeds})" if seeds else "empty"
    return f"{SEED * 8}... ({seeds})"


_HOLE_STATES = f"""
.hoyito-hole.jupyter-button {{
  width: 5.2em; height: 8.6em; margin: 3px; padding: 3px 2px;
  white-space: pre; line-height: 1.3; font-size: 13px; font-family: inherit;
  color: #000; background: #FFF7E0; border: 2px solid #7A5C2E; border-radius: 14px;
  box-shadow: none; text-align: center; overflow: hidden; text-overflow: clip;
  contain: strict;  /* fixed size: a new count never makes the page lay itself out again */
}}
.hoyito-hole.jupyter-button:focus-visible {{ outline: 3px solid #000; outline-offset: 2px; }}
.hoyito-hole.jupyter-button:hover:enabled {{ box-shadow: 0 0 0 2px #000 inset; }}
.hoyito-turn-0 .hoyito-hole.hoyito-owner-0:not(.hoyito-empty):not(.hoyito-closed),
.hoyito-turn-1 .hoyito-hole.hoyito-owner-1:not(.hoyito-empty):not(.hoyito-closed) {{
  border: 3px solid #000; font-weight: bold; }}
.hoyito-hole.hoyito-closed {{
  background: repeating-linear-gradient(45deg, #DDD, #DDD 6px, #FFF 6px, #FFF 12px);
}}
.hoyito-hole.hoyito-lift {{ background: {OKABE_ITO["sky blue"]}; }}
.hoyito-hole.hoyito-drop {{ background: {OKABE_ITO["yellow"]}; }}
.hoyito-hole.hoyito-relay {{ background: {OKABE_ITO["orange"]}; }}
.hoyito-hole.hoyito-casa {{ background: {OKABE_ITO["bluish green"]}; color: #000;
  border: 3px dashed #000; }}
.hoyito-hole.hoyito-endless {{ background: {OKABE_ITO["reddish purple"]}; }}
.hoyito-hole.hoyito-diff {{ border: 3px dashed #000; }}
.hoyito-territory .hoyito-hole.hoyito-owner-0 {{ box-shadow: inset 0 -5px 0 {PLAYER_COLOURS[0]}; }}
.hoyito-territory .hoyito-hole.hoyito-owner-1 {{ box-shadow: inset 0 -5px 0 {PLAYER_COLOURS[1]}; }}
.hoyito-static .hoyito-hole.jupyter-button:disabled {{ opacity: 1; cursor: default; }}
.hoyito-compact .hoyito-hole.jupyter-button {{ width: 4.2em; height: 7.6em; font-size: 11px; }}
"""

CSS = (
    _HOLE_STATES
    + f"""
.hoyito-index {{ display: flex; margin: 0 0 0 3px; font-size: 12px; color: #333; }}
.hoyito-index span {{ width: 5.2em; margin: 0 3px; text-align: center; font-size: 13px; }}
.hoyito-compact .hoyito-index span {{ width: 4.2em; font-size: 11px; }}
.hoyito-view {{ background: #E8D2A6; border-radius: 14px; padding: 6px 10px;
  width: fit-content; }}
.hoyito-row-label {{ font-weight: bold; }}
.hoyito-turn-0 .hoyito-row-label-0::after, .hoyito-turn-1 .hoyito-row-label-1::after {{
  content: "\u00a0\u2014 to move"; align-self: center; }}
.hoyito-row-label .hoyito-who-0 {{ color: {PLAYER_COLOURS[0]}; }}
.hoyito-row-label .hoyito-who-1 {{ color: {PLAYER_COLOURS[1]}; }}
.hoyito-status {{ font-size: 15px; }}
.hoyito-status div, .hoyito-notice div, .hoyito-commentary div {{ white-space: normal; }}
.hoyito-notice {{ color: #000; }}
.hoyito-notice div:not(:empty) {{ border-left: 4px solid {OKABE_ITO["vermillion"]};
  padding-left: 6px; }}
.hoyito-moves ol, .hoyito-hint ul {{ max-height: 14em; overflow-y: auto; margin: 0;
  padding-left: 2.6em; }}
.hoyito-moves li.hoyito-latest {{ font-weight: bold; }}
.hoyito-table td, .hoyito-table th {{ padding: 1px 8px; text-align: left; }}
.hoyito-table tr.hoyito-differs {{ background: #FFF3B0; }}
.hoyito-events ol {{ max-height: 16em; overflow-y: auto; margin: 0; padding-left: 2.4em;
  font-size: 12px; }}
.hoyito-events li.hoyito-differs {{ background: #FFF3B0; }}
.hoyito-events li.hoyito-differs::before {{ content: "differs: "; font-weight: bold; }}
.hoyito-controls .jupyter-button:focus-visible, .hoyito-controls select:focus-visible {{
  outline: 3px solid #000; outline-offset: 1px; }}
"""
)


def style_sheet() -> widgets.HTML:
    """An ``HTML`` widget carrying the style sheet; include it once in each top-level widget."""
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(height="0px"))


def alert_html(text: str) -> str:
    """A notice line that screen readers announce; empty text clears it."""
    return f'<div role="alert">{html.escape(text)}</div>' if text else ""


def toggle_buttons(options, value, description: str) -> widgets.ToggleButtons:
    """Toggle buttons sized to their words, with the description on the same line."""
    return widgets.ToggleButtons(
        options=options,
        value=value,
        description=description,
        style={"button_width": "auto", "description_width": "initial"},
    )


def player_label(player: int, role: str = "") -> str:
    """The player's name in their colour, with a role such as "you" or "computer: greedy"."""
    name = PLAYER_NAMES[player]
    extra = f" ({role})" if role else ""
    return f'<span class="hoyito-who-{player}">{name}{extra}</span>'
