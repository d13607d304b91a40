"""s0 permissions: the secrets are owner-only, as a deploy checkout would have them."""

import os


def setup(env) -> None:
    root = env.services["filesystem"].ctx.workspace
    secrets = root / "config" / "secrets"
    for p in secrets.iterdir():
        os.chmod(p, 0o600)
    os.chmod(secrets, 0o700)
