"""Base images of a Dockerfile, read with dockerfile-parse, and `--image-map FROM=LOCAL`."""

from __future__ import annotations

import pytest

from vera.sandbox.images import base_images, map_base_images, parse_image_map

MULTI = """\
ARG PY=3.12
FROM --platform=linux/amd64 python:${PY}-slim AS build
RUN pip wheel . -w /wheels
FROM build AS test
FROM scratch AS empty
FROM debian:bookworm-slim
COPY --from=build /wheels /wheels
"""


def test_base_images_resolve_args_and_skip_stages_and_scratch() -> None:
    assert base_images(MULTI) == ["python:3.12-slim", "debian:bookworm-slim"]
    assert base_images("FROM \\\n  alpine:3.20\n") == ["alpine:3.20"]  # a continuation line


def test_map_replaces_only_the_named_images() -> None:
    out = map_base_images(MULTI, {"python:3.12-slim": "vera/busybox:1"})
    assert base_images(out) == ["vera/busybox:1", "debian:bookworm-slim"]
    assert "FROM build AS test" in out and "COPY --from=build" in out  # stages untouched
    assert map_base_images(MULTI, {}) == MULTI and map_base_images(MULTI, {"x:1": "y:1"}) == MULTI


@pytest.mark.parametrize("bad", ["python", "=local", "python=", "a b=c"])
def test_parse_image_map_refuses_what_is_not_from_equals_local(bad: str) -> None:
    with pytest.raises(ValueError, match="expected FROM=LOCAL"):
        parse_image_map([bad])


def test_parse_image_map_pairs_and_a_clash() -> None:
    assert parse_image_map(["a:1=b:1", "c=d", "a:1=b:1"]) == {"a:1": "b:1", "c": "d"}
    with pytest.raises(ValueError, match="mapped twice"):
        parse_image_map(["a=b", "a=c"])
    assert parse_image_map(None) == {}
