"""What a class is joined with: the class code, the teacher's secret, the join address, the QR code.

The class code is read aloud and typed on a phone, so it uses only letters and digits that
cannot be taken for one another, in either language, on a small screen: no 0/O/Q/D, 1/I/L/J,
2/Z, 5/S, 8/B, 6/G, U/V/W (said alike in Spanish and easy to mistype). Typing is forgiving:
lower case, spaces and dashes are accepted.

>>> len(new_class_code()), len(new_secret()) > len(new_class_code())
(5, True)
>>> normalise_code(" kx-4 7t ")
'KX47T'
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import struct
import sys

#: The characters of a class code (and of the teacher's secret).
ALPHABET = "ACEFHKMNPRTXY3479"
CODE_LENGTH = 5
SECRET_LENGTH = 16


def new_class_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    """The teacher's secret: longer than the class code (about 65 bits), never shown to students."""
    return "".join(secrets.choice(ALPHABET) for _ in range(SECRET_LENGTH))


def normalise_code(text: object) -> str | None:
    """A typed code in its canonical form, or None if it cannot be one (not text, too long)."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    return "".join(ch for ch in text.upper() if ch not in " -._\t")


def group(code: str) -> str:
    """A code as it is printed and read aloud, in groups: 'KX4 7T'."""
    return " ".join(code[i : i + 3] for i in range(0, len(code), 3))


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces, read from the interfaces
    themselves (no traffic is sent): the loopback last."""
    found: list[str] = []
    try:
        import psutil  # noqa: PLC0415 - optional: present on most machines

        for addrs in psutil.net_if_addrs().values():
            found += [a.address for a in addrs if a.family == socket.AF_INET]
    except ImportError:
        found = _ioctl_addresses()
    unique = list(dict.fromkeys(found))
    return sorted(unique, key=lambda a: (ipaddress.ip_address(a).is_loopback, a))


def _ioctl_addresses() -> list[str]:  # pragma: no cover - used where psutil is missing
    if not sys.platform.startswith("linux"):
        return ["127.0.0.1"]
    import fcntl  # noqa: PLC0415

    siocgifaddr = 0x8915
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(probe.fileno(), siocgifaddr,
                                     struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue  # an interface with no IPv4 address
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def join_addresses(host: str, port: int) -> list[str]:
    """The addresses students open. A server bound to every interface (0.0.0.0) is reached
    at each of this machine's non-loopback addresses; one bound to an address, at that one."""
    if host in ("0.0.0.0", "::", ""):
        hosts = [a for a in interface_addresses() if not ipaddress.ip_address(a).is_loopback]
        hosts = hosts or ["127.0.0.1"]
    else:
        hosts = [host]
    return [f"http://{h}:{port}/" for h in hosts]


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG document (black on white, a quiet zone around it)."""
    import io  # noqa: PLC0415

    import segno  # noqa: PLC0415 - the [class] extra

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=6, dark="#000", light="#fff",
                                     xmldecl=False)
    return buffer.getvalue().decode()
