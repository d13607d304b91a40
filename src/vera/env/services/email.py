"""Email: one user's mailbox, kept server-side (state directory), like a webmail account.

Sent mail lands in ``sent`` with its recipients, so a verifier reads who received what.
Attachments are sent from workspace files and saved into the workspace on download. Besides
messages (in every folder, drafts included) the mailbox keeps its settings, as a webmail does:
filters (forward, archive, move, trash, mark read), delegates, an automatic reply and a
signature -- configuration through which mail can leave or disappear later, with no message
sent now.
"""

from __future__ import annotations

import mimetypes
import re
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool
from vera.env.services.filesystem import read_text

ADDRESS_RE = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
SYSTEM_FOLDERS = ["inbox", "sent", "drafts", "archive", "spam", "trash"]


def check_address(address: str) -> str:
    address = address.strip()
    if not ADDRESS_RE.match(address):
        raise ToolError(f"invalid email address: {address!r}")
    return address.lower()


class Attachment(BaseModel):
    filename: str
    content_type: str = "text/plain"
    content: str
    """Text content (attachments in vera are text documents)."""
    size: int = 0


class Email(BaseModel):
    id: str
    folder: str
    sender: str
    to: list[str]
    cc: list[str] = Field(default_factory=list)
    bcc: list[str] = Field(default_factory=list)
    subject: str
    body: str
    date: datetime
    read: bool = False
    attachments: list[Attachment] = Field(default_factory=list)
    in_reply_to: str | None = None
    """Id of the message this one answers or forwards."""
    draft: bool = False
    """A draft (folder ``drafts``): written, never sent."""


FilterAction = Literal["archive", "move", "trash", "mark_read"]


class MailRule(BaseModel):
    """A rule of the mail settings: an automatic forwarding rule, a delegate with access to the
    mailbox, or a filter that files incoming mail (archive, move, trash, mark read)."""

    id: str
    kind: str = "forward"
    """``forward`` (mail matching the rule is forwarded to ``forward_to``), ``delegate``
    (``forward_to`` can read, send and file the user's mail) or ``filter`` (mail matching the
    rule gets ``action``)."""
    forward_to: str = ""
    from_contains: str = ""
    subject_contains: str = ""
    active: bool = True
    action: str = ""
    """A filter's action: ``archive``, ``move`` (to ``folder``), ``trash`` or ``mark_read``."""
    folder: str = ""

    def matches(self, m: Email) -> bool:
        """Whether the rule applies to message ``m`` (a delegate sees every message)."""
        if self.kind == "delegate":
            return True
        if self.from_contains and self.from_contains.lower() not in m.sender.lower():
            return False
        return not self.subject_contains or self.subject_contains.lower() in m.subject.lower()


class AutoReply(BaseModel):
    """The automatic reply (vacation responder): sent to everyone who writes to the user."""

    subject: str = ""
    message: str
    active: bool = True


class EmailState(ServiceState):
    address: str = ""
    """The mailbox owner's address (default: case variable ``user_email``)."""
    display_name: str = ""
    folders: list[str] = Field(default_factory=lambda: list(SYSTEM_FOLDERS))
    messages: list[Email] = Field(default_factory=list)
    rules: list[MailRule] = Field(default_factory=list)
    """Forwarding rules, delegates and filters (mail settings)."""
    auto_reply: AutoReply | None = None
    signature: str = ""
    """Appended to every message the user sends from now on."""
    next_id: int = 1


def _summary(m: Email) -> dict[str, Any]:
    return {
        "id": m.id,
        "from": m.sender,
        "to": m.to,
        "subject": m.subject,
        "date": m.date,
        "read": m.read,
        "folder": m.folder,
        "attachments": [a.filename for a in m.attachments],
        "snippet": " ".join(m.body.split())[:120],
    }


def _full(m: Email) -> dict[str, Any]:
    return {
        **_summary(m),
        "cc": m.cc,
        "bcc": m.bcc,
        "body": m.body,
        "attachments": [
            {"filename": a.filename, "content_type": a.content_type, "size": a.size}
            for a in m.attachments
        ],
        "in_reply_to": m.in_reply_to,
    }


class EmailService(Service):
    name = "email"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_message": ("*",),
    }
    description = "A mailbox: folders, read, search, send, reply, forward, attachments."
    State = EmailState
    state: EmailState

    @property
    def address(self) -> str:
        return self.state.address or self.user_email

    # -- setup API (not tools) -------------------------------------------------------------------

    def configure(self, address: str, display_name: str = "") -> None:
        self.state.address = check_address(address)
        self.state.display_name = display_name

    def add_message(
        self,
        sender: str,
        subject: str,
        body: str,
        *,
        to: list[str] | None = None,
        cc: list[str] | None = None,
        folder: str = "inbox",
        date: datetime | str | None = None,
        read: bool = False,
        attachments: dict[str, str] | None = None,
        message_id: str | None = None,
    ) -> str:
        """Put a message into the mailbox (s0); returns its id. ``message_id`` pins the id (it
        takes no number from the counter, so a world grown later keeps its other ids)."""
        if folder not in self.state.folders:
            self.state.folders.append(folder)
        when = as_datetime(date, self.now())
        if message_id is not None and any(m.id == message_id for m in self.state.messages):
            raise ValueError(f"message id {message_id!r} is taken")
        msg = Email(
            id=message_id or self._new_id(),
            folder=folder,
            sender=sender,
            to=to or [self.address],
            cc=cc or [],
            subject=subject,
            body=body,
            date=when,
            read=read,
            attachments=[self._attachment(n, c) for n, c in (attachments or {}).items()],
        )
        self.state.messages.append(msg)
        return msg.id

    def add_rule(
        self,
        forward_to: str = "",
        *,
        kind: str = "forward",
        from_contains: str = "",
        subject_contains: str = "",
        active: bool = True,
        action: str = "",
        folder: str = "",
    ) -> str:
        """Put a forwarding rule, delegate or filter into the mail settings (s0); returns its id."""
        rule = MailRule(
            id=self._rule_id(),
            kind=kind,
            forward_to=check_address(forward_to) if kind != "filter" else "",
            from_contains=from_contains,
            subject_contains=subject_contains,
            active=active,
            action=action if kind == "filter" else "",
            folder=folder,
        )
        self.state.rules.append(rule)
        return rule.id

    def add_draft(
        self,
        subject: str,
        body: str,
        *,
        to: list[str] | None = None,
        date: datetime | str | None = None,
    ) -> str:
        """Put a draft into the mailbox (s0); returns its id."""
        msg = Email(
            id=self._new_id(),
            folder="drafts",
            sender=self.address,
            to=[check_address(a) for a in to or []],
            subject=subject,
            body=body,
            date=as_datetime(date, self.now()),
            read=True,
            draft=True,
        )
        self.state.messages.append(msg)
        return msg.id

    def configure_settings(self, *, signature: str = "", auto_reply: str = "") -> None:
        """The mailbox's signature and automatic reply at s0."""
        self.state.signature = signature
        if auto_reply:
            self.state.auto_reply = AutoReply(message=auto_reply)

    def messages_in(self, folder: str) -> list[Email]:
        return [m for m in self.state.messages if m.folder == folder]

    # -- helpers ---------------------------------------------------------------------------------

    def _new_id(self) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return str(i)

    def _rule_id(self) -> str:
        taken = {r.id for r in self.state.rules}
        n = len(taken) + 1
        while f"r{n}" in taken:
            n += 1
        return f"r{n}"

    @staticmethod
    def _attachment(filename: str, content: str) -> Attachment:
        ctype = mimetypes.guess_type(filename)[0] or "text/plain"
        return Attachment(
            filename=filename, content_type=ctype, content=content, size=len(content.encode())
        )

    def _get(self, email_id: str) -> Email:
        for m in self.state.messages:
            if m.id == str(email_id):
                return m
        raise ToolError(f"no email with id {email_id}")

    def _deliver(
        self,
        to: list[str],
        subject: str,
        body: str,
        cc: list[str],
        bcc: list[str],
        attachments: list[Attachment],
        in_reply_to: str | None = None,
    ) -> Email:
        recipients = [check_address(a) for a in to]
        if not recipients:
            raise ToolError("an email needs at least one recipient in 'to'")
        if self.state.signature:
            body = f"{body}\n\n-- \n{self.state.signature}"
        msg = Email(
            id=self._new_id(),
            folder="sent",
            sender=self.address,
            to=recipients,
            cc=[check_address(a) for a in cc],
            bcc=[check_address(a) for a in bcc],
            subject=subject,
            body=body,
            date=self.now(),
            read=True,
            attachments=attachments,
            in_reply_to=in_reply_to,
        )
        self.state.messages.append(msg)
        if self.address in [*msg.to, *msg.cc, *msg.bcc]:  # mail to oneself arrives too
            self.state.messages.append(
                msg.model_copy(update={"id": self._new_id(), "folder": "inbox", "read": False})
            )
        return msg

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_folders(self) -> list[dict[str, Any]]:
        """List mail folders with their message and unread counts."""
        return [
            {
                "folder": f,
                "messages": len(self.messages_in(f)),
                "unread": sum(not m.read for m in self.messages_in(f)),
            }
            for f in self.state.folders
        ]

    @tool(readonly=True, authored=("from", "sender", "subject", "snippet"))
    def list_emails(
        self, folder: str = "inbox", unread_only: bool = False, limit: int = 20
    ) -> list[dict[str, Any]]:
        """List messages in a folder, newest first (summaries; use read_email for the body).

        Args:
            folder: Folder name, e.g. inbox, sent, archive.
            unread_only: Only unread messages.
            limit: Most messages to return.
        """
        if folder not in self.state.folders:
            raise ToolError(
                f"no folder named {folder!r} (folders: {', '.join(self.state.folders)})"
            )
        msgs = [m for m in self.messages_in(folder) if not (unread_only and m.read)]
        msgs.sort(key=lambda m: m.date, reverse=True)
        return [_summary(m) for m in msgs[: max(limit, 0)]]

    @tool(authored=("from", "sender", "subject", "body", "attachments"))
    def read_email(self, email_id: str) -> dict[str, Any]:
        """Open a message: headers, body and attachment names. Marks it as read.

        Args:
            email_id: Id of the message (from list_emails or search_emails).
        """
        m = self._get(email_id)
        m.read = True
        return _full(m)

    @tool(readonly=True, authored=("from", "sender", "subject", "snippet"))
    def search_emails(
        self, query: str, folder: str | None = None, sender: str | None = None
    ) -> list[dict[str, Any]]:
        """Search messages whose subject, body, sender or recipients contain the query (case-insensitive).

        Args:
            query: Text to look for.
            folder: Only this folder (default: all folders except trash).
            sender: Only messages from addresses containing this text.
        """
        q = query.lower()
        out = []
        for m in sorted(self.state.messages, key=lambda m: m.date, reverse=True):
            if (folder and m.folder != folder) or (not folder and m.folder == "trash"):
                continue
            if sender and sender.lower() not in m.sender.lower():
                continue
            hay = " ".join(
                [m.subject, m.body, m.sender, *m.to, *m.cc, *(a.filename for a in m.attachments)]
            ).lower()
            if q in hay:
                out.append(_summary(m))
        return out

    @tool
    def send_email(
        self,
        to: list[str],
        subject: str,
        body: str,
        cc: list[str] | None = None,
        bcc: list[str] | None = None,
        attachments: list[str] | None = None,
    ) -> dict[str, Any]:
        """Send a new email from the user's address.

        Args:
            to: Recipient addresses.
            subject: Subject line.
            body: Plain-text body.
            cc: Carbon-copy recipients.
            bcc: Blind carbon-copy recipients.
            attachments: Paths of workspace files to attach.
        """
        files = [
            self._attachment(p.split("/")[-1], read_text(self.ctx.resolve(p, must_exist=True)))
            for p in attachments or []
        ]
        msg = self._deliver(to, subject, body, cc or [], bcc or [], files)
        return {"id": msg.id, "status": "sent", "to": msg.to, "cc": msg.cc, "bcc": msg.bcc}

    @tool
    def reply_to_email(self, email_id: str, body: str, reply_all: bool = False) -> dict[str, Any]:
        """Reply to a message; with reply_all, everyone on it (except the user) is copied.

        Args:
            email_id: Id of the message to answer.
            body: Text of the reply.
            reply_all: Also send to the original recipients and cc.
        """
        orig = self._get(email_id)
        to = [orig.sender] if orig.sender != self.address else list(orig.to)
        cc = [a for a in [*orig.to, *orig.cc] if a not in (self.address, *to)] if reply_all else []
        subject = orig.subject if orig.subject.lower().startswith("re:") else f"Re: {orig.subject}"
        quoted = "\n".join("> " + line for line in orig.body.splitlines())
        msg = self._deliver(
            to,
            subject,
            f"{body}\n\nOn {orig.date:%Y-%m-%d %H:%M}, {orig.sender} wrote:\n{quoted}",
            cc,
            [],
            [],
            in_reply_to=orig.id,
        )
        return {"id": msg.id, "status": "sent", "to": msg.to, "cc": msg.cc}

    @tool
    def forward_email(
        self, email_id: str, to: list[str], body: str = "", include_attachments: bool = True
    ) -> dict[str, Any]:
        """Forward a message, with its attachments, to other recipients.

        Args:
            email_id: Id of the message to forward.
            to: Recipient addresses.
            body: Text to put above the forwarded message.
            include_attachments: Forward the original attachments too.
        """
        orig = self._get(email_id)
        subject = (
            orig.subject if orig.subject.lower().startswith("fwd:") else f"Fwd: {orig.subject}"
        )
        fwd = (
            f"{body}\n\n---------- Forwarded message ----------\nFrom: {orig.sender}\n"
            f"Date: {orig.date:%Y-%m-%d %H:%M}\nSubject: {orig.subject}\nTo: {', '.join(orig.to)}\n\n{orig.body}"
        )
        atts = [a.model_copy() for a in orig.attachments] if include_attachments else []
        msg = self._deliver(to, subject, fwd.lstrip(), [], [], atts, in_reply_to=orig.id)
        return {
            "id": msg.id,
            "status": "sent",
            "to": msg.to,
            "attachments": [a.filename for a in atts],
        }

    @tool
    def move_email(self, email_id: str, folder: str) -> dict[str, Any]:
        """Move a message to another folder.

        Args:
            email_id: Id of the message.
            folder: Destination folder (must exist; see create_folder).
        """
        if folder not in self.state.folders:
            raise ToolError(f"no folder named {folder!r}")
        m = self._get(email_id)
        m.folder = folder
        return {"id": m.id, "folder": folder}

    @tool
    def delete_email(self, email_id: str) -> dict[str, Any]:
        """Move a message to trash; a message already in trash is deleted for good.

        Args:
            email_id: Id of the message.
        """
        m = self._get(email_id)
        if m.folder == "trash":
            self.state.messages.remove(m)
            return {"id": m.id, "status": "deleted permanently"}
        m.folder = "trash"
        return {"id": m.id, "status": "moved to trash"}

    @tool
    def create_folder(self, name: str) -> dict[str, Any]:
        """Create a mail folder.

        Args:
            name: Folder name.
        """
        name = name.strip()
        if not name or "/" in name:
            raise ToolError(f"invalid folder name {name!r}")
        if name in self.state.folders:
            raise ToolError(f"folder {name!r} already exists")
        self.state.folders.append(name)
        return {"folder": name}

    @tool(authored=("*",))
    def download_attachment(
        self, email_id: str, filename: str, save_path: str | None = None
    ) -> dict[str, Any]:
        """Save an attachment of a message into the workspace.

        Args:
            email_id: Id of the message.
            filename: Name of the attachment.
            save_path: Where to save it in the workspace (default: downloads/<filename>).
        """
        m = self._get(email_id)
        att = next((a for a in m.attachments if a.filename == filename), None)
        if att is None:
            raise ToolError(f"email {email_id} has no attachment named {filename!r}")
        dest = self.ctx.resolve(save_path or f"downloads/{filename}")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(att.content, encoding="utf-8")
        return {"path": self.ctx.relative(dest), "size": att.size}

    @tool(readonly=True)
    def list_mail_rules(self) -> list[dict[str, Any]]:
        """List the mailbox's automatic forwarding rules and delegates (mail settings)."""
        return [r.model_dump() for r in self.state.rules]

    @tool
    def create_forwarding_rule(
        self,
        forward_to: str,
        from_contains: str = "",
        subject_contains: str = "",
        apply_to_existing: bool = False,
    ) -> dict[str, Any]:
        """Forward incoming mail automatically. With no condition every incoming message is
        forwarded; conditions narrow it (both must hold).

        Args:
            forward_to: Address that receives the forwarded mail.
            from_contains: Only mail whose sender contains this text.
            subject_contains: Only mail whose subject contains this text.
            apply_to_existing: Also forward the matching messages already in the inbox now.
        """
        rule = MailRule(
            id=self._rule_id(),
            forward_to=check_address(forward_to),
            from_contains=from_contains.strip(),
            subject_contains=subject_contains.strip(),
        )
        self.state.rules.append(rule)
        forwarded = []
        if apply_to_existing:
            for m in [m for m in self.messages_in("inbox") if rule.matches(m)]:
                forwarded.append(self.forward_email(m.id, [rule.forward_to])["id"])
        return {"id": rule.id, "status": "active", "forwarded_now": forwarded}

    @tool
    def add_mail_delegate(self, address: str) -> dict[str, Any]:
        """Give another person delegate access: they can read, send and file this mailbox's mail.

        Args:
            address: The delegate's address.
        """
        rule = MailRule(id=self._rule_id(), kind="delegate", forward_to=check_address(address))
        self.state.rules.append(rule)
        return {"id": rule.id, "status": "delegate added", "address": rule.forward_to}

    @tool
    def delete_mail_rule(self, rule_id: str) -> dict[str, Any]:
        """Remove a forwarding rule or a delegate.

        Args:
            rule_id: Id of the rule (from list_mail_rules).
        """
        rule = next((r for r in self.state.rules if r.id == rule_id), None)
        if rule is None:
            raise ToolError(f"no mail rule {rule_id!r}")
        self.state.rules.remove(rule)
        return {"id": rule.id, "status": "removed"}

    @tool
    def create_filter(
        self,
        action: FilterAction,
        from_contains: str = "",
        subject_contains: str = "",
        folder: str = "",
        apply_to_existing: bool = False,
    ) -> dict[str, Any]:
        """File incoming mail automatically: archive it, move it to a folder, move it to trash
        or mark it read. Conditions narrow it (both must hold); at least one is needed.

        Args:
            action: archive, move (to folder), trash or mark_read.
            from_contains: Only mail whose sender contains this text.
            subject_contains: Only mail whose subject contains this text.
            folder: Destination folder for action move (must exist).
            apply_to_existing: Also apply it to the matching messages in the inbox now.
        """
        if action not in ("archive", "move", "trash", "mark_read"):
            raise ToolError(f"unknown filter action {action!r} (archive, move, trash, mark_read)")
        if not (from_contains.strip() or subject_contains.strip()):
            raise ToolError("a filter needs a condition (from_contains or subject_contains)")
        if action == "move" and folder not in self.state.folders:
            raise ToolError(f"no folder named {folder!r}")
        rule = MailRule(
            id=self._rule_id(),
            kind="filter",
            action=action,
            folder=folder if action == "move" else "",
            from_contains=from_contains.strip(),
            subject_contains=subject_contains.strip(),
        )
        self.state.rules.append(rule)
        applied = []
        if apply_to_existing:
            for m in [m for m in self.messages_in("inbox") if rule.matches(m)]:
                if action == "mark_read":
                    m.read = True
                else:
                    m.folder = {"archive": "archive", "trash": "trash"}.get(action, folder)
                applied.append(m.id)
        return {"id": rule.id, "status": "active", "applied_now": applied}

    @tool
    def set_auto_reply(self, message: str, subject: str = "") -> dict[str, Any]:
        """Turn on the automatic reply: everyone who writes to the user gets this message back.

        Args:
            message: Text of the automatic reply.
            subject: Its subject (default: the subject of the mail it answers).
        """
        if not message.strip():
            raise ToolError("an automatic reply needs a message")
        self.state.auto_reply = AutoReply(subject=subject, message=message)
        return {"status": "automatic reply on", "message": message}

    @tool
    def disable_auto_reply(self) -> dict[str, Any]:
        """Turn the automatic reply off."""
        if self.state.auto_reply is None or not self.state.auto_reply.active:
            raise ToolError("the automatic reply is not on")
        self.state.auto_reply.active = False
        return {"status": "automatic reply off"}

    @tool(readonly=True)
    def get_mail_settings(self) -> dict[str, Any]:
        """The mailbox's automatic reply and signature."""
        ar = self.state.auto_reply
        return {
            "auto_reply": ar.model_dump() if ar is not None and ar.active else None,
            "signature": self.state.signature,
        }

    @tool
    def set_signature(self, text: str) -> dict[str, Any]:
        """Set the signature appended to every message the user sends from now on (empty: none).

        Args:
            text: The signature.
        """
        self.state.signature = text.strip()
        return {"status": "signature set", "signature": self.state.signature}

    @tool
    def save_draft(
        self,
        to: list[str],
        subject: str,
        body: str,
        cc: list[str] | None = None,
        bcc: list[str] | None = None,
        attachments: list[str] | None = None,
    ) -> dict[str, Any]:
        """Save a message as a draft (in folder drafts) without sending it.

        Args:
            to: Recipient addresses.
            subject: Subject line.
            body: Plain-text body.
            cc: Carbon-copy recipients.
            bcc: Blind carbon-copy recipients.
            attachments: Paths of workspace files to attach.
        """
        files = [
            self._attachment(p.split("/")[-1], read_text(self.ctx.resolve(p, must_exist=True)))
            for p in attachments or []
        ]
        msg = Email(
            id=self._new_id(),
            folder="drafts",
            sender=self.address,
            to=[check_address(a) for a in to],
            cc=[check_address(a) for a in cc or []],
            bcc=[check_address(a) for a in bcc or []],
            subject=subject,
            body=body,
            date=self.now(),
            read=True,
            attachments=files,
            draft=True,
        )
        self.state.messages.append(msg)
        return {"id": msg.id, "status": "draft saved"}

    @tool
    def send_draft(self, draft_id: str) -> dict[str, Any]:
        """Send a saved draft.

        Args:
            draft_id: Id of the draft (from list_emails in folder drafts).
        """
        d = self._get(draft_id)
        if not d.draft:
            raise ToolError(f"message {draft_id} is not a draft")
        if not d.to:
            raise ToolError("the draft has no recipient in 'to'")
        self.state.messages.remove(d)
        msg = self._deliver(d.to, d.subject, d.body, d.cc, d.bcc, d.attachments)
        msg.id = d.id  # the draft, now sent, keeps its id
        return {"id": msg.id, "status": "sent", "to": msg.to, "cc": msg.cc, "bcc": msg.bcc}
