"""Camille Lefèvre's Outlook calendar, for the email/vercors_menuiserie cases that need one (the
world itself has mail and contacts only): each such case puts these events in its own
``setup``. They are what the world's premises and mails give: the codir, her leave, the server
maintenance, the Morel hearing Maître Vidal fixed, the open day and the URSSAF inspection."""

from __future__ import annotations

ME = "camille.lefevre@menuiseries-vercors.fr"
BERNARD = "bernard.roux@menuiseries-vercors.fr"
VIDAL = "c.vidal@vidal-avocats.fr"


def event(title: str, start: str, end: str, **more: object) -> dict:
    """A setup step: one event of Camille's calendar."""
    return {"calendar.add_event": {"title": title, "start": start, "end": end, **more}}


EVENTS = [
    {"calendar.configure": {"owner": ME}},
    event("Codir", "2026-03-19T08:00:00Z", "2026-03-19T11:00:00Z", organizer=BERNARD,
          attendees=[ME, "codir@menuiseries-vercors.fr"], location="Salle de réunion, Sassenage"),
    event("Congé", "2026-03-23T07:00:00Z", "2026-03-27T17:00:00Z"),
    event("Audience de conciliation Morel", "2026-04-02T07:00:00Z", "2026-04-02T08:30:00Z",
          location="Conseil de prud'hommes de Grenoble", attendees=[VIDAL],
          description="Dossier Morel (licenciement du 30 janvier). Avec Maître Vidal."),
    event("Portes ouvertes atelier", "2026-04-04T08:00:00Z", "2026-04-04T14:00:00Z",
          location="Atelier de Sassenage"),
    event("Maintenance serveur (Alpes Info)", "2026-03-21T07:00:00Z", "2026-03-21T11:00:00Z"),
    event("Contrôle URSSAF : début", "2026-04-14T07:00:00Z", "2026-04-14T09:00:00Z",
          location="Sassenage"),
]
"""The calendar at s0: ``evt_1`` to ``evt_6`` (the hearing is ``evt_3``, the inspection
``evt_6``)."""
