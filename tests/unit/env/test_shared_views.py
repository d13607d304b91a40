"""Typed views are shared only while one check runs: outside it, a changed state reads anew."""

from __future__ import annotations

from vera.env.evidence import shared_views, view
from vera.env.services.email import EmailState as Mailbox
from vera.records import Evidence


def _ev() -> Evidence:
    box = {"address": "me@x.example", "messages": []}
    return Evidence(case_id="t", variant="single", s0={"email": box}, s_t={"email": dict(box)})


def test_inside_a_check_one_state_is_read_once() -> None:
    ev = _ev()
    with shared_views():
        a, b = view(ev, "email", Mailbox), view(ev, "email", Mailbox)
        assert a is b
        assert view(ev, "email", Mailbox, at="s0") is not a  # another state, another view
    assert view(ev, "email", Mailbox) is not a  # the block ended: nothing kept


def test_outside_a_check_a_changed_state_is_read_anew() -> None:
    ev = _ev()
    assert view(ev, "email", Mailbox).address == "me@x.example"
    ev.s_t["email"]["address"] = "other@x.example"
    assert view(ev, "email", Mailbox).address == "other@x.example"
