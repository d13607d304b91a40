"""Parsers for the values verifiers compare: each route is one function over a well-kept library.

A verifier must not depend on how an agent spelled a value (docs/cases.md, "Facts, not
strings"): ``DE89 3704-0044...`` is the IBAN ``DE8937040044...``, ``+44 20 7946 0958`` is the
phone number ``020 7946 0958``, ``1.234,56 €`` and ``one thousand two hundred and thirty-four
euros fifty-six`` are the amount 1234.56, ``12. Juli`` is the 12th of July. Every such reading
lives here, once, behind one function, and each function hands the real work to a library:

==================  ===============================================================================
route               library
==================  ===============================================================================
IBAN, BIC           ``schwifty`` (ISO 13616 / ISO 9362 validation); separators dropped with
                    ``stdnum.util.clean``
phone numbers       ``phonenumbers`` (Google's libphonenumber): parsing, matching in text, the
                    national significant number as a comparison key
card numbers        ``stdnum.luhn``
national ids        ``stdnum`` (``fr.nir``, ``es.dni``, ``pl.pesel``, ...): ``national_id``
digits in a locale  ``babel.numbers.parse_decimal`` in every bench locale (``1.234,56``,
                    ``1 234,56``, ``1,234.56``)
numbers in words    ``text2num.alpha2digit`` (en, de, es, fr, it, nl); ``num2words`` renders a
                    known value in any bench language, Polish included (text2num has none)
dates               ``dateparser.search`` (month names and orders of every bench language),
                    ``babel.dates`` to render them and to name a day of the week
host names          none reads an address said aloud: the names of ``.``, ``@``, ``/``, ``-`` in
                    every bench language and defanging (``[.]``, ``hxxp``) are put back by hand,
                    then a host pattern finds the names (``addresses_written``, ``hosts_in``)
==================  ===============================================================================

What stays hand-written is *search*, never normalisation: regular expressions that find
candidate tokens (a run of digits and separators, two letters and two digits) which the
libraries then read. Parsing costs: every function here is pure and the expensive ones are
cached per input (``functools.lru_cache``), so one artefact's text is read once however many
facts ask about it; cheap prefilters (is there a digit at all? the day of the month?) run
before ``dateparser``.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise

LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr", "it", "nl", "pl")
"""The bench's languages: what a fact is looked for in when its case names none."""
WORD_LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr", "it", "nl")
"""Languages ``text2num`` reads numbers in words of (Polish goes through ``num2words``)."""
REGIONS: dict[str, tuple[str, ...]] = {
    "en": ("GB", "US", "IE"),
    "de": ("DE", "AT", "CH"),
    "es": ("ES",),
    "fr": ("FR", "BE", "CH"),
    "it": ("IT",),
    "nl": ("NL", "BE"),
    "pl": ("PL",),
}
"""Phone regions of each bench language (where a national number is read)."""
KEY_REGION = "GB"
"""Region a national phone number is parsed in for its comparison key: any region whose trunk
prefix is ``0`` and international prefix ``00`` gives the same national number
(``020 7946 0958`` -> ``2079460958``), which is what :func:`phone_key` compares."""


# --- identifiers ----------------------------------------------------------------------------------


_SEPARATORS = " -./:\t\n\r"


@lru_cache(maxsize=8192)
def compact(value: str | None, separators: str = _SEPARATORS) -> str:
    """``value`` without the separators people put into identifiers, upper case
    (``de89 3704-0044`` -> ``DE8937040044``). ``stdnum.util.clean`` reads other scripts' dashes
    and spaces as theirs; plain ASCII takes a table lookup (this runs for every identifier a
    verifier compares)."""
    text = str(value or "")
    if text.isascii():
        return text.translate(_deleting(separators)).upper()
    from stdnum.util import clean

    return clean(text, separators + "\u00a0\u202f").strip().upper()


@lru_cache(maxsize=16)
def _deleting(chars: str) -> dict[int, None]:
    return dict.fromkeys(map(ord, chars))


_IBAN_SHAPE = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")


@lru_cache(maxsize=4096)
def iban(value: str | None) -> str:
    """The IBAN ``value`` spells, compact, when it is one; ``""`` otherwise.

    ``schwifty`` validates it (ISO 13616 checksum, the country's length and format). An IBAN
    whose checksum is right but whose length its country does not issue (an attacker's
    made-up account, ``LT03 1210 0001 1101 0010 00``) is still an IBAN to a verifier -- money
    can be asked for with it -- so the ISO 7064 mod 97-10 checksum alone
    (``stdnum.iso7064.mod_97_10``) accepts it too, for a country that issues IBANs: letters
    and digits that only pass the checksum (``ED25 519H OSTH ...`` from ``id_ed25519`` and the
    next line, one prefix in a hundred does) are no account."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException
    from stdnum.iso7064 import mod_97_10

    raw = compact(value)
    if not _IBAN_SHAPE.match(raw):
        return ""
    try:
        return str(IBAN(raw).compact)
    except (SchwiftyException, ValueError):
        pass
    if not _iban_country(raw[:2]):
        return ""
    return raw if mod_97_10.is_valid(raw[4:] + raw[:4]) else ""


@lru_cache(maxsize=512)
def _iban_country(code: str) -> bool:
    """``code`` is a country that issues IBANs (``schwifty``'s registry)."""
    from schwifty import registry
    from schwifty.exceptions import SchwiftyException

    try:
        return bool(registry.get_iban_spec(code.upper()))
    except (SchwiftyException, KeyError, ValueError):
        return False


def make_iban(country: str, bban: str) -> str:
    """A valid IBAN for a country and national account number (for writing case data): the
    check digits by ``stdnum.iban.calc_check_digits``."""
    from stdnum.iban import calc_check_digits

    number = f"{country.upper()}00{compact(bban)}"
    return f"{country.upper()}{calc_check_digits(number)}{compact(bban)}"


@lru_cache(maxsize=8192)
def account(value: str | None) -> str:
    """An account identifier for comparison: its letters and digits, upper case, separators
    dropped (``stdnum.util.clean``). A valid IBAN's compact form is exactly this, so comparing
    needs no validation (and a foreign or test account number still compares however spaced);
    :func:`iban` says whether it is one."""
    return "".join(ch for ch in compact(value) if ch.isalnum())


_IBAN_CANDIDATE = re.compile(
    r"(?<![0-9A-Za-z])[A-Za-z]{2}[0-9]{2}(?:(?:[ \-.]|\s{1,3})?[A-Za-z0-9]){11,30}"
)


@lru_cache(maxsize=2048)
def ibans_in(text: str) -> frozenset[str]:
    """The valid IBANs written anywhere in ``text``, compact: spaced (``DE89 3704 0044 ...``),
    dashed, dotted, lower case, broken over lines, or in a table's cells (:func:`_cells_ibans`). A run of letters and digits may swallow
    the next word, so the longest valid prefix of each candidate is taken."""
    found = set()
    for m in _IBAN_CANDIDATE.finditer(text or ""):
        raw = compact(m.group(0))
        strict = next((p for end in range(len(raw), 14, -1) if (p := _iban_strict(raw[:end]))), "")
        if strict:  # the length its country issues: a word glued on is not part of it
            found.add(strict)
            continue
        for end in range(len(raw), 14, -1):
            valid = iban(raw[:end])
            if valid:
                found.add(valid)
                break
    if text and any(ch.isdigit() for ch in text):
        found |= _cells_ibans(text)
    return frozenset(found)


_ALNUM_TOKEN = re.compile(r"[A-Za-z0-9]+")
_CELL_GAP = re.compile(r"[^\w\n]{1,40}")


def _cell_gap(gap: str) -> bool:
    """What may stand between two pieces of one IBAN on a line: a few signs (``|``, ``/``,
    ``;``) and any padding a table aligns its columns with (``LV41            | HABA``)."""
    return bool(_CELL_GAP.fullmatch(gap)) and len(gap.replace(" ", "").replace("\t", "")) <= 6


_IBAN_START = re.compile(r"[A-Z]{2}(?:[0-9]{1,2})?$|[A-Z]{2}[0-9]{2}")


def _cells_ibans(text: str) -> set[str]:
    """IBANs whose pieces are apart by any short run of signs on one line: a markdown table's
    cells (``| LV41 | HABA | 0551 |``), a space between the country and its check digits
    (``lv 41 haba 05510209 87654``), slashes or semicolons. A run is joined piece by piece and
    kept at the first length ``schwifty`` accepts with its checksum."""
    toks = list(_ALNUM_TOKEN.finditer(text))
    found: set[str] = set()
    for i, t in enumerate(toks):
        acc = t.group(0).upper()
        if not (acc[:2].isalpha() and _IBAN_START.match(acc)):
            continue
        j = i
        while len(acc) < 34 and j + 1 < len(toks):
            if not _cell_gap(text[toks[j].end() : toks[j + 1].start()]):
                break
            j += 1
            acc += toks[j].group(0).upper()
            if not _IBAN_START.match(acc[:4]):
                break
            if len(acc) >= 15 and (valid := _iban_strict(acc)):
                found.add(valid)
                break
    return found


_IBAN_HEAD = re.compile(
    r"(?<![0-9A-Za-z])[A-Z]{2}[0-9]{2}(?:[ \-.]?[0-9A-Z]{2,4}){1,6}(?![0-9A-Za-z])"
)
_DIGIT_RUN = re.compile(r"(?<![0-9A-Za-z])[0-9]{2,}(?:[ \-.][0-9]{1,})*(?![0-9A-Za-z])")
"""Digit groups that may end an IBAN (its last group may be a single digit: ``... 3444 5``)."""
_SPLIT_TRIES = 12


def split_ibans_in(text: str) -> frozenset[str]:
    """IBANs written in pieces across ``text``: a head (country, check digits and the first
    groups: ``ES66 1583 0001 …``) and, anywhere after it, the run or two consecutive runs of
    digit groups that complete it (``… 1990 0077 8899`` in the body after the subject) — an
    IBAN split between a subject and a body, or over two lines with words between. A piece is
    joined only when the whole has its country's length and checksum (``schwifty``), so dates
    and amounts that happen to follow do not make one."""
    text = text or ""
    found: set[str] = set()
    whole = ibans_in(text)
    for head in _IBAN_HEAD.finditer(text):
        start = compact(head.group(0))
        if len(start) < 8 or any(i.startswith(start) for i in whole):
            continue
        runs = [compact(m.group(0)) for m in _DIGIT_RUN.finditer(text, head.end())][:_SPLIT_TRIES]
        for i, run in enumerate(runs):
            for tail in (run, run + runs[i + 1] if i + 1 < len(runs) else ""):
                if tail and (valid := _iban_strict(start + tail)):
                    found.add(valid)
    return frozenset(found)


@lru_cache(maxsize=4096)
def _iban_strict(raw: str) -> str:
    """``raw`` when ``schwifty`` reads it as an IBAN of its country's length; ``""`` otherwise."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    if not _IBAN_SHAPE.match(raw):
        return ""
    try:
        return str(IBAN(raw).compact)
    except (SchwiftyException, ValueError):
        return ""


@lru_cache(maxsize=4096)
def iban_shaped(value: str | None) -> str:
    """``value`` compact when it is written as an IBAN, whether or not its check digits hold:
    a valid IBAN (:func:`iban`), or one ``schwifty`` reads in every other respect -- an IBAN
    country, that country's length and account structure -- and refuses only for its checksum
    (``PL19 1140 2004 0000 3902 8811 0457`` made up for a test world, or mistyped). A stored
    account is the account a verifier protects however it was typed; ``""`` otherwise (a code
    such as ``FW-20931 Premium Plus`` has no IBAN's country or structure)."""
    from schwifty import IBAN
    from schwifty.exceptions import InvalidChecksumDigits, SchwiftyException

    valid = iban(value)
    if valid:
        return valid
    raw = compact(value)
    if not _IBAN_SHAPE.match(raw):
        return ""
    try:
        IBAN(raw)
    except InvalidChecksumDigits:
        return raw
    except (SchwiftyException, ValueError):
        return ""
    return raw


def iban_shaped_in(text: str) -> frozenset[str]:
    """The accounts written as IBANs in ``text`` whatever their check digits (:func:`iban_shaped`:
    a mistyped or made-up IBAN of a real country's structure), compact; each candidate cut to
    its longest prefix so read."""
    found = set()
    for m in _IBAN_CANDIDATE.finditer(text or ""):
        raw = compact(m.group(0))
        shaped = next((p for end in range(len(raw), 14, -1) if (p := iban_shaped(raw[:end]))), "")
        if shaped:
            found.add(shaped)
    return frozenset(found)


def domestic_accounts(value: str | None) -> tuple[str, ...]:
    """The forms a domestic form or statement writes an IBAN's account in, as digits: its
    national account number (``schwifty``'s ``account_code``, leading zeros dropped: the Dutch
    ``417164300`` of ``NL91 ABNA 0417 1643 00``) and the IBAN without its country letters
    (``61 1090 ...`` of a Polish ``PL61 1090 ...``), each only when it is all digits and 7 or
    more of them; ``()`` when ``value`` is no IBAN ``schwifty`` reads."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    try:
        parsed = IBAN(compact(value))
    except (SchwiftyException, ValueError):
        return ()
    forms = (str(parsed.account_code).lstrip("0"), str(parsed.compact)[2:])
    return tuple(dict.fromkeys(f for f in forms if f.isdigit() and len(f) >= 7))


def _iban_spans(text: str) -> list[tuple[int, int]]:
    """Where valid IBANs stand in ``text``: each candidate cut to its longest valid prefix
    (:func:`ibans_in`'s reading), so a word or number written after it is not inside it."""
    out = []
    for m in _IBAN_CANDIDATE.finditer(text or ""):
        raw = compact(m.group(0))
        length = next((end for end in range(len(raw), 14, -1) if iban(raw[:end])), 0)
        if not length:
            continue
        seen = 0
        for i, ch in enumerate(m.group(0)):
            seen += ch.isalnum()
            if seen == length:
                out.append((m.start(), m.start() + i + 1))
                break
    return out


_DIGITS = r"\d(?:[ .]?\d)"
_DE_BLZ = re.compile(r"(?i)\b(?:BLZ|Bankleitzahl)\b\D{0,12}?(" + _DIGITS + r"{7})(?!\d)")
_DE_KONTO = re.compile(
    r"(?i)\b(?:Konto(?:nummer|-?nr\.?)?|Kto\.?(?:-?Nr\.?)?)(?![a-z])\D{0,12}?(" + _DIGITS
    + r"{1,11})(?!\d)"
)  # fmt: skip
_ES_PARTS = re.compile(
    r"(?is)\bentidad\D{0,6}(\d{4})\b.{0,40}?\boficina\D{0,6}(\d{4})\b.{0,40}?"
    r"\b(?:DC|D\.C\.|d[ií]gitos? de control)\D{0,6}(\d{2})\b.{0,40}?\bcuenta\D{0,6}(\d{10})\b"
)
_ES_CCC = re.compile(r"(?<![\dA-Za-z])(\d{4})[ \-]?(\d{4})[ \-]?(\d{2})[ \-]?(\d{10})(?!\d)")


@lru_cache(maxsize=2048)
def accounts_in(text: str) -> frozenset[str]:
    """Every bank account ``text`` gives, as the IBAN it is: IBANs (:func:`ibans_in`) and the
    domestic forms people still write -- a German Bankleitzahl with a Kontonummer (``BLZ 631
    001 10, Konto 0288 812345``), a Spanish CCC whole (``1583 0001 19 9000778899``) or by its
    parts (``entidad 1583, oficina 0001, DC 19, cuenta 9000778899``), and an IBAN written in
    pieces with text between (:func:`split_ibans_in`). The IBAN is built from
    the account as written (:func:`make_iban`), so it compares with the one a payment uses."""
    found = set(ibans_in(text))
    if not text or not any(ch.isdigit() for ch in text):
        return frozenset(found)
    found |= split_ibans_in(text)
    blz = [digits(m.group(1)) for m in _DE_BLZ.finditer(text)]
    konten = [digits(m.group(1)) for m in _DE_KONTO.finditer(text)]
    for b in blz:
        for k in konten:
            if len(b) == 8 and 1 <= len(k) <= 10:
                found.add(make_iban("DE", b + k.zfill(10)))
    for m in (*_ES_PARTS.finditer(text), *_ES_CCC.finditer(text)):
        found.add(make_iban("ES", "".join(m.groups())))
    return frozenset(found)


_NUMBER_RUN = re.compile(r"\d(?:[ \-.]?\d)*")


_ALNUM_CHUNK = re.compile(r"[A-Za-z0-9]+")


def written_apart(text: str, value: str) -> bool:
    """Whether ``text`` writes the compact ``value`` as consecutive chunks of letters and digits
    joined by at most a space, a dash or a dot each (``30006 00001 12345678901 89``), starting
    and ending at a chunk's edge (not inside a longer word or number)."""
    chunks = [(m.start(), m.end(), m.group(0).upper()) for m in _ALNUM_CHUNK.finditer(text)]
    for i, (_, _, first) in enumerate(chunks):
        if not value.startswith(first):
            continue
        got, j = first, i
        while len(got) < len(value) and j + 1 < len(chunks):
            gap = text[chunks[j][1] : chunks[j + 1][0]]
            if len(gap) > 1 or gap not in " -.":
                break
            j += 1
            got += chunks[j][2]
            if not value.startswith(got):
                break
        if got == value:
            return True
    return False


def domestic_parts_in(text: str, iban: str) -> str:
    """How ``text`` gives the account ``iban`` (compact) by the national form people write
    instead of it, where :func:`accounts_in` cannot rebuild the IBAN from labelled parts:
    its BBAN whole, spaced or dashed (a French RIB ``30006 00001 12345678901 89``, a German
    ``37040044 0532013000``, an Italian ``X 05428 11101 000000123456``), a Polish NRB (the IBAN
    without its ``PL``: ``61 1090 1014 0000 0712 1981 2874``), or for GB its sort code
    (``20-20-15``) and account number (``55555555``) anywhere in the text (its bank code is
    letters no one writes), for NL its ten-digit number (a leading zero may be dropped: ``Rabobank
    34.72.91.856``). ``""`` when it does not."""
    if not text or len(iban) < 15 or not any(ch.isdigit() for ch in text):
        return ""
    bban = iban[4:]
    if sum(ch.isdigit() for ch in bban) >= 10:
        if written_apart(text, bban):
            return "domestic account number (its BBAN)"
        if iban.startswith("PL") and written_apart(text, iban[2:]):
            return "domestic account number (NRB)"
    if iban.startswith("NL") and len(iban) == 18:
        # a Dutch account is written as its number alone, its leading zero often dropped
        # (``rekeningnummer 2091446273``, ``Rabobank 34.72.91.856``): the bank code is letters
        number = iban[8:]
        runs_ = {digits(m.group(0)) for m in _NUMBER_RUN.finditer(text)}
        if number in runs_ or (len(number.lstrip("0")) >= 9 and number.lstrip("0") in runs_):
            return "domestic account number"
        return ""
    if not iban.startswith("GB") or len(iban) != 22:
        return ""
    sort_code, number = iban[8:14], iban[14:]
    runs_ = [digits(m.group(0)) for m in _NUMBER_RUN.finditer(text)]
    if any(r == sort_code + number for r in runs_) or (sort_code in runs_ and number in runs_):
        return "sort code and account number"
    return ""


@lru_cache(maxsize=1024)
def bic(value: str | None) -> str:
    """The BIC (SWIFT code) ``value`` spells, 8 or 11 characters, when valid (``schwifty``);
    ``""`` otherwise."""
    from schwifty import BIC
    from schwifty.exceptions import SchwiftyException

    raw = compact(value)
    try:
        code = BIC(raw)
    except (SchwiftyException, ValueError):
        return ""
    return str(code.compact)


def digits(value: str | None) -> str:
    """The digits of ``value`` (``phonenumbers.normalize_digits_only``: also reads non-ASCII
    digits)."""
    import phonenumbers

    return str(phonenumbers.normalize_digits_only(str(value or "")))


def card(value: str | None) -> str:
    """A payment card number as its digits when it has 12 to 19 and passes the Luhn check
    (``stdnum.luhn``); ``""`` otherwise."""
    from stdnum import luhn

    d = digits(value)
    return d if 12 <= len(d) <= 19 and luhn.is_valid(d) else ""


_CARD_CANDIDATE = re.compile(r"(?<!\d)\d(?:[ \-.]?\d){12,18}(?!\d)")


def card_spans(text: str) -> list[tuple[str, int, int]]:
    """Luhn-valid 13-19 digit numbers in ``text``: ``(digits, start, end)``."""
    return [
        (c, m.start(), m.end())
        for m in _CARD_CANDIDATE.finditer(text or "")
        if (c := card(m.group(0)))
    ]


def cards_in(text: str) -> list[str]:
    """Luhn-valid 13-19 digit numbers in ``text`` (spaces, dashes and dots between digits)."""
    return [c for c, _, _ in card_spans(text)]


def national_id(value: str | None, fmt: str) -> str:
    """A national identifier in its compact form by ``stdnum``'s module for it (``fmt`` such as
    ``fr.nir``, ``es.dni``, ``pl.pesel``, ``it.codicefiscale``, ``nl.bsn``, ``de.idnr``); the
    compacted value when the module does not know it or the format is unknown."""
    import importlib

    try:
        module = importlib.import_module(f"stdnum.{fmt}")
        return str(module.compact(str(value or "")))
    except Exception:
        return compact(value)


def regions_for(languages: tuple[str, ...] | list[str] = LANGUAGES) -> tuple[str, ...]:
    """Phone regions of ``languages``, in order, without repeats."""
    out: dict[str, None] = {}
    for lang in languages:
        for r in REGIONS.get(lang, ()):
            out.setdefault(r, None)
    return tuple(out)


@lru_cache(maxsize=4096)
def phone(value: str | None, region: str | None = None) -> str:
    """The phone number ``value`` spells as E.164 (``+442079460958``), read by
    ``phonenumbers`` in ``region`` when it is written nationally; ``""`` when it is not a
    possible number there."""
    import phonenumbers

    try:
        n = phonenumbers.parse(str(value or ""), region or KEY_REGION)
    except phonenumbers.NumberParseException:
        return ""
    if not phonenumbers.is_possible_number(n):
        return ""
    return str(phonenumbers.format_number(n, phonenumbers.PhoneNumberFormat.E164))


@lru_cache(maxsize=4096)
def phone_key(value: str | None, region: str | None = None) -> str:
    """What two spellings of one phone number share: its national number as ``phonenumbers``
    reads it (``+44 20 7946 0958``, ``020 7946 0958`` and ``(0)20-7946-0958`` ->
    ``2079460958``: country code and trunk prefix dropped; an Italian number's leading zero is
    a flag of its own there, so ``+39 06 1234 5678`` and ``06 1234 5678`` agree too); the
    digits when it cannot be read."""
    import phonenumbers

    text = str(value or "")
    try:
        n = phonenumbers.parse(text, region or KEY_REGION)
    except phonenumbers.NumberParseException:
        return digits(text)
    return str(n.national_number or "") or digits(text)


def region_of(value: str | None) -> str:
    """The region a phone number written with its country code belongs to (``+48 ...`` ->
    ``PL``); :data:`KEY_REGION` for a national number (its region is not written)."""
    import phonenumbers

    try:
        n = phonenumbers.parse(str(value or ""), KEY_REGION)
    except phonenumbers.NumberParseException:
        return KEY_REGION
    return str(phonenumbers.region_code_for_number(n) or KEY_REGION)


def same_phone(a: str | None, b: str | None) -> bool:
    """True when ``a`` and ``b`` are the same phone number however written
    (``phonenumbers.is_number_match``: exact, or the same national significant number)."""
    import phonenumbers

    if not a or not b:
        return False
    try:
        match = phonenumbers.is_number_match(str(a), str(b))
    except phonenumbers.NumberParseException:
        return False
    return match in (
        phonenumbers.MatchType.EXACT_MATCH,
        phonenumbers.MatchType.NSN_MATCH,
        phonenumbers.MatchType.SHORT_NSN_MATCH,
    )


@lru_cache(maxsize=2048)
def phone_spans(text: str, regions: tuple[str, ...] = ("GB",)) -> tuple[tuple[str, int, int], ...]:
    """Every phone number ``phonenumbers`` finds in ``text`` when national numbers are read in
    each of ``regions``: ``(comparison key, start, end)`` (:func:`phone_key`)."""
    import phonenumbers

    if not text or not any(ch.isdigit() for ch in text):
        return ()
    out: dict[tuple[str, int, int], None] = {}
    for region in regions or ("GB",):
        for m in phonenumbers.PhoneNumberMatcher(
            text, region, leniency=phonenumbers.Leniency.POSSIBLE
        ):
            out.setdefault((str(m.number.national_number), m.start, m.end), None)
    return tuple(out)


def phones_in(text: str, regions: tuple[str, ...] = ("GB",)) -> frozenset[str]:
    """The comparison keys (:func:`phone_key`) of every phone number in ``text``."""
    return frozenset(key for key, _, _ in phone_spans(text, regions))


def world_regions(numbers: Iterable[str] = (), languages: Iterable[str] = ()) -> tuple[str, ...]:
    """The phone regions a world's numbers are read in: the regions of the numbers it already
    holds written with their country code (a contact's ``+1 415 ...``: ``US``), then those of
    its ``languages`` (:func:`regions_for`); every bench language's regions when neither says."""
    import phonenumbers

    out: dict[str, None] = {}
    for value in numbers:
        try:
            n = phonenumbers.parse(str(value or ""), None)
        except phonenumbers.NumberParseException:
            continue  # written nationally: its region is not written
        region = phonenumbers.region_code_for_number(n)
        if region and region != phonenumbers.UNKNOWN_REGION:
            out.setdefault(str(region), None)
    for region in regions_for(tuple(languages)):
        out.setdefault(region, None)
    return tuple(out) or regions_for()


@lru_cache(maxsize=2048)
def dialled_phones(
    text: str, regions: tuple[str, ...] = ("GB",)
) -> tuple[tuple[str, int, int], ...]:
    """The phone numbers ``text`` writes to be dialled: ``(comparison key, start, end)``, the
    key as :func:`phone_key` reads the number written. A number counts when it is written with
    its country code (``+1 ...``, ``0044 ...``) or a trunk prefix (``020 ...``), read in any
    bench region (``phonenumbers``' lenient matcher), or when it is a valid number of one of
    ``regions`` written as that region groups its numbers (``(415) 555-0132`` and
    ``415-555-0132`` in ``US``, ``347 555 0192`` in ``IT``: the matcher's strict grouping). Never
    a run of a valid IBAN's digit groups, a numeric date's parts (``2026-03-10``,
    ``10.03.2026``), nor a number of fewer than 7 digits (an extension, a house number)."""
    import phonenumbers

    if not text or not any(ch.isdigit() for ch in text):
        return ()
    taken = _iban_spans(text) + [(h.start, h.end) for h in _numeric_dates(text)]
    out: dict[tuple[str, int, int], None] = {}

    def add(start: int, end: int) -> None:
        if any(a < end and start < b for a, b in taken):
            return
        key = phone_key(text[start:end])
        if len(key) >= 7:
            out.setdefault((key, start, end), None)

    for _, start, end in phone_spans(text, regions_for()):
        written = text[start:end].lstrip("( ")
        if written.startswith(("+", "0")):
            add(start, end)
    for region in regions:
        for m in phonenumbers.PhoneNumberMatcher(
            text, region, leniency=phonenumbers.Leniency.STRICT_GROUPING
        ):
            add(m.start, m.end)
    return tuple(out)


@lru_cache(maxsize=4096)
def whole_phone(value: str | None, region: str | None = None) -> str:
    """The comparison key (:func:`phone_key`) of ``value`` when the whole of it is one phone
    number as ``phonenumbers``' matcher reads it in ``region`` (:data:`KEY_REGION` when none),
    with 7 or more digits; ``""`` when it is something else or holds more (a street address
    with a house number and a postcode, a card number, an IBAN) or is a numeric date
    (``2026-02-30``, ``12/03/2026``: the matcher would take its digits)."""
    import phonenumbers

    text = str(value or "").strip()
    if len(digits(text)) < 7 or _numeric_dates(text):
        return ""
    for m in phonenumbers.PhoneNumberMatcher(
        text, region or KEY_REGION, leniency=phonenumbers.Leniency.POSSIBLE
    ):
        if m.start == 0 and m.end == len(text):
            return phone_key(text, region)
    return ""


def phone_forms(value: str | None) -> tuple[tuple[str, str], ...]:
    """Other ways to write the phone number ``value``: ``(name, text)`` for its international
    form and E.164 (``phonenumbers.format_number``); ``()`` when it cannot be read."""
    import phonenumbers

    try:
        n = phonenumbers.parse(str(value or ""), KEY_REGION)
    except phonenumbers.NumberParseException:
        return ()
    return (
        (
            "international",
            phonenumbers.format_number(n, phonenumbers.PhoneNumberFormat.INTERNATIONAL),
        ),
        ("E.164", phonenumbers.format_number(n, phonenumbers.PhoneNumberFormat.E164)),
    )


def digit_run(text: str, number: str) -> bool:
    """True when the digits of ``number`` occur in ``text`` in a row, any of ``space - . / ( )``
    between them, and not inside a longer number: ``731 904`` and ``731-904`` carry ``731904``,
    ``17319045`` does not. The search a split or oddly grouped identifier needs."""
    d = digits(number)
    if not d:
        return False
    sep = r"[\s\-./()]*"
    pattern = r"(?<!\d)" + sep.join(d) + r"(?!\d)"
    return re.search(pattern, text or "") is not None


# --- numbers --------------------------------------------------------------------------------------


_NUMBER = re.compile(
    r"(?<![\w/])(?<!\w-)(?<!\d[.,])"  # not the tail of an identifier, a phone number, a date
    r"(?:(?<!\+)|(?=[\d.,' ]*[.,]\d{2}(?!\d)))"  # after "+" only a signed amount (+510,00)
    r"(?P<num>\d{1,3}(?:(?P<g>[.,'\u00a0\u202f ])\d{3})(?:(?P=g)\d{3})*(?:[.,]\d{1,2})?"
    r"|\d+(?:[.,]\d{1,2})?)"
    r"(?P<k>\s?(?:(?:[kK]|M|Mio\.?|Mrd\.?|mln|bn|Tsd\.?|tys\.?)(?![\w])"
    r"|(?:[kKT]|M|Mio|Mrd)(?=(?:EUR|CHF|USD|GBP|PLN|€|£|\$|Fr)(?![^\W\d_]))))?"
    r"(?P<dash>[.,]-{1,2})?"
    r"(?P<unit>[^\W\d_]{1,4})?"  # a unit written on: 1840p, 100kg, 185a (a room: no amount)
    r"(?![\w]|[.,/\-]\d)"
)
_CURRENCY_SIGNS = "€£$¥₣₤₺₽₴₹₩zł"


@dataclass(frozen=True)
class Amount:
    """A number read in a text: every value its digits can mean in a bench locale
    (``1.234`` is 1234 in German, 1.234 in English), where it stands, and how it was written."""

    values: frozenset[Decimal]
    start: int
    end: int
    text: str
    """The text it was read in (the original, or its numbers-in-words reading)."""
    how: str
    """``digits``, ``rounded`` (``312k``, ``7,84 M``) or ``words`` (read by text2num)."""
    step: Decimal = Decimal("0.01")
    """What one unit of its last written digit is worth: 0.01 for ``1560.42``, 10000 for
    ``7,84 millions`` (a rounded figure)."""
    unit: str = ""
    """Letters written onto the number (``p`` of ``1840p``, ``kg``, ``a`` of room ``185a``)."""
    scaled: bool = False
    """Written with a multiplier (``168,3 Tsd.``, ``312k``): a rounded figure even where its
    last digit is worth less than a thousand (``168,3 TEUR`` for 168 279,60 EUR)."""

    @property
    def written(self) -> str:
        """The number as written (``1.234,56``, ``185,-``, ``312k``)."""
        return self.text[self.start : self.end]

    @property
    def value(self) -> Decimal:
        """One reading for callers that need one: three-digit groups as thousands (``1.249``
        -> 1249), the largest reading."""
        return max(self.values)

    def means(self, value: Decimal) -> bool:
        """True when one reading of the number is ``value`` (to the cent)."""
        return any(abs(v - value) < Decimal("0.005") for v in self.values)

    def rounds(self, value: Decimal) -> bool:
        """True when the number is ``value`` rounded to a thousand or more, as a figure with a
        multiplier is written (``7,84 M€`` for 7 842 000 €, ``312k`` for 312 400)."""
        rounded = self.step >= 1000 or self.scaled
        return rounded and any(abs(v - value) <= self.step / 2 for v in self.values)

    def context(self, width: int = 14) -> tuple[str, str]:
        """The text just before and just after the number (for currency and unit cues)."""
        return self.text[max(0, self.start - width) : self.start], self.text[
            self.end : self.end + width
        ]


@lru_cache(maxsize=8192)
def decimals(token: str) -> frozenset[Decimal]:
    """Every value a written number can have in a bench locale, read by
    ``babel.numbers.parse_decimal`` (strict: a misplaced group separator is not a number):
    ``1.234,56`` -> {1234.56}; ``1.234`` -> {1234, 1.234}; ``1 234,56`` -> {1234.56}."""
    from babel.numbers import NumberFormatError, parse_decimal

    raw = token.strip()
    out = set()
    for loc in LANGUAGES:
        for variant in {raw, raw.replace(" ", "\u00a0"), raw.replace("'", "")}:
            try:
                out.add(Decimal(parse_decimal(variant, locale=loc, strict=True)))
            except (NumberFormatError, InvalidOperation, ValueError):
                continue
    return frozenset(out)


_INTERNATIONAL_PHONE = re.compile(r"(?:\+|\b00)\d[\d \-()/.]{6,}\d")


def _not_amounts(text: str) -> list[tuple[int, int]]:
    """Where digits belong to an identifier rather than a number: IBANs however spaced, phone
    numbers written with their country code."""
    spans = [
        (m.start(), m.end())
        for m in _IBAN_CANDIDATE.finditer(text)
        if any(iban(m.group(0)[:end]) for end in range(len(m.group(0)), 14, -1))
    ]
    spans += [(m.start(), m.end()) for m in _INTERNATIONAL_PHONE.finditer(text)]
    return spans


_FACTORS = {
    "k": Decimal(1000), "m": Decimal(10**6), "mio": Decimal(10**6), "mln": Decimal(10**6),
    "mrd": Decimal(10**9), "bn": Decimal(10**9), "tsd": Decimal(1000), "t": Decimal(1000),
    "tys": Decimal(1000),
}  # fmt: skip
"""What a figure's multiplier stands for (``312k``, ``7,84 M``, ``1,2 Mio.``, ``2 Mrd.``,
``168 Tsd.``, and glued to a currency: ``168,3 TEUR``, ``312 k€``, ``7,8 MEUR``)."""


def _round_step(token: str) -> Decimal | None:
    """The rounding a whole figure written with trailing zeros shows (``168.000`` -> 1000,
    ``170 000`` -> 10000), when it keeps at least two significant digits and drops at least
    three: ``400.000`` (one digit left) or ``1.200`` says too little to stand for a figure."""
    digits = re.sub(r"\D", "", token)
    if re.search(r"[.,]\d{1,2}$", token) or not digits:
        return None
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros < 3 or len(digits.rstrip("0")) < 2:
        return None
    return Decimal(10) ** zeros


def _last_digit(token: str) -> Decimal:
    """The worth of one unit of the last digit of a mantissa: ``7,84`` -> 0.01, ``312`` -> 1."""
    m = re.search(r"[.,](\d{1,2})$", token)
    return Decimal(1).scaleb(-len(m.group(1))) if m else Decimal(1)


def _amounts_of(text: str, how: str) -> list[Amount]:
    out = []
    masked = _not_amounts(text) if any(ch.isalpha() or ch == "+" for ch in text) else []
    for m in _NUMBER.finditer(text):
        if any(lo <= m.start() < hi for lo, hi in masked):
            continue
        values = decimals(m.group("num"))
        if not values:
            continue
        kind, step = how, Decimal("0.01")
        suffix = (m.group("k") or "").strip().rstrip(".")
        unit = m.group("unit") or ""
        if not suffix and _millions_written_on(unit, text[: m.start()], text[m.end() :]):
            suffix, unit = "m", ""
        if suffix:
            factor = _FACTORS[suffix.casefold()]
            values = frozenset(v * factor for v in values)
            step = factor * _last_digit(m.group("num"))
            kind = "rounded" if how == "digits" else how
        elif (rounded := _round_step(m.group("num"))) is not None:
            step = rounded
        out.append(Amount(values, m.start(), m.end(), text, kind, step, unit, bool(suffix)))
    return out


def _millions_written_on(unit: str, before: str, after: str) -> bool:
    """``m``, ``mn`` or ``MM`` written onto a figure stand for millions where a currency stands
    right next to it (``USD 14m``, ``$14m``, ``£2.5mn``, ``14m USD``, ``$14MM``): on its own
    ``14m`` is fourteen metres or minutes."""
    if unit not in ("m", "mn", "MM", "mm", "Mn"):
        return False
    return bool(_BEFORE.search(before[-8:]) or _AFTER.match(after[:16]))


_SPLIT_CENTS = re.compile(
    r"(?P<int>\d+) (?P<cur>[^\W\d]{2,12})(?: (?:and|y|et|und|e|en|i|con|plus))?"
    r" (?P<cents>\d{1,2})(?![\w.,%])"
)
"""``1560 euros 42`` / ``1560 euros et 42``: what ``alpha2digit`` makes of an amount in words
with its cents said apart (``312000 pounds at 4.39%`` is not one)."""
_MULTIPLIED = re.compile(r"\b(\d+(?:[.,]\d+)?) (1000|1000000|1000000000)\b")
"""``312 1000``: what ``alpha2digit`` makes of ``312 thousand`` (digits then a number word)."""


@lru_cache(maxsize=4096)
def words_to_digits(text: str, lang: str) -> str:
    """``text`` with its numbers in words written as digits by ``text2num.alpha2digit``
    (``trois cent douze mille euros`` -> ``312000 euros``); in Polish, which text2num does not
    read, each number below a thousand said in words (:func:`_polish_to_digits`); ``text``
    when the language is one neither reads."""
    if lang == "pl":
        return _polish_to_digits(text)
    if lang not in WORD_LANGUAGES:
        return text
    from text_to_num import alpha2digit

    try:
        out = alpha2digit(text, lang)
    except Exception:  # text2num raises on some malformed number phrases; no reading then
        return text
    out = _MULTIPLIED.sub(lambda m: _times(m.group(1), m.group(2)), out)
    return _SPLIT_CENTS.sub(
        lambda m: f"{m.group('int')}.{int(m.group('cents')):02d} {m.group('cur')}", out
    )


_POLISH_WORD = re.compile(r"[^\W\d_]+")
_LOOKS_POLISH = re.compile(r"[ąćęłńśźż]|\bz[łl]\b|złot|\bpln\b", re.IGNORECASE)
"""A text Polish amounts may be read in: Polish letters, or the złoty named."""


@lru_cache(maxsize=1)
def _polish_numbers() -> dict[tuple[str, ...], int]:
    """Every number below a thousand as ``num2words`` says it in Polish, folded word by word
    (``('czterdziesci', 'osiem')`` -> 48)."""
    from num2words import num2words

    out: dict[tuple[str, ...], int] = {}
    for n in range(1000):
        out.setdefault(tuple(_fold_word(w) for w in str(num2words(n, lang="pl")).split()), n)
    return out


def _pl_forms() -> dict[str, tuple[int, int]]:
    """Folded Polish number words in every case a sum is written in -> ``(value, rank)``: rank
    1 units, 2 teens, 3 tens, 4 hundreds, 5 a multiplier (thousand, million). "czterech tysięcy
    ośmiuset osiemdziesięciu trzech" is the genitive of 4,883 that num2words never writes."""
    table = {
        1: "jeden jedna jedno jednego jednej jednemu jednym", 2: "dwa dwie dwoch dwu dwom dwoma dwiema",
        3: "trzy trzech trzem trzema", 4: "cztery czterech czterem czterema",
        5: "piec pieciu piecioma", 6: "szesc szesciu szescioma", 7: "siedem siedmiu siedmioma",
        8: "osiem osmiu osmioma", 9: "dziewiec dziewieciu dziewiecioma",
        10: "dziesiec dziesieciu", 11: "jedenascie jedenastu", 12: "dwanascie dwunastu",
        13: "trzynascie trzynastu", 14: "czternascie czternastu", 15: "pietnascie pietnastu",
        16: "szesnascie szesnastu", 17: "siedemnascie siedemnastu", 18: "osiemnascie osiemnastu",
        19: "dziewietnascie dziewietnastu", 20: "dwadziescia dwudziestu", 30: "trzydziesci trzydziestu",
        40: "czterdziesci czterdziestu", 50: "piecdziesiat piecdziesieciu",
        60: "szescdziesiat szescdziesieciu", 70: "siedemdziesiat siedemdziesieciu",
        80: "osiemdziesiat osiemdziesieciu", 90: "dziewiecdziesiat dziewiecdziesieciu",
        100: "sto stu", 200: "dwiescie dwustu", 300: "trzysta trzystu", 400: "czterysta czterystu",
        500: "piecset pieciuset", 600: "szescset szesciuset", 700: "siedemset siedmiuset",
        800: "osiemset osmiuset", 900: "dziewiecset dziewieciuset",
        1000: "tysiac tysiaca tysiace tysiecy tysiacem tysiacami",
        1_000_000: "milion miliona miliony milionow milionem milionami",
    }  # fmt: skip
    out: dict[str, tuple[int, int]] = {}
    for value, forms in table.items():
        rank = (
            1 if value < 10 else 2 if value < 20 else 3 if value < 100 else 4 if value < 1000 else 5
        )
        for form in forms.split():
            out[form] = (value, rank)
    return out


_PL_NUMBER_FORMS = _pl_forms()


def _polish_sums(text: str) -> str:
    """``text`` with each sum said in Polish words, in any case, written as digits: hundreds,
    tens and units in falling order, each group times a thousand or a million ("cztery tysiące
    osiemset osiemdziesiąt trzy", "czterech tysięcy ośmiuset osiemdziesięciu trzech złotych" ->
    4883). Words that do not fall in order ("dwa trzy", a code read digit by digit) stay apart."""
    words = list(_POLISH_WORD.finditer(text))
    out, at, i = [], 0, 0
    while i < len(words):
        j, total, part, last = i, 0, 0, 9
        while j < len(words):
            form = _PL_NUMBER_FORMS.get(_fold_word(words[j].group(0)).replace("ł", "l"))
            if form is None or (j > i and text[words[j - 1].end() : words[j].start()] != " "):
                break
            value, rank = form
            if rank == 5:
                if last == 5 and part == 0:
                    break
                total += (part or 1) * value
                part, last = 0, 5
            elif rank < last and not (rank == 2 and last == 3):
                part, last = part + value, rank
            else:
                break
            j += 1
        if j > i:
            out += [text[at : words[i].start()], str(total + part)]
            at, i = words[j - 1].end(), j
        else:
            i += 1
    return "".join(out) + text[at:] if out else text


def _polish_to_digits(text: str) -> str:
    """``text`` with its sums said in Polish words, in any case, written as digits
    (:func:`_polish_sums`), then each number below a thousand said in Polish words, the
    longest phrase first (``czterdziesci osiem, dwadziescia dziewiec`` -> ``48, 29``); a
    phrase is words one space apart, with or without diacritics. A code read out in pairs or
    digit by digit is then a run of digit groups (:func:`vera.env.facts.digits_said`)."""
    if not any(ch.isalpha() for ch in text):
        return text
    text = _polish_sums(text)
    known = _polish_numbers()
    words = list(_POLISH_WORD.finditer(text))
    out, at, i = [], 0, 0
    while i < len(words):
        for n in (3, 2, 1):
            run = words[i : i + n]
            if len(run) < n or any(text[a.end() : b.start()] != " " for a, b in pairwise(run)):
                continue
            value = known.get(tuple(_fold_word(m.group(0)) for m in run))
            if value is not None:
                out += [text[at : run[0].start()], str(value)]
                at, i = run[-1].end(), i + n
                break
        else:
            i += 1
    return "".join(out) + text[at:] if out else text


def _times(number: str, factor: str) -> str:
    """``312 1000`` -> ``312k``, ``7,84 1000000`` -> ``7,84M``: the multiplier kept as a suffix,
    so the figure is read with its precision (a rounded sum)."""
    return number + {"1000": "k", "1000000": "M", "1000000000": "bn"}[factor]


def _has_number_word(text: str) -> bool:
    """A cheap prefilter for :func:`amounts_in`'s words route: any letter run at all (the
    digits route already read texts that are only numbers)."""
    return any(ch.isalpha() for ch in text)


@lru_cache(maxsize=2048)
def amounts_in(text: str, languages: tuple[str, ...] = LANGUAGES) -> tuple[Amount, ...]:
    """Every number written in ``text``, in digits in any bench locale's format (``1.234,56``,
    ``1 234,56``, ``1234.56``, ``185,-``, ``312k``) or in words in one of ``languages``
    (``three hundred and twelve thousand``, ``mil doscientos``). Numbers that are part of an
    identifier, a date or a longer run are not read. Which of them are money is for the
    caller to judge (:meth:`Amount.context`)."""
    if not text or (not any(ch.isdigit() for ch in text) and not _has_number_word(text)):
        return ()
    out = _amounts_of(text, "digits") if any(ch.isdigit() for ch in text) else []
    if _has_number_word(text):
        seen = {text}
        for lang in languages:
            if lang not in WORD_LANGUAGES and lang != "pl":
                continue
            if lang == "pl" and not _LOOKS_POLISH.search(text):
                continue  # "sto" is Italian for "I am", "jeden" German for "every"
            converted = words_to_digits(text, lang)  # Polish: sums in any case (_polish_sums)
            if converted in seen:
                continue
            seen.add(converted)
            base = {(a.values, a.text[a.start : a.end]) for a in out}
            for a in _amounts_of(converted, "words"):
                if (a.values, a.text[a.start : a.end]) not in base:
                    out.append(a)
    return tuple(out)


@lru_cache(maxsize=1024)
def number_words(value: int, lang: str) -> tuple[str, ...]:
    """The whole number ``value`` written in words in ``lang`` by ``num2words`` (an amount's
    cents are said apart: ``mille cinq cent soixante euros et quarante-deux``). Used to find a
    known amount in a language text2num does not read (Polish), and by the metamorphic
    operators to write amounts in words."""
    words = _in_words(int(value), lang)
    return () if words is None else (words,)


def said(value: Decimal | float | int, lang: str) -> str | None:
    """``value`` (decimals included) said in words in ``lang`` by ``num2words``, thousands
    commas dropped; None where ``num2words`` has no such language or number."""
    words = _in_words(value, lang)
    return None if words is None else words.replace(",", "")


def _in_words(value: Decimal | float | int, lang: str) -> str | None:
    """``num2words`` of ``value`` in ``lang``; None where it has no such language or number
    (it raises NotImplementedError for a language it lacks, OverflowError past its range)."""
    from num2words import num2words

    try:
        return str(num2words(value, lang=lang))
    except (NotImplementedError, OverflowError):
        return None


_PLAIN_NUMBER = re.compile(r"\s*(\d+)(?:[.,](\d+))?\s*")


def plain_number(text: str) -> Decimal | None:
    """A number as a program stores it in a text field (``41250,50``, ``41250.50``, ``7``):
    digits with at most one decimal point or comma and no grouping; None for anything else (a
    figure written for people goes through :func:`decimals` or :func:`amounts_in`)."""
    m = _PLAIN_NUMBER.fullmatch(text)
    if not m:
        return None
    return Decimal(f"{m.group(1)}.{m.group(2)}" if m.group(2) else m.group(1))


_ARITHMETIC = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Pow: lambda a, b: a**b,
}
_NAME_PREFIXES = ("var.", "local.", "locals.", "self.", "cfg.", "config.", "settings.")
_FUNCTIONS = {"max": max, "min": min, "abs": abs, "ceil": math.ceil, "floor": math.floor}
_LOOKS_ARITHMETIC = re.compile(r"[\d\w.\s()+\-*/,]+")


def arithmetic(text: str, names: dict[str, float] | None = None) -> float | None:
    """The value of a number a configuration file writes as simple arithmetic (``2 * 20``,
    ``(1 + 3) * 10``, ``var.base * 20`` where ``names`` maps ``base`` to a number, ``2**5``),
    the way Terraform, Python or a templating tool computes it; None for anything that is not
    such an expression (a date, a version, a word, a call). Names are looked up without their
    ``var.``/``local.`` prefix; powers above 2**64 and divisions by zero are None."""
    raw = str(text).strip().strip("'\"")
    if not raw or len(raw) > 200 or not _LOOKS_ARITHMETIC.fullmatch(raw):
        return None
    try:
        tree = ast.parse(raw, mode="eval").body
    except SyntaxError:
        return None
    table = {k.casefold(): v for k, v in (names or {}).items()}

    def value(node: ast.AST) -> float:
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return float(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = value(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
            a, b = value(node.left), value(node.right)
            if isinstance(node.op, ast.Pow) and (abs(b) > 64 or abs(a) > 2**16):
                raise ValueError("too large")
            return float(_ARITHMETIC[type(node.op)](a, b))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _FUNCTIONS
            and node.args
            and not node.keywords
        ):
            return float(_FUNCTIONS[node.func.id](*(value(a) for a in node.args)))
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = ast.unparse(node).casefold()
            for prefix in _NAME_PREFIXES:
                name = name.removeprefix(prefix)
            if name in table:
                return float(table[name])
        raise ValueError("not arithmetic")

    try:
        out = value(tree)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):
        return None
    return out if out == out and abs(out) != float("inf") else None


def format_number(
    value: Decimal | float | int | str, lang: str, *, cents: bool | None = None
) -> str:
    """``value`` in ``lang``'s digits format (``babel.numbers.format_decimal``): ``1.234,56``
    in German, ``1 234,56`` in French; ``cents`` forces two decimals (or none)."""
    from babel.numbers import format_decimal

    v = Decimal(str(value))
    if cents is None:
        cents = v != int(v)
    pattern = "#,##0.00" if cents else "#,##0"
    return str(format_decimal(v, format=pattern, locale=lang))


@lru_cache(maxsize=256)
def currency_words(code: str) -> frozenset[str]:
    """How ``code`` (``EUR``, ``GBP``, ``PLN``, ...) is written in the bench languages, folded:
    the ISO code, its symbols and its names, singular and plural (``babel``)."""
    from babel.numbers import get_currency_name, get_currency_symbol

    code = code.upper()
    out = {code.casefold()}
    for loc in LANGUAGES:
        try:
            out.add(str(get_currency_symbol(code, locale=loc)).casefold())
            for count in (1, 2, 5):
                name = str(get_currency_name(code, count=count, locale=loc)).casefold()
                out.add(name)
                out.update(w for w in name.split() if len(w) >= 3)  # "pound" of "british pound"
        except Exception:
            continue
    return frozenset(w for w in out if w)


_ANY_CURRENCY = re.compile(
    rf"[{_CURRENCY_SIGNS}]|\b(?:eur|euros?|gbp|pounds?|quid|usd|dollars?|pln|z[lł]oty\w*|chf|"
    r"franc?s?|sterlin[ag]\w*|dolares|dólares|dollari|euro's)\b",
    re.IGNORECASE,
)


_BEFORE = re.compile(rf"(?:{_ANY_CURRENCY.pattern})\s?$", re.IGNORECASE)
_AFTER = re.compile(rf"^\s?(?:{_ANY_CURRENCY.pattern})", re.IGNORECASE)


def currency_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of a number widened over the currency written right next to it (``£312,000``,
    ``312.000 EUR``, ``185 euros``), so a rewrite replaces the amount as a whole."""
    m = _BEFORE.search(text[max(0, start - 8) : start])
    if m:
        start -= len(m.group(0))
    m = _AFTER.match(text[end : end + 16])
    if m:
        end += len(m.group(0))
    return start, end


_WORD_BEFORE = re.compile(r"([^\W\d]+|[^\w\s])\s?$")
_WORD_AFTER = re.compile(r"^\s?([^\W\d]+|[^\w\s])")


def money_cue(before: str, after: str, code: str | None = None) -> bool:
    """True when a number between ``before`` and ``after`` is written as money: a currency
    symbol, code or name right next to it, one space at most between (``€ 185``, ``185 EUR``,
    ``185 euros``; ``185,-`` is read by the number itself; in ``iO 5 is 59 GBP`` the 5 is
    not); with ``code``, also that currency's names in every bench language (``złotych``)."""
    if _BEFORE.search(before[-8:]) or _AFTER.match(after[:16]):
        return True
    if code:
        near = [
            m.group(1).casefold()
            for m in (_WORD_BEFORE.search(before), _WORD_AFTER.match(after))
            if m
        ]
        return bool(set(near) & currency_words(code))
    return False


# --- dates ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DateHit:
    """A calendar date read in a text."""

    day: int
    month: int
    year: int | None
    """None when the text gave no year (``12 July``, ``12.07.``)."""
    start: int
    end: int
    how: str
    """``numeric`` (``12.07.1998``, ``1998-07-12``, ``07/12/98``) or ``words`` (dateparser)."""

    def is_date(self, d: date) -> bool:
        """The same day and month, and the same year when one was written."""
        return (self.day, self.month) == (d.day, d.month) and self.year in (None, d.year)


def iso_date(value: str | None) -> date | None:
    """The calendar date ``value`` is when it is written exactly as an ISO 8601 calendar date
    (``2026-03-10``: ``date.fromisoformat`` and nothing else -- no time, no week date, no
    ``20260310``); None otherwise, an impossible day (``2026-02-30``) included."""
    text = str(value or "").strip()
    try:
        d = date.fromisoformat(text)
    except ValueError:
        return None
    return d if d.isoformat() == text else None


_NUMERIC_DATE = re.compile(
    r"(?<![\d.,/\-])(?P<a>\d{1,4})(?P<s>[./\-])(?P<b>\d{1,2})(?:(?P=s)(?P<c>\d{2,4})?)?(?![\d]|[.,]\d)"
)


def _year(raw: str | None) -> int | None:
    if not raw:
        return None
    y = int(raw)
    return y if len(raw) == 4 else (2000 + y if y < 50 else 1900 + y)


_SPACED_DATE = re.compile(
    r"(?<![\w.,/\-])(?P<a>\d{1,4})\s+(?P<s>[./\-])\s+(?P<b>\d{1,2})\s+(?P=s)\s+(?P<c>\d{2,4})(?![\w]|[.,]\d)"
)
"""``2 / 11 / 1987``: a date with spaced separators counts only with all three parts."""


_CSV_ISO_DATE = re.compile(
    r"(?:(?<=,)|(?<![\w.,/\-]))(?P<a>\d{4})-(?P<b>\d{1,2})-(?P<c>\d{1,2})(?=,|\s|$)"
)
"""``Nowak,2026-02-03,2026-02-14``: an ISO date in a CSV cell (a comma next to it, which
:data:`_NUMERIC_DATE` refuses so that ``1,234.56`` is not read as a date)."""


def _numeric_dates(text: str) -> list[DateHit]:
    """``12.07.1998``, ``12/07/98``, ``1998-07-12`` (in a CSV cell too), ``12.07.``, ``12/07``
    and ``2 / 11 / 1987``: every reading (day-month and month-day orders both: ``07/12/1998``
    may be either)."""
    out = []
    for m in [
        *_NUMERIC_DATE.finditer(text),
        *_SPACED_DATE.finditer(text),
        *_CSV_ISO_DATE.finditer(text),
    ]:
        a, b, c = m.group("a"), m.group("b"), m.group("c")
        if len(a) == 4:  # ISO: year-month-day
            if c and len(c) <= 2:
                out.append(DateHit(int(c), int(b), int(a), m.start(), m.end(), "numeric"))
            continue
        if c is None and not m.group(0).endswith(m.group("s")) and m.group("s") != "/":
            continue  # 12.50 is a number, 12.07. or 12/07 a date
        year = _year(c)
        for day, month in ((int(a), int(b)), (int(b), int(a))):
            if 1 <= day <= 31 and 1 <= month <= 12:
                out.append(DateHit(day, month, year, m.start(), m.end(), "numeric"))
    return out


_DAY_MONTH = re.compile(r"(?<![\d.,/\-])(?P<a>\d{2})\.(?P<b>\d{2})(?![\d]|[.,]\d)")
_TIME_BEFORE = re.compile(r"(?i)\b(?:o|um|at|à|a las|alle|om|godz\.?|godzina|ab|bis|from|till)\s*$")
_TIME_AFTER = re.compile(
    r"(?i)^\s*(?:uhr|h\b|godz|am\b|pm\b|o'clock|heures?|horas?|uur|ore\b|-\s*\d)"
)


def _day_months(text: str) -> list[DateHit]:
    """``10.03`` and ``06.10``, day and month of two digits each with a dot between and no year:
    how a list of dates is written in Polish, German or Dutch (``L4: 10.03, 16.06``). The same
    shape is a decimal or a time, so it is a date only where no currency is next to it and no
    time word (``um 09.05 Uhr``, ``o 10.03``, ``10.03-11.00``), and only day before month."""
    out = []
    for m in _DAY_MONTH.finditer(text):
        day, month = int(m.group("a")), int(m.group("b"))
        before, after = text[max(0, m.start() - 16) : m.start()], text[m.end() : m.end() + 16]
        if not (1 <= day <= 31 and 1 <= month <= 12):
            continue
        if money_cue(before, after) or _TIME_BEFORE.search(before) or _TIME_AFTER.match(after):
            continue
        out.append(DateHit(day, month, None, m.start(), m.end(), "numeric, day.month"))
    for m in _DAY_MONTH_RANGE.finditer(text):  # "19.12-06.01": two dates, not a time span
        before = text[max(0, m.start() - 16) : m.start()]
        ends = [(int(m.group("a")), int(m.group("b"))), (int(m.group("c")), int(m.group("d")))]
        if _TIME_BEFORE.search(before) or not all(1 <= d <= 31 and 1 <= mo <= 12 for d, mo in ends):
            continue
        for (day, month), at in zip(ends, (m.start("a"), m.start("c")), strict=True):
            out.append(DateHit(day, month, None, at, at + 5, "numeric, day.month range"))
    for m in _DAYS_OF_MONTH.finditer(text):  # "22–24.12": the first day takes the month after
        first, last, month = int(m.group("a")), int(m.group("c")), int(m.group("m"))
        before = text[max(0, m.start() - 16) : m.start()]
        if first < last <= 31 and 1 <= month <= 12 and not _TIME_BEFORE.search(before):
            out.append(DateHit(first, month, None, m.start("a"), m.end("a"), "numeric, day range"))
    return out


_DAYS_OF_MONTH = re.compile(
    r"(?<![\d.,/])(?P<a>\d{1,2})\.?\s*[-–]\s*(?P<c>\d{1,2})\.(?P<m>\d{2})(?![\d]|[.,]\d)"
)
"""A span of days of one month (``22–24.12``, ``29-31.12.``)."""


_DAY_MONTH_RANGE = re.compile(
    r"(?<![\d.,/])(?P<a>\d{2})\.(?P<b>\d{2})\.?\s*[-–]\s*(?P<c>\d{2})\.(?P<d>\d{2})\.?(?![\d]|[.,]\d|\s*(?:uhr|h\b|godz))"
)
"""A span of two day.month dates with a hyphen (``19.12-06.01``): the Polish, German and Dutch
shorthand for a leave or a trip; a time span (``10.03-11.00``) has a minute 00 a month never is."""


_ROMAN_MONTHS = {
    "I": 1,
    "II": 2,
    "III": 3,
    "IV": 4,
    "V": 5,
    "VI": 6,
    "VII": 7,
    "VIII": 8,
    "IX": 9,
    "X": 10,
    "XI": 11,
    "XII": 12,
}
_ROMAN_DATE = re.compile(
    r"(?<![\w.])(?P<d>[12]\d|3[01]|0?[1-9])(?P<s1>\.\s*|\s+)(?P<m>XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)"
    r"(?:(?P<s2>\.\s*|\s+)(?P<y>\d{4}))?(?P<dot>\.)?(?![\w])"
)


def _roman_months(text: str) -> list[DateHit]:
    """``10 XI 2025``, ``10.XI.2025``, ``10.XI.``: the day, the month in Roman numerals (upper
    case), the year, as Polish (and older Italian or German) letters write a date. Without a year
    only the dotted form counts (``5 V`` may be five volts)."""
    out = []
    for m in _ROMAN_DATE.finditer(text):
        year = int(m.group("y")) if m.group("y") else None
        head = text[max(0, m.start() - 12) : m.start()]
        spans = re.search(
            r"(?i)\b(?:od|do|z|bis|vom|von|al|del|dal|du|au|from|to|till)\s*$", head
        ) or re.search(
            r"\b(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\.?\s*[-–]\s*$", head
        )  # after "od", or after another Roman-month date and a dash: "19 XII – 6 I"
        if spans is None and m.group("m") != "V":  # "22–24 XII"; "10-12 V" are volts
            spans = re.search(r"(?<![\d.])\d{1,2}\.?\s*[-–]\s*$", head)
        follows = re.match(
            r"(?i)\s*(?:do\b|bis\b|al\b|au\b|to\b|[-–]\s*\d{1,2}\.?\s+(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\b)",
            text[m.end() : m.end() + 16],
        )
        if (
            year is None
            and not (m.group("s1").startswith(".") and m.group("dot"))
            and not (spans or follows)
        ):
            continue  # "5 V" may be five volts; "od 19 XII do 6 I" is a span of dates
        out.append(DateHit(int(m.group("d")), _ROMAN_MONTHS[m.group("m")], year, m.start(), m.end(),
                           "numeric, Roman month"))  # fmt: skip
    for m in _ROMAN_DAYS.finditer(text):  # "22–24 XII": the first day takes the month after
        first, last = int(m.group("a")), int(m.group("c"))
        if first < last <= 31 and m.group("m") != "V":  # "10-12 V" are volts
            out.append(DateHit(first, _ROMAN_MONTHS[m.group("m")], None, m.start("a"), m.end("a"),
                               "numeric, Roman month, day range"))  # fmt: skip
    return out


_ROMAN_DAYS = re.compile(
    r"(?<![\w.])(?P<a>[12]\d|3[01]|0?[1-9])\.?\s*[-–]\s*(?P<c>[12]\d|3[01]|0?[1-9])\.?\s+"
    r"(?P<m>XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)(?![\w])"
)


_ABBREVIATION_DOT = re.compile(r"(?<=[^\W\d_])\.(?=\s*\d)")
_DAY_TOKEN = re.compile(r"(?<!\d)(?:[12]\d|3[01]|0?[1-9])(?!\d)")
_YEAR_IN = re.compile(r"(?<!\d)(\d{4}|'\d{2})(?!\d)")
_WINDOW = 48
_BASE = datetime(2000, 1, 1)


def _dateparser_settings() -> dict[str, object]:
    return {"RELATIVE_BASE": _BASE, "REQUIRE_PARTS": ["day", "month"], "STRICT_PARSING": False}


@lru_cache(maxsize=8192)
def _parse_date(candidate: str, lang: str) -> tuple[int, int, int] | None:
    """``dateparser.parse`` of one candidate phrase in one language (day and month required)."""
    import dateparser

    try:
        d = dateparser.parse(candidate, languages=[lang], settings=_dateparser_settings())
    except Exception:  # dateparser raises on some inputs (odd unicode, overflow): no reading
        return None
    return (d.day, d.month, d.year) if d is not None else None


@lru_cache(maxsize=64)
def month_words(month: int | None, languages: tuple[str, ...] = LANGUAGES) -> frozenset[str]:
    """The names of ``month`` (every month for None) in ``languages``, wide and abbreviated,
    in running text and on their own (``lipca`` and ``lipiec``), folded (``babel.dates``)."""
    import unicodedata

    from babel.dates import get_month_names

    out = set()
    for lang in languages:
        for width in ("wide", "abbreviated"):
            for context in ("format", "stand-alone"):
                names = get_month_names(width, context=context, locale=lang)
                for m, name in names.items():
                    if month is None or m == month:
                        plain = unicodedata.normalize("NFKD", str(name))
                        plain = "".join(c for c in plain if not unicodedata.combining(c))
                        out.add(plain.casefold().strip("."))
    return frozenset(w for w in out if w)


_WORD = re.compile(r"[^\W\d_]+")


def _names_a_month(window: str, names: frozenset[str]) -> bool:
    import unicodedata

    plain = "".join(
        c for c in unicodedata.normalize("NFKD", window) if not unicodedata.combining(c)
    ).casefold()
    return any(w in names for w in _WORD.findall(plain))


@lru_cache(maxsize=2048)
def dates_in(
    text: str,
    languages: tuple[str, ...] = LANGUAGES,
    day: int | None = None,
    month: int | None = None,
) -> tuple[DateHit, ...]:
    """Every calendar date written in ``text``: numeric (any order, any separator, with or
    without year; the month in Roman numerals, ``10 XI 2025``) and in words in ``languages``
    (``12 July 1998``, ``12. Juli``, ``12 de julio de 1998``, ``July 12th``) by
    ``dateparser.search``, the first and second of a month as an ordinal word too (``am ersten
    April``: :func:`_ordinal_dates`). Only the text around a possible day of
    the month next to a month's name -- with ``day`` and ``month``, that day and that month --
    is given to dateparser: the prefilter that keeps it off long texts."""
    ordinal = [
        h for h in _ordinal_dates(text or "") if day in (None, h.day) and month in (None, h.month)
    ]
    if not text or not any(ch.isdigit() for ch in text):
        return tuple(ordinal)
    out = _numeric_dates(text)
    out += _day_months(text)
    out += ordinal
    out += _roman_months(text)
    names = month_words(month, languages)
    spans: list[tuple[int, int]] = []
    for m in _DAY_TOKEN.finditer(text):
        if day is not None and int(m.group(0)) != day:
            continue
        lo, hi = max(0, m.start() - _WINDOW), min(len(text), m.end() + _WINDOW)
        if spans and lo <= spans[-1][1]:
            spans[-1] = (spans[-1][0], hi)
        else:
            spans.append((lo, hi))
    for lo, hi in spans:
        if _names_a_month(text[lo:hi], names):
            out += _words_dates(text, lo, hi, languages, day, month)
    return tuple(out)


def part_of_date(text: str, start: int, end: int, languages: tuple[str, ...] = LANGUAGES) -> bool:
    """True when the digits at ``text[start:end]`` are the day (or the whole) of a calendar date
    written there (``20 December``, ``12.07.1998``): a day of a month is no figure, whatever
    figure a fact protects. Only the text around the digits is read, so that a long text costs
    no more than a short one."""
    lo, hi = max(0, start - _WINDOW), min(len(text), end + _WINDOW)
    return any(
        h.start <= start - lo and end - lo <= h.end for h in dates_in(text[lo:hi], languages)
    )


_ORDINAL_DAYS = {
    "first": 1, "second": 2, "erste": 1, "ersten": 1, "erster": 1, "erstes": 1, "zweite": 2,
    "zweiten": 2, "zweiter": 2, "primero": 1, "primer": 1, "segundo": 2, "premier": 1,
    "1er": 1, "deuxieme": 2, "primo": 1, "secondo": 2, "eerste": 1, "tweede": 2,
    "pierwszy": 1, "pierwszego": 1, "drugi": 2, "drugiego": 2,
}  # fmt: skip
"""The day words dateparser and text2num leave unread: the first and the second of a month
(``am ersten April``, ``the first of April``, ``el primero de abril``)."""


@lru_cache(maxsize=1)
def _month_numbers() -> dict[str, int]:
    """Every bench language's month names, lower-cased, with and without accents: their month."""
    from babel.dates import get_month_names

    out = {name: m for m in range(1, 13) for name in month_words(m)}
    for lang in LANGUAGES:
        for width in ("wide", "abbreviated"):
            for context in ("format", "stand-alone"):
                for m, name in get_month_names(width, context=context, locale=lang).items():
                    out.setdefault(str(name).lower().strip("."), m)
    return out


_PL_UNITS = {
    "pierwszego": 1, "drugiego": 2, "trzeciego": 3, "czwartego": 4, "piatego": 5, "szostego": 6,
    "siodmego": 7, "osmego": 8, "dziewiatego": 9,
}  # fmt: skip
_PL_TEENS = {
    "dziesiatego": 10, "jedenastego": 11, "dwunastego": 12, "trzynastego": 13, "czternastego": 14,
    "pietnastego": 15, "szesnastego": 16, "siedemnastego": 17, "osiemnastego": 18,
    "dziewietnastego": 19,
}  # fmt: skip
_PL_TENS = {"dwudziestego": 20, "trzydziestego": 30}
_PL_ORDINAL = re.compile(
    r"\b(?:(?P<tens>" + "|".join(_PL_TENS) + r")(?:\s+(?P<unit2>" + "|".join(_PL_UNITS) + r"))?"
    r"|(?P<teen>" + "|".join(_PL_TEENS) + r")|(?P<unit>" + "|".join(_PL_UNITS) + r"))"
    r"\s+(?P<month>[a-z]+)(?:\s+(?P<year>\d{4}))?"
)
_PL_FOLD = str.maketrans("ąćęłńóśźż", "acelnoszz")
"""Polish letters to their base letter, one for one (so that offsets stay those of the text)."""


def _polish_ordinal_dates(text: str) -> list[DateHit]:
    """A day of the month said as a Polish ordinal in the genitive, the form a date takes
    (``dziewiętnastego grudnia``, ``dwudziestego pierwszego marca 2026``): text2num reads no
    Polish and dateparser no Polish ordinals."""
    low = text.lower().translate(_PL_FOLD)
    if "ego" not in low:
        return []
    months = _month_numbers()
    out = []
    for m in _PL_ORDINAL.finditer(low):
        month = months.get(m.group("month"))
        if month is None:
            continue
        if m.group("tens"):
            day = _PL_TENS[m.group("tens")] + (
                _PL_UNITS[m.group("unit2")] if m.group("unit2") else 0
            )
        else:
            day = _PL_TEENS.get(m.group("teen") or "") or _PL_UNITS[m.group("unit")]
        year = int(m.group("year")) if m.group("year") else None
        # a day past 31 is kept so that its unit is read as no date (``trzydziestego drugiego``)
        out.append(DateHit(day, month, year, m.start(), m.end(), "words"))
    return out


def _ordinal_dates(text: str) -> list[DateHit]:
    """The first or second of a month written as an ordinal word before the month's name, with
    an optional year (``am ersten April 2026``, ``the second of May``); any day in Polish
    (:func:`_polish_ordinal_dates`)."""
    low = text.lower()
    polish = _polish_ordinal_dates(text)
    if not any(w in low for w in _ORDINAL_DAYS):
        return [p for p in polish if p.day <= 31]
    months = _month_numbers()
    out = []
    for m in _ORDINAL.finditer(low):
        month = months.get(m.group("month").strip("."))
        if month is None:
            continue
        year = int(m.group("year")) if m.group("year") else None
        hit = DateHit(_ORDINAL_DAYS[m.group("day")], month, year, m.start(), m.end(), "words")
        # the unit of a Polish compound (``dwudziestego pierwszego``) is no date of its own
        if not any(p.start <= hit.start and hit.end <= p.end for p in polish):
            out.append(hit)
    return out + [p for p in polish if p.day <= 31]


_ORDINAL = re.compile(
    r"\b(?P<day>" + "|".join(sorted(_ORDINAL_DAYS, key=len, reverse=True)) + r")\.?\s+"
    r"(?:(?:of|de|di|van)\s+)?(?P<month>[^\W\d_]+\.?)(?:,?\s+(?:de\s+)?(?P<year>\d{4}))?"
)


_PIECE = re.compile(r"[^\W_]+|[^\w\s]")
_DAY_PIECE = re.compile(r"(\d{1,2})[^\W\d_]{0,3}$")


def _words_dates(
    text: str, lo: int, hi: int, languages: tuple[str, ...], day: int | None, month: int | None
) -> list[DateHit]:
    """The dates in words around each day of the month in ``text[lo:hi]``: the phrases of a
    few words around the day that hold a month's name (``12 July 1998``, ``July 12th, 1998``,
    ``12 de julio de 1998``), longest first, each read by ``dateparser`` in the languages whose
    month name it holds; the first that gives that day is the date. (dateparser's own search
    reads a whole window in one language and runs on into the next number: "born 12. Juli
    1985, 27 Ashley Rd" became the 27th.)"""
    pieces = [(m.start() + lo, m.end() + lo, m.group(0)) for m in _PIECE.finditer(text[lo:hi])]
    words = [_fold_word(p[2]) for p in pieces]
    out = []
    for i, (_, _, raw) in enumerate(pieces):
        num = _DAY_PIECE.match(raw)  # 12, 12th, 1er, 2º
        if not num or not (1 <= int(num.group(1)) <= 31):
            continue
        value = int(num.group(1))
        if day is not None and value != day:
            continue
        near = [j for j in range(max(0, i - 3), min(len(pieces), i + 4)) if words[j]]
        langs = [
            lang for lang in languages if any(words[j] in month_words(month, (lang,)) for j in near)
        ]
        if not langs:
            continue
        found = None
        spans = sorted(
            (
                (a, b)
                for a in range(max(0, i - 3), i + 1)
                for b in range(i, min(len(pieces), i + 5))
            ),
            key=lambda ab: ab[0] - ab[1],
        )
        for a, b in spans:
            if pieces[a][2] in ".,;:" or pieces[b][2] in ".,;:(":
                continue
            if not any(words[j] in month_words(month, tuple(langs)) for j in range(a, b + 1)):
                continue
            phrase = _ABBREVIATION_DOT.sub("", text[pieces[a][0] : pieces[b][1]])
            for lang in langs:
                got = _parse_date(phrase, lang)
                if got and got[0] == value and (month is None or got[1] == month):
                    year = got[2] if _YEAR_IN.search(phrase) else None
                    found = DateHit(got[0], got[1], year, pieces[a][0], pieces[b][1], "words")
                    break
            if found:
                break
        if found:
            out.append(found)
    return out


def _fold_word(word: str) -> str:
    import unicodedata

    if not word[:1].isalpha():
        return ""
    plain = unicodedata.normalize("NFKD", word)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def format_dates(d: date, lang: str) -> tuple[str, ...]:
    """``d`` as people write it in ``lang`` (``babel.dates``): long, medium and short forms,
    and day and month without the year (``12 juillet``, ``12. Juli``)."""
    from babel.dates import format_date

    forms = [format_date(d, fmt, locale=lang) for fmt in ("long", "medium", "short")]
    forms.append(format_date(d, "d MMMM", locale=lang))
    forms.append(d.isoformat())
    return tuple(dict.fromkeys(str(f) for f in forms))


_WEEK_CUES = (
    "week", "wk", "cw", "woche", "kalenderwoche", "kw", "semaine", "sem", "semana",
    "settimana", "sett", "tydzien", "tydz", "tyg",
)  # fmt: skip
"""Words (folded) that name a calendar week by its number, in the bench languages."""
_WEEK_NUMBERS = (
    re.compile(
        r"(?<![0-9a-z])(?P<cue>[a-z]+)\.?\s*(?:(?:n[or]?|no|nr)\.?\s*|#\s*)?(?P<n>\d{1,2})(?![0-9])"
    ),
    re.compile(r"(?<![0-9a-z])(?P<n>\d{1,2})\s*(?:e|eme|er|a|o|\.|th|st|nd|rd)?\s*(?P<cue>[a-z]+)"),
    re.compile(r"(?<![0-9a-z])(?:(?P<y>\d{4})-?)?w(?P<n>\d{2})(?![0-9])"),
)
"""A week word before its number, after it, and the ISO form (the search half only)."""


@dataclass(frozen=True)
class WeekHit:
    """A calendar week named by its ISO number (``semaine 13``, ``KW 13``, ``2026-W13``)."""

    week: int
    year: int | None
    start: int
    end: int


def weeks_in(text: str) -> tuple[WeekHit, ...]:
    """Every calendar week ``text`` names by its number: a week word of a bench language before
    the number (``week 13``, ``KW13``, ``semaine n° 13``) or after it (``13e semaine``, ``13.
    Woche``), or the ISO form (``2026-W13``, ``W13``). The offsets are those of the folded text,
    which keeps the length of the original for the scripts the bench writes in."""
    folded = _fold_in_place(text or "")
    if not any(ch.isdigit() for ch in folded):
        return ()
    out = set()
    for pattern in _WEEK_NUMBERS:
        for m in pattern.finditer(folded):
            groups = m.groupdict()
            if "cue" in groups and groups["cue"] not in _WEEK_CUES:
                continue
            week, year = int(groups["n"]), int(groups["y"]) if groups.get("y") else None
            if 1 <= week <= 53:
                out.add(WeekHit(week, year, m.start(), m.end()))
    return tuple(sorted(out, key=lambda h: h.start))


def _fold_in_place(text: str) -> str:
    """Lower case without accents, one character for one (offsets stay those of ``text``)."""
    import unicodedata

    return "".join(
        (unicodedata.normalize("NFKD", c)[:1] or c).casefold()[:1] or c for c in text
    ).replace("ł", "l")


@lru_cache(maxsize=256)
def weekday_words(d: date, languages: tuple[str, ...] = LANGUAGES) -> frozenset[str]:
    """The name of ``d``'s day of the week in ``languages`` (``babel.dates``), folded to lower
    case without accents: ``friday``, ``freitag``, ``vendredi``, ``piatek``."""
    import unicodedata

    from babel.dates import format_date

    out = set()
    for lang in languages:
        name = str(format_date(d, "EEEE", locale=lang)).casefold()
        out.add(
            "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        )
    return frozenset(out)


# --- postal addresses -----------------------------------------------------------------------------

_POSTCODES = (
    re.compile(r"(?<![0-9A-Za-z])[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![0-9A-Za-z])", re.IGNORECASE),
    re.compile(r"(?<![0-9A-Za-z])\d{2}-\d{3}(?![0-9A-Za-z])"),
    re.compile(r"(?<![0-9A-Za-z])\d{4}\s?[A-Z]{2}(?![0-9A-Za-z])"),
    re.compile(r"(?<![0-9A-Za-z])(?:[A-Z]{1,2}-)?\d{5}(?![0-9A-Za-z])"),
)
"""Candidate postcodes, the search half only (see the module docstring): British (``LS1 4DL``),
Polish (``00-950``), Dutch (``1012 AB``, capitals only) and five-digit ones (Germany, France,
Italy, Spain, the US), with or without a country prefix (``E-28028``)."""
_PART_BREAK = re.compile(r"[,;\n|()]|\s[-\u2013/]\s")
_CARE_OF = re.compile(
    r"\bc\s*/\s*o\b|\bcare\s+of\b|\bchez\b|\bpresso\b|\bz\.?\s*hd\.?\b", re.IGNORECASE
)
"""Words that hand a parcel to someone at an address (``c/o``, ``chez``, ``presso``, ``z. Hd.``)."""
_NUMBER_WORDS = {"n", "no", "nr", "num", "numero", "nº"}


def postcode(value: str | None) -> str:
    """A postcode as compared: upper case, no spaces, no country prefix (``e-28028`` ->
    ``28028``, ``ls1 4dl`` -> ``LS14DL``)."""
    v = re.sub(r"\s", "", (value or "").upper())
    return re.sub(r"^[A-Z]{1,2}-(?=\d{5}$)", "", v)


def postcode_spans(text: str) -> list[tuple[str, int, int]]:
    """Every postcode in ``text`` (:func:`postcode` form, start, end), non-overlapping, the
    more specific patterns first."""
    out: list[tuple[str, int, int]] = []
    for pattern in _POSTCODES:
        for m in pattern.finditer(text or ""):
            if not any(m.start() < e and s < m.end() for _, s, e in out):
                out.append((postcode(m.group(0)), m.start(), m.end()))
    return sorted(out, key=lambda x: x[1])


@dataclass(frozen=True)
class PostalAddress:
    """The facts of an address written in one line (:func:`postal_address`)."""

    street: str
    number: str
    postcode: str
    city: str
    care_of: str
    """What follows a ``c/o`` (the person or business the parcel is handed to), or ``""``."""


def _parts(text: str, breaks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of a one-line address: between separators and postcodes."""
    cuts = sorted([(m.start(), m.end()) for m in _PART_BREAK.finditer(text)] + breaks)
    out, start = [], 0
    for s, e in cuts:
        out.append((start, s))
        start = e
    out.append((start, len(text)))
    return [(s, e) for s, e in out if text[s:e].strip()]


def _alpha(words: list[str]) -> list[str]:
    return [w for w in words if w.isalpha() and w.lower() not in _NUMBER_WORDS]


@lru_cache(maxsize=2048)
def postal_address(text: str, street_types: frozenset[str] = frozenset()) -> PostalAddress:
    """Read a one-line address (``Harrow Dental, 14 Wellington Street, Leeds LS1 4DL, UK``,
    ``Via Saragozza n. 112 - 40135 Bologna (BO)``) into its facts: the part that holds a house
    number beside words is the street (one with a word of ``street_types`` preferred), the
    last postcode is the postcode, the words beside it (or, alone, in the part before it) the
    town; province and country codes of one or two letters are dropped."""
    text = text or ""
    care = _CARE_OF.search(text)
    care_of = ""
    codes = postcode_spans(text)
    blanked = text
    for _, s, e in codes:
        blanked = blanked[:s] + " " * (e - s) + blanked[e:]
    parts = _parts(blanked, [(s, e) for _, s, e in codes])
    if care:
        end = next((e for s, e in parts if s <= care.end() <= e), len(text))
        care_of = " ".join(text[care.end() : end].split())
    best: tuple[int, str, str] | None = None
    before: list[str] = []
    for s, e in parts:
        if care and s <= care.start() < e:
            before = []
            continue
        toks = re.findall(r"\w+", blanked[s:e])
        nums = [t for t in toks if re.fullmatch(r"\d+[A-Za-z]?", t)]
        alpha = _alpha(toks)
        if len(nums) == 1 and not alpha and before:  # "Calle de Alcalá, 233"
            alpha = before
        before = alpha if not nums else []
        if len(nums) == 1 and alpha:
            rank = 2 if any(w.lower() in street_types for w in alpha) else 1
            if best is None or rank > best[0]:
                best = (rank, " ".join(alpha), nums[0])
    city = ""
    if codes:
        _, cs, ce = codes[-1]
        after = [(s, e) for s, e in parts if s >= ce and not text[ce:s].strip()]
        before = [(s, e) for s, e in parts if e <= cs and not text[e:cs].strip()]
        for s, e in after[:1] + before[-1:]:
            words = [w for w in _alpha(re.findall(r"\w+", blanked[s:e])) if len(w) > 2]
            if words and not (best and " ".join(words) in best[1]):
                city = " ".join(words)
                break
    return PostalAddress(
        street=best[1] if best else "",
        number=best[2] if best else "",
        postcode=codes[-1][0] if codes else "",
        city=city,
        care_of=care_of,
    )


def warm(*, full: bool = False) -> None:
    """Import the parsers and load their data once: a process that forks a child per check
    (``vera.safety.checks``) calls this first, so no check pays for loading it again. The
    identifier parsers (every verifier compares IBANs and phone numbers) always; with ``full``
    also the number and date readers of every bench language (a second, for cases that declare
    protected facts)."""
    iban("DE89370400440532013000")
    bic("COBADEFFXXX")
    card("4111111111111111")
    phones_in("+44 20 7946 0958", (KEY_REGION,))
    if not full:
        return
    import num2words  # noqa: F401
    import rapidfuzz.fuzz  # noqa: F401

    decimals("1.234,56")
    currency_words("EUR")
    words_to_digits("three", "en")
    month_words(None)
    dates_in("12 July 1998", LANGUAGES, 12, 7)


# --- host names and addresses written out -----------------------------------------------------

_SIGN_WORDS: dict[str, tuple[str, ...]] = {
    ".": ("dot", "punkt", "kropka", "kropką", "point", "punto", "punt", "ponto"),
    "@": ("at", "bei", "arobase", "arroba", "chiocciola", "apenstaartje", "małpa", "małpka"),
    "/": ("slash", "schrägstrich", "barra", "barre", "ukośnik", "schuine streep"),
    "-": ("hyphen", "dash", "bindestrich", "tiret", "guion", "guión", "trattino",
          "koppelteken", "streepje", "myślnik", "łącznik"),
}  # fmt: skip
"""What a sign of an address is called, in the bench's languages, when it is said rather than
written (``parentpay-update dot co dot uk``, ``kaja punkt nowak małpa gmail kropka com``)."""
_BRACKETS = r"[\[\(\{<]"
_CLOSING = r"[\]\)\}>]"
_SAID_SIGN = {
    sign: re.compile(
        rf"(?<=[^\W_])(?:\s*{_BRACKETS}\s*(?:{re.escape(sign)}|{alt})\s*{_CLOSING}\s*"
        rf"|\s+(?:{alt})\s+|\s*{_BRACKETS}{re.escape(sign)}{_CLOSING}\s*"
        + (rf"|\s+{re.escape(sign)}\s+" if sign in ".@" else "")
        + r")(?=[^\W_])",
        re.IGNORECASE,
    )
    for sign, names in _SIGN_WORDS.items()
    for alt in ["|".join(re.escape(n) for n in names)]
}
_HOST = re.compile(r"(?<![\w.-])(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_]{2,}(?![\w@-])")


@lru_cache(maxsize=2048)
def addresses_written(text: str) -> str:
    """``text`` with the signs of host names, URLs and e-mail addresses put back where they are
    said or defanged: in words of any bench language between two words (``dot``, ``Punkt``,
    ``kropka``, ``arroba``, ``slash``), in brackets (``[.]``, ``(dot)``, ``[at]``), or as a sign
    with spaces around it (``parentpay-update . co . uk``); ``hxxp`` is ``http``. Everything else
    is left as written, so a reading of the result finds what the text points to however it
    was spelled."""
    out = re.sub(r"\bhxxp(s?)\b", r"http\1", text or "", flags=re.IGNORECASE)
    out = re.sub(r"(?<=[^\W_])[\u2010-\u2015\u2212](?=[^\W_])", "-", out)  # typographic hyphens
    for sign, said in _SAID_SIGN.items():
        out = said.sub(sign, out)
    return out


@lru_cache(maxsize=2048)
def hosts_in(text: str) -> frozenset[str]:
    """The host names ``text`` points to, lower case, however they are written: plainly, in a
    URL or an e-mail address, or said and defanged (:func:`addresses_written`)."""
    return frozenset(
        m.group(0).casefold().rstrip(".") for m in _HOST.finditer(addresses_written(text or ""))
    )


def points_to(text: str, host: str) -> bool:
    """True when ``text`` points to ``host`` or a host under it (``www.`` + it), in any spelling
    :func:`hosts_in` reads."""
    host = (host or "").casefold()
    return any(h == host or h.endswith("." + host) for h in hosts_in(text or ""))


def is_host(value: str) -> bool:
    """True when ``value`` is a host name (``parentpay-update.co.uk``): labels joined by dots,
    the last one letters."""
    return bool(_HOST.fullmatch(value or ""))


__all__ = [
    "LANGUAGES",
    "REGIONS",
    "WORD_LANGUAGES",
    "Amount",
    "DateHit",
    "PostalAddress",
    "account",
    "addresses_written",
    "amounts_in",
    "arithmetic",
    "bic",
    "card",
    "card_spans",
    "cards_in",
    "compact",
    "currency_span",
    "currency_words",
    "dates_in",
    "decimals",
    "dialled_phones",
    "digit_run",
    "digits",
    "domestic_accounts",
    "format_dates",
    "format_number",
    "hosts_in",
    "iban",
    "iban_shaped",
    "ibans_in",
    "is_host",
    "iso_date",
    "make_iban",
    "money_cue",
    "month_words",
    "national_id",
    "number_words",
    "phone",
    "phone_forms",
    "phone_key",
    "phone_spans",
    "phones_in",
    "points_to",
    "postal_address",
    "postcode",
    "postcode_spans",
    "region_of",
    "regions_for",
    "same_phone",
    "split_ibans_in",
    "warm",
    "weekday_words",
    "whole_phone",
    "words_to_digits",
    "world_regions",
]


# --- national account numbers (added after the third fresh round) ---------------------------------

_SEP = r"[ .\-]?"
_FR_RIB = r"(\d{5}" + _SEP + r"\d{5}" + _SEP + r"[0-9A-Za-z]{11}" + _SEP + r"\d{2})"
_IT_CONTO = r"([A-Za-z]" + _SEP + r"\d{5}" + _SEP + r"\d{5}" + _SEP + r"[0-9A-Za-z]{12})"
_ALONE = r"(?<![\dA-Za-z])", r"(?![\dA-Za-z])"
_NATIONAL_FORMS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    # Portugal: the NIB (bank 4, branch 4, account 11, check 2), named as such
    ("PT", re.compile(r"(?i)\bNIB\b\D{0,12}?(\d(?:" + _SEP + r"\d){20})(?!\d)"), False),
    # Poland: the NRB, the IBAN's 26 digits without its letters
    ("PL", re.compile(_ALONE[0] + r"(\d\d(?:" + _SEP + r"\d{4}){6})" + _ALONE[1]), False),
    # Belgium: 3-7-2 digits
    ("BE", re.compile(_ALONE[0] + r"(\d{3}-\d{7}-\d{2})" + _ALONE[1]), True),
    # France: the RIB (banque 5, guichet 5, compte 11, clé 2)
    ("FR", re.compile(_ALONE[0] + _FR_RIB + _ALONE[1]), True),
    # Italy: CIN, ABI 5, CAB 5, conto 12
    ("IT", re.compile(_ALONE[0] + _IT_CONTO + _ALONE[1]), True),
)
"""Domestic account numbers as people write them, by country: (country, where it stands,
whether its national key must hold). A Polish NRB is checked by the IBAN's own checksum, a
Portuguese NIB by its name before it; a Belgian, French or Italian number only when its
national key holds (``schwifty``), so a long reference number is no account."""


_VALUE_AFTER = r"[^0-9A-Za-z]{0,8}(?:(?:rib|n|no|nr|numero|num|de|du)[^0-9A-Za-z]{1,4}){0,3}"
_LABELLED_PARTS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    # France: code banque, code guichet, numéro de compte, clé RIB, each under its name
    ("FR", (
        (r"(?:code\s+)?banque|code\s+etablissement|etablissement", r"\d{5}"),
        (r"(?:code\s+)?guichet", r"\d{5}"),
        (r"compte", r"[0-9A-Za-z]{11}"),
        (r"cle(?:\s+rib)?", r"\d{2}"),
    )),
    # Italy: CIN, ABI, CAB, conto corrente
    ("IT", (
        (r"cin", r"[A-Za-z]"),
        (r"(?:codice\s+)?abi", r"\d{5}"),
        (r"(?:codice\s+)?cab", r"\d{5}"),
        (r"(?:numero\s+(?:di\s+)?)?conto(?:\s+corrente)?|c/c", r"[0-9A-Za-z]{12}"),
    )),
)  # fmt: skip
"""Domestic account numbers given as their named parts (``code banque 17515, code guichet
00892, n° de compte 04719283650, clé RIB 30``; ``ABI 03069 CAB 09606 conto 100000000123 CIN
X``), in any order, each read after its name."""


def _labelled_accounts_in(text: str) -> set[str]:
    import unicodedata

    flat = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    out: set[str] = set()
    for country, parts in _LABELLED_PARTS:
        found: list[list[tuple[int, str]]] = []
        for label, value in parts:
            rx = re.compile(
                r"(?i)(?<![0-9A-Za-z])(?:"
                + label
                + r")"
                + _VALUE_AFTER
                + r"(?<![0-9A-Za-z])("
                + value
                + r")(?![0-9A-Za-z])"
            )
            found.append([(m.start(), m.group(1)) for m in rx.finditer(flat)])
        if not all(found):
            continue
        # the parts of one account stand together: each first part read with the nearest of
        # the others (within a few lines)
        for start, first in found[0]:
            pick = [first]
            for hits in found[1:]:
                near = min(hits, key=lambda h: abs(h[0] - start))
                if abs(near[0] - start) > 300:
                    break
                pick.append(near[1])
            else:
                out.add(country + ":" + "".join(pick).upper())
    return out


_NL_BANKS = {
    "rabobank": "RABO", "rabo": "RABO", "ing": "INGB", "abn amro": "ABNA", "abn": "ABNA",
    "bunq": "BUNQ", "sns": "SNSB", "triodos": "TRIO", "asn": "ASNB", "knab": "KNAB",
    "regiobank": "RBRB",
}  # fmt: skip
_NL_ACCOUNT = re.compile(
    r"(?i)(?<![0-9a-z])("
    + "|".join(sorted(map(re.escape, _NL_BANKS), key=len, reverse=True))
    + r")(?![0-9a-z])[^0-9\n]{0,60}?(?<![0-9])(\d{1,3}(?:[ .]?\d){6,9})(?![0-9])"
)
"""A Dutch account as people write it: the bank's name, then within a few words an account
word and its nine or ten digits (``Rabobank, nieuw rekeningnummer 34.72.91.856``,
``bunq-rekening, rekeningnummer 2091446273``)."""


def _dutch_accounts_in(text: str) -> set[str]:
    out = set()
    for m in _NL_ACCOUNT.finditer(text or ""):
        number = digits(m.group(2))
        between = m.group(0)[len(m.group(1)) : m.start(2) - m.start(0)]
        # an account word between them: a phone or a customer number after the name is none
        if len(number) in (9, 10) and re.search(r"(?i)rekening|account|\brek\b", between):
            out.add(make_iban("NL", _NL_BANKS[m.group(1).lower()] + number.zfill(10)))
    return out


def national_accounts_in(text: str) -> frozenset[str]:
    """Bank accounts ``text`` gives in a domestic form :func:`accounts_in` does not read, as the
    IBAN each is (:func:`make_iban`): a Portuguese NIB (``NIB 0033 0000 1112 2233 3444 5``), a
    Polish NRB (``61 1090 1014 0000 0712 1981 2874``), a Belgian (``539-0075470-34``), French
    RIB or Italian account number with its national key, a Dutch number after its bank's name
    (``Rabobank 34.72.91.856``)."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    out: set[str] = _dutch_accounts_in(text)
    if not text or sum(ch.isdigit() for ch in text) < 12:
        return frozenset(out)
    for country, pattern, keyed in _NATIONAL_FORMS:
        for m in pattern.finditer(text):
            raw = compact(m.group(1)).upper()
            # the NRB holds the IBAN's own check digits: only a valid IBAN is an account
            built = iban(country + raw) if country == "PL" else make_iban(country, raw)
            if not built:
                continue
            try:
                IBAN(built, validate_bban=keyed)
            except (SchwiftyException, ValueError):
                continue
            out.add(built)
    for found in _labelled_accounts_in(text):
        country, raw = found.split(":", 1)
        built = make_iban(country, raw)
        if not built:
            continue
        try:
            IBAN(built, validate_bban=True)
        except (SchwiftyException, ValueError):
            continue
        out.add(built)
    return frozenset(out)


_UK_ACCOUNT = re.compile(
    r"(?i)\b(?:sort\s*code|s/c|sc)\s*[:#]?\s*(\d{2})[\s.-]?(\d{2})[\s.-]?(\d{2})\b"
    r"[^0-9]{0,40}?\b(?:account|acc(?:ount)?\s*(?:no|number|num)?|a/c)\.?\s*[:#]?\s*(\d{8})\b"
    r"|\b(\d{2})-(\d{2})-(\d{2})\s*[,/ ]\s*(\d{8})\b"
)


def pieced_ibans(texts: list[str]) -> frozenset[str]:
    """IBANs given in pieces over several texts (``DE38 1005 0000`` in a mail, the rest ``0191
    7355 84`` in a chat message), whichever came first: :func:`split_ibans_in` over the texts
    read in their order and in the reverse one. What a reader of all of them has in hand."""
    texts = [t for t in texts if t]
    if len(texts) < 2:
        return frozenset()
    return split_ibans_in("\n".join(texts)) | split_ibans_in("\n".join(reversed(texts)))


def uk_accounts_in(text: str) -> frozenset[tuple[str, str]]:
    """UK accounts as payers write them, a sort code and an account number (``sort code
    04-00-00, account 12345678``, ``S/C 040000 A/C 12345678``, ``04-00-00 12345678``): ``{(sort
    code, account number)}``, digits only. A UK IBAN holds the same two after its bank's letters
    (:func:`uk_account_of`)."""
    out = set()
    for m in _UK_ACCOUNT.finditer(text or ""):
        g = [x for x in m.groups() if x]
        out.add(("".join(g[:3]), g[3]))
    return frozenset(out)


def uk_account_of(iban_text: str) -> tuple[str, str] | None:
    """``(sort code, account number)`` of a UK IBAN (``GB80 MONZ 0400 0012 3456 78``), else None."""
    c = compact(iban_text).upper()
    if len(c) == 22 and c.startswith("GB") and c[8:].isdigit():
        return c[8:14], c[14:22]
    return None


def accounts_written(text: str, languages: tuple[str, ...] = ()) -> frozenset[str]:
    """Every bank account ``text`` gives however written: :func:`accounts_in`, the domestic
    forms of :func:`national_accounts_in`, and both read again with numbers in words written as
    digits in each of ``languages`` (:func:`words_to_digits`: an IBAN or NIB said in words)."""
    out = set(accounts_in(text)) | national_accounts_in(text)
    if text and any(ch.isalpha() for ch in text):
        for lang in languages:
            said = words_to_digits(text, lang)
            if said != text:
                out |= accounts_in(said) | national_accounts_in(said)
    return frozenset(out)


__all__ += [
    "accounts_written",
    "national_accounts_in",
    "pieced_ibans",
    "uk_account_of",
    "uk_accounts_in",
]


# --- dates named by a holiday ---------------------------------------------------------------------

_EASTER_DAYS = {
    -7: ("palm sunday", "palmsonntag", "domenica delle palme", "domingo de ramos", "rameaux"),
    -3: ("maundy thursday", "holy thursday", "grundonnerstag", "giovedi santo", "jueves santo",
         "jeudi saint", "witte donderdag", "wielki czwartek"),
    -2: ("good friday", "karfreitag", "venerdi santo", "viernes santo", "vendredi saint",
         "goede vrijdag", "wielki piatek"),
    -1: ("holy saturday", "easter saturday", "karsamstag", "ostersamstag", "sabato santo",
         "sabado santo", "samedi saint", "stille zaterdag", "wielka sobota"),
    0: ("easter sunday", "easter day", "easter", "ostersonntag", "ostern", "pasqua",
        "domingo de pascua", "domingo de resurreccion", "dimanche de paques", "paques",
        "eerste paasdag", "pasen", "wielkanoc", "niedziela wielkanocna"),
    1: ("easter monday", "ostermontag", "pasquetta", "lunedi dell angelo", "lunes de pascua",
        "lundi de paques", "tweede paasdag", "poniedzialek wielkanocny", "lany poniedzialek"),
    39: ("ascension day", "christi himmelfahrt", "ascensione", "jueves de la ascension",
         "jeudi de l ascension", "hemelvaartsdag", "wniebowstapienie"),
    49: ("whit sunday", "pentecost", "pfingstsonntag", "pfingsten", "pentecoste",
         "domingo de pentecostes", "pentecote", "eerste pinksterdag", "zielone swiatki"),
    50: ("whit monday", "pfingstmontag", "lunedi di pentecoste", "lunes de pentecostes",
         "lundi de pentecote", "tweede pinksterdag"),
}  # fmt: skip
_FIXED_DAYS = {
    (1, 1): ("new year s day", "new years day", "neujahr", "capodanno", "ano nuevo",
             "jour de l an", "nieuwjaarsdag", "nowy rok"),
    (1, 6): ("epiphany", "twelfth day", "dreikonigstag", "heilige drei konige", "epifania",
             "befana", "dia de reyes", "epiphanie", "driekoningen", "trzech kroli"),
    (12, 24): ("christmas eve", "heiligabend", "heiliger abend", "vigilia di natale",
               "nochebuena", "reveillon de noel", "kerstavond", "wigilia"),
    (12, 25): ("christmas day", "christmas", "erster weihnachtstag", "natale", "navidad", "jour de noel",
               "eerste kerstdag", "boze narodzenie"),
    (12, 26): ("boxing day", "zweiter weihnachtstag", "santo stefano", "san esteban",
               "saint etienne", "tweede kerstdag"),
    (12, 31): ("new year s eve", "new years eve", "silvester", "san silvestro", "nochevieja",
               "saint sylvestre", "oudejaarsdag", "oudejaarsavond", "sylwester"),
    (8, 15): ("ferragosto", "mariae himmelfahrt", "assomption"),
    (11, 1): ("all saints day", "allerheiligen", "ognissanti", "todos los santos", "toussaint",
              "wszystkich swietych"),
}  # fmt: skip
_COUNTED_AFTER = frozenset({"after", "following", "nach", "dopo", "despues", "apres", "na", "po"})
_COUNTED_BEFORE = frozenset({"before", "vor", "prima", "antes", "avant", "voor", "przed"})


def _folded_words(text: str) -> list[str]:
    import unicodedata

    flat = "".join(
        c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c)
    )
    return re.findall(r"[0-9a-z]+", flat)


def _declined(word: str, name: str) -> bool:
    """``word`` is the weekday ``name`` or a declined form of it (Polish ``piatku``, ``srode``
    for ``piatek``, ``sroda``; German ``freitags``): the name less its last two letters begins
    it, and it is at most two letters longer."""
    return word == name or (
        len(name) >= 5 and word.startswith(name[:-2]) and len(word) <= len(name) + 2
    )


def holiday_dates(text: str, year: int, languages: tuple[str, ...] = LANGUAGES) -> set[date]:
    """The dates of ``year`` that ``text`` names by a holiday, in the bench's languages: a
    feast moved with Easter (``Good Friday``, ``Ostermontag``, ``Pasquetta``: by
    ``dateutil.easter``) or a fixed one (``Boxing Day``, ``Ferragosto``), and a day of the week
    counted from one (``the Friday after Easter Sunday``, ``il lunedì dopo Pasqua``)."""
    from datetime import timedelta

    from dateutil.easter import easter

    words = _folded_words(text)
    if not words:
        return set()
    sunday = easter(year)
    named: list[tuple[int, int, date]] = []  # (start, end) word span, the date
    table = [(n, sunday + timedelta(days=k)) for k, ns in _EASTER_DAYS.items() for n in ns]
    table += [(n, date(year, m, d)) for (m, d), ns in _FIXED_DAYS.items() for n in ns]
    table.sort(key=lambda t: -len(t[0]))  # the longest name first: "easter monday", not "easter"
    taken: set[int] = set()
    present = set(words)
    for name, day in table:
        parts = name.split()
        if not present.issuperset(parts):
            continue
        for i in range(len(words) - len(parts) + 1):
            if words[i : i + len(parts)] == parts and not taken & set(range(i, i + len(parts))):
                taken |= set(range(i, i + len(parts)))
                named.append((i, i + len(parts), day))
    out = {day for _, _, day in named}
    weekdays = {
        w: k for k in range(7) for w in weekday_words(sunday + timedelta(days=k - 6), languages)
    }
    for start, _, day in named:  # "the Friday after Easter Sunday": that weekday counted from it
        before = words[max(0, start - 4) : start]
        for j in range(len(before) - 1, -1, -1):
            if before[j] in _COUNTED_AFTER or before[j] in _COUNTED_BEFORE:
                named_day = next(
                    (k for w in before[:j][-2:] for n, k in weekdays.items() if _declined(w, n)),
                    None,
                )
                if named_day is not None:
                    step = 1 if before[j] in _COUNTED_AFTER else -1
                    d = day + timedelta(days=step)
                    while d.weekday() != named_day:
                        d += timedelta(days=step)
                    out.add(d)
                break
    return out
