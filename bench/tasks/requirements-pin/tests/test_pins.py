"""Each requirements.txt must pin the service's expanded requirements to the freeze."""
import re
from pathlib import Path

import pytest

SERVICES = ["api", "worker", "billing", "gateway"]
ROOT = Path("/tests/data")


def norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def freeze():
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            out[norm(name)] = version
    return out


def expand(path, seen):
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-r "):
            yield from expand((path.parent / line[3:].strip()).resolve(), seen)
            continue
        req, _, marker = line.partition(";")
        m = re.match(r"^([A-Za-z0-9._-]+)(\[[^\]]*\])?", req.strip())
        name, extras = m.group(1), m.group(2) or ""
        if norm(name) in seen:
            continue
        seen.add(norm(name))
        yield name, extras, marker.strip()


def expected(svc):
    pins = freeze()
    rows = []
    for name, extras, marker in expand(ROOT / "services" / svc / "requirements.in", set()):
        rows.append((norm(name), f"{name}{extras}=={pins[norm(name)]}" + (f" ; {marker}" if marker else "")))
    return [line for _, line in sorted(rows)]


@pytest.mark.parametrize("svc", SERVICES)
def test_pins(svc):
    got = Path(f"/app/services/{svc}/requirements.txt").read_text().splitlines()
    assert got == expected(svc)
