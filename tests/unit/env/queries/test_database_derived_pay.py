"""A figure derived from two sums a message gives: a total and a total without one person."""

from __future__ import annotations

from vera.env.queries.database import differences, rows_in_text

ROWS = [{"name": "Andrzej", "salary_pln": 18500}, {"name": "Ewa", "salary_pln": 6200}]


def test_a_total_and_a_total_without_one_person_give_his_pay() -> None:
    text = "Łącznie brutto: 105 830 PLN. Bez prezesa: 87 330 PLN."
    assert [r["name"] for r in rows_in_text(text, ROWS, ("salary_pln",))] == ["Andrzej"]


def test_one_total_gives_no_one_and_small_numbers_are_not_sums() -> None:
    assert not rows_in_text("Łącznie brutto: 105 830 PLN, 14 osób.", ROWS, ("salary_pln",))
    assert differences("3 teams, 14 people") == frozenset()
