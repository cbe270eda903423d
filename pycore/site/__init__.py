"""Build the static puzzle page and serve it on this machine.

`build` puts into one folder everything the page loads, so that no request leaves
its origin: PyScript's dist, MicroPython and Pyodide (from the npm packages pinned in
web/package-lock.json, vendored into version-named folders), the page's own files under
content-hashed names, and the pinned pure-Python wheels the page loads on first use only
(`PAGE_WHEELS`, under vendor/wheels). Every text file also gets a precompressed `.gz`
(and `.br` where the `brotli` module is installed) beside it, which `pycore serve` sends
to a browser that accepts it (pycore/site/server.py).

A visit is put together in two parts (docs/web.md says why):
- the first screen: MicroPython (about 0.3 MB) in the page's worker (web/light/light.js) runs
  web/light/main.py, which unpacks one bundle (`light_bundle`: the part of pycore that opening,
  editing and sharing a link needs, `pycore.site.light.LIGHT_MODULES`, and the page's own
  modules) and imports page.py;
- the heavy part: a Pyodide worker (web/heavy/heavy.py, pycore whole as one zip) that the page
  starts through PyScript once its grid takes input: solving, hints, new puzzles, other tools, QR codes.

One module per job: `paths` (where the sources, the runtime and the site are), `runtime`
(npm), `wheels`, `bundle` (the light bundle and the zip), `headers` (the policy and media
types the server sends), `offline` (the service worker's list, the manifest, the icons),
`png` (the icons' encoder) and `build` (the site, and `serve`: built, then served). Their
public names are importable from here; the verbs build and serve are `pycore.cli.site`'s.
"""

from __future__ import annotations

from typing import Any

from .build import HEAVY, PAGE_ASSETS, PAGE_FILES, build, serve
from .bundle import PAGE_MODULES, light_bundle, package_zip
from .headers import CSP, HEADER_ONLY, LONG_CACHE, TYPES, meta_csp
from .offline import (
    ICONS,
    MANIFEST,
    SERVICE_WORKER,
    cache_name,
    icon_png,
    precache_files,
    service_worker,
    write_offline_files,
)
from .paths import (
    ASSETS,
    CACHE,
    CHECKOUT,
    COMPRESSED,
    HEAVY_ROOM,
    LIGHT_ROOM,
    MAIN_ROOM,
    OFFLINE_ROOM,
    PACKAGE,
    ROOT,
    RUNTIME,
    SITE,
    VENDOR,
    WEB,
    SiteError,
)
from .png import png
from .runtime import (
    MICROPYTHON_FILES,
    MICROPYTHON_PACKAGE,
    PYODIDE_FILES,
    _version,
    install_runtime,
)
from .wheels import PAGE_WHEELS, WHEEL_CACHE, WHEELS, page_wheels, wheel_map

__all__ = [
    "ASSETS",
    "CACHE",
    "CHECKOUT",
    "COMPRESSED",
    "CSP",
    "HEADER_ONLY",
    "HEAVY",
    "HEAVY_ROOM",
    "ICONS",
    "LIGHT_ROOM",
    "LONG_CACHE",
    "MAIN_ROOM",
    "MANIFEST",
    "MICROPYTHON_FILES",
    "MICROPYTHON_PACKAGE",
    "OFFLINE_ROOM",
    "PACKAGE",
    "PAGE_ASSETS",
    "PAGE_FILES",
    "PAGE_MODULES",
    "PAGE_WHEELS",
    "PYODIDE_FILES",
    "ROOT",
    "RUNTIME",
    "SERVICE_WORKER",
    "SITE",
    "TYPES",
    "VENDOR",
    "WEB",
    "WHEELS",
    "WHEEL_CACHE",
    "SiteError",
    "_version",
    "build",
    "cache_name",
    "icon_png",
    "install_runtime",
    "light_bundle",
    "meta_csp",
    "package_zip",
    "page_wheels",
    "png",
    "precache_files",
    "serve",
    "service_worker",
    "wheel_map",
    "write_offline_files",
]

_SERVER_NAMES = ("Handler", "compress_site", "headers_for", "make_server", "running", "serving", "url_of")


def __getattr__(name: str) -> Any:
    """The server's names, where the tests and benchmarks find them (pycore/site/server.py
    imports this package, so they are looked up when asked for)."""
    if name in _SERVER_NAMES:
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
