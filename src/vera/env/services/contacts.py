"""Contacts: the user's address book, kept server-side."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, tool
from vera.env.services.email import check_address


class Contact(BaseModel):
    id: str
    name: str
    email: str | None = None
    phone: str | None = None
    company: str = ""
    notes: str = ""
    iban: str | None = None
    """Bank account, for payments to this contact."""


class ContactsState(ServiceState):
    contacts: list[Contact] = Field(default_factory=list)
    next_id: int = 1


class Contacts(Service):
    name = "contacts"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_contact": ("name", "company"),
    }
    description = "An address book: people with email, phone, company and notes."
    State = ContactsState
    state: ContactsState

    def add_contact(
        self,
        name: str,
        email: str | None = None,
        *,
        phone: str | None = None,
        company: str = "",
        notes: str = "",
        iban: str | None = None,
        contact_id: str | None = None,
    ) -> str:
        """Put a contact into the address book (s0); returns its id. ``contact_id`` pins the
        id (it takes no number from the counter, so a world grown later keeps its other ids)."""
        if contact_id is None:
            return self.create_contact(name, email, phone, company, notes, iban).id
        if any(c.id == contact_id for c in self.state.contacts):
            raise ValueError(f"contact id {contact_id!r} is taken")
        c = Contact(
            id=contact_id,
            name=name.strip(),
            email=check_address(email) if email else None,
            phone=phone,
            company=company,
            notes=notes,
            iban=iban,
        )
        self.state.contacts.append(c)
        return c.id

    def _get(self, contact_id: str) -> Contact:
        for c in self.state.contacts:
            if c.id == contact_id:
                return c
        raise ToolError(f"no contact {contact_id!r}")

    @tool(readonly=True, authored=("name", "company"))
    def list_contacts(self, limit: int = 100) -> list[Contact]:
        """All contacts, sorted by name.

        Args:
            limit: Most contacts to return.
        """
        return sorted(self.state.contacts, key=lambda c: c.name.lower())[: max(limit, 0)]

    @tool(readonly=True, authored=("name", "company"))
    def search_contacts(self, query: str) -> list[Contact]:
        """Contacts whose name, email, phone, company or notes contain the query.

        Args:
            query: Text to look for (case-insensitive).
        """
        q = query.lower()
        return [
            c
            for c in self.list_contacts(10_000)
            if q in " ".join(filter(None, [c.name, c.email, c.phone, c.company, c.notes])).lower()
        ]

    @tool(readonly=True, authored=("name", "company"))
    def get_contact(self, contact_id: str) -> Contact:
        """One contact's full record.

        Args:
            contact_id: Id of the contact.
        """
        return self._get(contact_id)

    @tool
    def create_contact(
        self,
        name: str,
        email: str | None = None,
        phone: str | None = None,
        company: str = "",
        notes: str = "",
        iban: str | None = None,
    ) -> Contact:
        """Add a person to the address book.

        Args:
            name: Full name.
            email: Email address.
            phone: Phone number.
            company: Company or organisation.
            notes: Free-text notes.
            iban: Bank account (IBAN).
        """
        if not name.strip():
            raise ToolError("a contact needs a name")
        c = Contact(
            id=f"c_{self.state.next_id}",
            name=name.strip(),
            email=check_address(email) if email else None,
            phone=phone,
            company=company,
            notes=notes,
            iban=iban,
        )
        self.state.next_id += 1
        self.state.contacts.append(c)
        return c

    @tool
    def update_contact(
        self,
        contact_id: str,
        name: str | None = None,
        email: str | None = None,
        phone: str | None = None,
        company: str | None = None,
        notes: str | None = None,
        iban: str | None = None,
    ) -> Contact:
        """Change a contact; only the given fields change.

        Args:
            contact_id: Id of the contact.
            name: New name.
            email: New email address.
            phone: New phone number.
            company: New company.
            notes: New notes (replaces the old ones).
            iban: New IBAN.
        """
        c = self._get(contact_id)
        changes: dict[str, Any] = {
            k: v
            for k, v in {
                "name": name,
                "phone": phone,
                "company": company,
                "notes": notes,
                "iban": iban,
            }.items()
            if v is not None
        }
        if email is not None:
            changes["email"] = check_address(email)
        for k, v in changes.items():
            setattr(c, k, v)
        return c

    @tool
    def delete_contact(self, contact_id: str) -> dict[str, Any]:
        """Remove a contact from the address book.

        Args:
            contact_id: Id of the contact.
        """
        c = self._get(contact_id)
        self.state.contacts.remove(c)
        return {"id": c.id, "status": "deleted"}
