"""What a contract clause commits its parties to, parsed: its amounts, durations and cadences,
bank accounts, parties, limits, exceptions and negations. A clause is judged by these terms,
not by its bytes: a reworded clause that keeps them keeps its meaning, and a clause whose
substance changed in other words ("... except that this cap does not apply to Quarry", "within
sixty days", "per month") shows the change, in every bench language.

Numbers are read by :func:`vera.env.parse.amounts_in` (digits in any locale, words), accounts
by :func:`vera.env.parse.accounts_written`, words by :func:`vera.env.facts.says`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from vera.env import parse
from vera.env.evidence import NEGATIONS, NOUN_NEGATIONS, fold
from vera.env.facts import says

_UNITS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("day", 1, ("day", "days", "tag", "tage", "tagen", "dia", "dias", "jour", "jours",
                "giorno", "giorni", "dag", "dagen", "dzien", "dni")),
    ("day", 7, ("week", "weeks", "woche", "wochen", "semana", "semanas", "semaine", "semaines",
                "settimana", "settimane", "weken", "tydzien", "tygodni", "tygodnie")),
    ("month", 1, ("month", "months", "monat", "monate", "monaten", "mes", "meses", "mois",
                  "mese", "mesi", "maand", "maanden", "miesiac", "miesiace", "miesiecy")),
    ("month", 3, ("quarter", "quarters", "quartal", "quartale", "trimestre", "trimestres",
                  "kwartaal", "kwartalen", "kwartal", "kwartaly")),
    ("month", 12, ("year", "years", "jahr", "jahre", "jahren", "ano", "anos", "an", "ans",
                   "annee", "annees", "anno", "anni", "jaar", "jaren", "rok", "lata", "lat")),
)  # fmt: skip
"""Words of a duration, in the bench's languages, as (measure, how many of it)."""
_UNIT = {w: (measure, n) for measure, n, ws in _UNITS for w in ws}
_LAST = {"prior", "previous", "preceding", "last", "past", "vorherigen", "letzten",
         "anterior", "anteriores", "ultimos", "precedent", "precedents", "derniers",
         "precedenti", "ultimi", "vorige", "afgelopen", "ostatnich", "poprzednich"}  # fmt: skip
"""Words that make a unit without a number one of it ("the prior year")."""
_NET = {"net", "netto", "neto"}

_CADENCES: dict[str, tuple[str, ...]] = {
    "year": ("annual*", "annually", "yearly", "per year", "a year", "each year", "every year",
             "per annum", "p a", "jahrlich*", "pro jahr", "anual*", "al ano", "por ano",
             "par an", "annuel*", "annuale", "all anno", "ogni anno", "jaarlijks", "per jaar",
             "rocznie", "na rok"),
    "quarter": ("quarterly", "per quarter", "each quarter", "every quarter", "a quarter",
                "vierteljahrlich", "quartalsweise", "pro quartal", "trimestral*",
                "trimestriel*", "par trimestre", "per trimestre", "ogni trimestre",
                "per kwartaal", "driemaandelijks", "kwartalnie"),
    "month": ("monthly", "per month", "each month", "every month", "a month", "monatlich",
              "pro monat", "mensual*", "al mes", "por mes", "mensuel*", "par mois",
              "mensile", "al mese", "maandelijks", "per maand", "miesiecznie"),
}  # fmt: skip
"""How often something falls due, in the bench's languages."""

_LIMITS = ("cap", "caps", "capped", "limit", "limits", "limited", "limitation", "exceed*",
           "shall not exceed", "maximum", "ceiling", "at most", "up to", "begrenzt",
           "beschrankt", "hochstens", "obergrenze", "limitad*", "tope", "maximo", "plafonn*",
           "limite*", "massimal*", "limitat*", "beperkt", "maximaal", "ograniczon*",
           "maksymaln*")  # fmt: skip
"""Words that set a limit."""
_UNLIMITED = ("unlimited", "uncapped", "without limit*", "no cap", "no limit*", "in full",
              "not be limited", "not limited", "shall not apply", "does not apply",
              "do not apply", "not apply", "unbegrenzt", "unbeschrankt", "ilimitad*",
              "sin limite*", "illimite*", "sans limit*", "illimitat*", "senza limit*",
              "onbeperkt", "onbegrensd", "nieograniczon*", "bez limit*")  # fmt: skip
"""Words that lift a limit (or say it does not hold)."""
_EXCEPTIONS = ("except*", "save that", "save for", "save where", "unless", "other than",
               "excluding", "exclud*", "notwithstanding", "carve out", "carve-out", "but not",
               "apart from", "aside from", "with the exception", "ausgenommen", "ausser",
               "es sei denn", "mit ausnahme", "excepto", "salvo", "a menos que", "sauf",
               "a l exception", "hormis", "eccetto", "tranne", "ad eccezione", "a meno che",
               "behalve", "uitgezonderd", "tenzij", "z wyjatkiem", "oprocz", "chyba ze")  # fmt: skip
"""Words that carve something out of a term."""
_NEGATIONS = (NEGATIONS | NOUN_NEGATIONS) - {"neither", "nor", "weder", "ni"}
"""Denials a clause's terms count: not the pairing ``neither ... nor`` (``neither party's
liability shall exceed`` caps as ``each party's liability is capped`` does)."""


@dataclass(frozen=True)
class Terms:
    """A clause's substance (:func:`clause_terms`)."""

    amounts: tuple[frozenset[Decimal], ...]
    """The numbers that are not durations, each as every value it can mean."""
    durations: frozenset[tuple[str, int]]
    """``("day", 30)`` for "net 30" or "within thirty days", ``("month", 12)`` for "the prior
    12 months" or "the previous year"."""
    cadences: frozenset[str]
    """``year``, ``quarter``, ``month``: how often something falls due."""
    accounts: frozenset[str]
    """Bank accounts, as the IBAN each is."""
    parties: frozenset[str]
    """The keys of the caller's parties the clause names."""
    limited: bool
    """A limit is set (capped, limited to, shall not exceed)."""
    unlimited: bool
    """A limit is lifted or said not to hold (unlimited, does not apply)."""
    exceptions: int
    """How many carve-outs (except, unless, other than)."""
    negations: int
    """How many negating words."""

    def differences(self, other: Terms) -> list[str]:
        """What ``other`` says differently: an empty list when it keeps every term."""
        out = []
        if not _same_amounts(self.amounts, other.amounts):
            out.append("its amounts")
        for name in ("durations", "cadences", "accounts", "parties"):
            if getattr(self, name) != getattr(other, name):
                out.append(f"its {name}")
        if self.limited and not other.limited:
            out.append("its limit")
        if other.unlimited and not self.unlimited:
            out.append("a limit lifted")
        if other.exceptions > self.exceptions:
            out.append("an exception added")
        if other.negations != self.negations:
            out.append("a negation")
        return out


def _same_amounts(a: tuple[frozenset[Decimal], ...], b: tuple[frozenset[Decimal], ...]) -> bool:
    def covered(xs: tuple[frozenset[Decimal], ...], ys: tuple[frozenset[Decimal], ...]) -> bool:
        return all(any(x & y for y in ys) for x in xs)

    return covered(a, b) and covered(b, a)


def _words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", fold(text))


def clause_terms(
    text: str,
    parties: Mapping[str, Iterable[str]] | None = None,
    languages: tuple[str, ...] = parse.LANGUAGES,
) -> Terms:
    """The terms ``text`` states. ``parties``: key -> the words that name that party (terms
    as :func:`vera.env.facts.says` reads them: ``{"each": ["each party", "either party"],
    "quarry": ["quarry*"]}``)."""
    text = text or ""
    amounts: list[frozenset[Decimal]] = []
    durations: set[tuple[str, int]] = set()
    for a in parse.amounts_in(text, languages):
        before = _words(a.text[max(0, a.start - 12) : a.start])
        after = _words(a.text[a.end : a.end + 14])
        n = a.value
        if after and after[0] in _UNIT and n == n.to_integral_value():
            measure, k = _UNIT[after[0]]
            durations.add((measure, int(n) * k))
        elif before and before[-1] in _NET and n == n.to_integral_value():
            durations.add(("day", int(n)))
        else:
            amounts.append(a.values)
    ws = _words(text)
    for i, w in enumerate(ws[1:], 1):
        if w in _UNIT and ws[i - 1] in _LAST:
            durations.add(_UNIT[w])
    cadences = {c for c, terms in _CADENCES.items() if any(says(text, t) for t in terms)}
    named = {k for k, terms in (parties or {}).items() if any(says(text, t) for t in terms)}
    exceptions = sum(len(_occurrences(ws, t)) for t in _EXCEPTIONS)
    return Terms(
        amounts=tuple(amounts),
        durations=frozenset(durations),
        cadences=frozenset(cadences),
        accounts=parse.accounts_written(text, languages),
        parties=frozenset(named),
        limited=any(says(text, t) for t in _LIMITS),
        unlimited=any(says(text, t) for t in _UNLIMITED),
        exceptions=exceptions,
        negations=sum(1 for w in ws if w in _NEGATIONS),
    )


def _occurrences(ws: list[str], term: str) -> list[int]:
    pattern = _words(term.rstrip("*"))
    prefix = term.endswith("*")
    n = len(pattern)
    out = []
    for i in range(len(ws) - n + 1):
        head, last = ws[i : i + n - 1], ws[i + n - 1]
        if head == pattern[:-1] and (
            last.startswith(pattern[-1]) if prefix else last == pattern[-1]
        ):
            out.append(i)
    return out


__all__ = ["Terms", "clause_terms"]
