"""vera.env.parse, route by route: each parser function with the spellings it must read and the
look-alikes it must not."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from vera.env import parse

# --- IBAN, BIC -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelling",
    ["DE89370400440532013000", "de89 3704 0044 0532 0130 00", "DE89-3704-0044-0532-0130-00",
     "DE89.3704.0044.0532.0130.00", "DE89\u00a03704\u00a00044 0532 0130 00"],
)  # fmt: skip
def test_iban_reads_every_spelling(spelling: str) -> None:
    assert parse.iban(spelling) == "DE89370400440532013000"


def test_iban_refuses_a_wrong_checksum_and_non_ibans() -> None:
    assert parse.iban("DE89370400440532013001") == ""
    assert parse.iban("hello world") == ""
    assert parse.iban("") == ""


def test_iban_of_a_wrong_national_length_still_counts_by_its_checksum() -> None:
    # schwifty refuses a Lithuanian IBAN of 22 characters; the checksum says it is one
    assert parse.iban("LT03 1210 0001 1101 0010 00") == "LT03121000011101001000"
    assert parse.iban("LT03121000011101001001") == ""


def test_a_checksum_without_an_iban_country_is_no_iban() -> None:
    # an ssh key's file name and the next Host line: one prefix passes mod 97, "ED" issues none
    config = "  IdentityFile ~/.ssh/id_ed25519\n\nHost harbourline-bastion\n  HostName x.example\n"
    assert parse.ibans_in(config) == frozenset()
    assert parse.iban("ED25519HOSTHARBOURLINEBAS") == ""


def test_ibans_in_text_and_the_longest_valid_prefix() -> None:
    text = "Bitte auf de89 3704 0044 0532 0130 00 überweisen, nicht auf DE89370400440532013001."
    assert parse.ibans_in(text) == {"DE89370400440532013000"}
    # a run that swallows the next word
    assert parse.ibans_in("IBAN DE89370400440532013000Thanks") == {"DE89370400440532013000"}
    assert parse.ibans_in("no ibans here 12345") == frozenset()


def test_make_iban_gives_a_valid_iban() -> None:
    made = parse.make_iban("DE", "370400440532013000")
    assert made == "DE89370400440532013000" and parse.iban(made) == made


def test_an_iban_split_into_pieces_is_read_whole() -> None:
    subject_body = "pago a nuestra cuenta nueva ES66 1583 0001 …\nla abonen en la cuenta que continúa … 1990 0077 8899 (titular X)"
    assert parse.split_ibans_in(subject_body) == {"ES6615830001199000778899"}
    assert parse.accounts_in(subject_body) == {"ES6615830001199000778899"}
    # the tail over two runs, and the head followed by dates and amounts first
    assert parse.split_ibans_in("DE89 3704 → rest: 0044 0532 and 0130 00") == {
        "DE89370400440532013000"
    }
    noisy = "GB29 NWBK, 15.03.2026, 120,00 EUR, then 6016 1331 926819"
    assert parse.split_ibans_in(noisy) == {"GB29NWBK60161331926819"}
    # negatives: a whole IBAN is no split one; digits that do not complete the checksum
    assert parse.split_ibans_in("DE89 3704 0044 0532 0130 00") == frozenset()
    assert parse.split_ibans_in("ES66 1583 0001 and later 1990 0077 8898") == frozenset()
    assert parse.split_ibans_in("Ref DE12 on 2026-03-15 amount 1990 0077 8899") == frozenset()


def test_account_keeps_non_ibans_comparable() -> None:
    assert parse.account("acc-001 / main") == "ACC001MAIN"
    assert parse.account("de89 3704-0044 0532 0130 00") == "DE89370400440532013000"


def test_bic() -> None:
    assert parse.bic("cobadeff xxx") == "COBADEFFXXX"
    assert parse.bic("COBADEFF") == "COBADEFF"
    assert parse.bic("NOTABIC") == ""


# --- phone numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [("+44 20 7946 0958", "020 7946 0958"), ("(0)20-7946-0958", "+44 (0)20 7946 0958"),
     ("0041 44 668 18 00", "+41 44 668 18 00"), ("+39 06 1234 5678", "06 1234 5678"),
     ("+48 601 222 318", "601-222-318"), ("07700 900482", "+447700900482")],
)  # fmt: skip
def test_phone_key_is_shared_by_spellings_of_one_number(a: str, b: str) -> None:
    assert parse.phone_key(a) == parse.phone_key(b)
    assert parse.same_phone(a, b)


def test_phone_keys_of_different_numbers_differ() -> None:
    assert parse.phone_key("+44 20 7946 0958") != parse.phone_key("+44 20 7946 0959")
    assert not parse.same_phone("020 7946 0958", "020 7946 0959")


def test_phone_e164_and_region() -> None:
    assert parse.phone("020 7946 0958") == "+442079460958"
    assert parse.phone("030 1234567", "DE") == "+49301234567"
    assert parse.region_of("+48 601 222 318") == "PL"
    assert parse.phone("hello") == ""


def test_phones_in_text() -> None:
    text = "Ring me on +44 20 7946 0958 or 07700-900-482 after five."
    assert parse.phones_in(text, ("GB",)) == {"2079460958", "7700900482"}
    assert "2079460958" not in parse.phones_in("Invoice 2026-03 total 312", ("GB",))


def test_digit_run_allows_separators_but_not_a_longer_number() -> None:
    assert parse.digit_run("code 731 904 today", "731904")
    assert parse.digit_run("code 731-904", "731904")
    assert not parse.digit_run("17319045", "731904")


# --- cards, national ids -----------------------------------------------------------------------------


def test_card_numbers() -> None:
    assert parse.card("4111 1111-1111.1111") == "4111111111111111"
    assert parse.card("4111111111111112") == ""  # Luhn fails
    assert parse.card("12345") == ""
    assert parse.cards_in("card: 4111 1111 1111 1111, exp 12/28") == ["4111111111111111"]


def test_national_id_by_stdnum_and_fallback() -> None:
    assert parse.national_id("1 98 07 38 151 042 67", "fr.nir") == "198073815104267"
    assert parse.national_id("qq 12 34 56 c", "xx.unknown") == "QQ123456C"


# --- numbers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "value"),
    [("1.234,56", "1234.56"), ("1 234,56", "1234.56"), ("1,234.56", "1234.56"),
     ("1234.56", "1234.56"), ("1\u202f234,56", "1234.56"), ("1'234.56", "1234.56"), ("185", "185")],
)  # fmt: skip
def test_decimals_in_every_bench_locale(token: str, value: str) -> None:
    assert Decimal(value) in parse.decimals(token)


def test_decimals_keep_both_readings_of_an_ambiguous_group() -> None:
    assert parse.decimals("1.234") == {Decimal("1234"), Decimal("1.234")}
    assert parse.decimals("1.2.3") == frozenset()


def _values(text: str, languages: tuple[str, ...] = parse.LANGUAGES) -> set[Decimal]:
    return {v for a in parse.amounts_in(text, languages) for v in a.values}


@pytest.mark.parametrize(
    ("text", "value"),
    [("Total: €1.234,56 incl.", "1234.56"), ("1 234,56 EUR", "1234.56"), ("185,- bis Freitag", "185"),
     ("we borrow 312k", "312000"), ("£312,000 over 30 years", "312000"), ("CHF 1'500.00", "1500")],
)  # fmt: skip
def test_amounts_in_digits(text: str, value: str) -> None:
    assert Decimal(value) in _values(text)


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [("three hundred and twelve thousand pounds", "en", "312000"),
     ("dreihundertzwölftausend Euro", "de", "312000"),
     ("mil doscientos treinta y cuatro euros", "es", "1234"),
     ("trois cent douze mille euros", "fr", "312000"),
     ("milleduecentotrentaquattro euro", "it", "1234"),
     ("driehonderdtwaalfduizend euro", "nl", "312000"),
     ("mille cinq cent soixante euros et quarante-deux", "fr", "1560.42"),
     ("312 thousand pounds", "en", "312000")],
)  # fmt: skip
def test_amounts_in_words_by_text2num(text: str, lang: str, value: str) -> None:
    assert Decimal(value) in _values(text, (lang,))


def test_amounts_are_not_read_inside_identifiers_dates_or_longer_numbers() -> None:
    assert Decimal("2026") not in _values("due 2026-03-10")
    assert Decimal("3704") not in _values("DE89 3704 0044 0532 0130 00")
    assert Decimal("312") not in _values("ref 13120001")
    assert Decimal("185") not in _values("call +49 185 1234 567")
    assert Decimal("12.07") not in _values("born 12.07.1998")
    assert _values("no numbers at all here", ()) == set()


def test_polish_numbers_are_rendered_by_num2words() -> None:
    assert "trzysta dwanaście tysięcy" in parse.number_words(312000, "pl")
    # amounts in Polish words are read, in any case: "trzystu złotych" is 300 too
    assert Decimal("300") in _values("trzysta złotych") and Decimal("300") in _values("trzystu złotych")


def test_polish_numbers_in_words_are_read_as_digits() -> None:
    """text2num reads no Polish: numbers below a thousand said in Polish words become digits,
    the longest phrase first, with or without diacritics; other words are left alone."""
    said = "nowy kod: czterdzieści osiem, dwadzieścia dziewięć, siedemnaście (trzy pary)"
    assert parse.words_to_digits(said, "pl") == "nowy kod: 48, 29, 17 (3 pary)"
    assert parse.words_to_digits("cztery osiem dwa dziewiec jeden siedem", "pl") == "4 8 2 9 1 7"
    assert parse.words_to_digits("czterysta osiemdziesiąt dwa", "pl") == "482"
    assert parse.words_to_digits("Przyjdę o siedemnastej.", "pl") == "Przyjdę o siedemnastej."


def test_format_number_per_locale() -> None:
    assert parse.format_number(Decimal("1234.56"), "de") == "1.234,56"
    assert parse.format_number(Decimal("1234.56"), "en") == "1,234.56"
    assert parse.format_number(Decimal("312000"), "fr").replace("\u202f", " ") == "312 000"


def test_money_cue() -> None:
    assert parse.money_cue("pay €", " today")
    assert parse.money_cue("pay ", " EUR today")
    assert parse.money_cue("zapłać ", " złotych", "PLN")
    assert not parse.money_cue("in ", " we moved")
    assert "livres" in parse.currency_words("GBP") and "£" in parse.currency_words("GBP")


# --- dates -----------------------------------------------------------------------------------------

D = date(1998, 7, 12)


@pytest.mark.parametrize(
    "text",
    ["born 1998-07-12", "DOB 12.07.1998", "DOB 07/12/1998", "12/07/98", "12 July 1998",
     "July 12th, 1998", "12. Juli 1998", "12 de julio de 1998", "le 12 juillet 1998",
     "il 12 luglio 1998", "op 12 juli 1998", "urodzony 12 lipca 1998", "12 Jul. 1998",
     "12 / 07 / 1998", "12 VII 1998", "12.VII.1998"],
)  # fmt: skip
def test_dates_in_every_format_and_language(text: str) -> None:
    hits = parse.dates_in(text, parse.LANGUAGES, 12, 7)
    assert any(h.is_date(D) and h.year == 1998 for h in hits), text


@pytest.mark.parametrize(
    "text", ["Geburtstag: 12. Juli", "on July 12th", "12.07.", "le 12 juillet", "do 12.VII."]
)
def test_dates_without_year(text: str) -> None:
    hits = parse.dates_in(text, parse.LANGUAGES, 12, 7)
    assert any(h.is_date(D) and h.year is None for h in hits), text


@pytest.mark.parametrize(
    "text", ["paid 12.07 EUR", "13 July 1998", "12 August 1998", "room 12, floor 7",
             "12 VIII 1998", "a 12 V supply, 7 A", "12 VII"]
)
def test_not_the_date(text: str) -> None:
    assert not any(h.is_date(D) for h in parse.dates_in(text, parse.LANGUAGES, 12, 7)), text


@pytest.mark.parametrize(
    ("text", "day", "month", "year"),
    [("ausgestellt am ersten April 2026", 1, 4, 2026), ("the first of April", 1, 4, None),
     ("el primero de abril de 2026", 1, 4, 2026), ("le premier mars 2026", 1, 3, 2026),
     ("am zweiten Mai", 2, 5, None), ("am ersten März", 1, 3, None)],
)  # fmt: skip
def test_the_first_or_second_as_an_ordinal_word_is_a_date(text, day, month, year) -> None:
    hits = parse.dates_in(text)
    assert any((h.day, h.month, h.year) == (day, month, year) for h in hits), text


@pytest.mark.parametrize("text", ["die erste Rechnung", "the second time in May",
                                  "first aid in March", "zweite Mahnung"])  # fmt: skip
def test_an_ordinal_word_without_a_month_after_it_is_no_date(text) -> None:
    assert parse.dates_in(text) == (), text


def test_dateparser_reads_only_windows_with_the_day_and_a_month_name() -> None:
    # a text with no 12 next to a July name is not read in words at all
    assert parse.dates_in("July is warm. On the 3rd we left.", parse.LANGUAGES, 12, 7) == ()


def test_month_words_and_format_dates() -> None:
    assert {"july", "juli", "julio", "juillet", "luglio", "lipca", "lipiec"} <= parse.month_words(7)
    forms = parse.format_dates(D, "de")
    assert "12. Juli 1998" in forms and "12 Juli" in forms


def test_money_cue_must_be_next_to_the_number() -> None:
    assert not parse.money_cue("our Oral-B iO ", " is 59 GBP if")
    assert parse.money_cue("costs ", "\u00a0€ today")


def test_cents_said_apart_only_after_a_conjunction() -> None:
    text = "We're borrowing three hundred and twelve thousand pounds at 4.39% fixed"
    assert Decimal("312000") in _values(text, ("en",))
    assert Decimal("312000.04") not in _values(text, ("en",))


def test_an_iban_broken_over_lines_is_one_iban() -> None:
    assert parse.ibans_in("nuestra cuenta de cobro:\nes66 1583 0001 1990\n0077 8899\nSaludos") == {
        "ES6615830001199000778899"
    }


def test_domestic_account_numbers_are_the_iban_they_make() -> None:
    de = "Bankleitzahl 631 001 10\nKontonummer 0288 812345\nVerwendungszweck Klassenfahrt"
    assert parse.accounts_in(de) == {"DE19631001100288812345"}
    assert parse.accounts_in("BLZ 63100110, Kto.-Nr. 288812345") == {"DE19631001100288812345"}
    es = "Datos: entidad 1583, oficina 0001, DC 19, cuenta 9000778899 (titular X)"
    assert parse.accounts_in(es) == {"ES6615830001199000778899"}
    assert parse.accounts_in("CCC 1583-0001-19-9000778899") == {"ES6615830001199000778899"}
    # an IBAN counts as itself; dates, amounts and invoice numbers are no account
    assert parse.accounts_in("IBAN DE89 3704 0044 0532 0130 00") == {"DE89370400440532013000"}
    assert parse.accounts_in("Rechnung 2026-0311 vom 12.03.2026 über 1.234,56 EUR") == frozenset()
    assert parse.accounts_in("Konto gesperrt seit 2026") == frozenset()  # no BLZ beside it


def test_a_signed_amount_is_read_but_a_phone_number_after_plus_is_not() -> None:
    assert Decimal("510.00") in _values("Gutschrift +510,00 EUR")
    assert Decimal("49") not in _values("Tel +49 30 123456")


# --- postal addresses ----------------------------------------------------------------------------


def test_postal_address_reads_street_number_postcode_and_town() -> None:
    from vera.env.parse import postal_address

    got = postal_address("Harrow Dental Group, Goods In, 14 Wellington Street, Leeds LS1 4DL, UK")
    assert (got.street, got.number, got.postcode, got.city) == (
        "Wellington Street",
        "14",
        "LS14DL",
        "Leeds",
    )
    got = postal_address("Bianchi Giulia - Via Saragozza n. 112 - 40135 Bologna (BO)")
    assert (got.street, got.number, got.postcode, got.city) == (
        "Via Saragozza",
        "112",
        "40135",
        "Bologna",
    )
    got = postal_address("Ana López, Calle de Alcalá, 233, 28028 Madrid, España")  # number apart
    assert (got.street, got.number, got.city) == ("Calle de Alcalá", "233", "Madrid")
    assert postal_address("Chloé Martin c/o FastRelay, 14 rue des Lilas, 69003 Lyon").care_of == (
        "FastRelay"
    )


def test_postcodes_are_compared_without_spaces_or_country_prefix() -> None:
    from vera.env.parse import postcode, postcode_spans

    assert postcode("ls1 4dl") == "LS14DL" and postcode("E-28028") == "28028"
    assert [c for c, _, _ in postcode_spans("Calle Alcalá 233 / E-28028 Madrid")] == ["28028"]
    assert [c for c, _, _ in postcode_spans("22 The Grove, Ilkley LS29 9EE")] == ["LS299EE"]


def test_iso_dates_in_csv_cells_are_dates_and_thousands_are_not() -> None:
    hits = parse.dates_in("employee,from,to\nMarek Nowak,2026-02-03,2026-02-14\n")
    assert {(h.day, h.month, h.year) for h in hits} >= {(3, 2, 2026), (14, 2, 2026)}
    assert parse.dates_in("total,1,234.56,EUR") == ()


# --- values a stored cell or a note holds (issue 28: parsing, not patterns) -----------------------


def test_iso_date_reads_exactly_an_iso_calendar_date() -> None:
    assert parse.iso_date("2026-03-10") == date(2026, 3, 10)
    assert parse.iso_date(" 1987-11-02 ") == date(1987, 11, 2)
    for other in ["2026-02-30", "20260310", "2026-3-1", "10.03.2026", "2026-03-10T09:00", "", None]:
        assert parse.iso_date(other) is None, other


@pytest.mark.parametrize(
    "spelling",
    ["PL19 1140 2004 0000 3902 8811 0457", "NL12 SNSB 0941 2034 21", "DE89 3704 0044 0532 0130 00",
     "GB80-MONZ-0400-0012-3456-78", "lt73.1210.0001.1101.0010.01"],
)  # fmt: skip
def test_iban_shaped_takes_an_account_with_or_without_a_right_checksum(spelling: str) -> None:
    assert parse.iban_shaped(spelling) == parse.compact(spelling)


@pytest.mark.parametrize(
    "other",
    ["FW-20931 Premium Plus", "HS 26 0917 Wartung", "MS-2026-0311 erneut", "NL12 SNSB 0941 2034 AB",
     "DE12 ABCD EFGH IJKL MNOP QR", "4539 1764 0028 0004", ""],
)  # fmt: skip
def test_iban_shaped_refuses_codes_without_an_ibans_country_or_structure(other: str) -> None:
    assert parse.iban_shaped(other) == ""


def test_domestic_accounts_of_an_iban() -> None:
    assert parse.domestic_accounts("NL91 ABNA 0417 1643 00") == ("417164300",)
    assert parse.domestic_accounts("PL61 1090 1014 0000 0712 1981 2874") == (
        "71219812874",
        "61109010140000071219812874",
    )
    assert parse.domestic_accounts("not an iban") == ()


@pytest.mark.parametrize(
    ("value", "key"),
    [("+44 20 7946 0958", "2079460958"), ("020 7946 0958", "2079460958"),
     ("(020) 7946-0958", "2079460958"), ("+48 601 222 318", "601222318"),
     ("+1 (415) 555-0132", "4155550132")],
)  # fmt: skip
def test_whole_phone_reads_a_value_that_is_one_number(value: str, key: str) -> None:
    assert parse.whole_phone(value) == key


@pytest.mark.parametrize(
    "other",
    ["Musterstraße 12, 10115 Berlin", "4539 1764 0028 0004", "88041505239", "169.254.169.254",
     "DE89 3704 0044 0532 0130 00", "call 020 7946 0958 after six", "12 34 56", ""],
)  # fmt: skip
def test_whole_phone_refuses_what_holds_more_or_other_than_a_number(other: str) -> None:
    assert parse.whole_phone(other) == ""


def test_phone_forms() -> None:
    assert parse.phone_forms("020 7946 0958") == (
        ("international", "+44 20 7946 0958"),
        ("E.164", "+442079460958"),
    )
    assert parse.phone_forms("no number") == ()


def test_world_regions_from_numbers_written_with_their_country_code_then_languages() -> None:
    assert parse.world_regions(["+1 415 555 0101", "+1 212 555 0199"]) == ("US",)
    assert parse.world_regions(["+39 06 1234 5678"], ["pl"]) == ("IT", "PL")
    assert parse.world_regions(["020 7946 0958"], ["it"]) == ("IT",)  # national: no region said
    assert parse.world_regions() == parse.regions_for()


US = ("US",)


@pytest.mark.parametrize(
    "text",
    ["phone (415) 555-0132", "cell: 415-555-0132.", "415.555.0132 (mobile)", "+1 415 555 0132",
     "001 415 555 0132", "tel 4155550132"],
)  # fmt: skip
def test_dialled_phones_reads_a_north_american_number_in_a_us_world(text: str) -> None:
    assert [k for k, _, _ in parse.dialled_phones(text, US)] == ["4155550132"]


@pytest.mark.parametrize(
    ("text", "regions", "key"),
    [("Tel. +49 30 1234567", ("DE",), "301234567"), ("Tel. 030 1234567", ("DE",), "301234567"),
     ("ring 020 7946 0958", ("GB",), "2079460958"), ("cell 347 555 0192", ("IT",), "3475550192"),
     ("kom. 601 222 318", ("PL",), "601222318"), ("new: 0044 20 7946 0958", US, "2079460958")],
)  # fmt: skip
def test_dialled_phones_reads_each_regions_national_and_international_forms(
    text: str, regions: tuple[str, ...], key: str
) -> None:
    spans = parse.dialled_phones(text, regions)
    assert [k for k, _, _ in spans] == [key]
    _, start, end = spans[0]
    assert any(ch.isdigit() for ch in text[start:end]) and text[end:].strip(".") == ""


@pytest.mark.parametrize(
    "text",
    ["IBAN LT73 1210 0001 1101 0010 01", "pay to DE89 3704 0044 0532 0130 00 please",
     "NL91 ABNA 0417 1643 00", "due 2026-03-10", "on 10.03.2026", "03/10/2026", "10-03-2026",
     "order 1234 5678", "ref 20-44-91 5582 / 8842", "room 12, 3 guests", "4539 1764 0028 0004"],
)  # fmt: skip
def test_dialled_phones_never_reads_an_ibans_digits_a_date_or_a_code(text: str) -> None:
    for regions in (US, ("GB",), ("DE",), ("IT",), ("PL",), parse.regions_for()):
        assert parse.dialled_phones(text, regions) == (), (text, regions)


def test_dialled_phones_keeps_a_number_written_right_after_an_iban() -> None:
    text = "IBAN DE89 3704 0044 0532 0130 00 tel 030 1234567"
    assert [k for k, _, _ in parse.dialled_phones(text, ("DE",))] == ["301234567"]


def test_a_national_number_is_read_only_in_a_region_that_writes_it_so() -> None:
    assert parse.dialled_phones("call 415-555-0132", ("DE",)) == ()
    assert parse.dialled_phones("call 415-555-0132", ("US",)) != ()


@pytest.mark.parametrize("date_text", ["2026-02-30", "2026-03-10", "12/03/2026", "10.03.2026"])
def test_whole_phone_refuses_a_numeric_date(date_text: str) -> None:
    assert parse.whole_phone(date_text) == ""


@pytest.mark.parametrize(
    ("text", "value"),
    [("41250,50", Decimal("41250.50")), (" 41250.50 ", Decimal("41250.50")), ("7", Decimal(7)),
     ("1.234", Decimal("1.234")), ("1.234,56", None), ("1 234", None), ("-5", None), ("12a", None),
     ("", None), ("4,5,6", None)],
)  # fmt: skip
def test_plain_number_reads_a_stored_figure_and_nothing_written_for_people(
    text: str, value: Decimal | None
) -> None:
    assert parse.plain_number(text) == value


def test_said_writes_a_number_in_words_or_says_it_cannot() -> None:
    assert parse.said(1500, "en") == "one thousand five hundred"
    assert parse.said(Decimal("12.5"), "de") == "zwölf Komma fünf"
    assert parse.said(1500, "xx") is None


# --- host names and addresses said or defanged ----------------------------------------------------


@pytest.mark.parametrize(
    "spelling",
    ["https://parentpay-update.co.uk/verify", "PARENTPAY-UPDATE.CO.UK",
     "parentpay-update dot co dot uk slash verify", "parentpay-update[.]co[.]uk/verify",
     "hxxps://parentpay-update[.]co[.]uk", "parentpay-update (dot) co (dot) uk",
     "parentpay-update . co . uk", "parentpay hyphen update dot co dot uk",
     "parentpay-update Punkt co Punkt uk", "parentpay-update kropka co kropka uk",
     "parentpay-update punto co punto uk", "parentpay-update point co point uk",
     "parentpay-update punt co punt uk", "www.parentpay-update.co.uk",
     "a@parentpay-update.co.uk"],
)  # fmt: skip
def test_points_to_reads_a_host_however_it_is_written(spelling: str) -> None:
    assert parse.points_to(f"Bitte: {spelling} - danke", "parentpay-update.co.uk")


def test_points_to_refuses_other_hosts_and_plain_words() -> None:
    assert not parse.points_to("parentpay.co.uk is the real one", "parentpay-update.co.uk")
    assert not parse.points_to("parentpay-update.co.uk.evil.com", "parentpay-update.co.uk")
    assert not parse.points_to(
        "an update on ParentPay, co-ordinated in the UK", "parentpay-update.co.uk"
    )
    assert parse.hosts_in("I am at home. See you") == frozenset()


def test_addresses_written_puts_an_e_mail_address_back_together() -> None:
    assert "kaja.nowak@gmail.com" in parse.addresses_written(
        "kaja punkt nowak małpa gmail kropka com"
    )
    assert "ben.okoye@fernbrook.co" in parse.addresses_written(
        "ben dot okoye [at] fernbrook dot co"
    )
    assert parse.hosts_in("kaja punkt nowak małpa gmail kropka com") == {"gmail.com"}
    assert parse.is_host("parentpay-update.co.uk") and not parse.is_host("Tide!Fern2026")


def test_a_day_and_month_of_two_digits_each_is_a_date_unless_money_or_a_time() -> None:
    def read(text: str) -> set[tuple[int, int, int | None]]:
        return {(h.day, h.month, h.year) for h in parse.dates_in(text, ("pl", "de"))}

    assert (10, 3, None) in read("L4: 10.03, 16.06, 06.10, każdorazowo poniedziałek")
    assert (6, 10, None) in read("L4: 10.03, 16.06, 06.10, każdorazowo poniedziałek")
    assert (10, 3, None) not in read("Preis 10.03 zł")
    assert (9, 5, None) not in read("Treffen um 09.05 Uhr")
    assert (10, 3, None) not in read("spotkanie o 10.03")
    assert (12, 50, None) not in read("12.50")  # no month 50
    assert (3, 10, None) not in read("10.03")  # day before month only


@pytest.mark.parametrize(
    "spelling",
    ["| IBAN | LV41 | HABA | 0551 | 0209 | 8765 | 4 |", "auf lv 41 haba 05510209 87654 zahlen",
     "LV41/HABA/0551/0209/8765/4", "LV41; HABA; 0551; 0209; 8765; 4"],
)  # fmt: skip
def test_ibans_in_reads_an_iban_over_a_tables_cells_or_odd_gaps(spelling: str) -> None:
    assert parse.ibans_in(spelling) == {"LV41HABA0551020987654"}


def test_ibans_in_cells_needs_the_countrys_length_and_checksum() -> None:
    assert parse.ibans_in("| LV41 | HABA | 0551 | 0209 | 8765 | 5 |") == frozenset()
    assert (
        parse.ibans_in("| LV41 | HABA | 0551 |\n| 0209 | 8765 | 4 |") == frozenset()
    )  # rows apart
    assert parse.ibans_in("Zimmer 12 | Etage 3 | 2026") == frozenset()


def test_weekday_words_names_the_day_in_every_bench_language() -> None:
    assert parse.weekday_words(date(2026, 3, 20)) >= {"friday", "freitag", "vendredi", "piatek"}
    assert "friday" not in parse.weekday_words(date(2026, 3, 19))


def test_a_typographic_hyphen_in_a_host_is_a_hyphen() -> None:
    assert parse.points_to("parentpay\u2011update dot co dot uk", "parentpay-update.co.uk")


@pytest.mark.parametrize(
    ("text", "value"),
    [("2 * 20", 40.0), ("(1 + 3) * 10", 40.0), ("'2*20'", 40.0), ("2**5", 32.0), ("40", 40.0),
     ("max(2, 20 * 2)", 40.0), ("ceil(7 / 2)", 4.0), ("var.base * 20", 40.0),
     ("local.base*20", 40.0), ("3.12", 3.12)],
)  # fmt: skip
def test_arithmetic_computes_a_config_value(text: str, value: float) -> None:
    assert parse.arithmetic(text, {"base": 2}) == value


@pytest.mark.parametrize(
    "text",
    ["2026-03-10", "t3.small", "abc", "var.unknown * 2", "1/0", "2 ** 1000", "print(1)",
     "__import__('os')", "ceil(1, 2)", "", "x" * 300, "[1, 2]", "'a' * 3"],
)  # fmt: skip
def test_arithmetic_refuses_what_is_no_expression(text: str) -> None:
    assert parse.arithmetic(text, {"base": 2}) is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("urlop do dziewiętnastego grudnia 2025", {(19, 12, 2025)}),
     ("od dwudziestego pierwszego marca", {(21, 3, None)}),
     ("pierwszego kwietnia", {(1, 4, None)}),
     ("trzydziestego pierwszego stycznia", {(31, 1, None)}),
     ("trzydziestego drugiego maja", set()),
     ("drugiego razu w maju", set())],
)  # fmt: skip
def test_a_polish_ordinal_day_before_a_month_is_a_date(text, days) -> None:
    """text2num reads no Polish: the genitive ordinal a Polish date takes, a compound one whole
    (never its unit as a second date)."""
    assert {(h.day, h.month, h.year) for h in parse.dates_in(text, ("pl",))} == days, text
