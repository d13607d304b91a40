"""Calendar: the user's events and invitations, kept server-side.

Only the organizer may change or cancel an event; others can accept or decline. Events carry a
free-text description, which is where invitations from outside bring untrusted text.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool
from vera.env.services.email import check_address

Response = Literal["accepted", "declined", "tentative", "needs_action"]


class Event(BaseModel):
    id: str
    title: str
    start: datetime
    end: datetime
    location: str = ""
    description: str = ""
    organizer: str
    attendees: dict[str, Response] = Field(default_factory=dict)
    """Attendee address -> response."""
    status: Literal["confirmed", "cancelled"] = "confirmed"


class CalendarState(ServiceState):
    owner: str = ""
    events: list[Event] = Field(default_factory=list)
    next_id: int = 1


def _check_span(start: datetime, end: datetime) -> None:
    if end <= start:
        raise ToolError("an event must end after it starts")


class Calendar(Service):
    name = "calendar"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_event": ("title", "description", "location", "organizer"),
    }
    description = "A calendar: events, invitations, availability."
    State = CalendarState
    state: CalendarState

    @property
    def owner(self) -> str:
        return self.state.owner or self.user_email

    # -- setup API -------------------------------------------------------------------------------

    def configure(self, owner: str) -> None:
        """The calendar owner's address (default: case variable ``user_email``)."""
        self.state.owner = owner

    def add_event(
        self,
        title: str,
        start: datetime | str,
        end: datetime | str,
        *,
        organizer: str | None = None,
        attendees: list[str] | dict[str, Response] | None = None,
        location: str = "",
        description: str = "",
    ) -> str:
        """Put an event into the calendar (s0); returns its id."""
        att = (
            {a.lower(): r for a, r in attendees.items()}
            if isinstance(attendees, dict)
            else {a.lower(): "needs_action" for a in attendees or []}
        )
        ev = Event(
            id=self._new_id(),
            title=title,
            start=as_datetime(start, self.now()),
            end=as_datetime(end, self.now()),
            organizer=organizer or self.owner,
            attendees=att,
            location=location,
            description=description,
        )
        self.state.events.append(ev)
        return ev.id

    def _new_id(self) -> str:
        i = self.state.next_id
        self.state.next_id += 1
        return f"evt_{i}"

    def _get(self, event_id: str) -> Event:
        for e in self.state.events:
            if e.id == event_id and e.status != "cancelled":
                return e
        raise ToolError(f"no event {event_id!r}")

    def _own(self, event_id: str, action: str) -> Event:
        ev = self._get(event_id)
        if ev.organizer != self.owner:
            raise ToolError(
                f"permission denied: only the organizer ({ev.organizer}) can {action} this event"
            )
        return ev

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True, authored=("title", "description", "location", "organizer"))
    def list_events(self, start_date: date, end_date: date | None = None) -> list[Event]:
        """Events that overlap a date range, in start order.

        Args:
            start_date: First day (YYYY-MM-DD).
            end_date: Last day, inclusive (default: the same day as start_date).
        """
        lo = datetime.combine(start_date, datetime.min.time(), tzinfo=self.now().tzinfo)
        hi = datetime.combine(
            end_date or start_date, datetime.min.time(), tzinfo=lo.tzinfo
        ) + timedelta(days=1)
        if hi <= lo:
            raise ToolError("end_date is before start_date")
        evs = [
            e for e in self.state.events if e.status != "cancelled" and e.start < hi and e.end > lo
        ]
        return sorted(evs, key=lambda e: e.start)

    @tool(readonly=True, authored=("title", "description", "location", "organizer"))
    def get_event(self, event_id: str) -> Event:
        """Full details of one event, including its description and attendees.

        Args:
            event_id: Id of the event.
        """
        return self._get(event_id)

    @tool(readonly=True, authored=("title", "description", "location", "organizer"))
    def search_events(self, query: str) -> list[Event]:
        """Events whose title, description, location or attendees contain the query.

        Args:
            query: Text to look for (case-insensitive).
        """
        q = query.lower()
        return [
            e
            for e in sorted(self.state.events, key=lambda e: e.start)
            if e.status != "cancelled"
            and q
            in " ".join([e.title, e.description, e.location, e.organizer, *e.attendees]).lower()
        ]

    @tool
    def create_event(
        self,
        title: str,
        start: datetime,
        end: datetime,
        attendees: list[str] | None = None,
        location: str = "",
        description: str = "",
    ) -> Event:
        """Create an event organized by the user; attendees receive an invitation.

        Args:
            title: Title of the event.
            start: Start time (ISO 8601, e.g. 2026-03-02T14:00).
            end: End time (ISO 8601).
            attendees: Email addresses to invite.
            location: Where it takes place.
            description: Agenda or notes.
        """
        start, end = as_datetime(start, start), as_datetime(end, end)
        _check_span(start, end)
        att: dict[str, Response] = {check_address(a): "needs_action" for a in attendees or []}
        ev = Event(
            id=self._new_id(),
            title=title,
            start=start,
            end=end,
            location=location,
            description=description,
            organizer=self.owner,
            attendees=att,
        )
        self.state.events.append(ev)
        return ev

    @tool
    def update_event(
        self,
        event_id: str,
        title: str | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
        location: str | None = None,
        description: str | None = None,
        add_attendees: list[str] | None = None,
        remove_attendees: list[str] | None = None,
    ) -> Event:
        """Change an event the user organizes; only the given fields change.

        Args:
            event_id: Id of the event.
            title: New title.
            start: New start time.
            end: New end time.
            location: New location.
            description: New description.
            add_attendees: Addresses to invite.
            remove_attendees: Addresses to uninvite.
        """
        ev = self._own(event_id, "change")
        new_start = as_datetime(start, ev.start) if start else ev.start
        new_end = as_datetime(end, ev.end) if end else ev.end
        _check_span(new_start, new_end)
        ev.start, ev.end = new_start, new_end
        if title is not None:
            ev.title = title
        if location is not None:
            ev.location = location
        if description is not None:
            ev.description = description
        for a in add_attendees or []:
            ev.attendees.setdefault(check_address(a), "needs_action")
        for a in remove_attendees or []:
            if ev.attendees.pop(a.strip().lower(), None) is None:
                raise ToolError(f"{a} is not invited to this event")
        return ev

    @tool
    def cancel_event(self, event_id: str) -> dict[str, Any]:
        """Cancel an event the user organizes; attendees are notified.

        Args:
            event_id: Id of the event.
        """
        ev = self._own(event_id, "cancel")
        ev.status = "cancelled"
        return {"id": ev.id, "status": "cancelled"}

    @tool
    def respond_to_event(
        self, event_id: str, response: Literal["accepted", "declined", "tentative"]
    ) -> dict[str, Any]:
        """Accept, decline or tentatively accept an invitation.

        Args:
            event_id: Id of the event.
            response: accepted, declined or tentative.
        """
        ev = self._get(event_id)
        if self.owner not in ev.attendees:
            raise ToolError("the user is not invited to this event")
        ev.attendees[self.owner] = response
        return {"id": ev.id, "response": response}

    @tool(readonly=True)
    def find_free_slots(
        self, day: date, duration_minutes: int = 30, day_start_hour: int = 9, day_end_hour: int = 17
    ) -> list[dict[str, Any]]:
        """Free time on a day between working hours, for scheduling.

        Args:
            day: The day (YYYY-MM-DD).
            duration_minutes: Length of slot needed.
            day_start_hour: Start of the working day (0-23).
            day_end_hour: End of the working day (1-24).
        """
        if not 0 <= day_start_hour < day_end_hour <= 24 or duration_minutes <= 0:
            raise ToolError("need 0 <= day_start_hour < day_end_hour <= 24 and a positive duration")
        tz = self.now().tzinfo
        cur = datetime.combine(day, datetime.min.time(), tzinfo=tz) + timedelta(
            hours=day_start_hour
        )
        stop = datetime.combine(day, datetime.min.time(), tzinfo=tz) + timedelta(hours=day_end_hour)
        slots = []
        for ev in self.list_events(day, day):
            if ev.start - cur >= timedelta(minutes=duration_minutes) and cur < stop:
                slots.append({"start": cur, "end": min(ev.start, stop)})
            cur = max(cur, ev.end)
        if stop - cur >= timedelta(minutes=duration_minutes):
            slots.append({"start": cur, "end": stop})
        return slots
