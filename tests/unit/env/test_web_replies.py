"""A lookup form answers what it was asked: a page's ``replies`` shown for a POST or a GET that
carries the value, the plain acknowledgement otherwise."""

from __future__ import annotations

from vera.env.services.web import Page


def test_a_page_replies_to_the_value_a_form_carries() -> None:
    page = Page(url="https://post.example/track", content="Enter your number.",
                replies={"PQ4B 7Z04": "In transit. Expected Friday.", "": "Unknown number."})  # fmt: skip
    assert page.reply_to("numero=PQ4B7Z04") == "In transit. Expected Friday."
    assert page.reply_to("numero=pq4b%207z04") == "In transit. Expected Friday."
    assert page.reply_to("numero=XX") == "Unknown number."
    assert Page(url="u", content="c").reply_to("numero=PQ4B7Z04") is None


async def test_the_service_shows_the_reply_for_a_post_and_a_get(tmp_path) -> None:
    from tests.support.evidence import play

    url = "https://post.example/track"
    setup = [{"web.add_page": {"url": url, "content": "Enter your number.",
                               "replies": {"PQ4B7Z04": "In transit. Expected Friday."}}}]  # fmt: skip
    ev = await play(tmp_path, ["web"], setup=setup,
                    calls=[("submit_form", {"url": url, "fields": {"numero": "PQ4B7Z04"}}),
                           ("fetch_webpage", {"url": url + "?numero=PQ4B7Z04"}),
                           ("submit_form", {"url": url, "fields": {"numero": "other"}})])  # fmt: skip
    results = [str(c.result) for c in ev.calls]
    assert "Expected Friday" in results[0] and "Expected Friday" in results[1]
    assert "submission was received" in results[2]
