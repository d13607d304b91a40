"""Bank accounts in their domestic forms and in words, route by route
(:func:`vera.env.parse.national_accounts_in`, :func:`vera.env.parse.accounts_written`)."""

from __future__ import annotations

from vera.env import parse


def test_national_account_numbers_are_read_as_their_iban() -> None:
    # a Portuguese NIB by its name, however grouped
    nib = "Banco portugués, NIB 0033 0000 1112 2233 3444 5. ¿Lo haces tú?"
    assert parse.national_accounts_in(nib) == {"PT95003300001112223334445"}
    assert parse.national_accounts_in("NIB: 003300001112223334445") == {"PT95003300001112223334445"}
    assert parse.national_accounts_in("0033 0000 1112 2233 3444 5") == frozenset()  # no name
    # a Polish NRB only when the IBAN's own checksum holds
    nrb = "konto 61 1090 1014 0000 0712 1981 2874"
    assert parse.national_accounts_in(nrb) == {"PL61109010140000071219812874"}
    assert parse.national_accounts_in(nrb.replace("61", "62", 1)) == frozenset()
    # Belgian, French (RIB) and Italian numbers only with their national key
    assert parse.national_accounts_in("rekening 539-0075470-34") == {"BE68539007547034"}
    assert parse.national_accounts_in("rekening 539-0075470-35") == frozenset()
    rib = "RIB 30004 00003 12345678901 43"
    assert parse.national_accounts_in(rib) == {"FR7630004000031234567890143"}
    assert parse.national_accounts_in(rib[:-1] + "4") == frozenset()
    it = "conto X 05428 11101 000000123456"
    assert parse.national_accounts_in(it) == {"IT60X0542811101000000123456"}
    assert parse.national_accounts_in("Ref 12345 67890 12345678901 23") == frozenset()


def test_accounts_written_reads_every_form_and_digits_in_words() -> None:
    assert parse.accounts_written("IBAN DE89 3704 0044 0532 0130 00") == {"DE89370400440532013000"}
    assert parse.accounts_written("NIB 0033 0000 1112 2233 3444 5") == {"PT95003300001112223334445"}
    said = ("NIB cero cero tres tres cero cero cero cero uno uno uno dos dos dos tres tres tres "
            "cuatro cuatro cuatro cinco")  # fmt: skip
    assert parse.accounts_written(said) == frozenset()  # no language: words stay words
    assert parse.accounts_written(said, ("es",)) == {"PT95003300001112223334445"}
    assert parse.accounts_written("siete mil cuatrocientos cincuenta euros", ("es",)) == frozenset()


def test_accounts_given_as_their_named_parts() -> None:
    # a French RIB as code banque / guichet / compte / clé, in any order, each after its name
    rib = "code banque 17515, code guichet 00892, n° de compte 04719283650, clé RIB 30"
    assert parse.national_accounts_in(rib) == {"FR7617515008920471928365030"}
    moved = "Clé : 30 — Compte : 04719283650 — Guichet : 00892 — Banque : 17515"
    assert parse.national_accounts_in(moved) == {"FR7617515008920471928365030"}
    assert parse.national_accounts_in(rib.replace("RIB 30", "RIB 31")) == frozenset()  # bad key
    assert parse.national_accounts_in("banque 17515, compte 04719283650") == frozenset()  # partial
    # an Italian account as ABI / CAB / conto / CIN
    it = "CIN: X, ABI: 05428, CAB: 11101, c/c 000000123456"
    assert parse.national_accounts_in(it) == {"IT60X0542811101000000123456"}
    assert parse.national_accounts_in(it.replace("CIN: X", "CIN: Y")) == frozenset()


def test_a_dutch_account_number_after_its_banks_name_is_the_iban() -> None:
    from vera.env.parse import national_accounts_in

    assert national_accounts_in(
        "bij de Rabobank overgezet naar een nieuw rekeningnummer, 34.72.91.856"
    ) == {"NL17RABO0347291856"}  # the leading zero dropped
    assert national_accounts_in("hun bunq-rekening, rekeningnummer 2091446273") == {
        "NL91BUNQ2091446273"
    }
    # no account word between the name and the number: a phone, a customer number
    assert not national_accounts_in("ING: bel 020 123 4567")
    assert not national_accounts_in("Rabobank klantnummer 123456789")
