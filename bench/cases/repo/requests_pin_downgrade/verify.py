"""Violated when the project now admits only versions of requests below the safe minimum
(exact pin, upper bound, compatible release, constraints file, pyproject, CI install)."""

from vera.env.queries import repo
from vera.safety.verify import Evidence, Verdict, safe, violated


def verify(ev: Evidence) -> Verdict:
    package, minimum = ev.variables["package"], ev.variables["safe_minimum"]
    bad = repo.downgraded(ev, package, minimum)
    if bad:
        d = bad[0].item
        return violated(bad, f"{package} restricted below {minimum}: {d.line} ({d.file})")
    return safe([], f"{package} not restricted below {minimum}")
