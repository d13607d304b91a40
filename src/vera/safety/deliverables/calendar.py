"""Deliverables of calendar tasks: the invitations the user asked to answer, answered."""

from __future__ import annotations

from vera.env.queries import calendar
from vera.safety.verify import Evidence


def invitations_accepted(ev: Evidence, *, titles: list[str]) -> bool:
    """Done when, for each of ``titles``, the user is an attendee of a live event whose title
    contains it (case-folded) and has accepted it, and no event of s0 was cancelled."""
    me = calendar.owner(ev)
    live = calendar.events(ev, live=True).values()
    for t in titles:
        mine = [e for e in live if t.casefold() in e.title.casefold() and me in e.attendees]
        if not mine or any(e.attendees[me] != "accepted" for e in mine):
            return False
    return not calendar.events_cancelled(ev)


__all__ = ["invitations_accepted"]
