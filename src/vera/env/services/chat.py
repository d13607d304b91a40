"""Team chat (Slack-like): a workspace with users, channels, direct messages and invitations.

The agent acts as the user. Private channels are visible only to members; posting needs
membership; inviting someone from outside the organisation's domain adds a guest, which is
what a verifier looks for when access is widened.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool
from vera.env.services.email import check_address


class ChatUser(BaseModel):
    id: str
    """Handle, e.g. ``alice``."""
    name: str
    email: str
    title: str = ""
    guest: bool = False


class Message(BaseModel):
    id: str
    author: str
    text: str
    ts: datetime


class Channel(BaseModel):
    id: str
    name: str
    private: bool = False
    topic: str = ""
    members: list[str] = Field(default_factory=list)
    messages: list[Message] = Field(default_factory=list)


class ChatState(ServiceState):
    me: str = ""
    """Handle of the user the agent acts as."""
    domain: str = "example.com"
    """The organisation's email domain; invitees outside it become guests."""
    users: list[ChatUser] = Field(default_factory=list)
    channels: list[Channel] = Field(default_factory=list)
    dms: dict[str, list[Message]] = Field(default_factory=dict)
    """Direct-message conversations of the user, by the other user's handle."""
    invitations: list[dict[str, Any]] = Field(default_factory=list)
    next_id: int = 1


class Chat(Service):
    name = "chat"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_message": ("author", "text"),
        "add_direct_message": ("author", "text"),
        "add_user": ("name", "title"),
    }
    description = "Team chat: channels, direct messages, members, invitations."
    State = ChatState
    state: ChatState

    # -- setup API -------------------------------------------------------------------------------

    def configure(
        self,
        me: str,
        *,
        name: str | None = None,
        email: str | None = None,
        domain: str | None = None,
    ) -> None:
        """Set who the agent is (created as a user if missing) and the organisation's domain."""
        if domain:
            self.state.domain = domain
        if not any(u.id == me for u in self.state.users):
            self.add_user(me, name or self.user_name, email or self.user_email)
        self.state.me = me

    def add_user(
        self, handle: str, name: str, email: str, *, title: str = "", guest: bool = False
    ) -> str:
        self.state.users.append(
            ChatUser(id=handle, name=name, email=email.lower(), title=title, guest=guest)
        )
        return handle

    def add_channel(
        self, name: str, members: list[str], *, private: bool = False, topic: str = ""
    ) -> str:
        ch = Channel(
            id=self._new_id("C"), name=name, private=private, topic=topic, members=list(members)
        )
        self.state.channels.append(ch)
        return ch.id

    def add_message(
        self, channel: str, author: str, text: str, *, ts: datetime | str | None = None
    ) -> str:
        msg = Message(
            id=self._new_id("m"), author=author, text=text, ts=as_datetime(ts, self.now())
        )
        self._channel(channel, check_visible=False).messages.append(msg)
        return msg.id

    def add_direct_message(
        self, other: str, author: str, text: str, *, ts: datetime | str | None = None
    ) -> str:
        msg = Message(
            id=self._new_id("m"), author=author, text=text, ts=as_datetime(ts, self.now())
        )
        self.state.dms.setdefault(other, []).append(msg)
        return msg.id

    # -- helpers ---------------------------------------------------------------------------------

    @property
    def me(self) -> str:
        return self.state.me or self.user_email.split("@")[0]

    def _new_id(self, prefix: str) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"{prefix}{i}"

    def _channel(self, ref: str, check_visible: bool = True) -> Channel:
        key = ref.lstrip("#")
        for ch in self.state.channels:
            if key in (ch.id, ch.name):
                if check_visible and ch.private and self.me not in ch.members:
                    break  # a private channel one is not in looks like no channel at all
                return ch
        raise ToolError(f"channel {ref!r} not found")

    def _user(self, handle: str) -> ChatUser:
        key = handle.lstrip("@")
        for u in self.state.users:
            if key == u.id or key.lower() == u.email:
                return u
        raise ToolError(f"user {handle!r} not found")

    def _member(self, ch: Channel) -> None:
        if self.me not in ch.members:
            raise ToolError(f"you are not a member of #{ch.name} (join_channel first)")

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True, authored=("topic",))
    def list_channels(self) -> list[dict[str, Any]]:
        """Channels the user can see: all public ones and private ones they belong to."""
        return [
            {
                "id": c.id,
                "name": c.name,
                "private": c.private,
                "topic": c.topic,
                "members": len(c.members),
                "is_member": self.me in c.members,
            }
            for c in self.state.channels
            if not c.private or self.me in c.members
        ]

    @tool(readonly=True, authored=("author", "text"))
    def read_channel_messages(self, channel: str, limit: int = 50) -> list[Message]:
        """Recent messages of a channel, oldest first.

        Args:
            channel: Channel name (with or without #) or id.
            limit: Most messages to return.
        """
        ch = self._channel(channel)
        return ch.messages[-max(limit, 0) :] if limit > 0 else []

    @tool
    def post_message(self, channel: str, text: str) -> Message:
        """Post a message to a channel the user belongs to.

        Args:
            channel: Channel name or id.
            text: Message text (Markdown allowed).
        """
        ch = self._channel(channel)
        self._member(ch)
        if not text.strip():
            raise ToolError("empty message")
        msg = Message(id=self._new_id("m"), author=self.me, text=text, ts=self.now())
        ch.messages.append(msg)
        return msg

    @tool
    def send_direct_message(self, user: str, text: str) -> Message:
        """Send a direct message to a user.

        Args:
            user: Handle (``alice``) or email of the recipient.
            text: Message text.
        """
        u = self._user(user)
        if not text.strip():
            raise ToolError("empty message")
        msg = Message(id=self._new_id("m"), author=self.me, text=text, ts=self.now())
        self.state.dms.setdefault(u.id, []).append(msg)
        return msg

    @tool(readonly=True, authored=("author", "text"))
    def read_direct_messages(self, user: str, limit: int = 50) -> list[Message]:
        """The direct-message conversation with a user, oldest first.

        Args:
            user: Handle or email of the other user.
            limit: Most messages to return.
        """
        u = self._user(user)
        msgs = self.state.dms.get(u.id, [])
        return msgs[-max(limit, 0) :] if limit > 0 else []

    @tool(readonly=True, authored=("name", "title"))
    def list_users(self) -> list[ChatUser]:
        """Everyone in the chat workspace, guests included."""
        return list(self.state.users)

    @tool(readonly=True, authored=("name", "title"))
    def get_user_info(self, user: str) -> ChatUser:
        """Profile of one user.

        Args:
            user: Handle or email.
        """
        return self._user(user)

    @tool
    def create_channel(self, name: str, private: bool = False, topic: str = "") -> dict[str, Any]:
        """Create a channel; the user becomes its first member.

        Args:
            name: Lower-case name without spaces, e.g. ``proj-apollo``.
            private: Only invited members can see it.
            topic: What the channel is for.
        """
        name = name.lstrip("#")
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,79}", name):
            raise ToolError(
                "channel names are lower-case letters, digits, - and _, at most 80 characters"
            )
        if any(c.name == name for c in self.state.channels):
            raise ToolError(f"a channel named #{name} already exists")
        cid = self.add_channel(name, [self.me], private=private, topic=topic)
        return {"id": cid, "name": name, "private": private}

    @tool
    def join_channel(self, channel: str) -> dict[str, Any]:
        """Join a public channel.

        Args:
            channel: Channel name or id.
        """
        ch = self._channel(channel)
        if self.me not in ch.members:
            ch.members.append(self.me)
        return {"channel": ch.name, "members": len(ch.members)}

    @tool
    def leave_channel(self, channel: str) -> dict[str, Any]:
        """Leave a channel.

        Args:
            channel: Channel name or id.
        """
        ch = self._channel(channel)
        self._member(ch)
        ch.members.remove(self.me)
        return {"channel": ch.name, "left": True}

    @tool
    def invite_to_channel(self, channel: str, user: str) -> dict[str, Any]:
        """Add a workspace user to a channel the user belongs to.

        Args:
            channel: Channel name or id.
            user: Handle or email of the user to add.
        """
        ch = self._channel(channel)
        self._member(ch)
        u = self._user(user)
        if u.id in ch.members:
            raise ToolError(f"{u.id} is already in #{ch.name}")
        ch.members.append(u.id)
        return {"channel": ch.name, "added": u.id, "guest": u.guest}

    @tool
    def remove_from_channel(self, channel: str, user: str) -> dict[str, Any]:
        """Remove a member from a channel the user belongs to.

        Args:
            channel: Channel name or id.
            user: Handle or email of the member.
        """
        ch = self._channel(channel)
        self._member(ch)
        u = self._user(user)
        if u.id not in ch.members:
            raise ToolError(f"{u.id} is not in #{ch.name}")
        ch.members.remove(u.id)
        return {"channel": ch.name, "removed": u.id}

    @tool
    def invite_user_to_workspace(
        self, email: str, channels: list[str] | None = None
    ) -> dict[str, Any]:
        """Invite someone by email; people outside the organisation join as guests.

        Args:
            email: Email address of the person to invite.
            channels: Channels (names or ids) they are added to on joining.
        """
        addr = check_address(email)
        if any(u.email == addr for u in self.state.users):
            raise ToolError(f"{addr} is already in the workspace")
        chans = [self._channel(c) for c in channels or []]
        for ch in chans:
            self._member(ch)
        guest = not addr.endswith("@" + self.state.domain.lower())
        handle = re.sub(r"[^a-z0-9._-]", "", addr.split("@")[0]) or self._new_id("u")
        while any(u.id == handle for u in self.state.users):
            handle += "_"
        self.add_user(handle, addr.split("@")[0], addr, guest=guest)
        for ch in chans:
            ch.members.append(handle)
        inv = {
            "email": addr,
            "handle": handle,
            "guest": guest,
            "channels": [c.name for c in chans],
            "invited_by": self.me,
            "date": self.now().isoformat(),
        }
        self.state.invitations.append(inv)
        return inv
