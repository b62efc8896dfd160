"""The native twin of Hadara: its extension module ``hydra_env.games.hadara._native`` (built from
``src/``) and the Python side over it (:mod:`.engines`: the engine choice, :func:`available` and
:func:`require`; :mod:`.game`: the facade ``NativeHadaraGame``; :mod:`.observer`: the spec's
observer, native where the game is).

:func:`available` says whether the module is built; :func:`require` returns it or raises
:class:`~hydra_env.native.NativeUnavailableError` saying what to install. (The modules of this
package import them from :mod:`.engines`, so that they work whatever loader finds the package.)
"""

from __future__ import annotations

from hydra_env.games.hadara.native.engines import available, require

__all__ = ["available", "require"]
