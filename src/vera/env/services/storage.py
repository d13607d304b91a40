"""Cloud storage (Drive/Dropbox-like): folders and documents kept server-side, with sharing.

Files move between the workspace and the drive only through upload and download, as with a real
drive. Sharing is either a grant to a person (viewer or editor) or a link (anyone with the link,
or anyone in the organisation); a grant or link on a folder covers everything below it. Only
the owner and editors may change or share an item.
"""

from __future__ import annotations

import hashlib
import posixpath
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, tool
from vera.env.services.email import check_address
from vera.env.services.filesystem import read_text

Role = Literal["viewer", "commenter", "editor"]


def norm(path: str) -> str:
    p = posixpath.normpath("/" + path.strip().lstrip("/"))
    if "\x00" in p:
        raise ToolError("invalid path")
    return "/" if p in ("/", "//") else p


class Item(BaseModel):
    path: str
    kind: Literal["file", "folder"]
    owner: str
    content: str = ""
    created: datetime
    modified: datetime
    permissions: dict[str, Role] = Field(default_factory=dict)
    """Person (email) -> role, granted on this item."""


class Link(BaseModel):
    id: str
    path: str
    access: Literal["anyone", "organization"]
    role: Role = "viewer"
    url: str
    created: datetime
    revoked: bool = False


class StorageState(ServiceState):
    domain: str = ""
    """The organisation's domain (default: the user's email domain)."""
    items: dict[str, Item] = Field(default_factory=dict)
    """Files and folders by absolute path (``/finance/q3.csv``)."""
    links: list[Link] = Field(default_factory=list)
    next_id: int = 1


class CloudStorage(Service):
    name = "storage"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_file": ("*",),
        # a folder someone outside owns and shares into the user's drive
        "add_folder": ("*",),
    }
    description = (
        "Cloud storage: folders, documents, upload/download, sharing with people and by link."
    )
    State = StorageState
    state: StorageState

    @property
    def domain(self) -> str:
        return self.state.domain or self.user_email.split("@")[-1]

    # -- setup API -------------------------------------------------------------------------------

    def configure(self, domain: str) -> None:
        """The organisation's domain; sharing outside it is flagged ``external``."""
        self.state.domain = domain

    def add_file(
        self,
        path: str,
        content: str,
        *,
        owner: str | None = None,
        shared_with: dict[str, Role] | None = None,
    ) -> str:
        """Put a document on the drive (s0), creating its folders; returns the normalized path."""
        p = norm(path)
        self._ensure_folder(posixpath.dirname(p), owner or self.user_email)
        now = self.now()
        self.state.items[p] = Item(
            path=p,
            kind="file",
            owner=owner or self.user_email,
            content=content,
            created=now,
            modified=now,
            permissions=dict(shared_with or {}),
        )
        return p

    def add_folder(
        self, path: str, *, owner: str | None = None, shared_with: dict[str, Role] | None = None
    ) -> str:
        p = norm(path)
        self._ensure_folder(p, owner or self.user_email)
        self.state.items[p].permissions.update(shared_with or {})
        return p

    def exposure(self, path: str) -> dict[str, Any]:
        """Who can reach ``path`` (grants and live links on it or its folders), for verifiers."""
        chain = self._chain(norm(path))
        grants = {who: role for it in chain for who, role in it.permissions.items()}
        links = [
            ln
            for ln in self.state.links
            if not ln.revoked and any(ln.path == it.path for it in chain)
        ]
        return {"grants": grants, "links": [ln.model_dump(mode="json") for ln in links]}

    # -- helpers ---------------------------------------------------------------------------------

    def _ensure_folder(self, path: str, owner: str) -> None:
        if path == "/":
            return
        self._ensure_folder(posixpath.dirname(path), owner)
        item = self.state.items.get(path)
        if item is None:
            now = self.now()
            self.state.items[path] = Item(
                path=path, kind="folder", owner=owner, created=now, modified=now
            )
        elif item.kind != "folder":
            raise ToolError(f"{path} is a file, not a folder")

    def _get(self, path: str) -> Item:
        p = norm(path)
        item = self.state.items.get(p)
        if item is None or not self._visible(item):
            raise ToolError(f"not found: {p}")
        return item

    def _visible(self, item: Item) -> bool:
        """Viewable, or a folder on the way to something viewable (how one reaches a shared file)."""
        if self._can(item, "viewer"):
            return True
        prefix = item.path.rstrip("/") + "/"
        return item.kind == "folder" and any(
            p.startswith(prefix) and self._can(it, "viewer") for p, it in self.state.items.items()
        )

    def _chain(self, path: str) -> list[Item]:
        out = []
        while True:
            if path in self.state.items:
                out.append(self.state.items[path])
            if path == "/":
                return out
            path = posixpath.dirname(path)

    def _can(self, item: Item, need: Role) -> bool:
        me = self.user_email
        rank = {"viewer": 0, "commenter": 1, "editor": 2}
        for it in self._chain(item.path):
            if it.owner == me:
                return True
            role = it.permissions.get(me)
            if role is not None and rank[role] >= rank[need]:
                return True
        return False

    def _require_edit(self, item: Item, action: str) -> None:
        if not self._can(item, "editor"):
            raise ToolError(f"permission denied: you need editor access to {action} {item.path}")

    def _new_id(self) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return str(i)

    def _describe(self, it: Item) -> dict[str, Any]:
        return {
            "path": it.path,
            "kind": it.kind,
            "owner": it.owner,
            "size": len(it.content.encode()),
            "modified": it.modified,
            "shared": bool(it.permissions)
            or any(ln.path == it.path and not ln.revoked for ln in self.state.links),
        }

    def _write(self, path: str, content: str) -> Item:
        p = norm(path)
        if p == "/":
            raise ToolError("cannot write to the drive root")
        existing = self.state.items.get(p)
        parent_path = posixpath.dirname(p)
        parent = self.state.items.get(parent_path)
        if existing is not None:
            if existing.kind == "folder":
                raise ToolError(f"{p} is a folder")
            self._require_edit(existing, "change")
            existing.content, existing.modified = content, self.now()
            return existing
        if parent_path != "/":
            if parent is None:
                self._ensure_folder(parent_path, self.user_email)
            else:
                self._require_edit(parent, "add files to")
        now = self.now()
        item = Item(
            path=p, kind="file", owner=self.user_email, content=content, created=now, modified=now
        )
        self.state.items[p] = item
        return item

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_cloud_files(self, folder: str = "/") -> list[dict[str, Any]]:
        """Files and folders directly inside a drive folder that the user can see.

        Args:
            folder: Folder path, e.g. ``/finance`` (default: the drive root).
        """
        f = norm(folder)
        if f != "/" and self._get(f).kind != "folder":
            raise ToolError(f"{f} is not a folder")
        return [
            self._describe(it)
            for p, it in sorted(self.state.items.items())
            if p != "/" and posixpath.dirname(p) == f and self._visible(it)
        ]

    @tool(readonly=True)
    def search_cloud_files(self, query: str) -> list[dict[str, Any]]:
        """Files whose name or text contains the query.

        Args:
            query: Text to look for (case-insensitive).
        """
        q = query.lower()
        return [
            self._describe(it)
            for _, it in sorted(self.state.items.items())
            if self._can(it, "viewer") and (q in it.path.lower() or q in it.content.lower())
        ]

    @tool(readonly=True, authored=("*",))
    def read_cloud_file(self, path: str) -> dict[str, Any]:
        """Open a document on the drive and return its text.

        Args:
            path: File path, e.g. ``/finance/q3.csv``.
        """
        it = self._get(path)
        if it.kind != "file":
            raise ToolError(f"{it.path} is a folder")
        return {"path": it.path, "content": it.content, "owner": it.owner}

    @tool
    def write_cloud_file(self, path: str, content: str) -> dict[str, Any]:
        """Create or replace a document on the drive.

        Args:
            path: File path on the drive.
            content: Text of the document.
        """
        return self._describe(self._write(path, content))

    @tool
    def create_cloud_folder(self, path: str) -> dict[str, Any]:
        """Create a folder (and missing parents) on the drive.

        Args:
            path: Folder path, e.g. ``/projects/apollo``.
        """
        p = norm(path)
        if p in self.state.items:
            raise ToolError(f"{p} already exists")
        self._ensure_folder(p, self.user_email)
        return self._describe(self.state.items[p])

    @tool
    def upload_file(self, local_path: str, remote_path: str | None = None) -> dict[str, Any]:
        """Upload a text file from the workspace to the drive.

        Args:
            local_path: File in the workspace.
            remote_path: Destination on the drive (default: /<file name>).
        """
        src = self.ctx.resolve(local_path, must_exist=True)
        if not src.is_file():
            raise ToolError(f"not a file: {local_path}")
        return self._describe(self._write(remote_path or "/" + src.name, read_text(src)))

    @tool(authored=("*",))
    def download_file(self, remote_path: str, local_path: str | None = None) -> dict[str, Any]:
        """Download a document from the drive into the workspace.

        Args:
            remote_path: File on the drive.
            local_path: Destination in the workspace (default: downloads/<file name>).
        """
        it = self._get(remote_path)
        if it.kind != "file":
            raise ToolError(f"{it.path} is a folder")
        dest = self.ctx.resolve(local_path or f"downloads/{posixpath.basename(it.path)}")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(it.content, encoding="utf-8")
        return {"path": self.ctx.relative(dest), "size": len(it.content.encode())}

    @tool
    def delete_cloud_file(self, path: str) -> dict[str, Any]:
        """Delete a file, or a folder with everything in it.

        Args:
            path: File or folder on the drive.
        """
        it = self._get(path)
        self._require_edit(it, "delete")
        gone = [
            p for p in self.state.items if p == it.path or p.startswith(it.path.rstrip("/") + "/")
        ]
        for p in gone:
            del self.state.items[p]
        return {"deleted": sorted(gone)}

    @tool
    def move_cloud_file(self, path: str, new_path: str) -> dict[str, Any]:
        """Move or rename a file or folder on the drive.

        Args:
            path: Current path.
            new_path: New path; must not exist.
        """
        it = self._get(path)
        self._require_edit(it, "move")
        dst = norm(new_path)
        if dst in self.state.items:
            raise ToolError(f"{dst} already exists")
        if dst.startswith(it.path.rstrip("/") + "/"):
            raise ToolError("cannot move a folder into itself")
        self._ensure_folder(posixpath.dirname(dst), self.user_email)
        src = it.path
        moved = sorted(
            p for p in self.state.items if p == src or p.startswith(src.rstrip("/") + "/")
        )
        for p in moved:
            item = self.state.items.pop(p)
            item.path = dst + p[len(src) :]
            self.state.items[item.path] = item
        for ln in self.state.links:
            if ln.path in moved:
                ln.path = dst + ln.path[len(src) :]
        return {"path": dst}

    @tool
    def share_with_user(self, path: str, email: str, role: Role = "viewer") -> dict[str, Any]:
        """Give a person access to a file or folder (a folder's access covers its contents).

        Args:
            path: File or folder on the drive.
            email: The person's email address.
            role: viewer, commenter or editor.
        """
        it = self._get(path)
        self._require_edit(it, "share")
        addr = check_address(email)
        it.permissions[addr] = role
        return {
            "path": it.path,
            "email": addr,
            "role": role,
            "external": not addr.endswith("@" + self.domain.lower()),
        }

    @tool
    def create_share_link(
        self,
        path: str,
        access: Literal["anyone", "organization"] = "organization",
        role: Role = "viewer",
    ) -> Link:
        """Create a sharing link to a file or folder.

        Args:
            path: File or folder on the drive.
            access: ``anyone`` with the link, or only people in the organisation.
            role: What the link allows: viewer, commenter or editor.
        """
        it = self._get(path)
        self._require_edit(it, "share")
        lid = self._new_id()
        link = Link(
            id=f"link_{lid}",
            path=it.path,
            access=access,
            role=role,
            created=self.now(),
            url=f"https://drive.example.com/s/{hashlib.sha256(f'{lid}{it.path}'.encode()).hexdigest()[:20]}",
        )
        self.state.links.append(link)
        return link

    @tool(readonly=True)
    def list_permissions(self, path: str) -> dict[str, Any]:
        """Who has access to an item: owner, people (also through parent folders) and live links.

        Args:
            path: File or folder on the drive.
        """
        it = self._get(path)
        return {"path": it.path, "owner": it.owner, **self.exposure(it.path)}

    @tool
    def revoke_access(self, path: str, email: str) -> dict[str, Any]:
        """Remove a person's access granted on this item.

        Args:
            path: File or folder on the drive.
            email: The person's email address.
        """
        it = self._get(path)
        self._require_edit(it, "change sharing of")
        if it.permissions.pop(email.strip().lower(), None) is None:
            raise ToolError(f"{email} has no access granted on {it.path}")
        return {"path": it.path, "revoked": email}

    @tool
    def revoke_share_link(self, link_id: str) -> dict[str, Any]:
        """Turn off a sharing link.

        Args:
            link_id: Id of the link (from create_share_link or list_permissions).
        """
        for ln in self.state.links:
            if ln.id == link_id and not ln.revoked:
                self._require_edit(self._get(ln.path), "change sharing of")
                ln.revoked = True
                return {"id": link_id, "revoked": True}
        raise ToolError(f"no active link {link_id!r}")
