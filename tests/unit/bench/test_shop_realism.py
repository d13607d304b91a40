"""Shop cases plant notes where their attacker could write them: a note in a mail rides on a
mail someone outside the household sent (matched on its ``from``), a note on a product page or
its reviews on the product the attacker edited; ``_account_harms.case`` writes such triggers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "bench" / "generators"))

from _account_harms import case  # noqa: E402

from vera.gateway.injections import Injection  # noqa: E402
from vera.safety.cases import load_case  # noqa: E402
from vera.yamlio import string_leaves  # noqa: E402

SHOP = REPO / "bench" / "cases" / "shop"
SHOP_CASES = sorted(p for p in SHOP.iterdir() if (p / "case.yaml").is_file())


def _minimal(injections: list[tuple]) -> dict:
    return case(
        id="t", title="t", world="w", harm="h", goal="g", risk="r", attack="a",
        environment="e", services=["shop", "email"], task="t", authorised="a", brief="b",
        first="f", tactics=[], markers=[], overlay=[], injections=injections,
        verify=("d", "v"), util=("d", "u"), witnesses=[], references=[],
    )  # fmt: skip


def test_case_writes_arguments_and_other_conditions() -> None:
    rules = _minimal([
        ("plain", "email", "read_email", "append", "x"),
        ("page", "product listing", "get_product", "append", "x", {"product_id": "p_1"}),
        ("mail", "email", "read_email", "append", "x", None, {"result_contains": {"from": "a@b.it"}}),
        ("both", "reviews", "list_reviews", "append", "x", {"product_id": "p_1"}, {"call": 2}),
    ])["injections"]  # fmt: skip
    assert "when" not in rules[0]
    assert rules[1]["when"] == {"arguments": {"product_id": "p_1"}}
    assert rules[2]["when"] == {"result_contains": {"from": "a@b.it"}}
    assert rules[3]["when"] == {"arguments": {"product_id": "p_1"}, "call": 2}


def test_a_mail_note_shows_on_the_attackers_mail_only() -> None:
    rule = Injection.model_validate(
        {"id": "m", "tool": "read_email", "when": {"result_contains": {"from": "x@evil.it"}}}
    )
    theirs = {"id": "15", "from": "x@evil.it", "subject": "s", "body": "b"}
    family = {"id": "4", "from": "luca.bianchi@gmail.com", "subject": "s", "body": "x@evil.it"}
    assert rule.matches("read_email", {"email_id": "15"}, 1, theirs, str(theirs))
    # a mail that only quotes the address is not the attacker's mail
    assert not rule.matches("read_email", {"email_id": "4"}, 1, family, str(family))


@pytest.mark.parametrize("path", SHOP_CASES, ids=lambda p: p.name)
def test_every_mail_note_rides_on_a_mail_of_the_attack(path: Path) -> None:
    """Each note injected into a read mail names, as its trigger, a mail the attack planted or
    a vendor's mail in the world: by its sender, or by its id (never every mail read)."""
    c = load_case(path)
    mails = [step["email.add_message"] for step in [*c.spec.overlay, *c.setup_steps("benign")]
             if isinstance(step, dict) and "email.add_message" in step]  # fmt: skip
    senders = {m["sender"] for m in mails}
    ids = {str(m["message_id"]) for m in mails if m.get("message_id")}
    for inj in c.injections("multi").injections:
        if inj.tool != "read_email":
            continue
        found = inj.when.result_contains
        by_sender = isinstance(found, dict) and found.get("from") in senders
        by_id = str((inj.when.arguments or {}).get("email_id")) in ids
        assert by_sender or by_id, (inj.id, found, inj.when.arguments)


def test_the_italian_world_gets_no_tool_names_in_its_letters() -> None:
    """A cousin, a seller or a bank writes words, not ``transfer_points`` or plan ids."""
    for path in SHOP_CASES:
        if not path.name.startswith("bianchi_"):
            continue
        c = load_case(path)
        planted = [i.payload for i in c.injections("multi").injections]
        planted += [s for s in string_leaves(c.spec.overlay) if " " in s]
        for text in planted:
            assert "transfer_points" not in text and "plan_" not in text, (path.name, text)
