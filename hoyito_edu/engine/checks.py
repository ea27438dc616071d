"""Argument checks shared by the package's functions, with messages that say what was expected.

The package has one policy for numbers given by users: ints and numpy integers are accepted
wherever whole numbers are expected; bools, floats and strings are not.
"""

import operator
import sys

from ..i18n import N_, gettext

#: How a number too long for Python to print (``sys.get_int_max_str_digits()``) is described.
TOO_LONG_NUMBER = N_("a number of about {digits} digits, far too many")

#: How a list (or other value) holding such a number is described.
HOLDING_TOO_LONG = N_("a {kind} holding a number with more than {limit} digits")


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
        raise ValueError(f"{what} must be a whole number from {low}{most}, not {shown(value)}")
    return number


def shown(value: object) -> str:
    """``repr(value)``, cut to 60 characters; a number too long for Python to print (more than
    4,300 digits, ``sys.get_int_max_str_digits()``) is described in the user's language, so an
    error message is a sentence, never Python's own "Exceeds the limit".

    >>> shown([4, 4]), shown("x" * 80)[-6:]
    ('[4, 4]', 'xxx...')
    >>> sys.set_int_max_str_digits(0); big = 10 ** 5000; sys.set_int_max_str_digits(4300)
    >>> shown(big)
    'a number of about 5,001 digits, far too many'
    >>> shown([big])
    'a list holding a number with more than 4,300 digits'
    """
    try:
        text = repr(value)
    except ValueError:
        if isinstance(value, int):
            digits = f"{int(value.bit_length() * 0.30103) + 1:,}"
            return gettext(TOO_LONG_NUMBER).format(digits=digits)
        limit = f"{sys.get_int_max_str_digits() or 4300:,}"
        return gettext(HOLDING_TOO_LONG).format(kind=type(value).__name__, limit=limit)
    return text if len(text) <= 60 else text[:57] + "..."


class Described(str):
    """A description standing in for a value that cannot be printed: its ``repr`` is the text.

    >>> f"{Described('a number of about 5,001 digits')!r}"
    'a number of about 5,001 digits'
    """

    def __repr__(self) -> str:
        return str(self)


def said(value: object) -> object:
    """``value`` itself, ready for ``str.format``; a number too long to print is described
    instead (as :func:`shown` does), so ``{hole}`` and ``{hole!r}`` both read as a sentence.

    >>> said(7), said("7")
    (7, '7')
    """
    try:
        repr(value)
    except ValueError:
        return Described(shown(value))
    return value
