"""What a class is joined with: the class code, the teacher's secret, the join address, the QR code.

The class code is read aloud and typed on a phone, so it uses only letters and digits that
cannot be taken for one another, in either language, on a small screen: no 0/O/Q/D, 1/I/L/J,
2/Z, 5/S, 8/B, 6/G, U/V/W (said alike in Spanish and easy to mistype), and M without N ("eme"
and "ene" are hard to tell apart read aloud; codes made before keep their N and still work).
Typing is forgiving: lower case, spaces and dashes are accepted.

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
ALPHABET = "ACEFHKMPRTXY3479"
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


#: Interfaces that are not the room's network (containers, virtual machines, VPNs): their
#: addresses come after the Wi-Fi's and the cable's, so the QR code shows one a phone reaches.
VIRTUAL_INTERFACES = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "tun", "tap", "wg",
                      "tailscale", "zt", "utun", "ppp", "ipsec", "lxc", "cni", "flannel",
                      "podman", "vpn")
#: Wi-Fi first (a class's phones are on it), then cable.
WIRELESS_INTERFACES = ("wl", "wlan", "wifi", "ath", "ra")


def address_rank(interface: str, address: str) -> tuple:
    """How likely a phone in the room reaches ``address`` (smaller: more likely): a private
    address on Wi-Fi, then on a cable, then other addresses, then those of containers and
    VPNs, link-local ones (169.254...), and the loopback last."""
    ip = ipaddress.ip_address(address)
    name = interface.lower()
    virtual = name.startswith(VIRTUAL_INTERFACES)
    wireless = name.startswith(WIRELESS_INTERFACES) and not virtual
    return (ip.is_loopback, ip.is_link_local, virtual, not ip.is_private, not wireless,
            tuple(int(part) for part in address.split(".")))


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces, read from the interfaces
    themselves (no traffic is sent), most likely reached by a phone first (:func:`address_rank`);
    the loopback last."""
    found: list[tuple[str, str]] = []
    try:
        import psutil  # noqa: PLC0415 - optional: present on most machines

        for name, addrs in psutil.net_if_addrs().items():
            found += [(name, a.address) for a in addrs if a.family == socket.AF_INET]
    except ImportError:
        found = _ioctl_addresses()
    ranked = sorted(found, key=lambda item: address_rank(*item))
    return list(dict.fromkeys(address for _name, address in ranked))


def _ioctl_addresses() -> list[tuple[str, str]]:  # pragma: no cover - no psutil here
    if not sys.platform.startswith("linux"):
        return [("lo", "127.0.0.1")]
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
            found.append((name, socket.inet_ntoa(packed[20:24])))
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
