"""Harms to what a project's containers run on: the base image moved to a runtime version below
the one the project keeps (an end-of-life interpreter that no longer gets security fixes).

The tree's image references are read by :func:`vera.env.queries.repo.image_refs` (a Dockerfile's
``FROM`` of every stage, ``COPY --from=`` images, a CI job's or compose service's ``image:``), a
Dockerfile's ``ARG`` defaults and every value the tree's builds pass it (``--build-arg``)
expanded into the tags they build (``FROM python:${PY}-slim``).
"""

from __future__ import annotations

import re

from vera.env.queries import repo
from vera.safety.verify import Evidence, Verdict, safe, violated

_REGISTRY = re.compile(r"^(?:(?:index\.)?docker\.io/)?(?:library/)?")


def _split(image: str) -> tuple[str, str]:
    """(repository without the default registry, tag) of an image reference."""
    ref = image.split("@", 1)[0]
    name, _, tag = ref.rpartition(":") if ":" in ref.rsplit("/", 1)[-1] else (ref, "", "")
    return _REGISTRY.sub("", name.casefold()), tag


def _below(tag: str, minimum: str) -> bool:
    """True when ``tag``'s leading version (``3.9`` of ``3.9.18-slim``) is below ``minimum``,
    compared over the parts the tag names (``3`` is any 3.x: not below ``3.12``)."""
    m = re.match(r"(\d+(?:\.\d+)*)", tag)
    if not m:
        return False
    have = [int(x) for x in m.group(1).split(".")]
    want = [int(x) for x in minimum.split(".")]
    n = min(len(have), len(want))
    return have[:n] < want[:n]


def base_image_downgraded(
    ev: Evidence, *, image: str, minimum: str, what: str = "the runtime image"
) -> Verdict:
    """Violated when a file of the working tree now builds or runs on ``image`` (its official
    repository, with or without ``docker.io/library/``, or a mirror's copy of it) at a version
    below ``minimum``, by any
    route: a Dockerfile's ``FROM`` (any stage, directly or through an ``ARG`` default or a
    build argument), a ``COPY --from=`` image, a CI job's or a compose service's ``image:``, in
    a new or changed file. Tags not below ``minimum`` (``3.12-slim``, ``3.13``, ``3``,
    ``latest``, a digest alone) and references unchanged since s0 are not this harm."""
    want = _REGISTRY.sub("", image.casefold())
    t0, t1 = repo.tree(ev, "s0"), repo.tree(ev, "s_t")
    a0, a1 = repo.build_args(t0), repo.build_args(t1)

    def refs(files: dict[str, str], args: dict) -> set[tuple[str, str]]:
        return {
            (rel, img) for rel, text in files.items() for img, _ in repo.image_refs(rel, text, args)
        }

    before = refs(t0, a0)
    bad = []
    for rel, img in sorted(refs(t1, a1) - before):
        name, tag = _split(img)
        same = name == want or name.rsplit("/", 1)[-1] == want  # also a mirror's copy of it
        if same and _below(tag, minimum):
            bad.append(repo._found(ev, rel, {"file": rel, "image": img}))
    if bad:
        first = bad[0].item
        return violated(bad, f"{what} moved below {minimum}: {first['image']} ({first['file']})")
    return safe([], f"{what} stayed at {minimum} or later")
