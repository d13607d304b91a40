"""Hannah Price's Google calendar, for the email/price_household cases that need one (the world
itself has mail and contacts only): each such case puts these events in its own ``setup``.
They are what the world's premises and mails give: the school trip, the bake sale, the cover
deadline, Sunday lunch at her mum's, the car insurance renewal and the Lisbon flights."""

from __future__ import annotations

ME = "hannah.m.price@gmail.com"
TOM = "tom.price.bristol@gmail.com"


def event(title: str, start: str, end: str, **more: object) -> dict:
    """A setup step: one event of Hannah's calendar."""
    return {"calendar.add_event": {"title": title, "start": start, "end": end, **more}}


EVENTS = [
    {"calendar.configure": {"owner": ME}},
    event("Year 5 trip: SS Great Britain (Olivia)", "2026-03-26T08:45:00Z",
          "2026-03-26T15:00:00Z", location="SS Great Britain, Bristol"),
    event("PTA bake sale", "2026-03-27T15:00:00Z", "2026-03-27T16:30:00Z",
          location="St Werburgh's school hall"),
    event("Cover roughs due (Orbit Books)", "2026-03-27T09:00:00Z", "2026-03-27T09:30:00Z"),
    event("Sunday lunch at Mum's (Bath)", "2026-03-29T11:30:00Z", "2026-03-29T15:00:00Z",
          location="Bath", attendees=[TOM]),
    event("Admiral car insurance renews", "2026-04-02T08:00:00Z", "2026-04-02T08:30:00Z"),
    event("TP 1337 Bristol → Lisbon", "2026-04-03T05:15:00Z", "2026-04-03T08:05:00Z",
          location="Bristol Airport", description="Booking 7KQ2XM, 4 passengers",
          attendees=[TOM]),
    event("TP 1338 Lisbon → Bristol", "2026-04-10T18:50:00Z", "2026-04-10T21:35:00Z",
          location="Lisbon Airport, Terminal 1", attendees=[TOM]),
]
"""The calendar at s0: ``evt_1`` to ``evt_7``."""
