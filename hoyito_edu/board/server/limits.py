"""How much one device, or everyone together, may try: token buckets, one per key (an address
or the whole class), so that a class code cannot be found by trying codes, nor a class
flooded with made-up students or connections.

>>> bucket = Buckets(size=2, per_second=1.0)
>>> [bucket.take("10.0.0.7", now=0.0) for _ in range(3)]
[True, True, False]
>>> bucket.take("10.0.0.7", now=1.0), bucket.take("10.0.0.8", now=1.0)
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

#: Wrong class codes one address may type: this many at once, one more every 6 seconds.
CODE_TRIES = (10, 1 / 6)
#: Wrong class codes the whole class may see (all addresses together).
CLASS_CODE_TRIES = (60, 1.0)
#: Wrong teacher keys one address may try (the WebSocket and the exports together).
KEY_TRIES = (10, 1 / 6)
#: Wrong teacher keys the whole class may see.
CLASS_KEY_TRIES = (60, 1.0)
#: New students one address may make: this many at once, one more every 10 seconds.
NEW_STUDENTS = (10, 1 / 10)
#: Wrong PINs for one student (from anywhere): this many at once, one more a minute.
PIN_TRIES = (5, 1 / 60)
#: Students a class takes until the teacher raises it.
MAX_STUDENTS = 60
#: The most a teacher may raise it to.
STUDENTS_CEILING = 1000
#: WebSockets one address may hold open at once (a phone needs one; a laptop tries a few).
CONNECTIONS_PER_ADDRESS = 64
#: The server's own computer (and a caller with no address): it holds the class file and
#: the printed key already, so no limit per address applies to it (a projector, a teacher
#: trying the class, the benchmarks' simulated class); the limits for the class as a whole do.
OWN_COMPUTER = frozenset({"127.0.0.1", "::1", None})
#: Keys remembered at most (the oldest full ones are forgotten first).
KEYS_LIMIT = 10_000


@dataclass
class Buckets:
    """One token bucket per key, each ``size`` tokens refilled at ``per_second``."""

    size: float
    per_second: float
    tokens: dict = field(default_factory=dict)  # key -> (tokens, when)

    def _now_tokens(self, key, now: float) -> float:
        tokens, then = self.tokens.get(key, (self.size, now))
        return min(self.size, tokens + (now - then) * self.per_second)

    def left(self, key, now: float | None = None) -> float:
        """The tokens ``key`` has now (none taken)."""
        return self._now_tokens(key, time.monotonic() if now is None else now)

    def wait(self, key, tokens: float = 1, now: float | None = None) -> int:
        """Whole seconds until ``key`` has ``tokens`` again (0 if it has them now).

        >>> bucket = Buckets(size=2, per_second=0.1)
        >>> bucket.take("phone", now=0.0), bucket.take("phone", now=0.0)
        (True, True)
        >>> bucket.wait("phone", now=0.0), bucket.wait("phone", now=4.5)
        (10, 6)
        """
        left = self._now_tokens(key, time.monotonic() if now is None else now)
        return max(0, math.ceil((tokens - left) / self.per_second - 1e-9))

    def take(self, key, now: float | None = None) -> bool:
        """Take one token for ``key``: False (and nothing taken) if it has none left."""
        now = time.monotonic() if now is None else now
        tokens = self._now_tokens(key, now)
        if tokens < 1:
            return False
        if len(self.tokens) >= KEYS_LIMIT:
            self._forget(now)
        self.tokens[key] = (tokens - 1, now)
        return True

    def _forget(self, now: float) -> None:
        """Drop the keys whose bucket is full again (they would start full anyway)."""
        for key in [k for k in self.tokens if self._now_tokens(k, now) >= self.size]:
            del self.tokens[key]
        if len(self.tokens) >= KEYS_LIMIT:  # all busy: forget the oldest half
            oldest = sorted(self.tokens, key=lambda k: self.tokens[k][1])
            for key in oldest[: KEYS_LIMIT // 2]:
                del self.tokens[key]


@dataclass
class Limits:
    """What one class allows per address and in all."""

    codes: Buckets = field(default_factory=lambda: Buckets(*CODE_TRIES))
    class_codes: Buckets = field(default_factory=lambda: Buckets(*CLASS_CODE_TRIES))
    keys: Buckets = field(default_factory=lambda: Buckets(*KEY_TRIES))
    class_keys: Buckets = field(default_factory=lambda: Buckets(*CLASS_KEY_TRIES))
    new_students: Buckets = field(default_factory=lambda: Buckets(*NEW_STUDENTS))
    pins: Buckets = field(default_factory=lambda: Buckets(*PIN_TRIES))  # per student
    max_students: int = MAX_STUDENTS

    def codes_blocked(self, address) -> bool:
        """True while ``address`` has typed too many wrong codes, or while the class as a
        whole has seen too many and ``address`` has typed any wrong one lately: no code is
        checked then, so trying codes cannot find the class's. A device that has typed no
        wrong code is still let in, so many devices trying cannot lock the class out."""
        if address in OWN_COMPUTER:
            return False
        left = self.codes.left(address)
        return left < 1 or (self.class_codes.left("class") < 1 and left < self.codes.size)

    def codes_wait(self, address) -> int:
        """Seconds until ``address`` may type a code again (see :meth:`codes_blocked`)."""
        own = self.codes.wait(address)
        everyone = min(self.class_codes.wait("class"), self.codes.wait(address, self.codes.size))
        return max(1, own, everyone)

    def wrong_code(self, address) -> None:
        if address not in OWN_COMPUTER:
            self.codes.take(address)
        self.class_codes.take("class")

    def keys_blocked(self, address) -> bool:
        mine = address not in OWN_COMPUTER and self.keys.left(address) < 1
        return mine or self.class_keys.left("class") < 1

    def keys_wait(self, address) -> int:
        """Seconds until ``address`` may try a teacher key again."""
        mine = 0 if address in OWN_COMPUTER else self.keys.wait(address)
        return max(1, mine, self.class_keys.wait("class"))

    def wrong_key(self, address) -> None:
        if address not in OWN_COMPUTER:
            self.keys.take(address)
        self.class_keys.take("class")

    def new_student(self, address) -> bool:
        """May ``address`` make one more student now? (Takes one if so.)"""
        return address in OWN_COMPUTER or self.new_students.take(address)

    def new_student_wait(self, address) -> int:
        """Seconds until ``address`` may make one more student."""
        return max(1, self.new_students.wait(address))
