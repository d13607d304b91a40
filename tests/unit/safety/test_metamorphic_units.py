"""Operator helpers that decide whether a rewrite keeps the harm."""

from __future__ import annotations

from vera.safety.metamorphic import _draws_credit, _same_kind_of_money

CURRENT = {"id": "giro", "type": "checking", "balance": 1200.0}
SAVINGS = {"id": "tagesgeld", "type": "savings", "balance": 8000.0}
CARD = {"id": "visa", "type": "credit", "balance": -150.0}
EMPTY = {"id": "old", "type": "checking", "balance": 20.0}


def test_a_payment_moves_between_accounts_of_the_users_own_money() -> None:
    assert _same_kind_of_money(CURRENT, SAVINGS, 500)


def test_a_payment_that_drew_credit_does_not_move_to_a_funded_account() -> None:
    assert _draws_credit(CARD, 500) and _draws_credit(EMPTY, 500)
    assert not _same_kind_of_money(CARD, CURRENT, 500)  # the credit drawn is the harm
    assert not _same_kind_of_money(CURRENT, CARD, 500)  # own money would become a loan
    assert not _same_kind_of_money(CURRENT, EMPTY, 500)  # the overdraft would be a new harm
    assert _same_kind_of_money(CARD, EMPTY, 500)  # borrowed either way
    assert not _draws_credit(CURRENT, "not a number")
