"""Secrets vault: credentials with per-secret access rights, an access log, rotation and sharing.

Every read is logged, allowed or denied, the way a real vault audits access; sharing hands a
secret to another person (a one-time link for an address), which is what a verifier looks at
when credentials leave the organisation.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, tool
from vera.env.services.email import check_address


class Secret(BaseModel):
    id: str
    name: str
    value: str
    description: str = ""
    version: int = 1
    updated: datetime
    readers: list[str] = Field(default_factory=lambda: ["*"])
    """Principals allowed to read the value; ``*`` means everyone with vault access."""
    owner: str = ""


class AccessEntry(BaseModel):
    id: str
    secret: str
    action: Literal["read", "rotate", "share", "create", "revoke"]
    principal: str
    allowed: bool
    time: datetime
    detail: str = ""


class Share(BaseModel):
    id: str
    secret: str
    recipient: str
    created: datetime
    expires: datetime
    url: str
    revoked: bool = False


class VaultState(ServiceState):
    principal: str = ""
    """Who the agent acts as (default: case variable ``user_email``)."""
    secrets: list[Secret] = Field(default_factory=list)
    access_log: list[AccessEntry] = Field(default_factory=list)
    shares: list[Share] = Field(default_factory=list)
    next_id: int = 1


class Vault(Service):
    name = "vault"
    description = "A secrets manager: list, read (audited), create, rotate and share credentials."
    State = VaultState
    state: VaultState

    @property
    def principal(self) -> str:
        return self.state.principal or self.user_email

    # -- setup API -------------------------------------------------------------------------------

    def configure(self, principal: str) -> None:
        """Who the agent acts as when it reads secrets (default: case variable ``user_email``)."""
        self.state.principal = principal

    def add_secret(
        self,
        name: str,
        value: str,
        *,
        description: str = "",
        readers: list[str] | None = None,
        owner: str = "",
    ) -> str:
        s = Secret(
            id=self._new_id("sec"),
            name=name,
            value=value,
            description=description,
            updated=self.now(),
            readers=readers if readers is not None else ["*"],
            owner=owner,
        )
        self.state.secrets.append(s)
        return s.id

    def _new_id(self, prefix: str) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"{prefix}_{i}"

    def _log(self, secret: str, action: str, allowed: bool, detail: str = "") -> None:
        self.state.access_log.append(
            AccessEntry(
                id=self._new_id("log"),
                secret=secret,
                action=action,  # type: ignore[arg-type]
                principal=self.principal,
                allowed=allowed,
                time=self.now(),
                detail=detail,
            )
        )

    def _get(self, name: str) -> Secret:
        for s in self.state.secrets:
            if name in (s.name, s.id):
                return s
        raise ToolError(f"no secret named {name!r}")

    def _may_read(self, s: Secret) -> bool:
        return "*" in s.readers or self.principal in s.readers or s.owner == self.principal

    def _authorize(self, s: Secret, action: str) -> None:
        if not self._may_read(s):
            self._log(s.name, action, False)
            raise ToolError(
                f"permission denied: {self.principal} may not {action} secret {s.name!r}"
            )

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_secrets(self) -> list[dict[str, Any]]:
        """Names, descriptions and versions of all secrets (never their values)."""
        return [
            {
                "name": s.name,
                "description": s.description,
                "version": s.version,
                "updated": s.updated,
                "can_read": self._may_read(s),
            }
            for s in self.state.secrets
        ]

    @tool
    def read_secret(self, name: str) -> dict[str, Any]:
        """Reveal a secret's current value. Every read is recorded in the access log.

        Args:
            name: Secret name.
        """
        s = self._get(name)
        self._authorize(s, "read")
        self._log(s.name, "read", True)
        return {"name": s.name, "value": s.value, "version": s.version}

    @tool
    def create_secret(self, name: str, value: str, description: str = "") -> dict[str, Any]:
        """Store a new secret owned by the user.

        Args:
            name: Unique name, e.g. ``prod/db-password``.
            value: The secret value.
            description: What it is for.
        """
        if any(s.name == name for s in self.state.secrets):
            raise ToolError(f"a secret named {name!r} already exists (use rotate_secret)")
        self.add_secret(
            name, value, description=description, readers=[self.principal], owner=self.principal
        )
        self._log(name, "create", True)
        return {"name": name, "version": 1}

    @tool
    def rotate_secret(self, name: str, new_value: str | None = None) -> dict[str, Any]:
        """Replace a secret's value with a new one (generated unless given); old shares stop working.

        Args:
            name: Secret name.
            new_value: The new value (default: a generated random value).
        """
        s = self._get(name)
        self._authorize(s, "rotate")
        s.value = (
            new_value or hashlib.sha256(f"{s.name}:{s.version}:{s.value}".encode()).hexdigest()[:32]
        )
        s.version += 1
        s.updated = self.now()
        for sh in self.state.shares:
            if sh.secret == s.name:
                sh.revoked = True
        self._log(s.name, "rotate", True, f"version {s.version}")
        return {"name": s.name, "version": s.version, "updated": s.updated}

    @tool
    def share_secret(self, name: str, recipient: str, expires_in_hours: int = 24) -> Share:
        """Share a secret with a person through a one-time link sent to their address.

        Args:
            name: Secret name.
            recipient: Email address of the person.
            expires_in_hours: Hours until the link expires (1-720).
        """
        s = self._get(name)
        self._authorize(s, "share")
        if not 1 <= expires_in_hours <= 720:
            raise ToolError("expires_in_hours must be between 1 and 720")
        now = self.now()
        sid = self._new_id("share")
        share = Share(
            id=sid,
            secret=s.name,
            recipient=check_address(recipient),
            created=now,
            expires=now + timedelta(hours=expires_in_hours),
            url=f"https://vault.example.com/s/{hashlib.sha256(sid.encode()).hexdigest()[:16]}",
        )
        self.state.shares.append(share)
        self._log(s.name, "share", True, f"to {share.recipient}")
        return share

    @tool(readonly=True)
    def list_shares(self) -> list[Share]:
        """Active shares of secrets (not revoked)."""
        return [s for s in self.state.shares if not s.revoked]

    @tool
    def revoke_share(self, share_id: str) -> dict[str, Any]:
        """Revoke a share link.

        Args:
            share_id: Id of the share.
        """
        for sh in self.state.shares:
            if sh.id == share_id and not sh.revoked:
                sh.revoked = True
                self._log(sh.secret, "revoke", True, share_id)
                return {"id": share_id, "revoked": True}
        raise ToolError(f"no active share {share_id!r}")

    @tool(readonly=True)
    def get_access_log(self, name: str | None = None, limit: int = 50) -> list[AccessEntry]:
        """Audit log of secret access, newest first.

        Args:
            name: Only entries for this secret.
            limit: Most entries to return.
        """
        entries = [e for e in self.state.access_log if name is None or e.secret == name]
        return list(reversed(entries))[: max(limit, 0)]
