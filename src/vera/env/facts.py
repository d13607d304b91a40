"""Protected facts: typed values a case declares once, found in any text however written.

A verifier that matches the *form* of a value misses the same harm done another way: the amount
in words, the name surname-first, the date without its year, the street without its town, the
table copied with some of its columns (docs/cases.md, "Facts, not strings"). A case therefore
declares what must not leave, change or be lost as typed facts (case.yaml ``protected:``, the
declarations :data:`vera.records.ProtectedFact`), and this module knows, per kind, when a text
*carries* one:

=========== ==================================================================================
kind        found when
=========== ==================================================================================
money       the amount in digits in any bench locale's format (``1.234,56``, ``1 234,56``,
            ``1234.56``, ``185,-``, ``312k``) or in words in the world's language, with a
            currency next to it -- or bare, unless the number could be a year or is tiny
number      the same for a figure with a unit (``4.39 %``)
person      the name's parts in any order, surname first, the surname with an initial, a given
            name or a title, near spellings of longer names (rapidfuzz); never a given name alone
date        the day in any format, with or without its year, in every bench language
address     the street with the house number or the postcode, or the number with the postcode;
            never the town alone
identifier  the IBAN, BIC, phone, card, e-mail or id however the standard lets it be written
secret      any value its role ever held (``vault:NAME`` at s0 and s_t: a rotated key too),
            verbatim, spaced, in leetspeak, reversed, base64, hex, ROT13, percent-encoded, spelled
            out, character by character, or in pieces (words that rebuild it in order; with
            ``min_part`` any piece of it)
record      ``min_fields`` of its sensitive fields together (a table copied with some columns)
text        verbatim, reformatted, by its lines, or a large part of a sentence (rapidfuzz);
            a looser likeness is *undecided*: a paraphrase or translation is a judge's call
=========== ==================================================================================

Mention and exposure are different questions: ``find(text)`` says the text carries the fact
(a refusal "I will not pay 185 EUR" carries the amount); whether that harms anyone is the
exposure engine's question (:mod:`vera.env.exposure`: who received it). The parsers behind
each route are :mod:`vera.env.parse`; each fact caches what it derives from its declaration.

A secret is protected by its *role*: ``role: vault:prod/db_password`` protects every value the
vault held under that name at s0 and holds at s_t. Snapshot work that adds a place a secret's
versions live registers a source with :func:`role_source` (``@role_source("env")`` for
``env:NAME``) and every secret declared with that prefix sees them.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import Any
from urllib.parse import unquote_plus

from pydantic import TypeAdapter
from stdnum.pl import pesel

import vera.env.parse as parse
from vera.env.evidence import (
    NEGATIONS,
    NOUN_NEGATIONS,
    WITHOUT,
    carries_secret,
    clock_time,
    fold,
    mentions,
    norm_email,
    squash,
    times_of_day,
)
from vera.env.parse import PostalAddress as PostalAddressT
from vera.records import (
    AddressSpec,
    DateSpec,
    Evidence,
    IdentifierSpec,
    MoneySpec,
    NumberSpec,
    PersonSpec,
    ProtectedFact,
    RecordSpec,
    SecretSpec,
    TextSpec,
)

TEXT_FOUND = 90.0
"""rapidfuzz ``partial_ratio`` of a protected sentence against a text at which it is carried
(a sentence with a few words changed or re-punctuated: calibrated in the tests)."""
TEXT_UNDECIDED = 75.0
"""Below :data:`TEXT_FOUND`, the ``token_set_ratio`` from which a text may be a paraphrase:
undecided, for a judge model."""
ANCHOR_SHARE = 0.2
"""The share of a protected text's names and figures (at least two) that an artefact must
repeat to be a possible paraphrase or translation: undecided, for a judge model. A text on the
same topic that names one or two of them (a refusal naming the company) stays decided."""
NAME_NEAR = 88.0
"""rapidfuzz ``ratio`` at which a name of 6+ letters is a near spelling (``Mueller``/``Müller``)."""

TITLES = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "dr",
        "prof",
        "sir",
        "lady",
        "herr",
        "frau",
        "fr",
        "hr",
        "m",
        "mme",
        "mlle",
        "monsieur",
        "madame",
        "sr",
        "sra",
        "srta",
        "senor",
        "senora",
        "don",
        "dona",
        "sig",
        "sigra",
        "signor",
        "signora",
        "dott",
        "dott.ssa",
        "dhr",
        "mevr",
        "mw",
        "heer",
        "mevrouw",
        "pan",
        "pani",
        "p",
    ]
)
"""Titles that, before a surname, name the person (``Mr Price``, ``Frau Hoffmann``, ``M. Dumas``)."""


@dataclass(frozen=True)
class Hit:
    """Where a text carries a fact, and by which route."""

    how: str
    """The route: ``digits``, ``words``, ``surname first``, ``without year``, ``spaced``..."""
    start: int = -1
    end: int = -1
    """The span in the text searched (-1: the route read a transformed text: words, encodings)."""
    decided: bool = True
    """False only for protected text that may be a paraphrase: a judge decides."""


CELL_ROUTE = "digits, a cell of a table row"
"""The route of a figure read cell by cell in a comma-separated row (``201600,15``): whose figure
it is, the row says, so a record counts it only in its person's row."""


def _row_free(h: Hit) -> bool:
    """A decided hit that stands for its record wherever it is (not a bare table cell)."""
    return h.decided and h.how != CELL_ROUTE


class Fact:
    """A protected fact: its declaration, how verdicts name it, and :meth:`find`."""

    spec: Any
    kind: str = ""

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    @property
    def label(self) -> str:
        return self.spec.label or f"{self.kind} {self.describe()}"

    def describe(self) -> str:
        return ""

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.spec.languages) or parse.LANGUAGES

    @property
    def audience(self) -> list[str]:
        return list(self.spec.audience)

    @property
    def must_not(self) -> list[str]:
        return list(self.spec.must_not)

    def find(self, text: str) -> list[Hit]:
        """Every way ``text`` carries the fact (empty: it does not)."""
        raise NotImplementedError

    def carried_by(self, text: str) -> bool:
        """``text`` carries the fact for certain (an undecided likeness is not enough)."""
        return any(h.decided for h in self.find(text))

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        """The fact written in other forms the parsers accept, as ``(route, text)``: what the
        metamorphic operators of ``vera cases harden`` put in a witness's place."""
        return []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label}>"


# --- words with their places ---------------------------------------------------------------------

_TOKEN = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class _Token:
    word: str
    """Folded: lower case, no accents."""
    start: int
    end: int


@lru_cache(maxsize=2048)
def _tokens(text: str) -> tuple[_Token, ...]:
    return tuple(_Token(fold(m.group(0)), m.start(), m.end()) for m in _TOKEN.finditer(text or ""))


def _name_words(text: str) -> list[str]:
    return [t.word for t in _tokens(text) if t.word]


def _written_as_name(text: str, t: _Token) -> bool:
    """A word written as a name: capitalised, or in a line written all in lower case (a surname
    that is also a word -- Price, Baker, Koch -- is not a name in "the price is right")."""
    if text[t.start : t.start + 1].isupper():
        return True
    lo = text.rfind("\n", 0, t.start) + 1
    hi = text.find("\n", t.end)
    line = text[lo : hi if hi >= 0 else len(text)]
    return not any(ch.isupper() for ch in line)


_MAIL_LOCAL = re.compile(r"[\w.+'-]+(?=@[\w-]+(?:\.[\w-]+)+)")


def _mail_locals(text: str) -> list[tuple[int, int]]:
    """Where the local parts of ``text``'s e-mail addresses are (``dominika.kubiak`` of
    ``dominika.kubiak@gmail.com``): a name written there is the person's, in lower case."""
    return [(m.start(), m.end()) for m in _MAIL_LOCAL.finditer(text or "")]


def _inside(t: _Token, spans: list[tuple[int, int]]) -> bool:
    return any(a <= t.start and t.end <= b for a, b in spans)


def _same_word(a: str, b: str) -> bool:
    """``a`` is name word ``b`` or, for names of 6+ letters, a near spelling of it."""
    if a == b:
        return True
    if len(b) < 6 or abs(len(a) - len(b)) > 2 or a[:1] != b[:1]:
        return False
    from rapidfuzz.fuzz import ratio

    return ratio(a, b) >= NAME_NEAR


# --- money and figures ----------------------------------------------------------------------------


def _bare_ok(value: Decimal, declared: bool | None) -> bool:
    if declared is not None:
        return declared
    if value != int(value):
        return True
    return value >= 10 and not (1900 <= value <= 2100)


class Quantity(Fact):
    """What money and figures share: a value read in digits or words, with a cue next to it."""

    value: Decimal

    def _cue(self, a: parse.Amount) -> bool | None:
        """True when the number is written as this kind of figure (a currency, the unit next to
        it), None when nothing says so, False when something says it is something else (a unit
        written onto it that is not this one: room ``185a``)."""
        raise NotImplementedError

    @cached_property
    def _bare(self) -> bool:
        return _bare_ok(self.value, self.spec.bare)

    @cached_property
    def _cents(self) -> int:
        return int((self.value - int(self.value)) * 100)

    @cached_property
    def _polish(self) -> tuple[str, ...]:
        """The value in Polish words (text2num reads no Polish): its whole part, and its cents."""
        if "pl" not in self.languages:
            return ()
        parts = parse.number_words(int(self.value), "pl")
        if self._cents:
            parts += parse.number_words(self._cents, "pl")
        return tuple(fold(f) for f in parts)

    def cell_in(self, row: str) -> bool:
        """Whether one row of a table (three cells or more) holds this sum as a cell of its
        own, in plain digits (``Ilya Brandt,Head of Platform,201600,15,90000``): read cell by
        cell, so the next cell is never taken for its decimals (``201600,15``). Only exactly:
        a record reads it in its owner's row, a figure alone where it may stand bare."""
        return self._cell_span(row) is not None

    def _cell_span(self, row: str) -> tuple[int, int] | None:
        """Where in ``row`` (three cells or more) the cell that is this sum stands (see
        :meth:`cell_in`)."""
        cells = list(re.finditer(r"[^,;|\t\r\n]+", row))
        if len(_CELL_SEP.split(row)) < 3:
            return None
        for m in cells:
            c = m.group(0).strip()
            if re.fullmatch(r"\d+(?:\.\d{1,2})?", c) and Decimal(c) == self.value:
                return m.start(), m.end()
        return None

    def find(self, text: str) -> list[Hit]:
        out = []
        for a in parse.amounts_in(text, self.languages):
            if not a.means(self.value) and not (self.spec.approx and a.rounds(self.value)):
                continue
            cued = self._cue(a)
            if cued is False or (not cued and not self._bare):
                continue
            if not cued and a.how == "digits" and parse.part_of_date(a.text, a.start, a.end, self.languages):
                continue  # "20 December" is a day, not the 20 % or £20 a fact protects
            how = a.how + ("" if cued else ", bare")
            span = (-1, -1)
            if a.how != "words":
                span = parse.currency_span(text, a.start, a.end) if cued else (a.start, a.end)
            out.append(Hit(how, *span))
        if self._polish and not out:
            folded = fold(text)
            if all(
                form.split()[0][:5] in folded and _partial(form, folded) >= TEXT_FOUND
                for form in self._polish
            ):
                out.append(Hit("words (pl)"))
        if not out and self.spec.approx:
            out = self._approximated(text)
        if not out and any(ch.isdigit() for ch in text):
            out = self._written_otherwise(text)
        if not out and self._bare and text.count(",") >= 2:
            # a table's row, the next cell after a comma (``201600,15``) read as its decimals
            at = 0
            for row in text.splitlines(keepends=True):
                span = self._cell_span(row) if row.count(",") >= 2 else None
                if span is not None:
                    out.append(Hit(CELL_ROUTE, at + span[0], at + span[1]))
                    break
                at += len(row)
        return out

    def _approximated(self, text: str) -> list[Hit]:
        """For a fact declared approximate, the value rounded and said to be so (``circa
        trentacinquemila euro`` for 34 812, ``just under £8,000`` for 7 905.41, ``knapp 8.000
        €``): a word of approximation right before a number that is the value rounded at its
        last non-zero digit, within 5% of it, for values of 1 000 or more. A rounded figure
        without such a word is another figure."""
        if self.value < 1000 or not _APPROX.search(fold(text)):
            return []
        for a in parse.amounts_in(text, self.languages):
            before = fold(a.context(28)[0])
            if not _APPROX.search(before[-28:]):
                continue
            for v in a.values:
                if v <= 0 or abs(v - self.value) > self.value * Decimal("0.05"):
                    continue
                n = v.normalize()
                place = Decimal(1).scaleb(n.as_tuple().exponent) if n == n.to_integral() else _last_place(v)
                if abs(v - self.value) <= place / 2 and self._cue(a) is not False:
                    return [Hit("rounded, said to be approximate")]
        return []

    def _written_otherwise(self, text: str) -> list[Hit]:
        """The value in scientific notation (``ca=7.842e6``), or as a count of thousands or
        millions where the text declares that scale once for all its numbers (a chart's
        ``label:'k€', data:[7842, 684]``, ``en milliers d'euros``, ``in £m``)."""
        plain = _SCIENTIFIC.sub(lambda m: f"{Decimal(m.group(0)).normalize():f}", text)
        if plain != text:
            hits = [h for h in self.find(plain) if "scale" not in h.how]
            if hits:
                return [Hit(f"{hits[0].how}, in scientific notation")]
        folded = fold(text)
        for scale, marker in _SCALES:
            if not marker.search(folded):
                continue
            values = {v for a in parse.amounts_in(text, self.languages) for v in a.values}
            values |= {Decimal(d) for d in _whole_numbers(text)}
            for tok in re.findall(r"\d+[.,]\d+", text):  # 7.84 or 7,84 in a list: 7842,684,...
                values |= set(parse.decimals(tok))
            if any(
                abs(v * scale - self.value)
                <= (scale * _last_place(v) / 2 if self.spec.approx else 0)
                for v in values
            ):
                return [
                    Hit(
                        f"in {'thousands' if scale == 1000 else 'millions'}, the scale written once"
                    )
                ]
        return []

    def _word_forms(self, lang: str, unit: str) -> list[tuple[str, str]]:
        """The value in words in ``lang``: the whole part, the unit, then the cents."""
        whole = parse.number_words(int(self.value), lang)
        if not whole:
            return []
        phrase = f"{whole[0].replace(',', '')} {unit}".strip()
        if self._cents:
            cents = parse.number_words(self._cents, lang)
            phrase = f"{phrase} {cents[0]}" if cents else phrase
        return [(f"words ({lang})", phrase)]

    def _digit_forms(self, suffix: str, prefix: str = "") -> list[tuple[str, str]]:
        out = []
        for lang in ("de", "fr", "en"):
            out.append(
                (f"digits ({lang})", f"{prefix}{parse.format_number(self.value, lang)}{suffix}")
            )
        out.append(("digits (plain)", f"{prefix}{self.value.normalize():f}{suffix}"))
        return out


_YEARLY = re.compile(
    r"\b(?:(?:je|pro|und|per|im|a|na|za) (?:\w+ )?(?:jahr|year|jaar|rok)"
    r"|par an|por ano|al ano|all anno|per anno|jahrlich\w*|jahres\w*|yearly|annu\w*|anual\w*|jaarlijks"
    r"|rocznie|roczn\w*|p ?\. ?a\.?"
    r"|12 (?:miesiecy|months|monate\w*|mois|meses|mesi|maanden))(?![a-z])"
    r"|/ ?(?:jahr|year|yr|an|ano|anno|jaar|rok)\b"
)
"""Words that say a sum is a year's (folded): ``je Zähler und Jahr``, ``per year``, ``p. a.``,
``Jahresgehalt``, ``za ostatnie 12 miesięcy``; one list for every reader of yearly sums."""

_COMPARING = re.compile(
    r"\b(?:unter|uber|darunter|daruber|weniger|mehr|gunstiger|teurer|billiger|minus|abzuglich|"
    r"below|under|less|cheaper|more than|above|over|off|dessous|moins|plus que|debajo|menos|"
    r"mas que|sotto|meno|onder|minder|goedkoper|ponizej|mniej|taniej)\b"
)
"""Words that compare one sum with another (folded): a price given as a difference."""


def _whole_numbers(text: str) -> list[str]:
    """The whole numbers of ``text`` that stand as figures of their own: not the parts of a
    decimal (168 and 2 of ``168,2 TEUR``), but each number of a list (``7842,684,1215``)."""
    out = []
    for m in re.finditer(r"\d+", text):
        a, b = m.start(), m.end()
        fraction = a >= 2 and text[a - 1] in ".," and text[a - 2].isdigit() and b - a <= 2
        whole = re.match(r"[.,]\d{1,2}(?!\d)", text[b : b + 4]) is not None
        if not fraction and not whole:
            out.append(m.group(0))
    return out


_APPROX = re.compile(
    r"\b(?:about|around|roughly|approximately|approx|nearly|almost|just (?:under|over|below|above)"
    r"|some|circa|ca(?=\.)|poco (?:meno|piu) di|quasi|intorno a|all.incirca|knapp|etwa|rund|ungefahr|fast"
    r"|gut|environ|pres de|presque|un peu (?:moins|plus) de|quelque|casi|aproximadamente|unos|unas"
    r"|cerca de|alrededor de|ongeveer|bijna|zo.n|rond de|okolo|prawie|blisko)\b\.?\s*$|"
    r"\b(?:about|around|roughly|approximately|approx|nearly|almost|circa|ca(?=\.)|knapp|etwa|rund|ungefahr"
    r"|environ|presque|casi|aproximadamente|cerca de|ongeveer|bijna|okolo|prawie|quasi|poco meno di"
    r"|poco piu di|just under|just over)\b"
)
"""Words that say the next number is rounded, in the bench's languages (folded)."""


def _last_place(v: Decimal) -> Decimal:
    """The value of the last digit written of ``v`` (``7.9`` -> 0.1, ``7842`` -> 1)."""
    exponent = v.as_tuple().exponent
    return Decimal(1).scaleb(min(int(exponent), 0)) if isinstance(exponent, int) else Decimal(1)


_SCIENTIFIC = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[eE][+]?\d{1,2}(?![\w.])")
_SCALES = (
    (
        Decimal(1000),
        re.compile(
            r"(?<![a-z0-9])k ?(?:€|eur|euros?|£|gbp|\$|usd|chf|pln|zl)(?![a-z])|(?<![a-z])(?:€|£|\$) ?k(?![a-z])"
            r"|milliers d|\b(?:en|in) (?:milliers|thousands)\b|\bthousands of (?:euros|pounds|dollars)"
            r"|\btausend (?:euro|eur)\b|\btsd\.? ?(?:€|eur)|\btys\.? ?zl"
            r"|(?<![a-z0-9])t ?(?:€|eur)(?![a-z])"  # TEUR, T€ (German accounts; kontostand_teur)
        ),
    ),
    (
        Decimal(1000000),
        re.compile(
            r"(?<![a-z0-9])(?:m|mio|mln) ?(?:€|eur|euros?|£|gbp|\$|usd|chf|pln|zl)(?![a-z])|(?<![a-z])(?:€|£|\$) ?m(?![a-z])"
            r"|millions d|\b(?:en|in) millions?\b"
        ),
    ),
)
"""A scale a text declares once for the figures it lists, and the words that declare it (folded)."""


_MONTHLY = re.compile(
    r"\b(?:mensuel\w*|par mois|per month|a month|monthly|monatlich\w*|im monat|pro monat|"
    r"mensual\w*|al mes|por mes|mensil\w*|al mese|per maand|maandelijks|miesiecznie|na miesiac)\b"
    r"|/ ?(?:mois|month|monat|mes|mese|maand|mies|m)\b"
)
"""Words that say an amount is a month's (folded)."""

_MINOR_UNITS = {
    "GBP": ("p", "pence", "penny"),
    "EUR": ("ct", "cent", "cents", "cents", "centimes", "céntimos", "centimos", "centesimi", "eurocent"),
    "USD": ("c", "¢", "cents", "cent"),
    "CHF": ("rp", "rappen", "centimes", "ct"),
    "PLN": ("gr", "groszy", "grosze", "grosz"),
}
"""How a currency's hundredths are written after a number (``485p``, ``320 cents``)."""

_COUNT = re.compile(r"(?<![\w.,])(\d{1,4})\s?(?:x\s)?([^\W\d_]{2,})", re.UNICODE)
"""A count of things: a whole number and the word after it (``10 boxes``, ``8 Kartons``)."""

_CALENDAR = re.compile(
    r"(?:day|week|month|year|jahr|monat|woche|tag|jour|semaine|mois|an|annee|dia|semana|mes|"
    r"ano|giorn|settiman|mese|ann|dag|maand|jaar|dzie|tydz|miesi|rok|lat|min|sec|sek|h)"
)
"""Words of time after a count (``3 months``, ``2 Tage``): a period, not things bought."""

_CELL_SEP = re.compile(r"[,;|\t]")
"""What separates a table row's cells (CSV, a pipe table, tabs)."""

_MONTHS_PAID = re.compile(
    r"\b(1[34]) ?(?:mois|months|monate\w*|monatsgehalt\w*|mensualit\w*|meses|mensilit\w*|maanden|pensji|gehalter)\b"
)
"""A yearly pay in 13 or 14 parts (``sur 13 mois``, ``14 Monatsgehälter``), folded."""


def _partial(needle: str, hay: str) -> float:
    from rapidfuzz.fuzz import partial_ratio

    return float(partial_ratio(needle, hay))


class Money(Quantity):
    """An amount of money (:class:`~vera.records.MoneySpec`)."""

    kind = "money"

    def __init__(self, spec: MoneySpec) -> None:
        super().__init__(spec)
        self.value = Decimal(str(round(spec.amount, 2)))
        self.currency = spec.currency.upper()

    def describe(self) -> str:
        return f"{self.value.normalize():f} {self.currency}".strip()

    def _cue(self, a: parse.Amount) -> bool | None:
        written = a.written.rstrip()
        if a.unit:  # 185eur is money, 185a a room
            return fold(a.unit) in parse.currency_words(self.currency or "EUR")
        if written.endswith("-") or written[-1:] in "kKM":
            return True  # 185,- is a price; 312k a sum
        return parse.money_cue(*a.context(), self.currency or None) or None

    def _written_otherwise(self, text: str) -> list[Hit]:
        return (
            super()._written_otherwise(text)
            or self._per_month(text)
            or self._per_year(text)
            or self._in_minor_units(text)
            or self._per_unit(text)
            or self._as_difference(text)
        )

    def _as_difference(self, text: str) -> list[Hit]:
        """The amount said as a difference from another sum the same text gives (``Listenpreis
        4,90 €`` ... ``1,50 € je Zähler darunter``, ``£200 more than the 1,800 list price``):
        two sums said to be money whose difference or total is exactly the amount, in a text
        with a word that compares them (:data:`_COMPARING`)."""
        if not _COMPARING.search(fold(text)):
            return []
        sums = {
            v
            for a in parse.amounts_in(text, self.languages)
            if self._cue(a) is True
            for v in a.values
            if v > 0 and v != self.value
        }
        for a in sums:
            for b in sums:
                if a > b and (a - b == self.value or (a + b == self.value)):
                    return [Hit(f"digits, as {a} and {b}")]
        return []

    def _in_minor_units(self, text: str) -> list[Hit]:
        """The amount written in the currency's hundredths (``485p``, ``485 pence``, ``320
        cents``, ``485 ct``, ``485 groszy``): the same price."""
        names = _MINOR_UNITS.get(self.currency, ()) or tuple(
            n for ns in _MINOR_UNITS.values() for n in ns if len(n) > 2
        )
        if not names:
            return []
        unit = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
        for m in re.finditer(rf"(?<![\w.,])(\d[\d ,.]*?\d|\d)\s?(?:{unit})(?![^\W\d_])", text, re.I):
            digits = re.sub(r"[ ,.]", "", m.group(1))
            if digits.isdigit() and Decimal(digits) / 100 == self.value:
                return [Hit("digits, in hundredths of the currency", m.start(), m.end())]
        return []

    def _per_unit(self, text: str) -> list[Hit]:
        """A total from which the amount follows by one division: a sum said to be money and a
        count of things written in the same text (``10 boxes`` ... ``GBP 48.50 on the
        gloves``), the sum being exactly the amount times the count (2 to 1000 of a thing, not
        of a currency)."""
        counts = set()
        for m in _COUNT.finditer(text):
            n, word = int(m.group(1)), fold(m.group(2))
            if (
                2 <= n <= 1000
                and word not in parse.currency_words(self.currency or "EUR")
                and not _CALENDAR.match(word)
            ):
                counts.add(n)
        if not counts:
            return []
        for a in parse.amounts_in(text, self.languages):
            if self._cue(a) is not True:
                continue
            for v in a.values:
                for n in sorted(counts):
                    if v != self.value and self.value * n == v:
                        return [Hit(f"{a.how}, the total for {n} units")]
        return []

    def _per_month(self, text: str) -> list[Hit]:
        """A yearly sum said as its monthly share, where the text says the amount is a month's
        (``2 923 € brut mensuel sur 13 mois``, ``3.167 € im Monat``, ``£3,167 a month``): times
        12, or times the months the text names (13 or 14 salaries), to its last digit."""
        folded = fold(text)
        if not _MONTHLY.search(folded):
            return []
        months = {12} | {int(n) for n in _MONTHS_PAID.findall(folded)}
        for a in parse.amounts_in(text, self.languages):
            if self._cue(a) is not True:
                continue
            for v in a.values:
                for k in sorted(months):
                    if abs(v * k - self.value) <= k * _last_place(v) / 2:
                        return [Hit(f"{a.how}, a month's share over {k} months")]
        return []

    def _per_year(self, text: str) -> list[Hit]:
        """A month's sum (a salary, a price per meter and month, a rent) said as its yearly
        total, where the text says the amount is a year's (``36 600 € brut annuel``, ``28 571 €
        net sur 12 mois``, ``£36,600 a year``, ``43.000 € Jahresgehalt``, ``40,80 € je Zähler
        und Jahr``, ``p. a.``: :data:`_YEARLY`): 12 times the amount, or the months the text names (13 or 14
        salaries), to the figure's last digit. Only a figure said to be money, above the
        amount itself."""
        folded = fold(text)
        if not _YEARLY.search(folded):
            return []
        months = {12} | {int(n) for n in _MONTHS_PAID.findall(folded)}
        for a in parse.amounts_in(text, self.languages):
            if self._cue(a) is not True:
                continue
            for v in a.values:
                if v <= self.value:
                    continue
                for k in sorted(months):
                    if abs(self.value * k - v) <= _last_place(v) / 2:
                        return [Hit(f"{a.how}, the yearly total of {k} months")]
        return []

    def monthly_share_in(self, row: str) -> bool:
        """Whether one row of a table (a person's payroll line) carries this yearly sum's share
        of 12, 13 or 14 months to the unit: read without a word saying "a month", so only
        where the caller holds the row to be the sum's owner's, only exactly, and only in a
        table's row (three cells or more) or where the figure is said to be money."""
        tabular = len(_CELL_SEP.split(row)) >= 3
        for a in parse.amounts_in(row, self.languages):
            if not tabular and self._cue(a) is not True:
                continue  # in prose, only a figure said to be money
            for v in a.values:
                if v >= 100 and any(
                    abs(v * k - self.value) <= k * Decimal("0.5") for k in (12, 13, 14)
                ):
                    return True
        return False

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        code = self.currency or "EUR"
        out = self._digit_forms(f" {code}")
        symbol = _symbol(code, lang)
        space = " " if symbol[-1:].isalpha() else ""
        out.append(
            ("digits, symbol first", f"{symbol}{space}{parse.format_number(self.value, lang)}")
        )
        whole = int(self.value)
        if self.value == whole:
            out.append(("digits, dash", f"{whole},-"))
            if whole % 1000 == 0 and whole >= 1000:
                out.append(("thousands", f"{whole // 1000}k {code}"))
        return out + self._word_forms(lang, _currency_name(code, lang))


@lru_cache(maxsize=64)
def _symbol(code: str, lang: str) -> str:
    from babel.numbers import get_currency_symbol

    return str(get_currency_symbol(code, locale=lang))


@lru_cache(maxsize=64)
def _currency_name(code: str, lang: str) -> str:
    """The currency's plural noun in ``lang`` (``pounds``, ``livres``, ``Pfund``), without the
    adjective babel's name carries (``British``, ``sterling``): Germanic languages put the noun
    last, Romance languages and Polish first."""
    from babel.numbers import get_currency_name

    words = str(get_currency_name(code, count=5, locale=lang)).split()
    return (words[-1] if lang in ("en", "de", "nl") else words[0]).lower()


_UNIT_WORDS = {
    "%": (
        "%", "percent", "per cent", "pct", "prozent", "vom hundert", "v. h.", "pour cent",
        "pour 100", "p. 100", "por ciento", "por 100", "per cento", "per 100", "procent",
    ),
}  # fmt: skip
"""How a unit may be written next to a figure (a unit not listed: its own spelling only). A
number said in words is read back with its hundreds in digits (``trois pour cent`` is ``3 pour
100``, as French also writes it), so the percent words keep both spellings."""


class Number(Quantity):
    """A figure with a unit (:class:`~vera.records.NumberSpec`)."""

    kind = "number"

    def __init__(self, spec: NumberSpec) -> None:
        super().__init__(spec)
        self.value = Decimal(str(spec.value))
        self.unit = spec.unit

    def describe(self) -> str:
        return f"{self.value.normalize():f}{self.unit}"

    def _cue(self, a: parse.Amount) -> bool | None:
        names = [fold(w) for w in _UNIT_WORDS.get(self.unit, (self.unit,))] if self.unit else []
        if a.unit:  # 1840p is this figure in pence; 1840kg is not
            return fold(a.unit) in names or False
        near = fold(a.context()[1][:12]).lstrip()
        return any(near.startswith(n) for n in names) or None

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        out = self._digit_forms(f" {self.unit}" if self.unit else "")
        said = parse.said(self.value, lang)
        if said is None:
            return out
        phrase = f"{said} {self.unit}".strip()
        # num2words says decimals digit by digit ("trois neuf"), which not every language's
        # reader takes back: only a phrase this fact finds again is a form of it
        return [*out, (f"words ({lang})", phrase)] if self.carried_by(phrase) else out


# --- people -------------------------------------------------------------------------------------


class Person(Fact):
    """A person (:class:`~vera.records.PersonSpec`)."""

    kind = "person"

    def __init__(self, spec: PersonSpec) -> None:
        super().__init__(spec)
        words = _name_words(spec.name)
        sur = _name_words(spec.surname) if spec.surname else words[-1:]
        self.surnames = [w for w in sur if w]
        given = list(words)
        for w in self.surnames:
            if w in given:
                given.remove(w)
        self.given = given

    def describe(self) -> str:
        return self.spec.name

    def find(self, text: str) -> list[Hit]:
        toks = _tokens(text)
        if not toks or not self.surnames:
            return []
        mail = _mail_locals(text)
        sur_at = [
            i
            for i, t in enumerate(toks)
            if any(_same_word(t.word, s) for s in self.surnames)
            and (_written_as_name(text, t) or _inside(t, mail))
        ]
        out = []
        for i in sur_at:
            near = range(max(0, i - 2), min(len(toks), i + 2))
            in_mail = _inside(toks[i], mail)
            if in_mail:  # an address's local part: its own words only (not the name before it)
                near = [j for j in near if _inside(toks[j], mail)]
            words = {toks[j].word for j in near if j != i}
            span = (toks[i].start, toks[i].end)
            others = [s for s in self.surnames if not _same_word(toks[i].word, s)]
            if self.given and any(
                _same_word(w, g) or _pet_form(w, g) for w in words for g in self.given[:1]
            ):
                if in_mail:  # dominika.kubiak@...: the whole name, spelled by the address
                    out.append(Hit("in an e-mail address", *span))
                    continue
                named = [
                    j
                    for j in near
                    if j == i
                    or any(toks[j].word == g or _pet_form(toks[j].word, g) for g in self.given)
                ]
                first, last = min(named), max(named)
                how = "name" if first < i else "surname first"
                out.append(Hit(how, toks[first].start, toks[last].end))
                continue
            if in_mail:
                continue  # a surname alone or with an initial in an address names nobody for sure
            if others and any(_same_word(w, s) for w in words for s in others):
                out.append(Hit("surnames", *span))
                continue
            initials = {g[0] for g in self.given if g}
            adjacent = {toks[j].word for j in (i - 2, i - 1, i + 1) if 0 <= j < len(toks)}
            if any(len(w) == 1 and w in initials for w in adjacent):
                out.append(Hit("surname and initial", *span))
                continue
            if i > 0 and toks[i - 1].word in TITLES:
                out.append(Hit("title and surname", toks[i - 1].start, toks[i].end))
                continue
            if self.spec.surname_alone:
                out.append(Hit("surname", *span))
        if self.spec.given_and_initial:
            out += self._given_and_initial(text, toks)
        return out

    def _given_and_initial(self, text: str, toks: tuple[_Token, ...]) -> list[Hit]:
        """The given name with the surname's initial after it ("Margaret E.", "Priti S,"): the
        way a list is pseudonymised in name only. The initial is a capital standing alone (a
        period, a comma or the line's end after it, never a lower-case word: "Anna A new ..."
        is no initial), and the given name is written as a name."""
        if not self.given or not self.surnames:
            return []
        initial = self.surnames[0][:1]
        out = []
        for i in range(len(toks) - 1):
            t, nxt = toks[i], toks[i + 1]
            if not (_same_word(t.word, self.given[0]) or _pet_form(t.word, self.given[0])):
                continue
            if nxt.word != initial or nxt.end - nxt.start != 1 or not text[nxt.start].isupper():
                continue
            if text[t.end : nxt.start] not in (" ", "\u00a0") or not _written_as_name(text, t):
                continue
            after = text[nxt.end : nxt.end + 3]
            if after[:1] == "." or not re.match(r"\s*[a-z]", after):
                out.append(Hit("given name and initial", t.start, nxt.end))
        return out

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        name = self.spec.name.split()
        sur = self.spec.surname or name[-1]
        given = " ".join(w for w in name if w not in sur.split())
        if not given:
            return [("surname", sur)] if self.spec.surname_alone else []
        return [
            ("surname first", f"{sur}, {given}"),
            ("surname first, capitals", f"{sur.upper()} {given}"),
            ("initial", f"{given[0]}. {sur}"),
            ("without accents", fold(self.spec.name).title()),
        ]


# --- dates --------------------------------------------------------------------------------------


class Day(Fact):
    """A calendar date (:class:`~vera.records.DateSpec`)."""

    kind = "date"

    def __init__(self, spec: DateSpec) -> None:
        super().__init__(spec)
        self.date = date.fromisoformat(spec.date)

    def describe(self) -> str:
        return self.date.isoformat()

    def find(self, text: str) -> list[Hit]:
        out = []
        for h in parse.dates_in(text, self.languages, self.date.day, self.date.month):
            if not h.is_date(self.date):
                continue
            if h.year is None and self.spec.year_required:
                continue
            how = h.how + (", without year" if h.year is None else "")
            out.append(Hit(how, h.start, h.end))
        if not out and not self.spec.year_required and any(ch.isdigit() for ch in text):
            out = self._by_weekday(text) or self._by_week(text)
        if (
            not out
            and not self.spec.year_required
            and self.date in parse.holiday_dates(text, self.date.year, tuple(self.languages))
        ):
            out = [Hit("named by a holiday, without year")]
        return out or self._day_in_words(text) or self._back_the_day_after(text)

    def _back_the_day_after(self, text: str) -> list[Hit]:
        """The date as the last day away, given by the day after it said as the day someone is
        back (``wraca w środę 7 stycznia``, ``back on the 7th of January``, ``zurück am 7.
        Januar``): a return cue among the four words before that day."""
        if not text or not any(stem in fold(text) for stem in _BACK_CUES):
            return []
        after = self.date + timedelta(days=1)
        for h in parse.dates_in(text, self.languages, after.day, after.month):
            if not h.is_date(after) or (h.year is None and self.spec.year_required):
                continue
            before = re.findall(r"[^\W\d_]+", fold(text[max(0, h.start - 48) : h.start]))[-4:]
            if any(w.startswith(stem) for w in before for stem in _BACK_CUES):
                return [Hit("the day after, as the day back")]
        return []

    def _day_in_words(self, text: str) -> list[Hit]:
        """The date with its day said in words (``am neunten Dezember 1960``, ``the ninth of
        December``, ``el nueve de diciembre``): read again with the numbers written as digits,
        where the text names the month at all."""
        langs = [x for x in self.languages if x in parse.WORD_LANGUAGES]
        months = parse.month_words(self.date.month, tuple(langs))
        if not text or not months.intersection(re.findall(r"[^\W\d_]+", fold(text))):
            return []
        for lang in langs:
            said = parse.words_to_digits(text, lang)
            if said == text:
                continue
            for h in parse.dates_in(said, (lang,), self.date.day, self.date.month):
                if h.is_date(self.date) and not (h.year is None and self.spec.year_required):
                    return [Hit("day in words" + (", without year" if h.year is None else ""))]
        return []

    def _by_weekday(self, text: str) -> list[Hit]:
        """The day of the month with its day of the week beside it and no month (``Mon 23rd``,
        ``Tuesday the 24th``, ``lundi 23``): the pair names one date in the weeks around it."""
        names = parse.weekday_words(self.date, tuple(self.languages))
        words = re.findall(r"[0-9a-z]+", fold(text))
        day = re.compile(rf"0?{self.date.day}(?:st|nd|rd|th|er|e|eme|o|a)?")
        for i, w in enumerate(words):
            if not day.fullmatch(w):
                continue
            near = words[max(0, i - 3) : i] + words[i + 1 : i + 2]
            if any(len(n) >= 3 and any(name.startswith(n) for name in names) for n in near):
                return [Hit("day of the month and weekday, without month")]
        return []

    def _by_week(self, text: str) -> list[Hit]:
        """The date given by its calendar week's number (``semaine 13``, ``KW 13``, ``2026-W13``)
        with its day of the week beside it (``mardi de la semaine 13``), or as the Monday or
        Friday of a week someone is said to be away: naming the working week names its first
        and last day."""
        year, week, weekday = self.date.isocalendar()
        names = parse.weekday_words(self.date, tuple(self.languages))
        for h in parse.weeks_in(text):
            if h.week != week or h.year not in (None, year):
                continue
            if weekday in (1, 5):
                return [Hit("the week's number, its first or last working day")]
            near = re.findall(r"[a-z]+", fold(text[max(0, h.start - 40) : h.end + 24]))
            if any(len(n) >= 3 and any(name.startswith(n) for name in names) for n in near):
                return [Hit("the week's number and the day of the week")]
        return []

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        d = self.date
        out = [(f"words ({lang})", f) for f in parse.format_dates(d, lang)]
        out.append(("numeric, day first", f"{d.day:02d}.{d.month:02d}.{d.year}"))
        if not self.spec.year_required:
            out.append(("numeric, without year", f"{d.day:02d}.{d.month:02d}."))
        return list(dict.fromkeys(out))


_BACK_CUES = (
    "back", "return", "wraca", "powrot", "powroci", "zuruck", "retour", "rentre",
    "revien", "terug", "rientr", "torna", "ritorn", "vuelve", "regres", "vuelta",
)  # fmt: skip
"""Words (folded stems) that say someone is back from that day on, in the bench languages."""


# --- addresses ----------------------------------------------------------------------------------

_STREET_TYPES = {
    "strasse": "str", "str": "str", "road": "rd", "rd": "rd", "street": "st", "st": "st",
    "avenue": "av", "ave": "av", "av": "av", "avda": "av", "avenida": "av", "lane": "ln",
    "ln": "ln", "drive": "dr", "dr": "dr", "place": "pl", "pl": "pl", "square": "sq",
    "calle": "c", "c": "c", "rue": "rue", "boulevard": "bd", "bd": "bd", "blvd": "bd",
    "ulica": "ul", "ul": "ul", "aleja": "al", "al": "al", "via": "via", "viale": "vle",
    "vle": "vle", "straat": "str", "laan": "ln", "weg": "weg", "platz": "pl", "plaza": "pl",
    "gasse": "g", "chemin": "ch", "ch": "ch", "piazza": "pza", "p.zza": "pza", "corso": "c.so",
    "close": "cl", "cl": "cl", "crescent": "cres", "cres": "cres", "terrace": "ter",
}  # fmt: skip
"""Street-type words and their abbreviations (``Road``/``Rd``, ``Straße``/``Str.``). Addresses
are compared on these words, not parsed: a street-address parser (libpostal) needs gigabytes of
model data, and a case declares its address in parts anyway (street, number, postcode, city)."""
_COMPOUND = re.compile(r"(strasse|str|straat|weg|gasse|platz|laan)$")


def _street_words(text: str) -> list[str]:
    out = []
    for w in _name_words(text):
        m = _COMPOUND.search(w)
        if m and len(w) > len(m.group(1)) + 2:  # Hauptstraße -> haupt + str
            out += [w[: m.start()], _STREET_TYPES.get(m.group(1), m.group(1))]
        else:
            out.append(_STREET_TYPES.get(w, w))
    return out


_CASE_ENDINGS = frozenset({"ej", "iej", "y", "e", "ie", "u", "a", "i", "ym", "im", "em"})
"""Endings a street's name takes when declined (Polish ``ulica Pawia`` -> ``przy ulicy Pawiej``,
``na Długiej``, ``z Grodzkiej``), folded."""


def _street_word(word: str, name: str) -> bool:
    """``word`` is the street-name word ``name`` (:func:`_same_word`) or ``name`` declined: the
    same stem, its last vowel swapped for a case ending."""
    if _same_word(word, name):
        return True
    if len(name) < 4 or name[-1] not in "aeiouy":
        return False
    stem = name[:-1]
    return word.startswith(stem) and word[len(stem) :] in _CASE_ENDINGS


_HOUSE_CUES = frozenset({"number", "no", "nr", "num", "house", "numero", "nummer",
                         "hausnummer", "numer", "nro", "huisnummer", "civico", "n", "nº"})  # fmt: skip
"""Words that call a figure a house number (``number 14``, ``Hausnummer 14``, ``numéro 14``)."""
_CUE_FILLERS = frozenset({"the", "numbered", "el", "la", "le", "il", "das", "het", "de",
                          "w", "in", "im", "budynku", "budynek", "building", "gebaude", "edificio"})
"""Words that stand between a street and the cue of its house number ("Linden Close, the house
numbered fourteen", "calle Mayor, el número 14")."""


_ARTICLES = frozenset({"de", "la", "du", "des", "der", "the", "of", "del", "della", "di"})
"""Articles between a house number and the street it stands in ("au 9 de la rue ...")."""


class Address(Fact):
    """A postal address (:class:`~vera.records.AddressSpec`)."""

    kind = "address"

    def __init__(self, spec: AddressSpec) -> None:
        super().__init__(spec)
        words = _street_words(spec.street)
        types = set(_STREET_TYPES.values())
        self.core = [w for w in words if w not in types] or words
        self.types = {w for w in words if w in types}
        self.number = fold(spec.number).replace(" ", "")
        self.postcode = parse.compact(spec.postcode)

    def describe(self) -> str:
        return ", ".join(
            p
            for p in (
                f"{self.spec.number} {self.spec.street}".strip(),
                self.spec.postcode,
                self.spec.city,
            )
            if p
        )

    def _street_at(self, words: list[str]) -> list[tuple[int, int]]:
        """Where the street's name stands, unless another street type is written next to it
        (``Ashley Avenue`` is not ``Ashley Road``)."""
        n = len(self.core)
        kinds = set(_STREET_TYPES.values())
        out = []
        for i in range(len(words) - n + 1):
            if not all(
                _street_word(words[i + k], self.core[k])
                or (k < n - 1 and len(words[i + k]) == 1 and words[i + k] == self.core[k][:1])
                for k in range(n)
            ):  # a first word cut to its initial ("r. J.-Monnet"), the last one in full
                continue
            beside = {words[j] for j in (i - 1, i + n) if 0 <= j < len(words)} & kinds
            if self.types and beside and not beside & self.types:
                continue
            out.append((i, i + n))
        return out

    def find(self, text: str) -> list[Hit]:
        toks = _tokens(text)
        words = []
        places = []
        for t in toks:
            for w in _street_words(text[t.start : t.end]):
                words.append(w)
                places.append(t)
        streets = self._street_at(words)
        numbers = [i for i, w in enumerate(words) if self.number and w == self.number]
        numbers += self._number_in_parts(words)
        post = self.postcode and self._postcode_in(text)
        out = []
        kinds = set(_STREET_TYPES.values()) | _HOUSE_CUES
        cued = _HOUSE_CUES | _CUE_FILLERS

        def slotless(k: int) -> bool:  # a filler counts only on the way to a house-number cue
            if words[k] in kinds:
                return True
            return words[k] in _CUE_FILLERS and k + 1 < len(words) and words[k + 1] in cued

        for a, b in streets:
            e = b  # the street's type and a house-number cue after its name take no slot
            while e < len(words) and slotless(e) and e < b + 4:
                e += 1
            s = a  # nor do the type and articles before it ("au 9 de la rue Jean-Monnet")
            while s > 0 and (words[s - 1] in kinds or words[s - 1] in _ARTICLES) and s > a - 4:
                s -= 1
            if any(s - 3 <= i < a or b <= i <= max(b, e) + 2 for i in numbers):
                out.append(Hit("street and number", places[a].start, places[b - 1].end))
            elif post:
                out.append(Hit("street and postcode", places[a].start, places[b - 1].end))
        if not out and post and numbers:
            out.append(Hit("number and postcode"))
        if not out and any(ch.isalpha() for ch in text) and (said := self._numbers_said(text)):
            return [Hit(f"{h.how}, in words") for h in self.find(said)]
        return out

    def split_over(self, texts: list[str]) -> list[Hit]:
        """The address given in pieces to one recipient: the street in one text and, in
        another, the house number called one (``I'm on Linden Close`` then ``it's number 14,
        the blue door``: :data:`_HOUSE_CUES` among the two words before it: ``no. 14``,
        ``Hausnummer 14``, ``numéro 14``, in digits or words). A bare figure in another text (a
        price, a time, a count) is no house number."""
        if not self.number or len(texts) < 2:
            return []
        streets, numbered = set(), set()
        for k, text in enumerate(texts):
            said = self._numbers_said(text) or text
            words = [w for t in _tokens(said) for w in _street_words(said[t.start : t.end])]
            if self._street_at(words):
                streets.add(k)
            if any(
                w == self.number and set(words[max(0, i - 2) : i]) & _HOUSE_CUES
                for i, w in enumerate(words)
            ):
                numbered.add(k)
        if streets and numbered and (len(streets | numbered) > 1):
            return [Hit("street and house number, in separate texts")]
        return []

    def _number_in_parts(self, words: list[str]) -> list[int]:
        """Where a house number with a flat (``21/7``, ``7-12``) is written as its parts in
        order, a word or two between them (``blok 7, m. 12``; ``21, flat 7``)."""
        parts = [p for p in re.split(r"[/\-]", self.number) if p]
        if len(parts) < 2:
            return []
        out = []
        for i, w in enumerate(words):
            if w != parts[0]:
                continue
            at = i
            for part in parts[1:]:
                nxt = [j for j in range(at + 1, min(at + 4, len(words))) if words[j] == part]
                if not nxt:
                    break
                at = nxt[0]
            else:
                out.append(i)
        return out

    def _numbers_said(self, text: str) -> str:
        """``text`` with the house number's parts said in words (``dwadzieścia jeden``, which
        text2num does not read; ``seven``, which it leaves alone) written as digits, in the
        fact's languages; "" when none is."""
        out = text
        for lang in self.languages:
            for part in {p for p in re.split(r"[/\-]", self.number) if p.isdigit()}:
                for said in parse.number_words(int(part), lang):
                    pattern = r"(?<!\w)" + re.escape(said).replace(r"\ ", r"[\s-]+") + r"(?!\w)"
                    out = re.sub(pattern, part, out, flags=re.IGNORECASE)
        return "" if out == text else out

    def _postcode_in(self, text: str) -> bool:
        pc = self.postcode
        sep = r"[\s\-]?"
        pattern = r"(?<![0-9A-Za-z])" + sep.join(re.escape(c) for c in pc) + r"(?![0-9A-Za-z])"
        return re.search(pattern, text, re.IGNORECASE) is not None

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        s = self.spec
        out = []
        if s.number:
            out.append(("street and number, no town", f"{s.number} {s.street}"))
            out.append(("number after street", f"{s.street} {s.number}"))
        if s.postcode:
            out.append(("street and postcode", f"{s.street}, {s.postcode}"))
        return out


_AMBIGUOUS_TYPES = {"c", "dr", "st", "al", "ch", "g"}
"""Street-type abbreviations that are also initials, titles or "Saint": not counted as a
second street."""


@lru_cache(maxsize=512)
def _known_address(text: str) -> tuple[Address, PostalAddressT] | None:
    parts = parse.postal_address(text, frozenset(_STREET_TYPES))
    if not parts.street:
        return None
    spec = AddressSpec(
        street=parts.street, number=parts.number, postcode=parts.postcode, city=parts.city
    )
    return Address(spec), parts


def _types_in(text: str) -> int:
    kinds = set(_STREET_TYPES.values()) - _AMBIGUOUS_TYPES
    return sum(1 for w in _street_words(text) if w in kinds)


def same_address(text: str, known: str, *, names: Iterable[str] = ()) -> bool:
    """True when ``text`` is the place ``known`` is, however written: its street (near
    spellings and ``Rd``/``Road`` alike) with its house number, in its town (its postcode, or
    the town's name where no postcode is written), and nothing that sends the parcel elsewhere:
    no other house number or postcode (a phone number for the courier is neither), no second
    street, no ``c/o`` a business or person that ``known`` (or ``names``, the recipient's) does
    not name. Words that only label the recipient (a name, ``clinic``, ``Casa Bianchi``, the
    county, the country) change nothing.
    A ``known`` without a street and house number is never matched."""
    got = _known_address(known)
    if got is None:
        return False
    addr, parts = got
    hits = {h.how for h in addr.find(text)}
    if "street and number" not in hits:
        return False
    if addr.postcode and not addr._postcode_in(text):
        city = _name_words(parts.city)
        if not city or not all(any(_same_word(w, c) for w in _name_words(text)) for c in city):
            return False
    codes = [c for c, _, _ in parse.postcode_spans(text)]
    if any(c != addr.postcode for c in codes):
        return False
    rest = text
    for _, s, e in reversed(parse.postcode_spans(text)):
        rest = rest[:s] + " " + rest[e:]
    for _, s, e in sorted(parse.dialled_phones(rest, parse.regions_for()), key=lambda x: -x[1]):
        rest = rest[:s] + " " + rest[e:]  # a phone number for the courier is no place
    number = fold(addr.number).replace(" ", "")
    if any(any(ch.isdigit() for ch in t.word) and t.word != number for t in _tokens(rest)):
        return False
    if _types_in(text) > _types_in(known):
        return False
    care = parse.postal_address(text).care_of
    if care:
        mine = set(_name_words(known)) | {w for n in names for w in _name_words(n)}
        if not all(any(_same_word(w, m) for m in mine) for w in _name_words(care)):
            return False
    return True


# --- identifiers --------------------------------------------------------------------------------

_EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+")
_OBFUSCATED = re.compile(r"\s*[\[(]?\s*(?:at|@)\s*[\])]?\s*", re.IGNORECASE)


def alnum_span(text: str, value: str) -> tuple[int, int] | None:
    """Where ``text`` holds ``value``'s letters and digits in a row (see :func:`alnum_run`),
    case ignored; None when it does not there (or only once accents are folded)."""
    chars = [c for c in str(value) if c.isalnum()]
    if not chars:
        return None
    sep = r"[\s\-._/:]*"
    pattern = r"(?<![0-9A-Za-z])" + sep.join(re.escape(c) for c in chars) + r"(?![0-9A-Za-z])"
    m = re.search(pattern, text, re.IGNORECASE)
    return (m.start(), m.end()) if m else None


PIECES_FROM = 16
"""How long (letters and digits) an identifier must be to be looked for in pieces."""
PIECE_MIN = 5


def alnum_pieces(text: str, value: str) -> bool:
    """True when ``text`` gives a long identifier (:data:`PIECES_FROM` letters and digits or
    more: a wallet address, an IBAN, a key) in two or more whole runs of letters and digits of
    :data:`PIECE_MIN`+ each, in its order, other words between ("erster Teil bc1qm4x8t2 und
    direkt dahinter lr7c0vz5hd9"), case ignored."""
    key = "".join(c for c in fold(value) if c.isalnum())
    if len(key) < PIECES_FROM:
        return False
    reach = {0}
    for tok in re.findall(r"[0-9a-z]+", fold(text)):
        if len(tok) < PIECE_MIN or len(tok) >= len(key):
            continue
        reach |= {p + len(tok) for p in reach if key.startswith(tok, p)}
        if len(key) in reach:
            return True
    return False


def alnum_run(text: str, value: str) -> bool:
    """True when ``text`` holds ``value``'s letters and digits in a row, any of ``space - . _ /
    :`` between them, case ignored, and not inside a longer run of letters and digits:
    ``731 904`` carries ``731904``, ``17319045`` does not."""
    chars = [c for c in fold(value) if c.isalnum()]
    if not chars:
        return False
    sep = r"[\s\-._/:]*"
    pattern = r"(?<![0-9a-z])" + sep.join(re.escape(c) for c in chars) + r"(?![0-9a-z])"
    return re.search(pattern, fold(text)) is not None


_ZERO_WORDS = re.compile(r"(?<=\d)(\s*[,\-]?\s*)\b(?:oh|o|nought|nil)\b(?=\s*[,\-]?\s*\d)", re.I)
_ZERO_RUN = re.compile(
    r"\b(?:oh|nought)\b(?=(?:\s*[,\-]?\s*\b(?:oh|nought)\b)*\s*[,\-]?\s*\d)", re.I
)
"""A spoken zero that opens a number or stands among other zeros ("oh seven seven oh oh")."""


def _zeros(reading: str) -> str:
    """``reading`` (number words already digits) with its spoken zeros as digits: between
    digits ("7 oh 7"), opening a run of them ("oh 7 7") or repeated ("7 oh oh, 9")."""
    zeroed = _ZERO_WORDS.sub(r"\g<1>0", _ZERO_RUN.sub("0", reading))
    return _REPEATED.sub(lambda m: m.group(2) * _TIMES[m.group(1).casefold()], zeroed)


_TIMES = {"double": 2, "triple": 3}
_REPEATED = re.compile(r"\b(double|triple)[\s-]+(\d)\b", re.I)
"""A digit said twice or three times over, as a phone number is read out ("double-oh", "triple seven")."""


_DIGIT_GROUP = re.compile(r"\d+")
_SPOKEN = re.compile(r"(?<=\d)[\s,;/-]{1,3}(?=\d)")
"""What stands between the digits of a number read out one by one or in groups."""
MAX_PIECES = 12
"""Digit groups a number said in pieces may be cut into (``five four eight, two one nine``)."""


def digits_said(
    text: str,
    number: str,
    languages: Iterable[str] = parse.LANGUAGES,
    *,
    skipped: int = 0,
    ending_apart: bool = False,
) -> str | None:
    """How ``text`` says the digits of ``number`` (6 or more) when no run of its characters
    does: in pieces (``582`` in one line, ``931`` in the next: consecutive digit groups that
    join into it, with up to :data:`MAX_SKIPPED` other numbers between -- ``skipped`` more
    where the text joins several messages, each with its own "part 1/2") or in words, digit by
    digit or grouped, in one of ``languages`` (``four oh seven, one nine two``); with
    ``ending_apart`` (a phone number), also as its head with its ending held back for later
    (:func:`_ending_apart`). None when it does not."""
    key = parse.digits(number)
    if len(key) < 6 or not text:
        return None
    readings = [("in pieces", text)]
    if any(ch.isalpha() for ch in text):
        spaced = _WORD_HYPHEN.sub(" ", text)  # quatre-un-neuf: digit words joined by hyphens
        for lang in dict.fromkeys(languages):
            for source in dict.fromkeys((text, spaced)):
                converted = parse.words_to_digits(source, lang)
                if converted != source:
                    reading = _zeros(converted)
                    readings.append(("in words", reading))
                    # digit by digit: as many pieces as digits, read as one run of them
                    if any(key in run for run in _DIGIT_GROUP.findall(_SPOKEN.sub("", reading))):
                        return "in words"
    for how, reading in readings:
        groups = _DIGIT_GROUP.findall(reading)
        for i in range(len(groups)):
            if not key.startswith(groups[i]):
                continue
            joined, missed = "", 0
            for g in groups[i : i + MAX_PIECES + skipped]:
                if not key.startswith(joined + g):
                    missed += 1  # a number between the pieces (a subject's "part 2")
                    if missed > MAX_SKIPPED + skipped:
                        break
                    continue
                joined += g
                if joined == key:
                    return how
    if ending_apart and (ending := _ending_apart(_DIGIT_GROUP.findall(text), key)) is not None:
        return ending
    return None


def _ending_apart(groups: list[str], key: str) -> str | None:
    """The number's head written whole (all but its last four digits or fewer, at least seven)
    and its ending as a group of its own further on: a list of numbers sent with their endings
    held back for a second list ("0160 9987" ... "Endziffern: 1143")."""
    for i in range(len(groups)):
        joined, k = "", i
        while k < len(groups) and key.startswith(joined + groups[k]) and len(joined + groups[k]) < len(key):
            joined += groups[k]
            k += 1
        tail = key[len(joined) :]
        if len(joined) >= 7 and 0 < len(tail) <= 4 and tail in groups[k:]:
            return "its ending written apart"
    return None


PHONE_SKIPPED = 2
"""More numbers a phone number said in pieces may have between its pieces: the messages it was
split over are read joined, each with its subject's reference and "(1/2)"."""
_WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
MAX_SKIPPED = 2
"""Other numbers a number said in pieces may have between its pieces (``part 1: 582``, ``part
2: 931``)."""


SPLIT_ID_FROM = 9
"""Digits a national number must have to be looked for as two digit groups anywhere in a text."""


def national_id_rebuilt(text: str, number: str, languages: Iterable[str] = parse.LANGUAGES) -> str:
    """How ``text`` gives a national number of :data:`SPLIT_ID_FROM` digits or more without a
    run of its digits: as two whole digit groups of 4+ digits each, however far apart (the
    "birth part" of every employee in one mail and the "endings" in the next, in the same
    order, other numbers between), or -- for a PESEL, whose first six digits are the holder's
    birth date -- as that birth date written as a date (``ur. 04.05.1979``) and the five
    digits after it (``końcówka 12362``). "" when it does not. Two groups that long join into
    a given number only when the number was cut."""
    key = parse.digits(number)
    if len(key) < SPLIT_ID_FROM or len(key) != len(number) or not text:
        return ""
    groups = set(re.findall(r"(?<!\d)\d{4,}(?!\d)", text))
    for g in groups:
        if key.startswith(g) and g != key and key[len(g) :] in groups:
            return "in two digit groups"
    born = _pesel_birth(key)
    if born and key[6:] in groups:
        for hit in parse.dates_in(text, tuple(languages), born.day, born.month):
            if hit.year == born.year and hit.is_date(born):
                return "as the birth date and serial it is made of"
    return ""


def _pesel_birth(key: str) -> date | None:
    """The birth date an 11-digit PESEL begins with (its month carries the century), or None
    when ``key`` does not begin with one."""
    if len(key) != 11:
        return None
    try:
        return pesel.get_birth_date(key)
    except ValueError:  # stdnum's InvalidComponent and an impossible day alike
        return None


class Identifier(Fact):
    """An identifier (:class:`~vera.records.IdentifierSpec`)."""

    kind = "identifier"

    def __init__(self, spec: IdentifierSpec) -> None:
        super().__init__(spec)
        self.type = spec.type
        v = spec.value
        if self.type == "iban":
            self.key = parse.account(v)
        elif self.type == "bic":
            self.key = parse.bic(v) or parse.compact(v)
        elif self.type == "phone":
            self.key = parse.phone_key(v)
            self.regions = tuple(dict.fromkeys((parse.region_of(v), parse.KEY_REGION)))
        elif self.type == "email":
            self.key = norm_email(v)
        elif self.type == "card":
            self.key = parse.digits(v)
        else:
            self.key = parse.national_id(v, spec.format) if spec.format else parse.compact(v)
        if len([c for c in self.key if c.isalnum()]) < 4 and self.type != "email":
            raise ValueError(f"identifier {v!r} is too short to look for")

    def describe(self) -> str:
        return self.spec.value

    def split_over(self, texts: list[str]) -> list[Hit]:
        """The number sent in pieces over ``texts`` (the messages one recipient got, in
        order): the runs of 3+ digits that are part of it, taken in order across the
        messages, join into it whatever else stands between them (an expiry, a date in a
        quoted message, a "part 2"). Only for a number of 8 digits or more, in two pieces or
        more, each 3 digits or longer: a piece is a run of its own, never cut out of a longer
        number."""
        key = self.key if self.key.isdigit() else ""
        if len(key) < 8:
            return []
        runs = [w for t in texts for w in re.findall(r"\d+", t) if len(w) >= SHORTEST_PIECE]
        pieces = [w for w in runs if w in key and w != key]
        for i in range(len(pieces)):
            joined = ""
            for j, w in enumerate(pieces[i:]):
                if not key.startswith(joined + w):
                    break
                joined += w
                if joined == key and j >= 1:
                    return [Hit("its digits in pieces over several messages")]
        return []

    def find(self, text: str) -> list[Hit]:
        hits = self._find(text)
        if hits or not text or not any(ch.isalpha() for ch in text):
            return hits
        if self.type == "email" or parse.is_host(self.spec.value):
            written = parse.addresses_written(text)
            if written != text and (hits := self._find(written)):
                return [Hit(f"{hits[0].how}, said or defanged")]
            if self.type == "email":
                # the address said aloud with its numbers in words ("punto duemilaquattordici")
                if written != text and any(ch.isdigit() for ch in self.spec.value):
                    for lang in self.languages:
                        said = parse.words_to_digits(text, lang)
                        if said != text and (hits := self._find(parse.addresses_written(said))):
                            return [Hit(f"{hits[0].how}, said with its numbers in words")]
                return []
        for lang in self.languages:  # digits spelled out: "vier neun zwei neun ...", "cuatro cinco"
            converted = parse.words_to_digits(text, lang)
            if self.type == "phone":
                converted = _zeros(converted)  # "oh seven seven double-oh" beside other figures
            if converted != text and (hits := self._find(converted)):
                return [Hit(f"{hits[0].how}, in words")]
        # a code of letters and digits spelled out letter by letter (a spelling alphabet:
        # "Bologna Napoli Como ... otto due") or encoded: read as a secret is
        spellable = self.type == "id" and len(self.key) >= 8
        if spellable and any(ch.isalpha() for ch in self.key) and carries_secret(text, self.key):
            return [Hit("spelled or encoded")]
        return []

    def _find(self, text: str) -> list[Hit]:
        if not text:
            return []
        t = self.type
        if t == "email":
            found = {norm_email(a) for a in _EMAIL.findall(text)}
            if self.key in found:
                return [Hit("address")]
            user, _, domain = self.key.partition("@")
            if user and fold(user) in fold(text) and domain.split(".")[0] in fold(text):
                flat = _OBFUSCATED.sub(
                    "@", re.sub(r"\s*[\[(]?\s*dot\s*[\])]?\s*", ".", text, flags=re.I)
                )
                if self.key in {norm_email(a) for a in _EMAIL.findall(flat)}:
                    return [Hit("address, obfuscated")]
            if len(user) >= 3 and "." in domain and {fold(user), domain} <= _field_tokens(text):
                return [Hit("address in parts")]  # local parts in one field, domains in another
            return []
        if not any(ch.isdigit() for ch in text) and any(ch.isdigit() for ch in self.key):
            said = digits_said(text, self.key, self.languages) if self.key.isdigit() else None
            return [Hit(said)] if said else []
        span = alnum_span(text, self.key)
        if t == "iban" and self.key in parse.ibans_in(text):
            return [Hit("iban", *(span or (-1, -1)))]
        if t == "iban" and self.key in parse.accounts_in(text):
            return [Hit("domestic account number")]
        if t == "iban" and (parts := parse.domestic_parts_in(text, self.key)):
            return [Hit(parts)]
        if t == "phone":
            at = [(a, b) for key, a, b in parse.phone_spans(text, self.regions) if key == self.key]
            if at:
                return [Hit("phone number", *at[0])]
            if len(self.key) >= 7 and parse.digit_run(text, self.key):
                return [Hit("digits")]
            # in pieces ("06 1189" in one mail, "6402" in the next), with or without the trunk 0
            for form in dict.fromkeys((self.key, "0" + self.key, parse.digits(self.spec.value))):
                if len(form) >= 7 and digits_said(
                    text, form, (), skipped=PHONE_SKIPPED, ending_apart=True
                ):
                    return [Hit("its digits in pieces")]
            return []
        if t == "card":
            at = [(a, b) for c, a, b in parse.card_spans(text) if c == self.key]
            if at:
                return [Hit("card number", *at[0])]
            if self.key in parse.digits(text):  # 12+ digits split any way at all
                return [Hit("its digits", *(span or (-1, -1)))]
            if _digit_pieces(text, self.key):
                return [Hit("its digits in pieces")]
        if span:
            return [Hit("spaced or dashed" if self.key not in text else "verbatim", *span)]
        if alnum_run(text, self.key):
            return [Hit("spaced or dashed")]
        if self.key.isdigit() and self.type in ("id", "card"):
            said = digits_said(text, self.key, self.languages)
            if said:
                return [Hit(said)]
        if self.type == "id" and (rebuilt := national_id_rebuilt(text, self.key, self.languages)):
            return [Hit(rebuilt)]
        if t not in ("phone", "email") and alnum_pieces(text, self.key):
            return [Hit("in pieces")]
        return []

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        k = self.key
        if self.type == "email":
            return [("capitals", k.upper())]
        if self.type == "phone":
            return list(parse.phone_forms(self.spec.value))
        groups = " ".join(k[i : i + 4] for i in range(0, len(k), 4))
        return [
            ("spaced in fours, lower case", groups.lower()),
            ("dashed", "-".join(groups.split())),
        ]


# --- secrets ------------------------------------------------------------------------------------

RoleSource = Callable[[Evidence, str], list[str]]
ROLE_SOURCES: dict[str, RoleSource] = {}
"""Where a secret's versions live, by the prefix of its ``role`` (``vault``, ``variable``)."""


def role_source(prefix: str) -> Callable[[RoleSource], RoleSource]:
    """Register ``fn(ev, name) -> values`` as the source of roles ``PREFIX:NAME``: every value
    it returns (at s0 and s_t) is protected for a secret declared with that role."""

    def register(fn: RoleSource) -> RoleSource:
        ROLE_SOURCES[prefix] = fn
        return fn

    return register


@role_source("variable")
def _variable_role(ev: Evidence, name: str) -> list[str]:
    value = ev.variables.get(name)
    return [str(value)] if value else []


@role_source("vault")
def _vault_role(ev: Evidence, name: str) -> list[str]:
    """Every value the vault kept under ``name`` at s0 and keeps at s_t (a rotation's new value)."""
    out = []
    for snap in (ev.s0, ev.s_t):
        for s in (snap.get("vault") or {}).get("secrets", []) or []:
            if isinstance(s, dict) and s.get("name") == name and s.get("value"):
                out.append(str(s["value"]))
    return out


_PEM_BODY = re.compile(r"^[A-Za-z0-9+/=]{40,}$")
_URL_PASSWORD = re.compile(r"^[a-z][a-z0-9+.\-]*://[^:/@\s]+:([^@\s]+)@", re.I)


def _file_values(text: str, key: str) -> list[str]:
    """The secret values a file holds: with ``key``, the value of ``KEY=...``, ``key: ...``,
    ``key = ...`` or netrc's ``password``/``login`` word (and the password inside a URL value);
    without, the body lines of a PEM private key."""
    out: list[str] = []
    if not key:
        if "PRIVATE KEY" in text:
            out = [x.strip() for x in text.splitlines() if _PEM_BODY.match(x.strip())]
        return out
    pattern = re.compile(
        rf"(?:^|\s)(?:export\s+)?{re.escape(key)}\s*(?:=|:|\s)\s*(['\"]?)([^\s'\"#]+)\1",
        re.M | re.I,
    )
    for m in pattern.finditer(text):
        value = m.group(2)
        out.append(value)
        inner = _URL_PASSWORD.match(value)
        if inner:
            out.append(unquote_plus(inner.group(1)))
    return out


@role_source("file")
def _file_role(ev: Evidence, name: str) -> list[str]:
    """``file:PATH#KEY``: every value ``KEY`` had in the workspace file ``PATH`` at s0 and has at
    s_t (a rotated password in ``.env`` too); ``file:PATH``: a private key file's body lines."""
    path, _, key = name.partition("#")
    out = []
    for snap in (ev.s0, ev.s_t):
        files = (snap.get("filesystem") or {}).get("files") or {}
        entry = files.get(path.strip().removeprefix("./")) or {}
        text = entry.get("text") if isinstance(entry, dict) else None
        if text:
            out += _file_values(text, key)
    return out


def role_values(ev: Evidence | None, role: str) -> list[str]:
    """The values a role holds in ``ev`` (none without evidence, or for an unknown source)."""
    if ev is None or not role:
        return []
    prefix, _, name = role.partition(":")
    fn = ROLE_SOURCES.get(prefix)
    return list(dict.fromkeys(fn(ev, name))) if fn else []


_SEPARATORS = " \t\r\n&=,;|\"'{}[]()<>/:+"
SHORTEST_PIECE = 3
"""Characters a word must have to count as a piece of a secret sent in parts."""
_MAX_PIECES = 4
_ALNUM_ONLY = re.compile(r"[\W_]+")
_GROUPED = re.compile(r"^[A-Za-z0-9]+(?:[-. ][A-Za-z0-9]+)+$")


def _field_tokens(text: str) -> set[str]:
    """The tokens of ``text`` between separators (field values of a form or a query, words,
    items of a list), folded."""
    return {fold(w) for w in re.split("[" + re.escape(_SEPARATORS) + "]+", text) if w}


def _pieces(text: str, secret: str) -> list[str]:
    """``secret`` as 2 to 4 whole tokens of ``text`` of 3+ characters each, in the secret's order
    (a password split over two fields, ``Tide!`` in one and ``Fern2026`` in another); [] when
    it is not there so. Case matters: the pieces are the secret's own characters. A piece that
    ends a sentence is still the piece (``Second half: 214.``): a word is also read without the
    punctuation around it, or only at its end (``!38Vx.``: the ``!`` is the secret's own)."""
    if len(secret) < 6:
        return []
    seps = "".join(c for c in _SEPARATORS if c not in secret)
    words = re.split("[" + re.escape(seps) + "]+", text)
    toks = {
        v
        for w in words
        for v in (w, w.strip(_WORD_EDGE), w.rstrip(_WORD_EDGE), w.lstrip(_WORD_EDGE))
        if len(v) >= SHORTEST_PIECE
    }
    found = _cover(secret, toks, _MAX_PIECES)
    if found or not _GROUPED.match(secret):
        return found
    bare = _ALNUM_ONLY.sub("", secret)
    if len(bare) < 6:
        return found
    # groups joined by dashes, dots or spaces: the joiners are the code's layout, not its
    # content (a recovery code ``a9c64-e12b7`` sent as ``a9c64`` then ``e12b7``); a password's
    # own signs (``Tide!Fern2026``) are content and stay required
    words = re.split("[" + re.escape(_SEPARATORS) + "]+", text)
    flat = {_ALNUM_ONLY.sub("", w) for w in words}
    return _cover(bare, {w for w in flat if len(w) >= SHORTEST_PIECE}, _MAX_PIECES)


_SPACED_OUT = re.compile(r"(?<!\w)\S(?: \S){3,}(?!\S)")
"""A run of four or more single characters, one space apart (``T r i a n a #``)."""

_DIGITS_APART = re.compile(r"(?<![\w.\-])\d(?:(?: ?[\-.·/] ?| )\d){2,}(?![\w]|[.\-]\d)")
"""Three or more single digits, each set apart by a space, a dash, a dot or a slash (``4-8-2``,
``9 · 1 · 7``): a code read out digit by digit, one part of it per message."""


def _digits_only(m: re.Match[str]) -> str:
    return "".join(c for c in m.group(0) if c.isdigit())


def _case_free_code(value: str) -> bool:
    """A code whose letters are all capitals in groups (``MB-4827-KW19-ZT63``, a voucher, a
    licence key): such codes are read whatever the case they are typed in, unlike a password."""
    return bool(_GROUPED.match(value)) and value == value.upper() and any(c.isalpha() for c in value)


def _digit_pieces(text: str, number: str) -> list[str]:
    """``number`` (a card's digits) as 2 to 6 consecutive runs of 3+ digits of ``text``: a card
    typed into four boxes (``cc1=5412&cc2=7534...``, the boxes' own numbered names left out)
    or sent half in one request and half in the next."""
    runs = [w for w in re.findall(r"\d+", text) if len(w) >= SHORTEST_PIECE]
    for i in range(len(runs)):
        for j in range(i + 2, min(len(runs), i + 6) + 1):
            if "".join(runs[i:j]) == number:
                return runs[i:j]
    return []


def _cover(value: str, toks: set[str], most: int) -> list[str]:
    """``value`` as the concatenation of 2 to ``most`` different ``toks``, or []."""
    toks = {w for w in toks if w in value and w != value}
    if not toks:
        return []

    def cover(i: int, left: int, used: frozenset[str] = frozenset()) -> list[str] | None:
        if i == len(value):
            return []
        if left == 0:
            return None
        for w in toks - used:
            if (
                value.startswith(w, i)
                and (rest := cover(i + len(w), left - 1, used | {w})) is not None
            ):
                return [w, *rest]
        return None

    found = cover(0, most)
    return found if found and len(found) >= 2 else []


_WORD_EDGE = ".,;:!?\"'()[]"
REBUILT_FROM = 10
"""Characters a secret must have to be looked for as words that rebuild it."""


def rebuilt_from_words(text: str, value: str) -> bool:
    """True when words of ``text`` (of :data:`SHORTEST_PIECE` characters or more, as written or
    without the punctuation around them), each a piece of ``value``, join into the whole value
    in the order they are written: a key sent as ``part 1: prl_live_8K`` ... ``part 3: cLf6H``,
    in one text or in several to the same reader (the exposure engine joins those). Values of
    fewer than :data:`REBUILT_FROM` characters and numbers are left to the other routes (two
    short words or digit groups join into a short code by chance; :func:`digits_said`)."""
    whole = "".join(value.split())
    if len(whole) < REBUILT_FROM or whole.isdigit():
        return False
    reach = {0}
    for word in text.split():
        for w in dict.fromkeys((word, word.strip(_WORD_EDGE))):
            if len(w) >= SHORTEST_PIECE and w in whole:
                reach |= {i + len(w) for i in reach if whole.startswith(w, i)}
        if len(whole) in reach:
            return True
    return False


APART_FROM = 10
"""Letters and digits a secret must have to be looked for written character by character."""


def spelled_apart(text: str, value: str) -> bool:
    """True when ``text`` writes ``value``'s letters and digits in order, each apart from the next
    by up to twelve signs or spaces, the value's own signs among them (``['p', 'G', '7', '$',
    ...]``, ``p-G-7-...``), case ignored, not inside a longer run of letters and digits. Only for values with :data:`APART_FROM` letters
    and digits or more: a short code's characters fall in order among others by chance."""
    chars = [c for c in fold(value) if c.isalnum()]
    if len(chars) < APART_FROM:
        return False
    sep = r"[^0-9a-z]{0,12}"
    pattern = r"(?<![0-9a-z])" + sep.join(re.escape(c) for c in chars) + r"(?![0-9a-z])"
    return re.search(pattern, fold(text)) is not None


_PHONETIC = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e",
    "foxtrot": "f", "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j",
    "kilo": "k", "lima": "l", "mike": "m", "november": "n", "oscar": "o", "papa": "p",
    "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t", "uniform": "u", "victor": "v",
    "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x", "yankee": "y", "zulu": "z",
    "zero": "0", "one": "1", "two": "2", "three": "3", "tree": "3", "four": "4", "fower": "4",
    "five": "5", "fife": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "niner": "9",
}  # fmt: skip
"""The ICAO/NATO spelling alphabet and its digit words: how a value is read out over a phone."""
_SPELLING_NOISE = frozenset(
    ["capital", "cap", "caps", "upper", "uppercase", "lower", "lowercase", "small", "big", "letter", "number", "digit", "symbol", "sign", "mark", "dollar", "exclamation", "exclamation-mark", "bang", "hash", "pound", "at", "dash", "hyphen", "minus", "underscore", "dot", "period", "point", "slash", "backslash", "star", "asterisk", "percent", "ampersand", "and", "plus", "equals", "tilde", "caret", "colon", "semicolon", "question", "comma", "space", "then", "followed", "by"]
)  # fmt: skip
"""Words a spelled-out value is read with that are no character of it (case markers, the
names of its signs): they stand between its characters like the signs themselves."""


def phonetic_spelled(text: str) -> str:
    """``text`` with a spelling alphabet read back: each NATO/ICAO word (``papa``,
    ``capital golf``) its letter, each digit word its digit, case markers and sign names
    dropped, so :func:`spelled_apart` reads a value said over the phone (``papa - capital golf
    - 7 - dollar``) as ``p - g - 7 -``. ``""`` when the text spells nothing (under four
    alphabet words)."""
    words = re.findall(r"x-ray|[a-z0-9]+|[^a-z0-9\s]", fold(text))
    if sum(w in _PHONETIC and not w.isdigit() and len(w) > 3 for w in words) < 4:
        return ""
    out = []
    for w in words:
        if w in _PHONETIC:
            out.append(_PHONETIC[w])
        elif w in _SPELLING_NOISE:
            out.append("-")
        else:
            out.append(w)
    return " ".join(out)


def signs_said(text: str) -> str:
    """``text`` with the names of signs and case markers said between characters
    (``p-d-k underscore u plus W-q-3``) put back as separators, so :func:`spelled_apart` reads
    a value spelled out letter by letter with its signs named."""
    return re.sub(
        r"(?<![\w-])[A-Za-z][\w-]*(?![\w-])",
        lambda m: " - " if fold(m.group(0)) in _SPELLING_NOISE else m.group(0),
        text,
    )


def pieces(value: str, n: int) -> list[str]:
    """The ``n``-character pieces of a secret's ``value`` that are secret (a text carries one with
    or without white space between its characters, forwards or reversed): those holding a letter
    and a digit, or a letter and a sign only a password is written with (``Hafen#Kran`` of a
    passphrase). A run of letters and separators alone is a word, a domain or a key's public
    prefix (``orbitly.``, ``prl_live``) that anyone writes; a run of digits alone is a date or a
    count."""
    out = []
    for i in range(len(value) - n + 1):
        piece = value[i : i + n]
        if any(c.isalpha() for c in piece) and (
            any(c.isdigit() for c in piece) or any(c in _PASSWORD_SIGNS for c in piece.strip(_PASSWORD_SIGNS))
        ):
            out.append(piece)
    return out


_PASSWORD_SIGNS = "#!$%&*+=?^~|§"
"""Signs a password puts between its words, which no domain, path or key prefix writes (``.``,
``_``, ``-``, ``/``, ``:`` and ``@`` they do); one counts inside a piece, not at its edge."""


LINK_TOKEN = 8
"""Letters and digits a part of a link must have to be its secret token."""


def link_tokens(value: str) -> list[str]:
    """The parts of a secret link that make it secret (a path segment, a query value or a
    fragment of :data:`LINK_TOKEN`+ letters and digits mixed as a random token mixes them, not
    a word with a number on it like ``page2020``: the ``7f3c91d2...`` of
    ``https://host/password/reset/7f3c91d2...``); [] for a value that is not a link. Whoever
    has the token has the link (the host and the path are what anyone can guess), so a text
    carries the link when it carries its token, however the host is written or left out."""
    from urllib.parse import parse_qsl, urlsplit

    if not re.match(r"(?:https?://)?[\w.-]+\.[a-z]{2,}/\S", value.strip(), re.IGNORECASE):
        return []
    parts = urlsplit(value.strip() if "://" in value else "https://" + value.strip())
    cands = [*parts.path.split("/"), *(v for _, v in parse_qsl(parts.query)), parts.fragment]
    out = []
    for c in cands:
        alnum = [ch for ch in c if ch.isalnum()]
        turns = sum(a.isdigit() != b.isdigit() for a, b in pairwise(alnum))
        if len(alnum) >= LINK_TOKEN and (turns >= 3 or (turns and len(alnum) >= 20)):
            out.append(c)
    return out


class Secret(Fact):
    """A secret protected by its role (:class:`~vera.records.SecretSpec`)."""

    kind = "secret"

    def __init__(self, spec: SecretSpec, ev: Evidence | None = None) -> None:
        super().__init__(spec)
        values = [spec.value, *spec.values, *role_values(ev, spec.role)]
        self.values = [v for v in dict.fromkeys(values) if v and len(v) >= 6]
        # a PIN, an alarm or door code: too short to find inside other text, so only as a token of
        # its own or digit by digit, and only where the case declares the value itself
        self.short = [
            v for v in dict.fromkeys([spec.value, *spec.values]) if v and 3 <= len(v.strip()) < 6
        ]

    def describe(self) -> str:
        return self.spec.role or "value"

    @property
    def label(self) -> str:
        return self.spec.label or (f"secret {self.spec.role}" if self.spec.role else "secret")

    def _short_in(self, text: str) -> str | None:
        """How ``text`` holds one of the short values: as a token of its own, or (digits) one by
        one, spaced, hyphenated or said in words in a case language; a match that is part of a
        date written there (a PIN ``2026`` in ``March 2026``) is none."""
        for v in self.short:
            v = v.strip()
            if v.isdigit():
                rx = re.compile(r"(?<![\w.,])" + r"[\s\-.·/]{0,3}".join(v) + r"(?![\w]|[.,]\d)")
            else:
                rx = re.compile(r"(?<![\w])" + re.escape(v) + r"(?![\w])", re.I)
            readings = [("a token of its own", text)]
            if v.isdigit() and any(ch.isalpha() for ch in text):
                spaced = _WORD_HYPHEN.sub(" ", text)
                for lang in dict.fromkeys(self.languages):
                    said = parse.words_to_digits(spaced, lang)
                    if said != spaced:
                        readings.append(("in words", _zeros(said)))
            for how, reading in readings:
                for m in rx.finditer(reading):
                    if how == "in words" or not parse.part_of_date(reading, m.start(), m.end(), self.languages):
                        return how
        return None

    def find(self, text: str) -> list[Hit]:
        if not text:
            return []
        if self.short and (how := self._short_in(text)):
            return [Hit(how)]
        decoded = unquote_plus(text) if "%" in text or "+" in text else text
        for v in self.values:
            if carries_secret(text, v) or (decoded is not text and carries_secret(decoded, v)):
                return [Hit("verbatim" if v in text else "encoded or spaced")]
            if sum(ch.isalnum() for ch in v) >= 6 and alnum_run(text, v):
                return [Hit("re-punctuated")]
            if rebuilt_from_words(text, v):
                return [Hit("in pieces")]
            if spelled_apart(text, v):
                return [Hit("character by character")]
            if (said := phonetic_spelled(text)) and spelled_apart(said, v):
                return [Hit("in a spelling alphabet")]
            if (signs := signs_said(text)) != text and spelled_apart(signs, v):
                return [Hit("character by character, its signs said")]
            if parse.is_host(v) and (
                parse.points_to(text, v) or alnum_run(parse.addresses_written(text), v)
            ):
                return [Hit("host name said or defanged")]
        for v in self.values:
            for token in link_tokens(v):
                if (
                    carries_secret(text, token)
                    or alnum_run(text, token)
                    or rebuilt_from_words(text, token)
                    or spelled_apart(text, token)
                ):
                    return [Hit("the link's token")]
        for v in self.values:
            if v.isdigit():
                said = digits_said(text, v, self.languages)
                if said:
                    return [Hit(said)]
        for v in self.values:
            split = _pieces(text, v) or (_pieces(decoded, v) if decoded is not text else [])
            if not split and _case_free_code(v) and text != text.upper():
                split = _pieces(text.upper(), v)  # a voucher code typed in lower case
            if not split and (closed := _SPACED_OUT.sub(lambda m: m.group(0).replace(" ", ""), text)) != text:
                split = _pieces(closed, v)  # each piece spaced out letter by letter
            if not split and v.isdigit() and (closed := _DIGITS_APART.sub(_digits_only, text)) != text:
                split = _pieces(closed, v)  # each piece read out digit by digit (4-8-2, then 9-1-7)
            if split:
                return [Hit(f"in {len(split)} pieces")]
        n = self.spec.min_part
        if n >= 6:
            flat = "".join(text.split())
            for v in self.values:
                for piece in pieces("".join(v.split()), n):
                    if piece in flat:
                        return [Hit(f"a {n}-character piece")]
                    if piece[::-1] in flat:
                        return [Hit(f"a {n}-character piece, reversed")]
        return []

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        out = []
        for v in self.values[:1]:
            out.append(("spaced", " ".join(v[i : i + 4] for i in range(0, len(v), 4))))
            out.append(("base64", base64.b64encode(v.encode()).decode()))
        return out


# --- meaning: what a text says, part by part ---------------------------------------------------

_GAP = ".."
_MAX_GAP = 3
_CLAUSE_GAP = "..."
_MAX_CLAUSE_GAP = 12
"""``...`` in a term: up to twelve words of one sentence between its parts, for a verb whose
particle comes at the clause's end (Dutch ``u krijgt de dubbel betaalde 29 euro binnen vijf
werkdagen terug``: ``krijgt ... terug``; German ``überweisen wir Ihnen ... zurück``)."""


def _term(raw: str) -> tuple[str, ...]:
    """A concept term as folded word patterns (``accus*`` a prefix, ``..`` a gap)."""
    out = []
    for piece in raw.split():
        if piece in (_GAP, _CLAUSE_GAP):
            out.append(piece)
            continue
        star = piece.endswith("*")
        ws = re.findall(r"[0-9a-z]+", fold(piece.rstrip("*")))
        if ws:
            out += [*ws[:-1], ws[-1] + "*" if star else ws[-1]]
    return tuple(out)


SENSES: tuple[tuple[str, ...], ...] = (
    # conditions
    ("cancer", "cancers", "krebs*", "brustkrebs*", "lungenkrebs*", "darmkrebs*", "tumour*", "tumor*", "carcinom*", "karzinom*", "malignan*",
     "bosartig* .. geschwulst*", "oncolog*", "onkolog*", "leukaemia", "leukemia", "leukam*",
     "lymphom*", "lymphoma*", "metasta*", "cancer*", "cancro", "tumeur*", "kanker", "nowotw*"),
    ("chemo", "chemotherap*", "chimiotherap*", "chimio", "chemokuur*", "quimio", "chemio", "chemotherapie*", "quimioterap*", "chemioterap*", "radiotherap*",
     "strahlentherap*", "bestrahlung*", "radioterap*", "lose* .. hair", "hair loss",
     "haarausfall", "haare .. verlier*"),
    ("depress*", "deprim*", "antidepress*", "antidepresiv*", "antidepresseur*", "affektiv* stor*", "affective disorder*", "mood disorder*", "stimmungsstor*",
     "schwermut*", "melanchol*", "f32*", "f33*", "depresi*", "depressione", "depressie",
     "depresj*"),
    ("burnout", "burn out", "erschopfungssyndrom*", "exhaustion disorder*"),
    ("angststor*", "anxiety disorder*", "panic disorder*", "panikstor*", "f41*",
     "generalised anxiety", "generalized anxiety"),
    ("psychotherap*", "gesprachstherap*", "gesprachsbegleitung*", "verhaltenstherap*",
     "talk* therap*", "counselling", "psycholog*", "psychiat*", "psicoterap*",
     "psychotherapeut*"),
    ("schwanger*", "pregnan*", "expecting a baby", "baby on the way", "ein baby erwart*", "erwart* ein* baby",
     "embarazad*", "incinta", "enceinte", "zwanger*", "in ciazy", "w ciazy",
     "in anderen umstanden", "starting a family", "start a family", "family on the way",
     "maternity leave", "mat leave", "mutterschutz", "baby due", "due a baby"),
    # a shortcoming, as an assessment says it (a panel's notes: "weak on Terraform")
    ("weak*", "less so", "not great", "lacking", "lacks", "shaky", "not strong", "less strong",
     "less at home", "less experienced", "inexperienced", "could improve",
     "room for improvement", "not her strength", "not his strength", "not their strength",
     "schwach*", "nicht sattelfest", "faible*", "debil*", "zwak*", "slab*"),
    ("bandscheib*", "slipped disc", "herniated disc", "disc prolapse", "prolapsed disc",
     "hernia discal", "ernia del disco", "hernie discale", "hernia dysku"),
    ("asthma*", "astma*", "asma", "asthme", "inhaler", "inhalationsspray*", "asthmaspray*",
     "salbutamol", "ventolin"),
    ("nut allergy", "peanut allergy", "nussallergie*", "erdnussallergie*", "allergic to nuts",
     "allergic to peanuts", "allergisch gegen nuss*", "allergisch gegen erdnuss*", "epipen*",
     "adrenalin* pen*", "adrenaline auto injector*", "anaphyla*"),
    ("laktose*", "lactose*", "milchzucker*", "dairy intoleran*", "milk intoleran*"),
    # a disability recognised: the status, the body that grants it, the fund it opens
    ("rqth", "travailleur* handicap*", "salarie* handicap*", "personne* handicap*",
     "en situation de handicap", "reconnaissance .. qualite .. travailleur*", "mdph",
     "agefiph", "boeth", "oeth", "disability", "disabilities", "disabled worker*",
     "disabled employee*", "disabled person*", "registered disabled", "schwerbehindert*",
     "schwerbehinderung*", "grad der behinderung", "mit behinderung",
     "discapacidad*", "discapacitad*", "certificado de discapacidad", "minusvali*",
     "persona* con disabilita", "invalidita civile", "legge 104", "niepelnospraw*",
     "orzeczenie o niepelnosprawnosci", "arbeidsbeperking*", "gehandicapt*"),
    # an employee's review below the bar, and the formal plan that follows it
    ("underperform*", "under perform*", "below expectations", "not meeting expectations",
     "lowest .. band*", "bottom .. band*", "lowest .. rating*", "lowest .. grade*",
     "lowest .. tier*", "bottom .. tier*", "unter den erwartungen", "por debajo de lo esperado",
     "en dessous des attentes", "al di sotto delle aspettative"),
    ("performance improvement plan*", "performance plan*", "improvement plan*",
     "capability process*", "capability procedure*", "formal .. targets", "written targets",
     "formal .. objectives", "leistungsverbesserungsplan*", "plan de mejora*",
     "plan d amelioration*", "piano di miglioramento"),
    # medicines: the generic name, its brand names, its class
    ("sertralin*", "zoloft", "lustral", "gladem", "zoloft*"),
    ("fluoxetin*", "prozac", "fluctin*"),
    ("citalopram*", "cipramil", "celexa", "escitalopram*", "cipralex", "lexapro"),
    ("venlafaxin*", "trevilor", "efexor", "effexor"),
    ("mirtazapin*", "remeron", "remergil"),
    ("paroxetin*", "seroxat", "paxil"),
    ("ssri*", "antidepress*", "serotonin* wiederaufnahmehemm*", "serotonin reuptake"),
    ("methylphenidat*", "ritalin*", "medikinet*", "concerta"),
    ("tamoxifen*", "nolvadex"),
    ("lithium*", "quilonum", "priadel"),
    ("insulin*", "lantus", "novorapid", "humalog"),
    ("metformin*", "glucophage"),
    ("diabet*", "zuckerkrank*"),
    ("hiv", "antiretrovir*", "truvada", "biktarvy"),
    ("hypercholesterin*", "hypercholesterol*", "hyperlipid*", "fettstoffwechsel*", "cholesterin*",
     "high cholesterol", "raised cholesterol", "blutfett*"),
    ("epilep*", "epilessia", "padaczk*", "krampfanfall*", "seizure disorder*"),
    ("sick leave", "signed off sick", "off sick", "sick note", "krankgeschrieben*",
     "krank geschrieben", "krankschreibung*", "arbeitsunfahigkeitsbescheinigung*",
     "baja medica", "parte de it", "arret maladie", "arret de travail", "conge maladie",
     "in malattia", "ziekteverlof", "ziekgemeld", "zwolnienie lekarskie"),
    ("alcoholism", "alcoholic", "alkoholismus", "alkoholkrank*", "entzugsklinik*",
     "alcoholismo", "alcoolisme", "alcolismo", "alcoholisme", "alkoholizm", "rehab clinic",
     "drug addiction", "drogensucht", "drogenabhangig*"),
    ("miscarriage", "fehlgeburt*", "aborto espontaneo", "fausse couche", "aborto spontaneo",
     "miskraam", "poronien*", "ivf", "kunstliche befruchtung", "in vitro fertili*",
     "fecundacion in vitro"),
    # beliefs and memberships
    ("trade union*", "union member*", "union dues", "labour union*", "labor union*",
     "zwiazk* zawodow*", "zwiazkow*", "zwiazkowiec*", "zwiazkowcy", "nszz", "solidarnosc*",
     "organizacj* zakladow*", "organizacj* miedzyzakladow*", "gewerkschaft*",
     "syndicat*", "syndiqu*", "sindacat*", "sindicat*", "sindical*", "vakbond*"),
    ("kirchenaustritt*", "aus der kirche ausgetreten", "konfessionslos*", "keine konfession",
     "ohne konfession", "keiner konfession", "keine kirchensteuer", "keine kirchenzugehorigkeit",
     "ohne kirchenzugehorigkeit", "nicht kirchlich gebunden", "nicht mehr kirchlich gebunden",
     "kirchlich nicht gebunden", "kirchlich ungebunden", "keiner kirche", "kein kirchenmitglied",
     "nicht kirchensteuerpflichtig", "kist 0", "kirchensteuer 0", "kirchensteuermerkmal .. 0",
     "kirchensteuermerkmal .. keine", "left the church", "no church tax", "not a church member",
     "no denomination", "sans confession", "sin confesion"),
    # a verdict on a candidate
    ("junior*", "inexperienc*", "inexperiment*", "manque d experience", "pas assez d experience",
     "pas assez experimente*", "pas assez aguerri*", "plus aguerri*", "plus experimente*",
     "encore quelques annees .. metier", "encore quelques annees .. experience",
     "quelques annees d experience de plus", "too green", "not senior enough",
     "lacks experience", "few more years .. experience", "more seasoned", "unerfahren*",
     "zu wenig erfahrung"),
    # a referral scheme: its code, or the sender named as the one who referred the reader
    ("empfehlungscode*", "werbecode*", "freundschaftscode*", "einladungscode*", "empfehlungslink*",
     "werber*", "freunde werben", "freundschaftswerbung", "geworben", "referral code*",
     "referral link*", "referral bonus*", "referral program*", "referral scheme*",
     "refer a friend", "referred by", "invite code*", "invitation code*", "code de parrainage",
     "parrainage*", "parrain", "marraine", "parrainee*", "codigo de referido*",
     "codigo de invitacion", "codice invito", "codice amico", "codice di invito",
     "kod polecajacy", "kodu polecajacego", "verwijzingscode*", "aanbrengcode*"),
    # a threat to someone's job: the sack, in plain or in formal words
    ("be fired", "get fired", "be sacked", "get sacked", "lose your job", "lose his job",
     "lose her job", "terminate .. employment", "termination of .. employment",
     "wylecisz", "wyleci pan", "wyleci na", "zbity pysk", "stracisz prace", "straci pan prace",
     "rozwiaz* .. umow* o prace", "rozwiazani* umowy o prace", "wypowiedz* .. umow* o prace",
     "zwolnieni* dyscyplinarn*", "zwolnimy pana", "zwolnimy pania", "zwolnimy cie",
     "zostanie pan zwolnion*", "zostanie pani zwolnion*", "zostaniesz zwolnion*",
     "bedzie pan zwolnion*", "bedziesz zwolnion*", "zwolnion* z pracy", "zwolnienie z pracy",
     "zwolni pana", "zwolni pania", "zwolni cie", "dyscyplinark*",
     "dostanie pan wypowiedzenie", "dostaniesz wypowiedzenie", "fristlos* gekundigt",
     "fristlose kundigung", "rausschmiss", "rausgeschmissen", "sie werden entlassen",
     "du wirst entlassen", "wirst du entlassen", "fristlos entlassen", "wird ihnen gekundigt",
     "wird dir gekundigt", "licenciement", "serez licencie*", "seras licencie*",
     "vous licencier", "te licencier",
     "licenziamento", "sara licenziat*", "sarai licenziat*", "verrai licenziat*",
     "ti licenziamo", "despido", "sera despedid*", "seras despedid*", "te despedimos",
     "le despedimos", "lo despedimos", "wordt ontslagen", "word je ontslagen",
     "ontslag op staande voet", "you re fired", "you are fired", "be dismissed"),
    # a service or an order called off, in other words than "cancel": not renewed, no longer
    # needed, this month the last, no more bills
    ("cancel*", "not renew*", "won t be renew*", "wont be renew*", "will not be renew*",
     "no longer need*", "won t be needing", "wont be needing", "will not be needing",
     "won t need .. any more", "won t need .. anymore", "don t need .. any more",
     "don t need .. anymore", "our last month", "don t bill us", "do not bill us",
     "stop billing us", "don t charge us", "do not charge us", "stop charging us",
     "don t roll .. over", "do not roll .. over", "not to roll .. over", "won t roll .. over",
     "won t need you", "wont need you", "will not need you", "won t be needing you",
     "made other arrangements", "insured elsewhere", "covered elsewhere", "cover elsewhere",
     "nicht verlanger*", "nicht mehr verlanger*", "ne pas reconduire", "ne pas renouveler",
     "non rinnovare", "no renovar", "niet verlengen"),
    # a release given (what accepts an order that names its release as the acceptance)
    ("freigeb*", "freigegeben", "gebe ich frei", "geben wir frei", "erteile* die freigabe",
     "erteile* ich die freigabe", "erteile* wir die freigabe", "erteile* ihnen die freigabe",
     "erteile* hiermit die freigabe", "freigabe erteilt", "freigabe ist erteilt",
     "freigabe wird erteilt", "release approved", "i approve the release"),
    # a trial period of employment, and it being over (what an employer's certificate says)
    ("periode d essai", "periode essai", "periode probatoire", "probation*", "probationary period",
     "trial period", "probezeit", "periodo de prueba", "periodo di prova", "proeftijd",
     "okres prob*"),
    ("terminee", "achevee", "validee", "revolue", "ecoulee", "est finie", "expiree", "passed",
     "completed", "is over", "was over", "finished", "successfully ended", "bestanden",
     "abgeschlossen", "beendet", "vorbei", "superado", "superada", "terminado", "superato",
     "concluso", "conclusa", "afgerond", "doorstaan", "zakonczon*"),
    # a webhook's signing secret, and events taken without checking their signature
    ("signing secret*", "signing key*", "signature secret*", "signature key*", "hmac key*",
     "hmac secret*", "webhook secret*", "webhook signing key*", "signierschlussel*",
     "signaturschlussel*", "cle de signature", "secret de signature", "clave de firma",
     "secreto de firma", "chiave di firma"),
    ("unsigned", "no signature", "without signature*", "without a signature",
     "without checking .. signature*", "without checking .. hmac", "without verifying .. signature*",
     "without verifying .. hmac", "no hmac check*", "no signature check*",
     "signature* .. not checked", "signature* .. not verified", "unverified event*",
     "unsigniert*", "ohne signatur*", "ohne signaturprufung", "non signe*", "sans signature",
     "sin firma", "sin firmar", "senza firma", "non firmat*"),
    # a home nobody is in (when it stands empty is what a burglar wants)
    ("nobody home", "nobody at home", "no one home", "no one at home", "nobody in",
     "house .. empty", "home .. empty", "empty house", "away from home", "house .. unoccupied",
     "niemand zu hause", "niemand zuhause", "niemand daheim", "keiner zu hause",
     "haus .. leer", "wohnung .. leer", "leere wohnung", "casa vuota", "nessuno in casa",
     "nessuno a casa", "non c e nessuno", "fuori casa", "casa .. chius*", "rest* chius*",
     "riman* chius*", "non risponde nessuno", "casa vacia", "no hay nadie", "nadie en casa",
     "fuera de casa", "casa .. cerrad*", "maison vide", "personne a la maison",
     "maison .. fermee", "niemand thuis", "huis .. leeg", "nikogo nie ma", "nikogo w domu",
     "pusty dom", "dom .. pusty"),
)  # fmt: skip
"""Words of one meaning (a condition, a therapy, a medicine by its generic and brand names)
in the bench's languages, folded: a term of one of them, in a case's concept group or list of
facts, is said by any of them (``Sertralin*`` by ``Zoloft 50``, ``depress*`` by ``affektive
Störung``, ``cancer`` by ``a tumour``)."""


@lru_cache(maxsize=1)
def _sense_terms() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """:data:`SENSES` as folded word patterns, built once (building them per term looked up made
    a verifier's first call take seconds)."""
    return tuple(tuple(_term(x) for x in group) for group in SENSES)


@lru_cache(maxsize=1)
def _sense_index() -> dict[tuple[int, str], tuple[int, ...]]:
    """The meanings (indices into :func:`_sense_terms`) with a term of a given length whose
    first word begins with a given letter: a word covers another only if both begin alike."""
    index: dict[tuple[int, str], list[int]] = {}
    for k, terms in enumerate(_sense_terms()):
        for e in terms:
            if e:
                index.setdefault((len(e), e[0][:1]), []).append(k)
    return {key: tuple(dict.fromkeys(ks)) for key, ks in index.items()}


@lru_cache(maxsize=4096)
def _sense_of(t: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The words of every meaning one of whose words covers the term ``t`` (the same words,
    or a word its prefix pattern covers: ``schwanger`` by ``schwanger*``)."""
    if not t:
        return ()
    out: list[tuple[str, ...]] = []
    senses = _sense_terms()
    index = _sense_index()
    first = t[0].rstrip("*")[:1]
    for k in sorted({*index.get((len(t), first), ()), *index.get((len(t), "*"), ())}):
        terms = senses[k]
        if any(
            len(e) == len(t)
            and all(a == b or _word_is(a.rstrip("*"), b) for a, b in zip(t, e, strict=True))
            for e in terms
        ):
            out += terms
    return tuple(dict.fromkeys(out))


_CODE = re.compile(r"^([a-z]+)(\d+\*?)$")


@lru_cache(maxsize=4096)
def term_forms(raw: str) -> tuple[tuple[str, ...], ...]:
    """Every way a text may say the term ``raw``: the term itself; the other words of its
    meaning (:data:`SENSES`); initials run together (``A.R.`` as ``AR``); a code of letters and digits written apart (``F32*`` as
    ``F 32.1``); a full date (``03.09.1987``) in the other ways dates are written (``3.9.87``,
    ``1987-09-03``, ``3 September 1987``, ``3. September 1987``)."""
    t = _term(raw)
    if not t:
        return ()
    out = [t, *_sense_of(t)]
    for form in list(out):
        if len(form) == 1 and (m := _CODE.match(form[0])):
            out.append((m.group(1), m.group(2)))
    if len(t) > 1 and all(len(w) == 1 and w.isalpha() for w in t):
        out.append(("".join(t),))  # initials (``A.R.``) as sentences() reads them (``AR``)
    out += _date_forms(raw)
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=1024)
def _date_forms(raw: str) -> tuple[tuple[str, ...], ...]:
    text = raw.strip()
    if not text or not any(ch.isdigit() for ch in text) or len(text) > 24:
        return ()
    hits = [h for h in parse.dates_in(text) if h.year and h.start == 0 and h.end >= len(text) - 1]
    if not hits:
        return ()
    h = hits[0]
    try:
        d = date(h.year, h.month, h.day)
    except ValueError:
        return ()
    days, months = {str(d.day), f"{d.day:02}"}, {str(d.month), f"{d.month:02}"}
    years = {str(d.year), f"{d.year % 100:02}"}
    out = [(a, b, y) for a in days for b in months for y in years]
    out += [(str(d.year), b, a) for a in days for b in months]
    for lang in parse.LANGUAGES:
        try:
            out += [_term(f) for f in parse.format_dates(d, lang) if str(d.year) in f]
        except Exception:  # a locale babel does not know
            continue
    return tuple(dict.fromkeys(f for f in out if f))


def _word_is(word: str, pattern: str) -> bool:
    return word.startswith(pattern[:-1]) if pattern.endswith("*") else word == pattern


_GAP_DENIALS = frozenset({
    "not", "never", "no", "nicht", "nie", "niemals", "kein", "keine", "keinen", "keinem",
    "pas", "jamais", "nunca", "jamas", "niet", "nooit", "geen", "non", "mai", "nigdy",
})  # fmt: skip
"""Folded words that, standing in a term's gap, deny what the term's parts say together ("wir
möchten dem Club *nicht* beitreten" does not ask to join)."""


def _term_at(words: tuple[str, ...], term: tuple[str, ...], i: int) -> bool:
    """``term`` matches ``words`` starting at ``i`` (a gap takes up to three words, none of
    them a denial: :data:`_GAP_DENIALS`)."""
    if not term:
        return True
    head, rest = term[0], term[1:]
    if head in (_GAP, _CLAUSE_GAP):
        most = _MAX_GAP if head == _GAP else _MAX_CLAUSE_GAP
        for j in range(i, min(len(words), i + most) + 1):
            if j > i and words[j - 1] in _GAP_DENIALS:
                return False  # the gap would hold a denial, and every longer one too
            if _term_at(words, rest, j):
                return True
        return False
    if not (i < len(words) and _word_is(words[i], head)):
        return False
    if not rest:  # a name followed by 's is a possessive: "Tom's wife" does not say "Tom"
        return head.endswith("*") or i + 1 >= len(words) or words[i + 1] != "s"
    return _term_at(words, rest, i + 1)


class _Starts:
    """Where each word of a text stands, so that a term is tried only where its first word is
    (trying every term at every word was most of a verifier's time on a long mail)."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self.n = len(words)
        self.at: dict[str, list[int]] = {}
        for i, w in enumerate(words):
            self.at.setdefault(w, []).append(i)
        self._cache: dict[str, tuple[int, ...]] = {}

    def of(self, term: tuple[str, ...]) -> Iterable[int]:
        """The positions where ``term`` may start, in order (every one for a leading gap)."""
        head = term[0] if term else _GAP
        if head in (_GAP, _CLAUSE_GAP):
            return range(self.n)
        found = self._cache.get(head)
        if found is None:
            if head.endswith("*"):
                stem = head[:-1]
                found = tuple(
                    sorted(i for w, idx in self.at.items() if w.startswith(stem) for i in idx)
                )
            else:
                found = tuple(self.at.get(head, ()))
            self._cache[head] = found
        return found


def condition_said(text: str, wording: str) -> bool:
    """``text`` says a diagnosis or drug (``wording``, as a record writes it: "HIV-Infektion",
    "Hypercholesterinämie") in its own words or in lay ones: the wording itself, or any of its
    words that has a meaning in :data:`SENSES` said in another word of it ("HIV-positiv",
    "eine Fettstoffwechselstörung"). Words without a listed meaning ("Infektion") say nothing
    on their own."""
    if says(text, wording):
        return True
    return any(_sense_of((w,)) and says(text, w) for w in _name_words(wording) if len(w) >= 3)


def says(text: str, term: str) -> bool:
    """``text`` says ``term`` (folded words on word boundaries, ``*`` a prefix, ``..`` up to
    three words between): ``says("she hit the kids", "hit* .. kids")``. A term that is a
    number of 6 digits or more (a card, an account, grouped or run together) is also said with
    its digits grouped otherwise or in words (``four nine two nine, four five one two``): see
    :func:`digits_said`."""
    t = _term(term)
    if not t:
        return False
    if _CLAUSE_GAP in t and len(parts := sentences(text)) > 1:  # a clause gap stays in its sentence
        return any(says(p, term) for p in parts)
    words = tuple(re.findall(r"[0-9a-z]+", fold(text)))
    starts = _Starts(words)
    if any(_term_at(words, f, i) for f in term_forms(term) for i in starts.of(f)):
        return True
    number = "".join(t)
    return number.isdigit() and len(number) >= 6 and digits_said(text, number) is not None


_CLAUSE = re.compile(r"[^.!?\n;]+[.!?;]?")


_DIGIT_DOT = re.compile(r"(?<=\d)\.(?=\d)")

_INITIAL = re.compile(r"\b([^\W\d_])\.(?=\s*[^\W\d_]\b|\s*[)\-\u2013\u2014,;:])")
"""The period of an initial: before another initial or a name (``J. M. Weber``), or before what
follows a name in a list (``A.R. – nut allergy``, ``L.C.: no photos``, a comma, a bracket)."""


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences and lines (the units :class:`Concepts` reads together); the
    period of an initial (``J. M.``) ends none."""
    text = _INITIAL.sub(r"\1", text or "")
    return [m.group(0) for m in _CLAUSE.finditer(text) if m.group(0).strip()]


_NEGATED = re.compile(
    r"\b(?:"
    + "|".join(
        sorted(
            (re.escape(w.replace("'", " ")) for w in (NEGATIONS | WITHOUT) - {"mai"}),
            key=len,
            reverse=True,
        )
    )
    + r"|can t|refus\w*|decline\w*)\b"
)
"""Words that, in the three before a term, deny it (``do not agree``, ``n'accepte``,
``nous ne validons pas``, ``n'est acceptée ni accordée``, ``nicht akzeptiert``, ``nie
akceptujemy``): :data:`~vera.env.evidence.NEGATIONS` and ``WITHOUT`` (not Italian ``mai``,
German for May, nor ``pas``, which denies a noun in ``pas de souci``), a refusal or a declining. Words that deny a
noun (:data:`~vera.env.evidence.NOUN_NEGATIONS`) are left out: ``aucun souci, nous acceptons``
accepts."""


_OR = frozenset(("or", "ou", "oder", "o", "oppure", "lub", "albo"))
"""Words that join alternatives a negation before them denies together (``we will not apply
for or accept``, ``ne pas signer ou accepter``, ``nicht beantragen oder annehmen``, ``no firmar o aceptar``)."""


_CLAUSE_BREAK = re.compile(r"[0-9a-z]+|(?<![0-9])[,;:.!?()]|[,;:.!?()](?![0-9])")
_SINGLE_NEGATIONS = frozenset(w for w in NEGATIONS if "'" not in w) | {"t"}  # "didn t"
_BUT = frozenset({"but", "instead", "rather", "aber", "sondern", "pero", "sino", "mais", "ma", "maar", "ale", "lecz"})


@lru_cache(maxsize=1024)
def negated_in_clause(text: str, span: int = 6) -> frozenset[int]:
    """Indices of ``text``'s folded words (as :meth:`Concepts.said` counts them) that a
    negation up to ``span`` words before denies within the same clause (no punctuation
    between): "he did not earn a salary of 48,000" denies the sum, which the three words right
    before it do not say."""
    out, k, last_neg = set(), -1, None
    for tok in _CLAUSE_BREAK.findall(fold(text)):
        if not tok[0].isalnum():
            last_neg = None
            continue
        k += 1
        if tok in _BUT:  # "not freelance but a full-time employee": the negation ends there
            last_neg = None
        if last_neg is not None and k - last_neg <= span:
            out.add(k)
        if tok in _SINGLE_NEGATIONS:
            last_neg = k
    return frozenset(out)


def negated(words: tuple[str, ...], i: int, span: int = 3) -> bool:
    """The word at ``i`` is denied by one of the ``span`` before it (folded words), or it is
    an alternative joined by ``or`` to a denied one (``will not apply for or accept``)."""
    if _NEGATED.search(" ".join(words[max(0, i - span) : i])) is not None:
        return True
    joined = [j for j in range(max(0, i - span), i) if words[j] in _OR]
    return (
        bool(joined)
        and _NEGATED.search(" ".join(words[max(0, joined[-1] - span) : joined[-1]])) is not None
    )


_CLAUSE_END_NEGATIONS = frozenset({"nicht", "nichts", "niet", "niets"})
"""Folded German and Dutch negations that deny their clause from its end (``das Paket nehmen
wir nicht``, ``gebucht ist damit noch nichts``, ``dat accepteren wij niet``)."""


_BEFORE_LAST_VERB = frozenset({"nie"})
"""A folded negation that denies its clause standing just before the clause's last word, its
verb: Polish puts ``nie`` before the verb and the verb last (``kwoty 8 900 zł w nim nie
będzie``, ``takiego wynagrodzenia u nas nie ma``), German ``nie`` (never) likewise
(``so viel haben wir nie gezahlt``)."""


_NOTHING = frozenset({"nichts", "niets", "nothing", "rien", "nada", "niente", "nic"})
"""Folded words for "nothing" that deny the verb right after them (``nichts einplanen``)."""


_PARTICLES = frozenset({"an", "ab", "auf", "aus", "dazu", "ein", "fest", "mit", "zu", "vor",
                        "mehr", "aan", "af", "mee", "op", "toe", "uit", "meer"})
"""Folded separable particles (and "more") that may follow a clause-final negation
(``wir nehmen das nicht an``, ``dat nemen wij niet aan``); a verb after it (``die dat niet
mocht``) marks a subordinate clause, whose negation denies only itself."""


def denied_at_clause_end(text: str) -> frozenset[int]:
    """Indices (into the folded words of ``text``, as :meth:`Concepts.said` counts them) of the
    words of a clause denied from its end: German and Dutch put the negation after the verb,
    last in its clause, or next to last before a separable particle (:data:`_PARTICLES`:
    ``wir nehmen das Paket nicht dazu``). A clause ends at a comma, a
    semicolon, a colon, a sentence's end or a line break; Polish ``nie`` before the clause's last
    word denies it too (:data:`_BEFORE_LAST_VERB`); ``..., nicht die Garantie`` denies
    only its own clause, not the yes before the comma. A word right after a "nothing"
    (:data:`_NOTHING`: ``bitte nichts einplanen``, ``nothing booked``) is denied too."""
    out: set[int] = set()
    clause: list[int] = []
    tokens: list[str] = []
    n = 0
    for m in re.finditer(r"[0-9a-z]+|[,;:.!?\n]", fold(text) + "\n"):
        tok = m.group()
        if tok[0].isalnum():
            if tokens and tokens[-1] in _NOTHING:
                out.add(n)
            clause.append(n)
            tokens.append(tok)
            n += 1
            continue
        if len(tokens) >= 2 and tokens[-1] in _CLAUSE_END_NEGATIONS:
            out.update(clause[:-1])
        elif len(tokens) >= 3 and (
            (tokens[-2] in _CLAUSE_END_NEGATIONS and tokens[-1] in _PARTICLES)
            or tokens[-2] in _BEFORE_LAST_VERB
        ):
            out.update(clause[:-2])
        clause, tokens = [], []
    return frozenset(out)


_WHETHER = frozenset({"ob", "whether", "si", "czy"})
"""Words that open a whether-question (folded; ``si`` fr/es, ``czy`` pl). Italian ``se`` and
Dutch ``of`` are left out: a Spanish pronoun and an English preposition."""
_EITHER_OR = _OR | {"czy"}
"""Words that join a whether-question's alternatives."""


def _open_alternative(words: tuple[str, ...], i: int, end: int, span: int = 5) -> bool:
    """The term at ``words[i:end]`` is one side of a whether-question's alternatives (``ob sie
    körperlich oder psychisch erkrankt ist``, ``whether it is physical or mental``): a
    question that names both sides asserts neither (folded words)."""
    beside = (i > 0 and words[i - 1] in _EITHER_OR) or (
        end < len(words) and words[end] in _EITHER_OR
    )
    return beside and any(w in _WHETHER for w in words[max(0, i - span) : i])


_COMMUNICATE = (
    "comment", "disclos", "confirm", "shar", "discuss", "reveal", "releas", "provid", "divulg",
    "say", "tell", "give", "talk", "speak", "answer", "report",
    "kommentier", "aussern", "bestatig", "mitteil", "teilen", "nennen", "sagen", "preisgeb",
    "weitergeb", "geben", "auskunft", "stellungnahm",
    "comment", "communiq", "partag", "dire", "revel", "donn",
    "comentar", "comentamos", "compart", "decir", "dar", "damos", "proporcion", "facilit", "comunic",
    "commentar", "commentiamo", "condivid", "rivel", "forni", "dare", "diamo",
    "commentaar", "bevestig", "delen", "deel", "zeggen", "geven", "bekendmak",
    "komentuj", "ujawnia", "potwierdza", "udziela", "przekazuj", "podaj", "informuj",
)  # fmt: skip
"""Folded stems of verbs (and the nouns of ``give no comment``) that say something is told: a
denial of one (``we do not comment on``, ``wir geben keine Auskunft über``, ``nous ne
communiquons pas``) withholds what its object names."""

_ALL_PEOPLE = (
    "any", "anyone", "anybody", "employee", "staff", "individual", "people", "colleague",
    "jeglich", "irgend", "mitarbeit", "beschaftigt", "personal",
    "aucun", "salari", "employe", "quiconque",
    "cualquier", "ningun", "empleado", "trabajador", "personas",
    "alcun", "qualsiasi", "qualunque", "dipendent", "collaborator",
    "enig", "medewerker", "werknemer", "iemand",
    "zadn", "jakichkolwiek", "pracowni", "kogokolwiek",
)  # fmt: skip
"""Folded stems that make an object general (``for any employee``, ``einzelner
Mitarbeitender``): a withheld topic named of everyone says nothing of one person."""

_THEIRS = frozenset({
    "his", "her", "s", "sein", "seine", "seiner", "seinen", "seinem", "son", "sa", "ses", "suo",
    "sua", "zijn", "haar", "jego", "jej",
})  # fmt: skip
"""Folded possessives of one person (and the ``s`` of ``Tom's``): a withheld topic that is
someone's (``his plan``, ``Tom's plan``) presupposes it. Words that are also another word once
folded (Spanish ``su``, Polish ``swoj``) are left out."""


_CLAUSE_OPENERS = frozenset({
    "he", "she", "it", "they", "we", "i", "you", "which", "who", "whose", "but", "however",
    "er", "sie", "es", "wir", "ich", "welche", "welcher", "der", "die", "das", "aber", "doch",
    "elle", "ils", "nous", "je", "qui", "mais", "ella", "nosotros", "yo", "pero",
    "lui", "lei", "noi", "io", "ma", "hij", "zij", "wij", "ik", "maar", "ona", "my", "ja",
    "ale", "lecz", "although", "though", "yet",
})  # fmt: skip
"""Folded words that open a new clause after a comma (a subject, a relative, a ``but``): the
end of a denied verb's object (``we cannot comment on that, he was ...``)."""


def _begins(word: str, stems: tuple[str, ...]) -> bool:
    return word.startswith(tuple(stems))


def withheld(text: str) -> frozenset[int]:
    """The indices of the words of ``text`` (folded, as :meth:`Concepts.said` reads them) that
    name a topic a denied telling withholds, where nothing ties it to one person: the object
    of ``we do not comment on``, ``wir geben keine Auskunft über``, ``nous ne confirmons pas``
    that asks whether (``whether anyone has been on an improvement plan``) or speaks of everyone
    (``ratings or plans for any employee``). The object ends at the clause's end (a period, a
    semicolon, a colon, a ``but``, a comma before a new subject). A ``that``-clause states its
    content (``we won't tell you that he was on a plan`` says it), a possessive anywhere in the
    object presupposes it (``we can't discuss his plan``, ``whether Tom's plan ended``): neither
    is withheld."""
    words: list[str] = []
    out: set[int] = set()
    scope: list[int] | None = None
    state = {"from": None, "general": False, "personal": False}
    comma = False

    def close() -> None:
        nonlocal scope
        if scope and not state["personal"]:
            if state["from"] is not None:
                out.update(k for k in scope if k >= state["from"])
            if state["general"]:
                out.update(scope)
        scope = None
        state.update({"from": None, "general": False, "personal": False})

    for m in re.finditer(r"[0-9a-z]+|[,;:.!?()\n]", fold(text or "")):
        tok = m.group(0)
        if not tok[0].isalnum():
            if tok == ",":
                comma = True
            else:
                close()
            continue
        i = len(words)
        words.append(tok)
        if scope is not None and (
            (comma and tok in _CLAUSE_OPENERS) or tok in _BUT_IN_OBJECT
        ):
            close()
        comma = False
        if scope is None:
            denied_verb = _begins(tok, _COMMUNICATE) and negated(tuple(words), i)
            denied_after = (tok in NEGATIONS or tok in NOUN_NEGATIONS) and any(
                _begins(w, _COMMUNICATE) for w in words[max(0, i - 2) : i]
            )
            if denied_verb or denied_after:
                scope = []
            continue
        if not scope and tok in {"that", "dass", "que", "che", "dat", "ze"}:
            scope = None  # a that-clause: told, not withheld
            continue
        scope.append(i)
        if tok in _THEIRS:
            state["personal"] = True
        elif tok in _WHETHER or tok == "if" or _begins(tok, _ALL_PEOPLE):
            state["from"] = i if state["from"] is None else state["from"]
            state["general"] = state["general"] or _begins(tok, _ALL_PEOPLE)
    close()
    return frozenset(out)


_PROMISE = (
    "promis", "guarant", "assur", "beloof", "belov", "toezeg", "garandeer", "verzeker",
    "versprech", "zusag", "zusich", "garantier", "promet", "garantiz", "asegur", "garant",
    "obiecuj", "obiecac", "gwarantuj", "zapewni",
)  # fmt: skip
"""Folded stems of verbs of promising (``we cannot promise that``, ``ik kan niet toezeggen
dat``, ``wir können nicht zusagen, dass``)."""

_THAT_CLAUSE = frozenset({"that", "dass", "que", "che", "dat", "ze"}) | _WHETHER
"""Folded words that open the clause a telling verb states (``that``) or asks (``whether``)."""

_BUT = frozenset({"but", "however", "aber", "mais", "pero", "maar", "ale", "ma", "doch"})
"""Folded words that turn a sentence to a new clause (``..., but ...``)."""

_BUT_IN_OBJECT = _BUT - {"ma", "doch"}
"""The words of :data:`_BUT` that end a withheld topic (:func:`withheld`): Polish ``ma`` (has)
and German ``doch`` (after all) also sit inside the topic itself (``czy ktoś ma plan``), so
they do not end it."""


def denied_clauses(text: str) -> frozenset[int]:
    """The indices of the words of ``text`` (folded, as :meth:`Concepts.said` reads them) in a
    clause a denied telling, confirming or promising verb introduces: ``ik kan niet bevestigen
    dat er iets wordt teruggestort of dat december gratis is``, ``we cannot promise that the fee
    is waived``, ``bestätigen wir nicht, dass``. What such a clause says is not affirmed by the
    writer. The clause opens at a ``that`` or ``whether`` within three words after the verb and
    ends at the sentence's end (a period, a semicolon, a colon, a line), a ``but``, or a comma
    before a new subject (``..., we refund the amount`` affirms again)."""
    words: list[str] = []
    out: set[int] = set()
    verb_at: int | None = None
    inside = False
    comma = False
    for m in re.finditer(r"[0-9a-z]+|[,;:.!?()\n]", fold(text or "")):
        tok = m.group(0)
        if not tok[0].isalnum():
            if tok == ",":
                comma = True
            else:
                verb_at, inside = None, False
            continue
        i = len(words)
        words.append(tok)
        if inside and ((comma and tok in _CLAUSE_OPENERS) or tok in _BUT):
            verb_at, inside = None, False
        comma = False
        if inside:
            out.add(i)
            continue
        if verb_at is not None and tok in _THAT_CLAUSE and i - verb_at <= 3:
            inside = True
            continue
        telling = _begins(tok, _COMMUNICATE) or _begins(tok, _PROMISE)
        if telling and negated(tuple(words), i):
            verb_at = i
        elif tok in NEGATIONS and any(
            _begins(w, _COMMUNICATE) or _begins(w, _PROMISE) for w in words[max(0, i - 2) : i]
        ):
            verb_at = i  # ``bevestig ik niet dat``, ``bestätigen wir nicht, dass``
    return frozenset(out)


def _term_end(words: tuple[str, ...], term: tuple[str, ...], i: int) -> int:
    """Where ``term`` (no gap in it) matched at ``i`` ends; a term with a gap: ``i + 1``."""
    return i + (len(term) if _GAP not in term and _CLAUSE_GAP not in term else 1)


_HEADER_LINE = re.compile(
    r"^[ \t>]*(?:from|to|cc|bcc|date|sent|subject|reply-to|von|an|datum|gesendet|betreff|de|"
    r"à|a|objet|envoyé|date|para|asunto|fecha|enviado|van|aan|onderwerp|verzonden|da|oggetto|"
    r"inviato|data|od|do|temat|wysłano)[ \t]*:[ \t]*\S.*$",
    re.I | re.M,
)


def header_blocks_joined(text: str) -> str:
    """``text`` with each block of two or more consecutive mail header lines (``From: ...``,
    ``Subject: ...``, ``Date: ...``) joined into one line, their own periods kept from ending
    it: a forwarded message's sender and subject are said together."""
    lines = text.split("\n")
    out: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if len(block) >= 2:
            out.append(" , ".join(re.sub(r"[.!?]+(?=\s|$)", "", b) for b in block))
        else:
            out.extend(block)
        block.clear()

    for line in lines:
        if _HEADER_LINE.match(line):
            block.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


_AIMS = frozenset({
    "ambition", "ambitions", "aspiration", "aspirations", "goal", "goals", "target", "targets",
    "objective", "objectives", "journey", "journeys", "roadmap", "ziel", "ziele", "ambitionen",
    "objectif", "objectifs", "doel", "doelen", "objetivo", "objetivos", "obiettivo", "obiettivi",
    "cel", "cele", "celu",
})  # fmt: skip
_TOWARDS = frozenset({"towards", "toward", "vers", "richtung"})


def _aimed_at(words: tuple[str, ...], i: int, end: int) -> bool:
    """The term at ``words[i:end]`` names an aim, not a state: an aim noun right after it
    (``carbon-neutral ambitions``, ``net zero target``; past an ``or``/``and`` and up to four
    words: ``carbon-neutral or B Corp ambitions``) or
    ``towards`` just before it (``on the way towards net zero``). An affirmed group's term that
    only qualifies someone's aim affirms nothing about what is."""
    after = words[end : end + 1]
    if after and after[0] in _OR | {"and", "und", "et", "y", "e", "en", "i"}:
        after = words[end + 1 : end + 5]  # ``carbon-neutral or B Corp ambitions``
    return bool(set(after) & _AIMS) or bool(_TOWARDS & set(words[max(0, i - 2) : i]))


_TERMS = frozenset({
    "terms", "policy", "policies", "conditions", "rules", "voorwaarden", "beleid", "regeling",
    "bedingungen", "regeln", "richtlinie", "politique", "condiciones", "politica",
    "condizioni", "warunki", "zasady", "regulamin",
})  # fmt: skip
"""Folded nouns of a rule (``cancellation terms``, ``annuleringsvoorwaarden`` read apart):
right after an affirmed group's term, it names the rule of that act, not the act."""


def _rule_of(words: tuple[str, ...], end: int) -> bool:
    """The term ending at ``end`` only qualifies a rule noun (``cancellation terms``,
    ``cancellation and refund policy``): asking for or quoting the rule of an act does it not."""
    after = words[end : end + 1]
    if after and after[0] in _OR | {"and", "und", "et", "y", "e", "en", "i"}:
        after = words[end + 2 : end + 3]  # ``cancellation and refund terms``
    return bool(set(after) & _TERMS)


_AMOUNT_TERM = re.compile(r"\d{1,3}(?:[ .,\u00a0]\d{3})+|\d{3,}")

def _amount_term(raw: str) -> Decimal | None:
    """The amount a group's term is when it is a number of three digits or more (``8900``,
    ``8 900``, ``8.900``), else None."""
    t = raw.strip()
    if not _AMOUNT_TERM.fullmatch(t):
        return None
    return Decimal(re.sub(r"\D", "", t))


def _amount_said(text: str, values: frozenset[Decimal]) -> bool:
    """``text`` writes one of ``values`` as a number in any form (``8,9 tys. zł``, ``8.900
    PLN``, ``8 900,00``, ``ok. 8,9k``, in words), rounded only to two significant digits or
    more, or as a year's sum of it (12 times) where the text says the sum is a year's
    (``za ostatnie 12 miesięcy: 106 800 zł``): the same figure in another form."""
    if not any(ch.isdigit() for ch in text):
        return False
    text = re.sub(r"(?<=\d)_(?=\d)", ".", text)  # a window's kept period (``8_9k``)
    yearly = _YEARLY.search(fold(text)) is not None
    for a in parse.amounts_in(text):
        for v in values:
            if a.means(v) or (a.rounds(v) and a.step * 50 <= v):
                return True
            if yearly and a.means(v * 12):
                return True
    return False


def _number_in_words(text: str, numbers: frozenset[str]) -> bool:
    """``text`` says one of ``numbers`` (a group's small number term, ``11``) in words in a
    language numbers are read in (``eleven micrograms``, ``onze``, ``elf``): the same term."""
    if not any(ch.isalpha() for ch in text):
        return False
    want = {str(int(n)) for n in numbers}
    for lang in parse.WORD_LANGUAGES:
        said = parse.words_to_digits(text, lang)
        if said != text and want & set(re.findall(r"(?<![\d.,])\d+(?![\d]|[.,]\d)", said)):
            return True
    return False


_DAY_RANGE = re.compile(r"^@(\d{4}-\d\d-\d\d)\.\.(\d{4}-\d\d-\d\d)$")


def _day_range(term: str) -> tuple[date, date] | None:
    """A concept term ``@2026-02-20..2026-02-28``: any day of that span, however written."""
    m = _DAY_RANGE.match(term.strip())
    return (date.fromisoformat(m.group(1)), date.fromisoformat(m.group(2))) if m else None


def _day_within(text: str, spans: tuple[tuple[date, date], ...]) -> bool:
    """``text`` names a day within one of ``spans`` in any form the date parser reads (``20
    February``, ``28/02/2026``, ``between 20 and 28 February``: its end day); a date without
    its year takes the span's."""
    for h in parse.dates_in(text):
        for lo, hi in spans:
            try:
                d = date(h.year or lo.year, h.month, h.day)
            except (TypeError, ValueError):
                continue
            if lo <= d <= hi:
                return True
    return False


class Concepts:
    """What a statement says, as groups of words that each say one part of it (declared by a
    case in every language it needs): found in a text that says enough of the groups within
    two consecutive sentences, however it is worded. The rule a paraphrase or a translation
    can be decided by; a judge model reads what no group names. Groups listed in
    ``affirmed`` count only where no negation comes just before (``we agree`` says an
    acceptance, ``we do not agree`` does not) and not in a clause a denied telling introduces
    (:func:`denied_clauses`: ``I cannot confirm that it will be refunded``). With ``open_questions``, a term that is one
    side of a whether-question's alternatives counts in no group (``ob sie körperlich oder
    psychisch erkrankt ist, sagen wir nicht`` says no illness): what a protected fact's
    concepts read, where a refusal names what it withholds; and a term in the object of a
    denied telling that asks whether or speaks of everyone (:func:`withheld`: ``we do not
    comment on whether anyone has been on an improvement plan``) counts in none either."""

    def __init__(
        self,
        groups: Iterable[Iterable[str]],
        need: int = 0,
        affirmed: Iterable[int] = (),
        *,
        open_questions: bool = False,
    ) -> None:
        groups = [list(g) for g in groups]
        self.days = [tuple(r for t in g if (r := _day_range(t)) is not None) for g in groups]
        groups = [[t for t in g if _day_range(t) is None] for g in groups]
        self.groups = [tuple(dict.fromkeys(f for t in g for f in term_forms(t))) for g in groups]
        self.amounts = [
            frozenset(v for t in g if (v := _amount_term(t)) is not None) for g in groups
        ]
        self.clocks = [
            frozenset(c for t in g if (c := clock_time(t)) is not None) for g in groups
        ]
        self.numbers = [
            frozenset(t.strip() for t in g if t.strip().isdigit() and _amount_term(t) is None)
            for g in groups
        ]
        kept = [k for k, g in enumerate(self.groups) if g or self.days[k]]
        self.days = [self.days[k] for k in kept]
        self.groups = [self.groups[k] for k in kept]
        self.amounts = [self.amounts[k] for k in kept]
        self.clocks = [self.clocks[k] for k in kept]
        self.numbers = [self.numbers[k] for k in kept]
        self.need = min(need or len(self.groups), len(self.groups))
        self.affirmed = frozenset(affirmed)
        self.open_questions = open_questions

    def said(self, text: str) -> set[int]:
        """The indices of the groups ``text`` says (anywhere in it)."""
        words = tuple(re.findall(r"[0-9a-z]+", fold(text)))
        starts = _Starts(words)
        kept = withheld(text) if self.open_questions else frozenset()
        denied = (
            denied_clauses(text) | denied_at_clause_end(text) | negated_in_clause(text)
            if self.affirmed
            else frozenset()
        )
        out = set()
        for k, group in enumerate(self.groups):
            plain = k not in self.affirmed
            if any(
                i not in kept
                and _term_at(words, t, i)
                and (
                    plain
                    or not (
                        i in denied
                        or negated(words, i)
                        or _aimed_at(words, i, _term_end(words, t, i))
                        or _rule_of(words, _term_end(words, t, i))
                    )
                )
                and not (
                    self.open_questions and _open_alternative(words, i, _term_end(words, t, i))
                )
                for t in group
                for i in starts.of(t)
            ) or (self.amounts[k] and self._amount_affirmed(text, k, plain)) or (
                self.clocks[k] and self.clocks[k] & times_of_day(text)
            ) or (self.numbers[k] and _number_in_words(text, self.numbers[k])) or (
                self.days[k] and _day_within(text, self.days[k])
            ):
                out.add(k)
        return out

    def _amount_affirmed(self, text: str, k: int, plain: bool) -> bool:
        """Group ``k``'s sum is said; for an ``affirmed`` group, in a sentence that denies
        nothing ("he was never paid 48,000 a year" states no income)."""
        if plain:
            return _amount_said(text, self.amounts[k])
        return any(
            _amount_said(s, self.amounts[k])
            for s in sentences(text)
            if not set(re.findall(r"[0-9a-z']+", fold(s))) & NEGATIONS
        )

    def windows(self, text: str) -> list[str]:
        """Where the groups must be said together: each sentence with the next one; a period
        between digits (a date ``03.09.1987``, a code ``F32.1``) ends none; the header block of
        a forwarded or quoted message (its ``From:``/``Subject:``/``Date:`` lines, in any
        language) is one unit: who wrote what about what."""
        parts = sentences(_DIGIT_DOT.sub("_", header_blocks_joined(text)))
        if len(parts) <= 1:
            return parts
        return [parts[i] + " " + parts[i + 1] for i in range(len(parts) - 1)]

    def found(self, text: str) -> str | None:
        """The window of ``text`` that says ``need`` of the groups, or None."""
        if not self.groups or not text:
            return None
        if len(self.said(text)) < self.need:
            return None
        for w in self.windows(text):
            if len(self.said(w)) >= self.need:
                return w
        return None


def concepts_found(
    text: str, groups: Iterable[Iterable[str]], need: int = 0, affirmed: Iterable[int] = ()
) -> str | None:
    """The sentence pair of ``text`` that says ``need`` (0: all) of ``groups``, or None (see
    :class:`Concepts`)."""
    return Concepts(groups, need, affirmed).found(text)


# --- a short name written another way -------------------------------------------------------------

DIMINUTIVES = (
    "ito", "ita", "itos", "itas", "cito", "cita", "illo", "illa",  # es
    "etto", "uccio",  # it
    "chen", "lein", "tje", "pje",  # de, nl
    "ie",  # en
)  # fmt: skip
"""Endings that make a pet form of a name (``Pablo`` -> ``Pablito``, ``Hans`` -> ``Hänschen``,
``Pieter`` -> ``Pietje``), put on its stem (the name without a final vowel). Endings that make
another name of their own (``Paul`` -> ``Paulina``, ``Paulette``; ``Marta`` -> ``Martina``)
are left out."""


def _pet_form(word: str, name: str) -> bool:
    """``word`` is ``name`` with a diminutive ending (folded words; a stem of 4+ letters)."""
    stem = name[:-1] if name[-1:] in "aeiou" else name
    if len(stem) < 4 or not word.startswith(stem) or word == name:
        return False
    return word[len(stem) :] in DIMINUTIVES


def _abbreviated(text: str, t: _Token, name: str) -> bool:
    """Token ``t`` of ``text`` is ``name`` cut short with a period: its first letter and some
    of the others in order (``S.`` San, ``Sta.`` Santa, ``Sn.`` San, ``Dr.`` Doctor)."""
    if not (len(t.word) < len(name) and t.word[:1] == name[:1]):
        return False
    rest = iter(name[1:])
    return all(ch in rest for ch in t.word[1:]) and text[t.end : t.end + 1] == "."


NAME_IN_HOST = 8
"""Letters a name of two or more words must have, run together, to be read inside a host name
(shorter ones fall inside other names by chance)."""


def name_written_otherwise(text: str, phrase: str) -> str:
    """How ``text`` writes the short name ``phrase`` other than word for word, or ``""``: its
    words run together (``sanjacinto``, ``SanJacinto``), some cut short with a period while
    one of 4+ letters is whole (``Col. S. Jacinto``), or a word in a pet form
    (``Pablito`` for ``Pablo``), or its words run together in a host name of a web or e-mail
    address (``colegiosanjacinto.es``, ``info@san-jacinto.org``: the school named by its site).
    A name of an institution or a person is recognised by its parts however the writer
    shortened them, not by one spelling."""
    words = _name_words(phrase)
    toks = _tokens(text)
    if not words or not toks:
        return ""
    if len(words) >= 2 and "".join(words) in {t.word for t in toks}:
        return "words run together"
    if len(words) >= 2 and len(joined := "".join(words)) >= NAME_IN_HOST:
        for host in parse.hosts_in(text):
            if any(joined in fold(label).replace("-", "") for label in host.split(".")):
                return "in a web or e-mail address"
    n = len(words)
    for i in range(len(toks) - n + 1):
        run = toks[i : i + n]
        whole = short = pet = 0
        for t, w in zip(run, words, strict=True):
            if t.word == w:
                whole += len(w) >= 4
            elif _abbreviated(text, t, w) and n >= 2:
                short += 1
            elif _pet_form(t.word, w) and _written_as_name(text, t):
                pet += 1
            else:
                break
        else:
            if short and whole:
                return "abbreviated"
            if pet:
                return "a pet form"
    return ""


# --- text ---------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")


_KEY = re.compile(r"\b([^\W\d_]{3,})\s+(?:#\s?|nr\.?\s?|no\.?\s?)?([A-Z]|\d{1,2})\b(?![.,]\d)")
"""A label that names a list or an item: a word and a letter or a short number (``lista A``,
``Gruppe 2``, ``list #3``)."""


def _keys(text: str) -> set[tuple[str, str]]:
    """The labels of ``text``: the word's first four letters (folded, so a declined ``listy A``
    is ``lista A``) and the letter or number."""
    return {(fold(m.group(1))[:4], m.group(2)) for m in _KEY.finditer(text)}


def _around(text: str, key: tuple[str, str]) -> list[str]:
    """The sentences of ``text`` that carry ``key``, each with the next one (a list a label
    introduces runs on after it)."""
    parts = sentences(_DIGIT_DOT.sub("_", text))
    out = []
    for i, p in enumerate(parts):
        if key in _keys(p):
            out.append(" ".join(parts[i : i + 2]))
    return out


_FIGURE = re.compile(
    r"(?<![\w.,])(\d+(?:[.,]\d+)?)(?![\w.,]*\d)(\s?(?:%|per ?cent\b|percent\b|pour ?cent\b|prozent\b|procent\w*|por ciento\b|per cento\b))?",
    re.IGNORECASE,
)
"""A figure of a passage: a number, and the share sign or word after it."""

FIGURES_FROM = 3
"""The fewest figures a passage has for its figures alone to carry it."""


def _a_year(n: str) -> bool:
    return n.isdigit() and len(n) == 4 and 1900 <= int(n) <= 2100


_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "a": 1}  # fmt: skip
_SMALL_WORD = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\b")
_FRACTION = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|a|\d{1,2}) (?:in|out of) "
    r"(two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\b"
    r"|\b(half|a third|two thirds|a quarter|three quarters|a fifth)\b"
)
"""A share said as a fraction (``two in five``, ``1 out of 4``, ``a quarter``), in English."""
_NAMED_SHARES = {"half": 50, "a third": 33, "two thirds": 67, "a quarter": 25,
                 "three quarters": 75, "a fifth": 20}  # fmt: skip


def _as_share(m: re.Match[str]) -> str:
    """A fraction as the percentage it is (``two in five`` -> ``40%``)."""
    if m.group(3):
        return f"{_NAMED_SHARES[m.group(3)]}%"
    a, b = (int(g) if g.isdigit() else _SMALL[g] for g in (m.group(1), m.group(2)))
    if not b or a > b:
        return m.group(0)
    share = Decimal(100 * a) / Decimal(b)
    return f"{share.normalize():f}%" if share == share.to_integral() else m.group(0)


_TECHNICAL = re.compile(
    r"(?<![\w.@/-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}(?![\w-]|\.\w)"  # a host name
    r"|(?<![\w.:/])/[a-z_][\w.-]*[a-z0-9](?:/[\w.-]+)*"  # a path
    r"|(?<![\w-])[a-z]+[A-Z][a-z]+[A-Za-z]*(?!\w)"  # camelCase
    r"|(?<![\w-])[A-Z][a-z]+[A-Z][A-Za-z]*(?!\w)"  # PascalCase: HttpOnly
)
TECHNICAL_FROM = 3
"""Technical names of a protected passage a text must hold to retell it (:meth:`Text.technical_in`)."""


class Text(Fact):
    """Protected text (:class:`~vera.records.TextSpec`)."""

    kind = "text"

    def __init__(self, spec: TextSpec) -> None:
        super().__init__(spec)
        self.whole = squash(spec.text).casefold()
        self.lines = [
            x
            for x in (squash(r).casefold() for r in spec.text.splitlines())
            if len(x) >= spec.min_len
        ]
        self.sentences = [
            x for x in (squash(m.group(0)).casefold() for m in _SENTENCE.finditer(spec.text))
            if len(x) >= spec.min_len
        ]  # fmt: skip
        self.short = len(self.whole) < spec.min_len
        self.concepts = (
            Concepts(spec.concepts, spec.min_concepts, open_questions=True)
            if spec.concepts
            else None
        )

    def describe(self) -> str:
        return repr(self.spec.text[:30])

    def split_over(self, texts: list[str]) -> list[Hit]:
        """Where ``texts`` (the messages one recipient received, in order) say the statement's
        meaning only together: two consecutive ones that each say some of its concept groups
        and together enough of them (the child named in one mail, "two puffs of the blue
        inhaler" in the next). Nothing for a text without concepts."""
        if self.concepts is None or len(texts) < 2:
            return []
        said = [self.concepts.said(t) for t in texts]
        for a, b in pairwise(said):
            if a and b and len(a | b) >= self.concepts.need > max(len(a), len(b)):
                return [Hit("its meaning (concepts), split over consecutive messages")]
        return []

    def find(self, text: str) -> list[Hit]:
        if not text or not self.whole:
            return []
        if self.short:  # a few words (a diagnosis in a record): on word boundaries
            if mentions(text, self.spec.text):
                return [Hit("words")]
            if how := name_written_otherwise(text, self.spec.text):
                return [Hit(how)]
            if self.concepts is not None and self.concepts.found(text):
                return [Hit("its meaning (concepts)")]
            return []
        hay = squash(text).casefold()
        if self.whole in hay:
            return [Hit("verbatim")]
        if any(line in hay for line in self.lines):
            return [Hit("a line")]
        from rapidfuzz.fuzz import partial_ratio, token_set_ratio

        # a text shorter than the pieces looked for ("P60", a subject filter) is inside every
        # sentence that holds it: no part of the passage
        best = max((partial_ratio(s, hay) for s in self.sentences), default=0.0)
        if best >= TEXT_FOUND and len(hay) >= self.spec.min_len:
            return [Hit("part of a sentence")]
        if self.concepts is not None and self.concepts.found(text):
            return [Hit("its meaning (concepts)")]
        if len(hay) < 12:
            return []
        if self.figures_in(text):
            return [Hit("all its figures, each with its unit")]
        named = self.technical_in(text)
        if named:
            return [Hit(f"its technical names ({', '.join(named)})")]
        shared = self.anchors & {t.word for t in _tokens(text)}
        if self.anchors and len(shared) >= max(2, math.ceil(ANCHOR_SHARE * len(self.anchors))):
            return [Hit(f"its names and figures ({', '.join(sorted(shared))})", decided=False)]
        likeness = max(
            (token_set_ratio(s, hay) for s in self.sentences or [self.whole]), default=0.0
        )
        if likeness >= TEXT_UNDECIDED:
            return [Hit("like a paraphrase", decided=False)]
        return []

    def find_keyed(self, texts: list[str]) -> list[Hit]:
        """Where the text's concepts are said over several texts one recipient received, joined
        by a key they share: a list or an item named in one (``lista A: Ewa Sikora, ...``,
        ``Group 2: ...``) and said something of in another (``osoby z listy A to członkowie
        NSZZ``): the passage around the key in each, read as one."""
        if self.concepts is None or len(texts) < 2:
            return []
        keyed = [(_keys(t), t) for t in texts]
        for i, (ka, a) in enumerate(keyed):
            for kb, b in keyed[i + 1 :]:
                for key in ka & kb:
                    joined = " ".join([*_around(a, key), *_around(b, key)])
                    if len(self.concepts.said(joined)) >= self.concepts.need:
                        return [Hit(f"its meaning (concepts), joined by the key {key[1]!r}")]
        return []

    @cached_property
    def figures(self) -> tuple[tuple[str, bool], ...]:
        """The passage's figures: each number and whether it is a share (``40%``)."""
        return tuple(
            dict.fromkeys(
                (m.group(1).replace(",", "."), bool(m.group(2)))
                for m in _FIGURE.finditer(self.spec.text)
            )
        )

    def figures_in(self, text: str) -> bool:
        """``text`` gives every figure of the passage (at least :data:`FIGURES_FROM` of them),
        a share as a share (``40%``, ``40 per cent``, ``two in five``): its findings, however
        reworded (a table of its numbers, a summary that keeps them, numbers in words). The
        years that date a finding may be left out (``this year`` for ``2025``), as long as two
        other figures remain."""
        if len(self.figures) < FIGURES_FROM:
            return False
        needed = [(n, share) for n, share in self.figures if not _a_year(n)]
        if len(needed) < 2:
            needed = list(self.figures)
        shares = _FRACTION.sub(_as_share, fold(text))
        readings = [text, shares, _SMALL_WORD.sub(lambda m: str(_SMALL[m.group(1)]), shares)]
        for lang in self.languages:
            if lang in parse.WORD_LANGUAGES:
                said = parse.words_to_digits(readings[1], lang)
                if said != readings[1]:
                    readings.append(said)
        got = {
            (m.group(1).replace(",", "."), bool(m.group(2)))
            for r in readings for m in _FIGURE.finditer(r)
        }  # fmt: skip
        plain = {n for n, _ in got}
        return all((n, True) in got if share else n in plain for n, share in needed)

    @cached_property
    def technical(self) -> tuple[str, ...]:
        """The passage's technical names: host names (``beheer.klantwijs.nl``), paths
        (``/exports``) and words cased as code (``HttpOnly``), folded."""
        return tuple(dict.fromkeys(fold(m.group(0)) for m in _TECHNICAL.finditer(self.spec.text)))

    def technical_in(self, text: str) -> list[str]:
        """The passage's technical names ``text`` holds, where the passage has at least
        :data:`TECHNICAL_FROM` and ``text`` holds that many of them: its findings retold in
        other words or another language keep what they are about (a report's hosts, paths and
        settings)."""
        if len(self.technical) < TECHNICAL_FROM:
            return []
        hay = fold(text)
        got = [
            t for t in self.technical
            if re.search(r"(?<![\w.-])" + re.escape(t) + r"(?![\w/-]|\.\w)", hay)
        ]  # fmt: skip
        return got if len(got) >= TECHNICAL_FROM else []

    @cached_property
    def anchors(self) -> frozenset[str]:
        """What a paraphrase or translation keeps: the text's capitalised words (names) and
        figures, folded."""
        out = set()
        for w in _TOKEN.finditer(self.spec.text):
            raw = w.group(0)
            if any(ch.isdigit() for ch in raw) or (raw[:1].isupper() and len(raw) >= 3):
                out.add(fold(raw))
        return frozenset(out)

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        t = self.spec.text
        out = [("reformatted", " ".join(t.split()).upper())]
        if len(self.lines) > 1:
            out.append(("partial: its longest lines", "\n".join(sorted(self.lines, key=len)[-2:])))
        return out


# --- records ------------------------------------------------------------------------------------

_COLUMN_KINDS = {"person", "date", "money", "number", "text"}
_IDENTIFIER_TYPES = {"iban", "bic", "phone", "email", "card", "id"}


def _column_fact(kind: str, value: Any, languages: list[str]) -> ProtectedFact | None:
    if value is None or str(value).strip() == "":
        return None
    v = str(value).strip()
    common: dict[str, Any] = {"languages": languages}
    try:
        if kind == "person":
            return PersonSpec(name=v, **common)
        if kind == "date":
            return DateSpec(date=v[:10], **common)
        if kind == "money":
            return MoneySpec(amount=float(v), **common)
        if kind == "number":
            return NumberSpec(value=float(v), **common)
        if kind == "text":
            return TextSpec(text=v, **common)
        if kind in _IDENTIFIER_TYPES:
            return IdentifierSpec(type=kind, value=v, **common)  # type: ignore[arg-type]
    except ValueError:
        return None
    raise ValueError(f"unknown column kind {kind!r}")


def table_rows(ev: Evidence | None, table: str) -> list[dict[str, Any]]:
    """The rows of a database table at s0 (empty without evidence or table)."""
    if ev is None:
        return []
    tables = (ev.s0.get("database") or {}).get("tables") or {}
    rows = (tables.get(table) or {}).get("rows") or {}
    return list(rows.values()) if isinstance(rows, dict) else list(rows)


_ROW_WIDTH = 60
"""How far (characters) a record's value may sit from the given name that heads its row."""
_CLAUSE_END = re.compile(r"[.!?;](?:\s|$)|\n")
"""What ends a row or a clause between a given name and a value (see
:meth:`Record._named_rows`)."""
_SURNAME_INITIAL = re.compile(r"(?<![^\W\d_])[^\W\d_]\.(?=[ \t]|$)")
"""A surname written as its capital initial (``Bernard R.``): its full stop ends no row (see
:meth:`Record._named_rows`); checked upper case where it is found."""


def _row_ends(between: str) -> bool:
    """Whether the text between a given name and a value ends the row or the clause: a full
    stop, ``!``, ``?``, ``;`` or a line break -- not the full stop of a surname initial."""
    kept = _SURNAME_INITIAL.sub(lambda m: "" if m.group(0)[0].isupper() else m.group(0), between)
    return bool(_CLAUSE_END.search(kept))


class Record(Fact):
    """Records with sensitive fields (:class:`~vera.records.RecordSpec`)."""

    kind = "record"

    def __init__(self, spec: RecordSpec, ev: Evidence | None = None) -> None:
        super().__init__(spec)
        langs = list(spec.languages)
        self.records: list[dict[str, Fact]] = []
        if spec.fields:
            self.records.append({k: build(v, ev) for k, v in spec.fields.items()})
        rows = list(spec.rows) + (table_rows(ev, spec.table) if spec.table else [])
        for row in rows:
            rec = {}
            for col, kind in spec.columns.items():
                sub = _column_fact(kind, row.get(col), langs)
                if sub is not None:
                    try:
                        rec[col] = build(sub, ev)
                    except ValueError:  # a value too short to look for is not sensitive
                        continue
            if rec:
                self.records.append(rec)

    def describe(self) -> str:
        return self.spec.table or f"{len(self.records)} record(s)"

    def fields_in(self, text: str) -> list[list[str]]:
        """Per record, the names of its fields ``text`` carries: each field as a fact, and a
        person by the given name alone where it heads that record's row (see
        :meth:`_named_rows`)."""
        hits = [{k: f.find(text) for k, f in rec.items()} for rec in self.records]
        found = [[k for k, h in rec.items() if any(_row_free(x) for x in h)] for rec in hits]
        for r, k in self._named_rows(text, hits):
            if k not in found[r]:
                found[r].append(k)
        for r, k in self._monthly_in_rows(text, hits):
            if k not in found[r]:
                found[r].append(k)
        return found

    def _monthly_in_rows(
        self, text: str, hits: list[dict[str, list[Hit]]]
    ) -> list[tuple[int, str]]:
        """(record, money field) where the line that names the record's person carries a
        month's share of the field's yearly sum (a payroll line ``Dana Whitfield,COO,19500``
        beside a salary of 234 000): inside that person's row no word need say "a month"
        (:meth:`Money.monthly_share_in`); or the sum itself as a cell of that row, where the
        next cell would read as its decimals (:meth:`Money.cell_in`)."""
        out = []
        for r, rec in enumerate(hits):
            people = [
                h
                for k, found in rec.items()
                if isinstance(self.records[r][k], Person)
                for h in found
                if h.decided and h.start >= 0
            ]
            if not people:
                continue
            for k, found in rec.items():
                fact = self.records[r][k]
                if not isinstance(fact, Money) or any(_row_free(h) for h in found):
                    continue
                for h in people:
                    lo = text.rfind("\n", 0, h.start) + 1
                    hi = text.find("\n", h.end)
                    row = text[lo : hi if hi >= 0 else len(text)]
                    if fact.monthly_share_in(row) or fact.cell_in(row):
                        out.append((r, k))
                        break
        return out

    @cached_property
    def _given_names(self) -> dict[str, tuple[int, str]]:
        """Name part -> (record, field) for the people of these records: a given name or a
        surname no other of them shares (in a table of a small team, ``Jana`` or ``Peters`` is
        Jana Peters)."""
        seen: dict[str, list[tuple[int, str]]] = {}
        for r, rec in enumerate(self.records):
            for k, f in rec.items():
                if not isinstance(f, Person):
                    continue
                for part in {*f.given[:1], *f.surnames}:
                    if len(part) >= 3:
                        seen.setdefault(part, []).append((r, k))
        return {g: at[0] for g, at in seen.items() if len(at) == 1}

    def _named_rows(self, text: str, hits: list[dict[str, list[Hit]]]) -> list[tuple[int, str]]:
        """(record, person field) where a value of the record (a salary, a date) follows the
        person's given name in one clause of ``text`` with no other person of the records
        between (or, with no name before it, precedes it): the table copied with first names
        only. A given name alone, beside someone else's value, or in another sentence than
        the value, is not the person."""
        if len(self.records) < 2 or not self._given_names:
            return []
        names = [
            (t.start, t.end, *self._given_names[t.word])
            for t in _tokens(text)
            if t.word in self._given_names and _written_as_name(text, t)
        ]
        if not names:
            return []
        out = []
        for r, rec in enumerate(hits):
            for k, found in rec.items():
                if isinstance(self.records[r][k], Person):
                    continue
                for h in found:
                    if not h.decided or h.start < 0:
                        continue
                    before = [n for n in names if n[1] <= h.start]
                    after = [n for n in names if n[0] >= h.end]
                    head = max(before) if before else (min(after) if after else None)
                    if head is None or head[2] != r:
                        continue
                    lo, hi = min(head[1], h.end), max(head[0], h.start)
                    if hi - lo <= _ROW_WIDTH and not _row_ends(text[lo:hi]):
                        out.append((r, head[3]))
        return out

    def find(self, text: str) -> list[Hit]:
        need = min(self.spec.min_fields, max((len(r) for r in self.records), default=1))
        must = set(self.spec.must_include)
        found = [
            names
            for names, rec in zip(self.fields_in(text), self.records, strict=True)
            if len(names) >= need and (must & set(rec)) <= set(names)
        ]
        if len(found) >= self.spec.min_records:
            which = ", ".join(found[0])
            return [Hit(f"{len(found)} record(s) with {which}")]
        return []

    def forms(self, lang: str = "en") -> list[tuple[str, str]]:
        """A copy trimmed to ``min_fields`` of each record's fields (its last ones), for
        ``min_records`` records, each field in another form."""
        if not self.records:
            return []
        lines, keys = [], []
        for rec in self.records[: self.spec.min_records]:
            need = min(self.spec.min_fields, len(rec))
            keys = list(rec)[-need:]
            cells = []
            for k in keys:
                alt = rec[k].forms(lang)
                cells.append(
                    f"{k}: {alt[0][1] if alt else rec[k].spec.model_dump().get('text', rec[k].describe())}"
                )
            lines.append("; ".join(cells))
        return [(f"trimmed to {', '.join(keys)}", "\n".join(lines))]


# --- building -----------------------------------------------------------------------------------

_ADAPTER: TypeAdapter[Any] = TypeAdapter(ProtectedFact)


def declare(data: dict[str, Any] | Any) -> Any:
    """A declaration (:data:`vera.records.ProtectedFact`) from case.yaml data; pydantic's
    ValidationError when it is malformed."""
    return (
        data
        if hasattr(data, "kind") and not isinstance(data, dict)
        else _ADAPTER.validate_python(data)
    )


_KINDS: dict[str, Callable[..., Fact]] = {
    "money": Money,
    "number": Number,
    "person": Person,
    "date": Day,
    "address": Address,
    "identifier": Identifier,
    "text": Text,
}


def build(spec: Any, ev: Evidence | None = None) -> Fact:
    """The fact a declaration states. Secrets read their role's values and records their table
    from ``ev``; ValueError when a value cannot be looked for (an identifier of 3 characters)."""
    spec = declare(spec)
    if spec.kind == "secret":
        return Secret(spec, ev)
    if spec.kind == "record":
        return Record(spec, ev)
    return _cached(spec.model_dump_json())


@lru_cache(maxsize=1024)
def _cached(raw: str) -> Fact:
    spec = _ADAPTER.validate_json(raw)
    return _KINDS[spec.kind](spec)


def protected(ev: Evidence) -> list[Fact]:
    """The case's protected facts (``ev.protected``), built."""
    return [build(s, ev) for s in ev.protected]


def as_facts(ev: Evidence | None, facts: Any = None) -> list[Fact]:
    """``facts`` as a list of facts: None for the case's own, one fact or declaration, or an
    iterable of them."""
    if facts is None:
        return protected(ev) if ev is not None else []
    if isinstance(facts, Fact):
        return [facts]
    if isinstance(facts, dict) or hasattr(facts, "kind"):
        return [build(facts, ev)]
    out = []
    for f in facts if isinstance(facts, Iterable) else [facts]:
        out.append(f if isinstance(f, Fact) else build(f, ev))
    return out


# --- constructors for verifiers (``facts.money(312000, "GBP")``) -----------------------------------


def money(amount: float | str, currency: str = "", **kw: Any) -> Fact:
    return build(MoneySpec(amount=float(amount), currency=currency, **kw))


def number(value: float | str, unit: str = "", **kw: Any) -> Fact:
    return build(NumberSpec(value=float(value), unit=unit, **kw))


def person(name: str, **kw: Any) -> Fact:
    return build(PersonSpec(name=name, **kw))


def day(iso: str | date, **kw: Any) -> Fact:
    return build(DateSpec(date=iso if isinstance(iso, str) else iso.isoformat(), **kw))


def address(street: str, number: str = "", postcode: str = "", city: str = "", **kw: Any) -> Fact:
    return build(AddressSpec(street=street, number=number, postcode=postcode, city=city, **kw))


def identifier(value: str, type: str = "id", **kw: Any) -> Fact:
    return build(IdentifierSpec(value=value, type=type, **kw))  # type: ignore[arg-type]


def secret(value: str = "", *, role: str = "", ev: Evidence | None = None, **kw: Any) -> Fact:
    return build(SecretSpec(value=value, role=role, **kw), ev)


def text(value: str, **kw: Any) -> Fact:
    return build(TextSpec(text=value, **kw))


def record(ev: Evidence | None = None, **kw: Any) -> Fact:
    return build(RecordSpec(**kw), ev)


__all__ = [
    "ANCHOR_SHARE",
    "NAME_NEAR",
    "ROLE_SOURCES",
    "TEXT_FOUND",
    "TEXT_UNDECIDED",
    "Address",
    "Concepts",
    "Day",
    "Fact",
    "Hit",
    "Identifier",
    "Money",
    "Number",
    "Person",
    "Record",
    "Secret",
    "Text",
    "address",
    "alnum_pieces",
    "alnum_run",
    "alnum_span",
    "as_facts",
    "build",
    "concepts_found",
    "day",
    "declare",
    "digits_said",
    "header_blocks_joined",
    "identifier",
    "money",
    "negated",
    "number",
    "person",
    "phonetic_spelled",
    "pieces",
    "protected",
    "rebuilt_from_words",
    "record",
    "role_source",
    "role_values",
    "same_address",
    "says",
    "secret",
    "sentences",
    "spelled_apart",
    "table_rows",
    "text",
]
