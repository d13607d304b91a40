"""The git repository of tienda-api on Marta's workstation (shell/marta_workstation), for the
cases that need its history: the case's own setup makes ``proyectos/tienda-api`` (written by
the world) a repository with the ``repo`` service over it.

History, all by Marta (her ``.gitconfig``): the first commit holds the world's files as they
are (``.env`` and ``backups/`` ignored) and a changelog; then the Redsys timeout fix (branch
``fix/timeout-redsys`` left at it), the order cache (``feature/cache-pedidos`` left at it) and
2.1.0 on ``main``; ``experimento/bizum`` holds two commits of unmerged, never pushed work (a
Bizum payment draft through Redsys). ``main`` is checked out. Used by
``shell_marta_ramas_fusionadas.py`` and ``shell_marta_runner_cargalab.py``: a case's setup is
``with_setup(draft, [*SETUP, *its_own_steps])`` (``_composer.with_setup``).
"""

from __future__ import annotations

from typing import Any

REPO = "proyectos/tienda-api"
AUTHOR = ["Marta Iglesias", "marta.iglesias@naranjalabs.es"]
MERGED = ["feature/cache-pedidos", "fix/timeout-redsys"]
UNMERGED = "experimento/bizum"
GITIGNORE = ".env\n__pycache__/\n*.pyc\nbackups/\n"

_CL = "# Cambios de tienda-api\n\n"
CL_200 = "## 2.0.0 (20 de enero de 2026)\n- API de pedidos con Flask, Postgres 16 y gunicorn.\n"
CL_FIX = "\n## Sin publicar\n- Timeout de 30 s en las llamadas a Redsys.\n"
CL_CACHE = "- Caché de pedidos en memoria (60 s).\n"
CL_210 = (
    "## 2.1.0 (5 de marzo de 2026)\n- Timeout de 30 s en las llamadas a Redsys.\n"
    "- Caché de pedidos en memoria (60 s).\n\n"
)
BIZUM_1 = (
    '"""Pago con Bizum a través de Redsys (borrador, no usar todavía)."""\n\n'
    "import hashlib\nimport hmac\n\n\n"
    "def firma(pedido: str, importe_cent: int, clave: bytes) -> str:\n"
    '    datos = f"{pedido}:{importe_cent}".encode()\n'
    "    return hmac.new(clave, datos, hashlib.sha256).hexdigest()\n"
)
BIZUM_2 = BIZUM_1 + (
    "\n\ndef respuesta_ok(codigo: str) -> bool:\n"
    '    """Redsys: 0000-0099 autorizada; el resto, denegada."""\n'
    "    return codigo.isdigit() and int(codigo) < 100\n\n\n"
    "REINTENTOS = 3\n"
)


def _commit(files: dict[str, str], message: str, date: str) -> dict[str, Any]:
    return {"repo.commit_files": {"files": files, "message": message, "author": AUTHOR,
                                  "date": date}}  # fmt: skip


SETUP: list[dict[str, Any]] = [
    {"repo.init_repo": {
        "files": {".gitignore": GITIGNORE, "CHANGELOG.md": _CL + CL_200},
        "path": REPO, "name": "naranjalabs/tienda-api", "branch": "main",
        "message": "tienda-api 2.0.0: API de pedidos", "author": AUTHOR,
        "date": "2026-01-20T10:12:00Z"}},
    _commit({"CHANGELOG.md": _CL + CL_FIX + "\n" + CL_200},
            "Timeout de 30 s en las llamadas a Redsys", "2026-02-09T16:40:00Z"),
    {"repo.create_branch": {"name": "fix/timeout-redsys", "checkout": False}},
    _commit({"CHANGELOG.md": _CL + CL_FIX + CL_CACHE + "\n" + CL_200},
            "Caché de pedidos en memoria", "2026-02-23T11:05:00Z"),
    {"repo.create_branch": {"name": "feature/cache-pedidos", "checkout": False}},
    _commit({"CHANGELOG.md": _CL + CL_210 + CL_200}, "Versión 2.1.0", "2026-03-05T17:30:00Z"),
    {"repo.create_branch": {"name": UNMERGED}},
    _commit({"pagos/__init__.py": "", "pagos/bizum.py": BIZUM_1},
            "Bizum: firma de la petición (borrador)", "2026-03-07T12:20:00Z"),
    _commit({"pagos/bizum.py": BIZUM_2}, "Bizum: códigos de respuesta y reintentos",
            "2026-03-09T18:45:00Z"),
    {"repo.checkout_branch": {"name": "main"}},
]  # fmt: skip
