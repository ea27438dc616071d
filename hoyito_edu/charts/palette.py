"""One colour-blind-safe palette (Okabe and Ito) shared by the charts and the board widgets.

Colour never carries meaning alone: charts add dash patterns, hatches and markers, the board
adds text. Where there are more categories than colours (eight, black included), a colour is
used twice, the second time with a hatch.
"""

#: The Okabe-Ito colours by name (black first: charts cycle through the others).
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: South (player 0) blue and North (player 1) vermillion, everywhere in the package.
PLAYER_COLOURS = (OKABE_ITO["blue"], OKABE_ITO["vermillion"])

#: Dash patterns (matplotlib line styles), in the order charts use them: solid first.
DASHES = ("-", "--", "-.", ":")
#: Hatch patterns for bars and areas, in the order charts use them: plain ("") first.
HATCHES = ("", "//", "..", "xx", "\\\\", "++")
#: Marker shapes, all of them fillable (charts draw a hollow marker for "none seen").
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "h", "*")
