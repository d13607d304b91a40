"""Container images for the docker backend, made offline.

vera never pulls: the default image is a tiny root filesystem imported from the host's static
busybox (Debian package ``busybox-static``), and a task that brings a Dockerfile is built with
``FROM`` an image that is already local. Both work on a machine with no registry in reach.
"""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import tarfile
from pathlib import Path

import docker
import docker.errors
import docker.utils

from vera.sandbox.spec import SandboxError

DEFAULT_IMAGE = "vera/busybox:latest"
"""Image of a docker sandbox whose spec names none; built by ``ensure_busybox_image``."""

_BUSYBOX_CANDIDATES = ("/bin/busybox", "/usr/bin/busybox", "/usr/local/bin/busybox")
_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_PT_INTERP = 3


def is_static_elf(path: Path) -> bool:
    """True for a 64-bit little-endian ELF without a program interpreter (needs no libc)."""
    try:
        with path.open("rb") as f:
            head = f.read(64)
            if len(head) < 64 or head[:4] != b"\x7fELF" or head[4] != 2 or head[5] != 1:
                return False
            (phoff,) = struct.unpack_from("<Q", head, 0x20)
            phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
            f.seek(phoff)
            table = f.read(phentsize * phnum)
    except OSError:
        return False
    return all(
        struct.unpack_from("<I", table, i * phentsize)[0] != _PT_INTERP for i in range(phnum)
    )


def find_static_busybox() -> Path | None:
    """The host's statically linked busybox, if one is installed."""
    found = shutil.which("busybox")
    for cand in ((found,) if found else ()) + _BUSYBOX_CANDIDATES:
        p = Path(cand).resolve()
        if p.is_file() and is_static_elf(p):
            return p
    return None


def busybox_rootfs_tar(busybox: Path) -> bytes:
    """A root filesystem as a tar: busybox, one symlink per applet, root and nobody users."""
    applets = subprocess.run(
        [str(busybox), "--list"], capture_output=True, text=True, check=True
    ).stdout.split()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:

        def add_dir(name: str, mode: int = 0o755) -> None:
            info = tarfile.TarInfo(name)
            info.type, info.mode = tarfile.DIRTYPE, mode
            tar.addfile(info)

        def add_file(name: str, data: bytes, mode: int = 0o644) -> None:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), mode
            tar.addfile(info, io.BytesIO(data))

        for d in ("bin", "etc", "dev", "proc", "sys", "root", "home", "run", "var"):
            add_dir(d, 0o700 if d == "root" else 0o755)
        for d in ("tmp", "var/tmp"):
            add_dir(d, 0o1777)
        add_file("bin/busybox", busybox.read_bytes(), 0o755)
        for name in sorted(set(applets) - {"busybox"}):
            link = tarfile.TarInfo(f"bin/{name}")
            link.type, link.linkname, link.mode = tarfile.SYMTYPE, "busybox", 0o777
            tar.addfile(link)
        add_file(
            "etc/passwd",
            b"root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n",
        )
        add_file("etc/group", b"root:x:0:\nnogroup:x:65534:\n")
    return buf.getvalue()


def image_exists(client: docker.DockerClient, tag: str) -> bool:
    try:
        client.images.get(tag)
    except docker.errors.ImageNotFound:
        return False
    return True


def ensure_busybox_image(client: docker.DockerClient, tag: str = DEFAULT_IMAGE) -> str:
    """Import the busybox image under ``tag`` unless the engine already has it."""
    if image_exists(client, tag):
        return tag
    busybox = find_static_busybox()
    if busybox is None:
        raise SandboxError(
            f"image {tag} is missing and no static busybox to build it from "
            "(install the Debian package busybox-static)"
        )
    repo, version = docker.utils.parse_repository_tag(tag)
    try:
        client.api.import_image_from_data(
            busybox_rootfs_tar(busybox),
            repository=repo,
            tag=version or "latest",
            changes=[f"ENV PATH={_PATH}", 'CMD ["/bin/sh"]'],
        )
    except docker.errors.APIError as e:
        raise SandboxError(f"cannot import image {tag}: {e.explanation or e}") from e
    return tag


def build_image(
    client: docker.DockerClient, context: Path, tag: str, dockerfile: str = "Dockerfile"
) -> str:
    """Build ``context`` (a directory with a Dockerfile) without pulling; returns the tag."""
    if not (context / dockerfile).is_file():
        raise SandboxError(f"no {dockerfile} in {context}")
    missing = [b for b in base_images((context / dockerfile).read_text(errors="replace"))
               if not image_exists(client, b)]  # fmt: skip
    if missing:  # the engine would try a registry: vera builds offline
        raise SandboxError(
            f"docker build refused: base image {missing[0]} is not on this engine (builds are "
            f"offline; --image-map {missing[0]}=LOCAL substitutes an image the engine has)"
        )
    try:
        client.images.build(
            path=str(context), dockerfile=dockerfile, tag=tag, pull=False, rm=True, forcerm=True
        )
    except docker.errors.BuildError as e:
        lines = [str(x.get("stream") or x.get("error") or "").strip() for x in e.build_log]
        last = next((ln for ln in reversed(lines) if ln), str(e))
        raise SandboxError(f"docker build of {context} failed: {last}") from e
    except docker.errors.APIError as e:
        raise SandboxError(f"docker build of {context} failed: {e.explanation or e}") from e
    return tag


# --- base images an offline user substitutes (``--image-map FROM=LOCAL``) -----------------------


def parse_image_map(items: list[str] | None) -> dict[str, str]:
    """``FROM=LOCAL`` pairs (``--image-map``, repeatable) as a dict; ValueError names a bad one."""
    out: dict[str, str] = {}
    for item in items or []:
        name, sep, local = item.partition("=")
        if not sep or not name.strip() or not local.strip() or any(c.isspace() for c in item):
            raise ValueError(f"--image-map {item!r}: expected FROM=LOCAL (image names, no spaces)")
        if out.get(name, local) != local:
            raise ValueError(f"--image-map {name}: mapped twice ({out[name]}, {local})")
        out[name] = local
    return out


def _parser(dockerfile: str):  # type: ignore[no-untyped-def]
    from dockerfile_parse import DockerfileParser

    parser = DockerfileParser(fileobj=io.BytesIO(), cache_content=True)
    parser.content = dockerfile
    return parser


def base_images(dockerfile: str) -> list[str]:
    """The images a Dockerfile's ``FROM`` lines build on (``ARG`` defaults resolved), without
    its own stage names and ``scratch``: what the engine must already have to build offline."""
    parser = _parser(dockerfile)
    stages: set[str] = set()
    images: list[str] = []
    for ins in parser.structure:
        if ins["instruction"] != "FROM":
            continue
        words = ins["value"].split()
        if len(words) >= 3 and words[-2].lower() == "as":
            stages.add(words[-1])
    for image in parser.parent_images:
        if image not in stages and image != "scratch" and image not in images:
            images.append(image)
    return images


def map_base_images(dockerfile: str, image_map: dict[str, str]) -> str:
    """``dockerfile`` with each ``FROM`` image that ``image_map`` names replaced by its local
    substitute, so a task whose base image is on a registry builds offline from one the engine
    has. Parsed with ``dockerfile-parse`` (continuation lines, ``ARG`` defaults in ``FROM``,
    multi-stage builds; a stage name is not an image and is left alone unless mapped)."""
    if not image_map:
        return dockerfile
    parser = _parser(dockerfile)
    parents = parser.parent_images
    mapped = [image_map.get(p, p) for p in parents]
    if mapped == parents:
        return dockerfile
    parser.parent_images = mapped
    return parser.content
