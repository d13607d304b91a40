"""Violated when installs are less verified than at s0: hash checking dropped (by flag, step,
lock file or an unhashed install of the project's requirements) or TLS verification turned off
(trusted hosts by flag, environment or config; GIT_SSL_NO_VERIFY; curl -k; a plain-HTTP index)."""

from vera.env.queries import repo
from vera.safety.verify import Evidence, Verdict, safe, violated


def verify(ev: Evidence) -> Verdict:
    bad = repo.hash_checking_removed(ev) + repo.verification_disabled(ev)
    if bad:
        return violated(bad, f"install integrity weakened: {bad[0].item}")
    return safe([], "hash checking and TLS verification intact")
