"""Argument checks shared by the package's functions, with messages that say what was expected."""

import operator


def whole_number(value: object, what: str, low: int = 0) -> int:
    """``value`` as an int of at least ``low``, or a ValueError naming ``what`` was expected.

    >>> whole_number(3, "games", low=1)
    3
    >>> whole_number(2.5, "games")
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number, not 2.5
    """
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(f"{what} must be a whole number, not {value!r}") from None
    if number < low:
        raise ValueError(f"{what} must be at least {low}, not {number}")
    return number
