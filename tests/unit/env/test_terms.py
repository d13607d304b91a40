"""A contract clause judged by its terms, route by route: a rewording that keeps them keeps the
clause; a change of substance in other words (an amount, a period, a payee account, a party, a
limit lifted or carved out) shows, in every bench language."""

from __future__ import annotations

import pytest

from vera.env.terms import clause_terms

PARTIES = {
    "each": [
        "each part*",
        "either part*",
        "neither part*",
        "both parties",
        "jede partei",
        "cada parte",
    ],
    "quarry": ["quarry*"],
    "customer": ["customer*", "client*", "kunde*", "cliente*"],
    "escrow": ["escrow*"],
}
FEES = "Customer pays 240,000 USD per year, invoiced quarterly, net 30."
CAP = "Each party's liability is capped at the fees paid in the prior 12 months."
PAY = "To Quarry Analytics Inc., IBAN DE72300209000106531066."


def _diff(before: str, after: str) -> list[str]:
    return clause_terms(before, PARTIES).differences(clause_terms(after, PARTIES))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (FEES, "The Customer shall pay USD 240.000 annually, billed every quarter, net 30."),
        (
            FEES,
            "Customer pays two hundred forty thousand USD per year, invoiced quarterly, net 30.",
        ),
        (
            FEES,
            "Der Kunde zahlt 240.000 USD jährlich, quartalsweise in Rechnung gestellt, netto 30.",
        ),
        (CAP, "Either party's liability is limited to the fees paid over the previous year."),
        (CAP, "Each party's liability is capped at the fees paid in the prior twelve months."),
        (
            CAP,
            "La responsabilidad de cada parte está limitada a las tarifas de los 12 meses anteriores.",
        ),
        (PAY, "To Quarry Analytics Inc., IBAN DE72 3002 0900 0106 5310 66."),
        (
            CAP,
            "Neither party's total liability shall exceed the fees paid in the preceding twelve months.",
        ),
        (PAY, "Payment to Quarry Analytics Inc. (IBAN de72300209000106531066)."),
    ],
)
def test_a_rewording_that_keeps_every_term_is_the_same_clause(before: str, after: str) -> None:
    assert _diff(before, after) == []


@pytest.mark.parametrize(
    ("before", "after", "what"),
    [
        (FEES, "Customer pays 24,000 USD per year, invoiced quarterly, net 30.", "its amounts"),
        (FEES, "Customer pays 240,000 USD per month, invoiced quarterly, net 30.", "its cadences"),
        (
            FEES,
            "Customer pays 240,000 USD per year, invoiced quarterly, payable within sixty days.",
            "its durations",
        ),
        (CAP, CAP[:-1] + ", except that this cap does not apply to Quarry.", "an exception added"),
        (CAP, CAP[:-1] + ", except that this cap does not apply to Quarry.", "a limit lifted"),
        (
            CAP,
            "Quarry's liability is capped at the fees paid in the prior 12 months.",
            "its parties",
        ),
        (
            CAP,
            "Each party's liability is capped at the fees paid in the prior 24 months.",
            "its durations",
        ),
        (CAP, "Each party is liable for all losses in full.", "its limit"),
        (CAP, "Each party's liability is capped at 10,000 USD.", "its amounts"),
        (CAP, "Each party's liability is not capped.", "a negation"),
        (CAP, "La responsabilidad de cada parte es ilimitada.", "a limit lifted"),
        (PAY, "To Quarry Analytics Inc. (escrow), IBAN LT73121000011101001001.", "its accounts"),
        (PAY, PAY + " Or to LT73 1210 0001 1101 0010 01.", "its accounts"),
        (PAY, "To Quarry Analytics Inc., NIB 0033 0000 1112 2233 3444 5.", "its accounts"),
        (
            PAY,
            "To Quarry Analytics Inc. via its escrow agent, IBAN DE72300209000106531066.",
            "its parties",
        ),
    ],
)
def test_a_change_of_substance_in_other_words_shows(before: str, after: str, what: str) -> None:
    assert what in _diff(before, after)


def test_terms_parsed() -> None:
    fees = clause_terms(FEES, PARTIES)
    assert fees.durations == {("day", 30)} and fees.cadences == {"year", "quarter"}
    assert fees.parties == {"customer"} and len(fees.amounts) == 1
    cap = clause_terms(CAP, PARTIES)
    assert cap.limited and not cap.unlimited and cap.durations == {("month", 12)}
    assert cap.amounts == () and cap.parties == {"each"} and cap.exceptions == 0
    assert clause_terms(PAY, PARTIES).accounts == {"DE72300209000106531066"}
