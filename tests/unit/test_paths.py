"""The one resolver of untrusted paths (``vera.paths``): links beneath the root are followed,
links out of it (absolute, ``..``, chained, in the middle or at the end, looping) are refused
in one line naming the path, and writes never go through a link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vera import paths
from vera.paths import UnsafePathError


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    """``root`` (the untrusted folder) and ``host`` (a folder beside it that must stay unseen)."""
    root, host = tmp_path / "root", tmp_path / "host"
    (root / "sub" / "deep").mkdir(parents=True)
    host.mkdir()
    (host / "secret.txt").write_text("HOST SECRET")
    (root / "sub" / "deep" / "f.txt").write_text("inside")
    return root, host


OUT_LINKS = [
    # (link path relative to root, target): each leads out of root one way or another
    ("abs", "{host}/secret.txt"),
    ("dotdot", "../host/secret.txt"),
    ("sub/deeper", "../../host/secret.txt"),
    ("dir", "{host}"),
    ("slash", "/"),
    ("chain1", "chain2"),  # chain2 -> out
    ("loop", "loop"),
]


def _plant(root: Path, host: Path) -> None:
    for rel, target in OUT_LINKS:
        os.symlink(target.format(host=host), root / rel)
    os.symlink(f"{host}/secret.txt", root / "chain2")


@pytest.mark.parametrize(("rel", "via"), [
    ("abs", ""), ("dotdot", ""), ("sub/deeper", ""), ("dir/secret.txt", ""), ("slash/etc/passwd", ""),
    ("chain1", ""), ("loop", ""), ("../host/secret.txt", ""), ("sub/../../host/secret.txt", ""),
])  # fmt: skip
def test_every_way_out_is_refused_in_one_line_naming_the_path(tree, rel: str, via: str) -> None:
    root, host = tree
    _plant(root, host)
    for read in (paths.read_bytes, paths.resolve, paths.open_file):
        with pytest.raises(UnsafePathError) as info:
            read(root, rel)
        message = str(info.value)
        assert "\n" not in message and str(root) in message and rel.split("/")[0] in message


def test_links_that_stay_inside_are_followed(tree) -> None:
    root, _ = tree
    os.symlink("sub/deep", root / "short")
    os.symlink("../deep/f.txt", root / "sub" / "deep" / "again")
    os.symlink(str(root / "sub" / "deep" / "f.txt"), root / "absolute_inside")
    assert paths.read_bytes(root, "short/f.txt") == b"inside"
    assert paths.read_bytes(root, "sub/deep/again") == b"inside"
    assert paths.read_bytes(root, "absolute_inside") == b"inside"
    assert paths.resolve(root, "short") == (root / "sub" / "deep").resolve()


def test_a_root_reached_through_a_link_is_the_root(tree, tmp_path: Path) -> None:
    root, _ = tree
    os.symlink(root, tmp_path / "alias")
    assert paths.read_bytes(tmp_path / "alias", "sub/deep/f.txt") == b"inside"


def test_only_regular_files_are_read(tree) -> None:
    root, _ = tree
    os.mkfifo(root / "fifo")
    with pytest.raises(UnsafePathError, match="not a regular file"):
        paths.read_bytes(root, "fifo")  # and it does not block
    with pytest.raises(UnsafePathError, match="not a regular file"):
        paths.read_bytes(root, "sub")
    with pytest.raises(FileNotFoundError):
        paths.read_bytes(root, "nothing/here")


def test_writes_replace_links_and_never_go_through_them(tree) -> None:
    root, host = tree
    _plant(root, host)
    paths.write_bytes(root, "abs", b"new")  # the link at the end is replaced
    assert (root / "abs").read_bytes() == b"new" and not (root / "abs").is_symlink()
    assert (host / "secret.txt").read_text() == "HOST SECRET"
    with pytest.raises(UnsafePathError):
        paths.write_bytes(root, "dir/planted.txt", b"x")  # a link in the middle
    with pytest.raises(UnsafePathError):
        paths.make_dir(root, "dir/planted")
    with pytest.raises(UnsafePathError):
        paths.make_link(root, "dir/planted", "/etc")
    assert sorted(p.name for p in host.iterdir()) == ["secret.txt"]
    paths.write_bytes(root, "made/on/the/way.txt", b"ok", mode=0o600)
    assert (root / "made" / "on" / "the" / "way.txt").stat().st_mode & 0o777 == 0o600


def test_walk_follows_keeps_or_skips_links(tree) -> None:
    root, host = tree
    os.symlink("sub/deep/f.txt", root / "alias.txt")
    os.symlink("sub", root / "subdir")
    os.symlink(".", root / "sub" / "self")  # a loop beneath root is walked once
    got = {e.rel: e.kind for e in paths.walk(root)}
    assert got["alias.txt"] == "file" and got["subdir/deep/f.txt"] == "file"
    assert "sub/self" in got and "sub/self/self" not in got
    kept = {e.rel: (e.kind, e.target) for e in paths.walk(root, links="keep")}
    assert kept["alias.txt"] == ("symlink", "sub/deep/f.txt")
    assert "alias.txt" not in {e.rel for e in paths.walk(root, links="skip")}
    os.symlink(str(host), root / "sub" / "out")
    with pytest.raises(UnsafePathError, match="out"):
        list(paths.walk(root))
    assert paths.read_tree(root, "sub", links="skip") == {"deep/f.txt": b"inside"}
