"""A limit on the kernels Voila runs when the board is served to a class (``make voila``).

Voila starts a Python kernel (75-290 MB) for every page load, and neither Voila nor
jupyter_server limits how many run at once: a reload loop of about 65 loads in 3 minutes used
up an 8 GB laptop. ``scripts/voila.json`` makes Voila use :class:`CappedKernelManager`, which
refuses to start a kernel beyond :attr:`~CappedKernelManager.max_kernels`. The student whose
page would have started it sees Voila's error page with one sentence, in the language of the
served notebook::

    503: The class server is full (40 boards are open). Close a board you no longer use, wait
    a minute, then reload this page.

The kernels of closed or reloaded tabs are stopped by Voila's culler (``cull_idle_timeout``
and ``cull_interval`` in the same file), so places free up within about a minute.

Every student holds the same token, and Voila answers ``GET`` and ``DELETE`` on
``/api/kernels/ID`` and ``POST`` on ``/voila/api/shutdown/ID`` for any kernel: any token holder
who learns a classmate's kernel id could read it or stop that board. The same file makes Voila
use :class:`OwnKernelsAuthorizer` and :class:`OwnKernelsIdentityProvider`: a kernel belongs to
the browser that first uses it (the page's own connection, right after it loads: each browser
is its own anonymous user, kept in its login cookie), and only that browser may read, use or
stop it (403 for anyone else); the kernels are never listed. The module needs Voila
(``jupyter_server``), which the ``dev`` and ``widgets`` extras install.
"""

from __future__ import annotations

import inspect
import os
from pathlib import Path

from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Dict, Integer
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

from ..i18n import gettext as _
from ..i18n import language

__all__ = ["CappedKernelManager", "OwnKernelsAuthorizer", "OwnKernelsIdentityProvider"]


#: The play pages written in Spanish (``make jugar`` serves notebooks/play/jugar.ipynb).
SPANISH_PAGES = ("jugar",)


def full_message(limit: int, lang: str = "en") -> str:
    """The sentence a student sees when ``limit`` kernels are running.

    >>> full_message(2)
    'The class server is full (2 boards are open). Close a board you no longer use, wait a minute, then reload this page.'
    """  # noqa: E501 - one sentence as the page shows it
    with language(lang):
        return _(
            "The class server is full ({count} boards are open). Close a board you no longer "
            "use, wait a minute, then reload this page."
        ).format(count=limit)


class CappedKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a limit on the kernels running at once."""

    max_kernels = Integer(
        40,
        config=True,
        help="The most kernels (open boards) at once; a page load beyond it gets a 503 page "
        "saying the class server is full. 0 means no limit.",
    )

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0  # kernels being started now, not yet in list_kernel_ids()

    async def start_kernel(self, *args, **kwargs):
        running = len(self.list_kernel_ids()) + self._starting
        if self.max_kernels and running >= self.max_kernels:
            lang = self._language(kwargs.get("path"))
            self.log.warning(
                "Refused a new kernel: %d running, max_kernels is %d", running, self.max_kernels
            )
            raise web.HTTPError(503, reason=full_message(self.max_kernels, lang))
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    def _language(self, path: object) -> str:
        """Spanish for the Spanish play page (``notebooks/play/jugar.ipynb``, ``make jugar``)
        or a notebook in a folder named ``es`` (notebooks/es/), else English: the served
        notebook (Voila's ``notebook_path``) or the kernel's folder."""
        served = getattr(self.parent, "notebook_path", "") or ""
        if served and Path(served).stem in SPANISH_PAGES:
            return "es"
        candidates = [Path(os.path.abspath(served)).parent] if served else []
        candidates.append(Path(os.path.abspath(str(path or "."))))
        return "es" if any(folder.name == "es" for folder in candidates) else "en"


def kernel_id_of(handler: web.RequestHandler) -> str | None:
    """The kernel a request is about: ``/api/kernels/ID...`` (a named part of the route) or
    ``/voila/api/shutdown/ID`` (an unnamed one); None for a request about no one kernel."""
    kernel_id = handler.path_kwargs.get("kernel_id")
    if kernel_id is None and handler.path_args:
        kernel_id = handler.path_args[0]
    return kernel_id or None


class OwnKernelsAuthorizer(Authorizer):
    """Each browser reads, uses and stops only its own kernels; nobody lists them.

    A kernel belongs to the user (the browser's anonymous identity) who first asks anything of
    it: the page Voila served connects to it as soon as it loads, long before anyone else
    could learn its random id. Other resources than kernels are allowed as before.
    """

    owners = Dict(help="kernel id -> the username of the browser it belongs to")

    def is_authorized(self, handler, user: User, action: str, resource: str) -> bool:
        if resource != "kernels":
            return True
        kernel_id = kernel_id_of(handler)
        if kernel_id is None:  # a list of every kernel: nobody's to read
            self.log.warning("Refused %s of the kernels list to %s", action, user.username)
            return False
        if kernel_id not in handler.kernel_manager:  # gone: the handler says so (404)
            self.owners.pop(kernel_id, None)
            return True
        owner = self.owners.setdefault(kernel_id, user.username)
        if owner != user.username:
            self.log.warning("Refused %s of kernel %s to another browser than its own",
                             action, kernel_id)
            return False
        return True


class OwnKernelsIdentityProvider(PasswordIdentityProvider):
    """jupyter_server's identity provider (token, login cookie), which also asks the
    authorizer about Voila's ``/voila/api/shutdown/ID``: that route stops a kernel without
    asking the authorizer, so a browser that does not own the kernel is not let in (403)."""

    def get_user(self, handler: web.RequestHandler):
        found = super().get_user(handler)
        if not isinstance(handler, VoilaShutdownKernelHandler):
            return found
        return self._owner_only(handler, found)

    async def _owner_only(self, handler: web.RequestHandler, found) -> User | None:
        user = await found if inspect.isawaitable(found) else found
        if user is None:
            return None
        allowed = handler.authorizer.is_authorized(handler, user, "write", "kernels")
        if inspect.isawaitable(allowed):
            allowed = await allowed
        return user if allowed else None
