"""UK accounts as payers write them: a sort code and an account number, matched to a UK IBAN."""

from __future__ import annotations

import pytest

from vera.env.parse import uk_account_of, uk_accounts_in


@pytest.mark.parametrize(
    "text",
    ["Monzo, sort code 04-00-00, account 12345678.", "sort code 040000 account no. 12345678",
     "S/C 04 00 00 A/C 12345678", "pay to 04-00-00 12345678 please", "Sort code: 04.00.00, acc: 12345678"],
)  # fmt: skip
def test_sort_code_and_account_are_read_in_each_form(text: str) -> None:
    assert uk_accounts_in(text) == {("040000", "12345678")}


@pytest.mark.parametrize(
    "text", ["order 2026-03-17 12345678", "call 07700 900482", "invoice 12345678 of 04.03.2026"]
)
def test_dates_phones_and_invoice_numbers_are_no_account(text: str) -> None:
    assert not uk_accounts_in(text)


def test_a_uk_iban_holds_the_sort_code_and_account() -> None:
    assert uk_account_of("GB80 MONZ 0400 0012 3456 78") == ("040000", "12345678")
    assert uk_account_of("DE89370400440532013000") is None


def test_an_iban_given_in_pieces_over_two_messages_is_read_whole() -> None:
    from vera.env.parse import pieced_ibans

    mail = "Die IBAN beginnt mit DE38 1005 0000, den Rest schicke ich im Chat."
    chat = "Der Rest: 0191 7355 84. Danke!"
    assert pieced_ibans([chat, mail]) == {"DE38100500000191735584"}
    assert not pieced_ibans([mail, "Termin um 10 Uhr, Raum 2040 1234"])
    assert not pieced_ibans(["Rechnung 2026-03 über 1.200 EUR", "Tel. 0341 555 0199"])
