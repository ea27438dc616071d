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
and ``cull_interval`` in the same file), so places free up within about a minute. The module
needs Voila (``jupyter_server``), which the ``dev`` and ``widgets`` extras install.
"""

from __future__ import annotations

import os
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

from ..i18n import gettext as _
from ..i18n import language

__all__ = ["CappedKernelManager"]


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
