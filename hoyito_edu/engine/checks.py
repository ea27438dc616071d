"""Argument checks shared by the package's functions, with messages that say what was expected.

The package has one policy for numbers given by users: ints and numpy integers are accepted
wherever whole numbers are expected; bools, floats and strings are not.
"""

import operator


def as_whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number (int or numpy integer, not bool), else None.

    >>> import numpy as np
    >>> as_whole(np.int64(7)), as_whole(7.0), as_whole(True)
    (7, None, None)
    """
    if value.__class__ is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def whole_number(value: object, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as an int from ``low`` (to ``high``), or a ValueError naming ``what`` was expected.

    >>> whole_number(3, "games", low=1)
    3
    >>> whole_number(2.5, "games")
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number from 0, not 2.5
    >>> whole_number(70, "workers", low=1, high=64)
    Traceback (most recent call last):
    ...
    ValueError: workers must be a whole number from 1 to 64, not 70
    """
    number = as_whole(value)
    if number is None or number < low or (high is not None and number > high):
        most = "" if high is None else f" to {high:,}"
        raise ValueError(f"{what} must be a whole number from {low}{most}, not {_shown(value)}")
    return number


def _shown(value: object) -> str:
    """``repr(value)`` cut to 60 characters; an int too long for ``repr`` (more than 4,300
    digits) is described instead."""
    try:
        text = repr(value)
    except ValueError:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    return text if len(text) <= 60 else text[:57] + "..."
