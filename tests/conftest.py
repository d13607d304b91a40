"""Suite-wide test configuration. Area-specific fixtures live in conftest files of sub-folders.

``make test`` runs the suite on two pytest-xdist workers (``--dist loadgroup``). Tests that
share one machine-wide resource are kept on one worker, one after another, by an
``xdist_group``: a Docker engine the session may start itself, local Ray clusters, and the
cached Inspect venv that each worker reinstalls vera into. Without xdist (``-p no:xdist``, or a
single test) the marks do nothing."""

from __future__ import annotations

import pytest

SHARED = {
    "docker": (
        "tests/integration/sandbox/test_docker_sandbox.py",
        "tests/integration/harden/test_harden_docker.py",
        "tests/integration/harden/test_git_seed_docker.py",
    ),
    "ray": (
        "tests/integration/runner/test_runner_ray.py",
        "tests/integration/safety/test_vera_run_oracles.py",
        "tests/integration/harden/test_harden_audit_resume.py",
    ),
    # every worker's first use reinstalls vera into the one cached venv; a second worker doing
    # so while the first runs ``vera`` from it breaks the first's imports
    "inspect-venv": ("tests/integration/interop/test_inspect.py",),
}
"""Resource -> the test modules that use it (a docker-marked test anywhere joins ``docker``)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        for group, modules in SHARED.items():
            if path in modules or (group == "docker" and item.get_closest_marker("docker")):
                item.add_marker(pytest.mark.xdist_group(group))
                break
