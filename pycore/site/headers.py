"""What the site's responses say about themselves: the content security policy, the media
types and how long a content-hashed file may be cached (pycore/site/server.py sends them;
netlify.toml says the same for the published site)."""

from __future__ import annotations

# Only the page's own origin. Pyodide compiles wasm ('wasm-unsafe-eval') and both it
# (emscripten's EM_ASM glue) and PyScript (its FFI) evaluate JavaScript they generate
# themselves ('unsafe-eval'); nothing may load from anywhere else. Images may also be
# data: URLs: the QR code and the printable grid are SVG the page makes, shown through
# <img> (where an SVG can run no script), never inserted as markup. PyScript starts its worker
# from a blob: URL it makes of its own bundled code (only a script already running here can
# make one).
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# Directives a <meta> policy cannot carry (browsers ignore them there, with a console error).
HEADER_ONLY = ("frame-ancestors", "report-uri", "sandbox")
LONG_CACHE = "public, max-age=31536000, immutable"
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".html": "text/html; charset=utf-8",
}


def meta_csp(policy: str = CSP) -> str:
    """The policy the page's <meta> tag repeats (for hosts that send no header)."""
    kept = [d.strip() for d in policy.split(";") if d.split() and d.split()[0] not in HEADER_ONLY]
    return "; ".join(kept)
