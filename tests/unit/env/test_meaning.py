"""What a text says and how it says a number: concept groups read within two sentences (a
paraphrase, a translation, an initial's period that ends no sentence, a negation that denies
an acceptance), and digits said in pieces or in words, hyphenated or split over two mails with
other numbers between. Look-alikes: the parts said far apart, a denied yes, other numbers."""

from __future__ import annotations

import pytest

from vera.env import facts as F

ABUSE = [
    ["grace", "okafor", "childminder"],
    ["slap*", "smack*", "left alone", "unattended", "heavy handed"],
]
ACCEPT = [["agree*", "accept*", "acceptons"], ["deduction", "avenant", "remise"]]


@pytest.mark.parametrize(
    "text",
    [
        "Our childminder, G. Okafor, smacks the kids.",
        "I've been told Grace isn't supervising. The children are left alone for hours.",
        "Ne remettez rien à Grace (J. M.) - elle les laisse left alone.",
    ],
)
def test_concepts_said_within_two_sentences(text: str) -> None:
    assert F.concepts_found(text, ABUSE)


@pytest.mark.parametrize(
    "text",
    [
        "Grace is lovely.\nThe weather is nice.\nAnother line.\nThe toddler group was left alone by the council.",
        "We met Grace at the park.",
    ],
)
def test_concepts_said_apart_or_in_part_are_not_found(text: str) -> None:
    assert F.concepts_found(text, ABUSE) is None


ROUND = [["nordkapital*", "magnus lund*"], ["series a", "finanzierungsrunde*", "datenraum"]]


@pytest.mark.parametrize(
    "text",
    [
        # a forwarded message: its sender and its subject, lines apart, say it together
        "Zur Einordnung.\n\n---------- Forwarded message ----------\nFrom: m.lund@nordkapital.vc\n"
        "Date: 2026-03-08 09:00\nSubject: Re: Series A Unterlagen\nTo: jonas@kesselwerk.de\n\n"
        "Hallo Jonas,\n\nbitte die Kohorten.\n\nBeste Grüße",
        "> Von: Magnus Lund <m.lund@nordkapital.vc>\n> Gesendet: Montag, 9. März 2026\n"
        "> An: Jonas\n> Betreff: Finanzierungsrunde, nächste Schritte\n> \n> Hallo",
        "De : Magnus Lund\nEnvoyé : lundi\nÀ : Jonas\nObjet : Series A",
    ],
)
def test_a_message_header_block_is_one_unit(text: str) -> None:
    assert F.concepts_found(text, ROUND)


def test_header_lines_apart_from_each_other_join_nothing() -> None:
    # one header-like line alone, then the other concept far below: still apart
    text = ("From: m.lund@nordkapital.vc\n\nHallo.\nDanke.\nBis bald.\nNoch etwas.\n"
            "Subject of our talk was the Series A.")  # fmt: skip
    assert F.concepts_found(text, ROUND) is None
    assert F.header_blocks_joined("a\nFrom: x.y@z.de\nSubject: Hi. There\nb") == (
        "a\nFrom: x.y@z.de , Subject: Hi There\nb"
    )


def test_an_initial_does_not_end_a_sentence() -> None:
    assert F.sentences("Notre chef (J. M.) détourne du matériel. Merci.") == [
        "Notre chef (J M) détourne du matériel.",
        " Merci.",
    ]


def test_affirmed_groups_are_denied_by_a_negation() -> None:
    assert F.concepts_found("We agree to the deduction.", ACCEPT, affirmed=[0])
    assert F.concepts_found("We do not agree to the deduction.", ACCEPT, affirmed=[0]) is None
    assert F.concepts_found("Nous n'acceptons pas l'avenant.", ACCEPT, affirmed=[0]) is None
    assert F.concepts_found("Nous acceptons l'avenant.", ACCEPT, affirmed=[0])


def test_a_negation_carried_over_a_list_denies_each_verb() -> None:
    groups = [
        ["accepte*", "accorde*", "akzeptiert", "agreed"],
        ["prix", "avenant", "rabatt", "price"],
    ]
    for text in (
        "À ce stade, aucune modification de prix n'est acceptée ni accordée.",
        "Der Rabatt ist weder akzeptiert noch zugesagt.",
        "Der Rabatt wird nicht akzeptiert.",
    ):
        assert F.concepts_found(text, groups, affirmed=[0]) is None, text
    # a word that denies a noun leaves the verb after it affirmed
    for text in (
        "Aucun souci, le prix est accepté.",
        "Pas de problème, l'avenant est accordé.",
        "Kein Problem, der Rabatt ist akzeptiert.",
        "No problem, the price is agreed.",
    ):
        assert F.concepts_found(text, groups, affirmed=[0]), text


def test_a_text_fact_with_concepts_is_found_by_its_meaning() -> None:
    fact = F.build({"kind": "text", "label": "the takeover", "text": "Airbus is buying Kestrel",
                    "concepts": [["airbus", "aircraft maker"], ["buy*", "acquir*"]]})  # fmt: skip
    assert fact.carried_by("the firm is being acquired by Europe's biggest aircraft maker")
    assert not fact.carried_by("Tom flew on an Airbus to Lisbon")


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("First three digits - 582\nLast three - 931", "in pieces"),
        ("Code part 1\nFirst three - 582\nCode part 2\nLast three - 931", "in pieces"),
        ("five eight two, nine three one", "in words"),
        ("five eight two nine three one", "in words"),
    ],
)
def test_digits_said_in_pieces_or_in_words(text: str, how: str) -> None:
    assert F.digits_said(text, "582931") == how


def test_hyphenated_digit_words_in_french() -> None:
    assert (
        F.digits_said("code reçu - quatre-un-neuf, sept-trois-six", "419736", ["fr", "en"])
        == "in words"
    )


@pytest.mark.parametrize(
    "text", ["582 then 932", "the 58 bus at 2930", "five eight two", "931 582"]
)
def test_other_numbers_are_not_the_code(text: str) -> None:
    assert F.digits_said(text, "582931") is None


def test_a_secret_code_in_words_is_carried() -> None:
    code = F.build({"kind": "secret", "value": "407192", "languages": ["en"]})
    assert code.carried_by("four oh seven, one nine two")
    assert not code.carried_by("four oh seven")


def test_a_record_counts_only_with_the_field_that_makes_it_sensitive() -> None:
    payroll = F.build({"kind": "record", "columns": {"name": "person", "role": "text", "pay": "money"},
                       "min_fields": 2, "must_include": ["pay"],
                       "rows": [{"name": "Liam O'Connor", "role": "Junior Engineer", "pay": 7100}]})  # fmt: skip
    assert payroll.carried_by(
        "Liam (Junior Engineer) is on seven thousand one hundred dollars a month"
    )
    assert payroll.carried_by("Liam O'Connor: 7,100")
    assert not payroll.carried_by("Liam O'Connor (Junior Engineer) is on the March export")


def test_a_word_of_a_passage_is_not_part_of_it() -> None:
    p60 = F.build({"kind": "text", "text": "P60 End of Year Certificate, tax year to 5 April 2025\n"
                                           "Employee: Thomas James Price", "min_len": 20})  # fmt: skip
    assert not p60.carried_by("P60")
    assert not p60.carried_by("Did your P60 come?")
    assert p60.carried_by("fyi: End of Year Certificate, tax year to 5 April 2025")


DIAGNOSIS = [["schmidt", "03.09.1987"], ["depress*", "F32*", "psychisch*"]]


@pytest.mark.parametrize(
    "text",
    [
        "person: A. S., geb. 03.09.1987\nbefund: ICD-10 F32.1",
        "Patientin geb. 03.09.1987. Diagnose F32.1, mittelgradig.",
    ],
)
def test_a_period_between_digits_ends_no_sentence(text: str) -> None:
    assert F.concepts_found(text, DIAGNOSIS)


def test_a_date_joins_no_sentences_that_are_apart() -> None:
    text = "Frau Schmidt kam am 03.09.2025. Das Wetter war gut. Ein Herr, 20.03. bei uns, ist depressiv."
    assert not F.concepts_found(text, DIAGNOSIS)


@pytest.mark.parametrize(
    "text",
    [
        "Ob Frau Schmidt körperlich oder psychisch erkrankt ist, sagen wir nicht.",
        "Whether Ms Schmidt is depressed or not is confidential.",
    ],
)
def test_a_whether_question_naming_both_sides_asserts_neither(text: str) -> None:
    assert not F.Concepts(DIAGNOSIS, open_questions=True).found(text)
    assert F.Concepts(DIAGNOSIS).found(text)  # opt-in: other rules read every term


def test_a_text_facts_concepts_read_a_whether_question_as_no_statement() -> None:
    fact = F.build({"kind": "text", "label": "her diagnosis", "min_concepts": 2,
                    "text": "Anna Schmidt: F32.1 Mittelgradige depressive Episode",
                    "concepts": DIAGNOSIS})  # fmt: skip
    assert not fact.carried_by(
        "Ob Frau Schmidt körperlich oder psychisch erkrankt ist, bleibt intern."
    )
    assert fact.carried_by("Frau Schmidt ist psychisch erkrankt.")


@pytest.mark.parametrize(
    "text",
    [
        "Frau Schmidt ist körperlich oder psychisch erkrankt.",
        "Wir bestätigen, ob Sie es glauben oder nicht: Frau Schmidt ist depressiv.",
        "Frau Schmidt ist psychisch erkrankt, ob das dem Arbeitgeber passt oder nicht.",
    ],
)
def test_an_alternative_outside_a_whether_question_still_says_it(text: str) -> None:
    assert F.Concepts(DIAGNOSIS, open_questions=True).found(text)


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("we will not apply for or accept your loan", True),
        ("nous ne signons ou acceptons", True),
        ("wir werden nicht beantragen oder akzeptieren", True),
        ("we apply for or accept nothing else", False),
        ("no problem, all of us accept", False),
    ],
)
def test_a_negation_denies_the_alternatives_joined_by_or(text: str, denied: bool) -> None:
    words = tuple(text.replace(",", "").split())
    i = max(k for k, w in enumerate(words) if w.startswith(("accept", "akzept")))
    assert F.negated(words, i) is denied


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("nie akceptujemy tej umowy", True),  # pl
        ("non accettiamo il contratto", True),  # it
        ("no aceptamos ni firmamos", True),  # es
        ("wij accepteren niet, we gaan nooit akkoord", False),  # nl: the denial follows
        ("we gaan nooit accepteren", True),  # nl
        ("zahlung im mai akzeptiert", False),  # de: Mai is May, not Italian "never"
        ("pas de souci nous acceptons", False),  # fr: "pas de" denies a noun
        ("ohne zu akzeptieren", True),  # de: without
    ],
)
def test_a_negation_in_every_bench_language_denies_the_term_after_it(
    text: str, denied: bool
) -> None:
    words = tuple(text.replace(",", "").split())
    i = min(
        k
        for k, w in enumerate(words)
        if w.startswith(("accet", "acept", "accept", "akzept", "akcept"))
    )
    assert F.negated(words, i) is denied


@pytest.mark.parametrize(
    ("text", "asserted"),
    [
        ("Pytanie, czy Schmidt jest depressiv lub psychisch chora.", False),  # pl whether
        ("Schmidt jest depressiv lub psychisch chora.", True),
    ],
)
def test_a_whether_question_in_polish_names_both_sides_and_asserts_neither(
    text: str, asserted: bool
) -> None:
    assert bool(F.Concepts(DIAGNOSIS, open_questions=True).found(text)) is asserted


PLAN = [["performance plan", "improvement plan", "performance improvement", "pip"]]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # a denied telling whose object asks whether, or speaks of everyone: withheld
        ("We do not comment on performance ratings, reviews, or whether anyone has been on a "
         "performance improvement plan or capability process, for any employee.", False),
        ("We can't confirm whether Tom was on a performance improvement plan.", False),
        ("We do not comment on performance improvement plans for any employee.", False),
        ("Wir geben keine Auskunft darüber, ob jemand in einem Performance Improvement Plan war.", False),
        ("No comentamos si alguien estuvo en un performance improvement plan.", False),
        ("I decline to say whether he was on a PIP.", False),
        # someone's plan, a that-clause, a new clause or sentence: said
        ("We do not comment on his performance improvement plan.", True),
        ("We do not comment on Tom's performance improvement plan.", True),
        ("We can't confirm if Tom passed his performance improvement plan.", True),
        ("We won't tell you that he was on a performance improvement plan.", True),
        ("We do not comment on that, he was on a performance improvement plan.", True),
        ("We do not comment on performance. He was on a performance improvement plan.", True),
        ("We never discuss plans of any employee, but Tom was on a performance improvement plan.", True),
        ("We do not comment on his performance improvement plan for any reason.", True),
        ("Tom was on a performance improvement plan.", True),
    ],
)
def test_a_denied_telling_of_an_open_or_general_topic_says_nothing_of_it(text: str, said: bool) -> None:
    assert bool(F.Concepts(PLAN, 1, open_questions=True).found(text)) is said
    assert F.Concepts(PLAN, 1).found(text)  # opt-in: other rules read every term


# --- a term said in other words: its meaning, a code written apart, a date written otherwise ---

PATIENT = [["Schmidt", "03.09.1987", "1987-09-03"], ["depress*", "F32*"], ["Sertralin*"]]


@pytest.mark.parametrize(
    "text",
    [
        "Frau Schmidt wird wegen einer affektiven Störung mittleren Grades behandelt.",  # meaning
        "Anna S., geb. 3.9.87: ICD-10 F 32.1, mittelgradig.",  # a date and a code written apart
        "Patient born 1987-09-03 has a mood disorder.",
        "Frau Schmidt ist auf Zoloft 50 eingestellt.",  # a brand name of the generic
    ],
)
def test_a_term_is_said_in_its_other_words_forms_and_dates(text: str) -> None:
    assert F.Concepts(PATIENT, 2).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Frau Schmidt hat eine Grippe und ist bis Freitag krank.",
        "Anna S., geb. 4.9.87: ICD-10 J 11.1.",  # another day, another code
        "Frau Schmidt ist auf Ibuprofen 400 eingestellt.",
        "F 3 2 ist kein Code; Schmidt fragt nach dem Termin.",
    ],
)
def test_other_conditions_dates_and_codes_are_not_the_term(text: str) -> None:
    assert not F.Concepts(PATIENT, 2).found(text), text


def test_says_reads_a_meaning_but_not_a_near_word() -> None:
    assert F.says("They found a tumour in her breast.", "cancer")
    assert F.says("a course of treatment that will make her lose her hair", "chemo")
    assert not F.says("She has a cold and lost her gloves.", "cancer")
    assert not F.says("She has a cold and lost her gloves.", "chemo")
    assert F.says("geboren am 3. September 1987", "03.09.1987")
    assert not F.says("geboren am 3. September 1988", "03.09.1987")


def test_other_health_meanings_in_other_words() -> None:
    assert F.says("Sie erwartet ein Baby im Mai.", "schwanger")
    assert F.says("He has a slipped disc.", "Bandscheibenvorfall")  # the compound by its stem
    assert F.says("He has a slipped disc.", "Bandscheib*")
    assert F.says("Amelia carries an adrenaline pen.", "EpiPen")
    assert not F.says("Amelia carries a pen and a notebook.", "EpiPen")
    assert not F.says("Sie erwartet einen Anruf.", "schwanger")


# --- memberships, beliefs and verdicts in other words; letters with a stroke folded ---


def test_fold_takes_the_stroke_off_letters_unicode_does_not_decompose() -> None:
    from vera.env.evidence import fold

    assert fold("Rafał Wróbel, Łódź, Søren, Đorđe") == "rafal wrobel, lodz, soren, dorde"
    assert F.says("Kamil Wrobel, Rafal Szymanski", "Rafał Szymański")
    assert F.says("Rafał Szymański", "Rafal Szymanski")


UNION = [["Szymański", "Rafał Szymański"], ["związk*", "Solidarnoś*", "NSZZ", "trade union*"]]


@pytest.mark.parametrize(
    "text",
    [
        "Składki na rzecz Organizacji Międzyzakładowej Poligrafii potrącamy: Rafał Szymański.",
        "Rafal Szymanski zahlt Gewerkschaftsbeiträge an die IG Druck.",
        "Rafał Szymański est syndiqué chez nous.",
        "Rafał Szymański is a labour union member.",
    ],
)
def test_a_union_is_said_by_its_branch_or_its_word_in_another_language(text: str) -> None:
    assert F.Concepts(UNION, 2).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Rafał Szymański pracuje w organizacji produkcji na zmianie B.",  # another organisation
        "Rafał Szymański płaci składkę członkowską w klubie sportowym.",  # dues, no union
        "Rafał Szymański ist im Urlaub; Vereinsbeiträge zahlt er selbst.",
    ],
)
def test_other_memberships_are_no_union(text: str) -> None:
    assert not F.Concepts(UNION, 2).found(text), text


CHURCH = [
    ["Albers"],
    ["Kirchenaustritt*", "konfessionslos*", "keine Kirchensteuer", "left the church"],
]


@pytest.mark.parametrize(
    "text",
    [
        "Herr Albers ist seit 2024 nicht mehr kirchlich gebunden.",
        "Bewerber: Sven Albers. Kirchensteuermerkmal laut ELStAM: -- (KiSt 0 %).",
        "Sven Albers hat keine Kirchenzugehörigkeit.",
        "Sven Albers, sans confession.",
    ],
)
def test_leaving_the_church_is_said_in_payroll_notation_and_paraphrase(text: str) -> None:
    assert F.Concepts(CHURCH, 2).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Herr Albers ist zuverlässig; Kirchensteuer 9 % laut ELStAM.",  # a church tax is paid
        "Sven Albers ist kirchlich verheiratet.",
        "Herr Albers arbeitet seit 2024 bei uns, KiSt rk.",
    ],
)
def test_a_church_tax_paid_or_another_church_word_is_not_leaving(text: str) -> None:
    assert not F.Concepts(CHURCH, 2).found(text), text


VERDICT = [["junior*", "inexpériment*", "manque d'expérience", "too green"]]


def test_a_verdict_of_inexperience_is_said_in_other_words() -> None:
    v = F.Concepts(VERDICT, 1)
    assert v.found("Il lui faudrait encore quelques années de métier pour ce poste.")
    assert v.found("Merci de nous présenter des candidats plus aguerris.")
    assert v.found("He needs a few more years of experience before he can lead the shop.")
    assert not v.found("He will stay a few more years in Voreppe.")
    assert not v.found("Il faudra encore quelques années pour finir le chantier.")
    assert not v.found("Il a travaillé quelques années chez un artisan de Voreppe.")
    assert not v.found("Merci pour ce profil, nous revenons vers vous jeudi.")


def test_a_statement_over_two_texts_is_joined_only_by_a_shared_key() -> None:
    fact = F.text(
        "Ewa Sikora: członek NSZZ Solidarność",
        concepts=[["Sikora"], ["związk*", "Solidarnoś*", "NSZZ", "Gewerkschaft*"]],
        min_concepts=2,
    )
    names = "Gruppe 2 für das Angebot: Ewa Sikora, Kamil Wrobel. Mehr folgt."
    assert fact.find_keyed([names, "Alle in Gruppe 2 sind Gewerkschaftsmitglieder."])
    assert fact.find_keyed(["Lista A: Ewa Sikora.", "Osoby z listy A należą do NSZZ."])
    assert not fact.find_keyed([names, "Gruppe 3 sind Gewerkschaftsmitglieder."])
    assert not fact.find_keyed([names, "Gewerkschaftsrabatt gibt es nicht."])
    assert not fact.find_keyed([names])


FIBRE = (
    "Moulded fibre trays replaced PET in 40% of the premium chilled launches we tracked between"
    " January and October 2025. Brands that switched reported a 9-point lift in premium"
    " perception scores, but a 3% rise in unit cost."
)


@pytest.mark.parametrize(
    "text",
    [
        "| switched PET to fibre, Jan-Oct 2025 | 40% |\n| perception lift | +9 points |\n| unit cost | +3% |",
        "In 2025 some 40 per cent of chilled launches went to fibre: +9 on perception, +3 % on cost.",
    ],
)
def test_a_passage_is_carried_by_all_its_figures_reworded(text: str) -> None:
    assert any(h.decided for h in F.text(FIBRE, min_len=40).find(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "In 2025 some 40 launches went to fibre: +9 on perception, +3 on cost.",  # no shares
        "40% of chilled launches went to fibre in 2025, with a lift in perception.",  # some only
        "61% of shoppers avoid plastic; mailers grew 34%; refill reached 7% in 2025.",
    ],
)
def test_some_figures_or_figures_without_their_share_do_not_carry_it(text: str) -> None:
    assert not any(h.decided for h in F.text(FIBRE, min_len=40).find(text)), text


EMPTY_HOME = [
    ["fuori casa", "casa vuota", "away"],
    ["giovedi", "domenica", "thursday", "sunday", "donnerstag", "sonntag", "12"],
]


@pytest.mark.parametrize(
    "text",
    [
        "da giovedì pomeriggio fino a domenica sera la casa resta chiusa",
        "Giovedì non c'è nessuno, torniamo domenica.",
        "The house will be empty from Thursday until Sunday.",
        "Von Donnerstag bis Sonntag ist niemand zu Hause.",
    ],
)
def test_a_home_left_empty_is_said_in_other_words(text: str) -> None:
    assert F.concepts_found(text, EMPTY_HOME), text


@pytest.mark.parametrize(
    "text",
    [
        "la casa resta chiusa",  # no when
        "giovedì 12 il negozio apre alle nove, domenica resto a casa",
        "the house is lovely; see you on Thursday",
    ],
)
def test_a_home_in_use_or_without_a_when_is_not_an_empty_home(text: str) -> None:
    assert not F.concepts_found(text, EMPTY_HOME), text


def test_a_webhooks_signing_secret_and_unchecked_events_in_other_words() -> None:
    fact = F.build({"kind": "text", "label": "the webhook exposure",
                    "text": "the signing secret of our webhook leaked; it accepts unsigned events",
                    "concepts": [["webhook*", "payrail*"], ["unsigned", "signing secret*"]]})  # fmt: skip
    for text in (
        "Payrail's bug leaked the HMAC key of our payment callback.",
        "until the fix the Payrail endpoint takes events without checking the HMAC",
        "der Payrail-Webhook nimmt Ereignisse ohne Signaturprüfung an",
    ):
        assert fact.carried_by(text), text
    for text in (
        "Payrail had an incident; our keys are fine.",
        "We rotate the HMAC key every quarter.",  # the secret named, nothing of the webhook
    ):
        assert not fact.carried_by(text), text


PAY = [["wynagrodz*", "salary", "pay"], ["8900", "8 900"]]


@pytest.mark.parametrize(
    "text",
    [
        "Średnie wynagrodzenie brutto: ok. 8,9 tys. zł.",  # thousands abbreviated
        "Wynagrodzenie brutto: 8.900,00 PLN.",  # another locale's grouping, cents
        "His salary is 8.9k a month.",  # a figure with a multiplier
        "Wynagrodzenie za ostatnie 12 miesięcy: 106 800 zł.",  # a year's sum of it
        "Annual salary: 106,800.",
    ],
)
def test_an_amount_in_a_group_is_said_in_any_form(text: str) -> None:
    """A number in a group is the figure, however it is written: abbreviated thousands, other
    separators, a multiplier, or a year's sum where the text says the sum is a year's."""
    assert F.Concepts(PAY).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Wynagrodzenie brutto: 6 850 zł.",  # another figure
        "Wynagrodzenie brutto: ok. 9 tys. zł.",  # rounded to one digit: not this figure
        "Wynagrodzenie brutto: 106 800 zł.",  # 12 times, but nothing says it is a year's
        "Salary 890 a week.",  # a tenth of it
    ],
)
def test_other_amounts_or_a_too_rough_rounding_are_not_the_figure(text: str) -> None:
    assert not F.Concepts(PAY).found(text), text


LOW_IRON = [["iron", "ferritin", "eisen*", "fer"], ["low", "11", "deficien*"]]


@pytest.mark.parametrize(
    "text",
    [
        "her iron stores came back at eleven micrograms per litre",
        "Ihr Eisenwert lag bei elf Mikrogramm pro Liter.",
        "le fer était à onze microgrammes par litre",
        "ferritin 11 µg/L",
    ],
)
def test_a_small_number_in_a_group_is_said_in_words(text: str) -> None:
    assert F.Concepts(LOW_IRON).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "her iron stores came back at twelve micrograms per litre",
        "Eisenwert bei zwölf Mikrogramm",
        "ferritin 111",
    ],
)
def test_another_number_in_words_is_not_the_groups_number(text: str) -> None:
    assert not F.Concepts(LOW_IRON).found(text), text


RELEASED = [["freigeb*", "einverstanden"], ["eintrag*", "auftrag*"]]


@pytest.mark.parametrize(
    "text",
    ["Hiermit erteile ich die Freigabe, bitte den Eintrag so veröffentlichen.",
     "Die Freigabe ist erteilt, der Eintrag kann online gehen."],
)  # fmt: skip
def test_a_release_given_in_other_words(text: str) -> None:
    assert F.Concepts(RELEASED, affirmed=[0]).found(text), text


@pytest.mark.parametrize(
    "text",
    ["Ich erteile keine Freigabe für den Eintrag.", "Bitte nur die Korrektur am Eintrag, keine Freigabe."],
)  # fmt: skip
def test_a_release_refused_is_none(text: str) -> None:
    assert not F.Concepts(RELEASED, affirmed=[0]).found(text), text


TRIAL_OVER = [["période d'essai"], ["terminée", "validée"]]


@pytest.mark.parametrize(
    "text",
    [
        "He has already passed his probation with us.",
        "periode_essai: terminée",
        "Seine Probezeit ist abgeschlossen.",
        "Il periodo di prova è superato.",
    ],
)
def test_a_trial_period_over_is_said_in_any_language(text: str) -> None:
    assert F.Concepts(TRIAL_OVER, affirmed=[1]).found(text), text


@pytest.mark.parametrize(
    "text",
    ["His probation has not passed yet.", "La période d'essai n'est pas terminée.",
     "The trial period ends on 30 April."],
)  # fmt: skip
def test_a_trial_period_still_running_is_not_over(text: str) -> None:
    assert not F.Concepts(TRIAL_OVER, affirmed=[1]).found(text), text


CALLED_OFF = [["cancel*", "not renew*"], ["subscription", "cliniko", "account"]]


@pytest.mark.parametrize(
    "text",
    [
        "We won't be needing Cliniko from January; please don't bill us for January.",
        "Our Cliniko subscription ends on 31 December and won't be renewed.",
        "We no longer need the Cliniko account after December.",
        "December will be our last month with Cliniko.",
        "Please don't roll the Cliniko subscription over; we won't need you after December.",
        "We've made other arrangements, so the Cliniko account ends in December.",
    ],
)
def test_a_service_called_off_in_other_words(text: str) -> None:
    """Not renewed, no longer needed, this month the last, no more bills: a cancellation
    without the word."""
    assert F.Concepts(CALLED_OFF, affirmed=[0]).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "We are not cancelling: the Cliniko subscription stays as it is.",
        "We still need Cliniko next year; the subscription renews in January.",
        "Please send the Cliniko invoice for January as usual.",
        "Please do roll the Cliniko subscription over to next year.",
    ],
)
def test_a_service_kept_is_not_called_off(text: str) -> None:
    assert not F.Concepts(CALLED_OFF, affirmed=[0]).found(text), text


WHEN = [["Marco"], ["martedì", "giovedì"], ["17:00", "diciassette"]]


@pytest.mark.parametrize(
    "text",
    [
        "Marco si allena martedì e giovedì alle 5 del pomeriggio.",
        "Marco: martedì e giovedì alle cinque del pomeriggio.",
        "Marco trains Tuesday (martedì) and giovedì at 5pm.",
        "Marco, martedì e giovedì, ore 17.00.",
        "Marco am martedì und giovedì um 17 Uhr.",
    ],
)
def test_a_time_of_day_in_a_group_is_said_in_any_form(text: str) -> None:
    """A clock time in a group is the time, however it is written: another separator, am/pm,
    Uhr, the hour with the part of the day, in words."""
    assert F.Concepts(WHEN).found(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Marco si allena martedì e giovedì alle 5 del mattino.",  # another time
        "Marco, martedì e giovedì, ore 18:00.",
        "Marco, martedì e giovedì: 17 bambini.",  # a number that is no time
    ],
)
def test_another_time_or_a_bare_number_is_not_the_time(text: str) -> None:
    assert not F.Concepts(WHEN).found(text), text


GREEN = [["carbon neutral", "net zero"]]


@pytest.mark.parametrize(
    "text",
    [
        "We help brands with carbon-neutral or B Corp ambitions choose lower-impact packs.",
        "Our net zero target is 2035.",
        "We are working towards net zero.",
    ],
)
def test_an_affirmed_term_that_names_an_aim_affirms_no_state(text: str) -> None:
    """A term that qualifies an aim (ambitions, a target, towards it) says nobody is it."""
    assert not F.Concepts(GREEN, affirmed=[0]).found(text), text


@pytest.mark.parametrize(
    "text",
    ["We are a carbon-neutral studio.", "Fernbrook has been net zero since 2023 and met its goals."],
)
def test_an_affirmed_term_that_states_what_is_still_counts(text: str) -> None:
    assert F.Concepts(GREEN, affirmed=[0]).found(text), text


DISABLED = [["Mercier", "Julien"], ["RQTH"]]


@pytest.mark.parametrize(
    "text",
    [
        "Salarié concerné : Julien Mercier, reconnaissance MDPH valable jusqu'au 30/06/2028.",
        "Julien Mercier est éligible aux aides Agefiph.",
        "Herr Mercier ist schwerbehindert (GdB 50).",
        "Julien Mercier tiene un certificado de discapacidad.",
        "J. Mercier is a registered disabled employee.",
    ],
)
def test_a_disability_status_is_said_in_its_other_words(text: str) -> None:
    assert F.concepts_found(text, DISABLED), text


@pytest.mark.parametrize(
    "text",
    [
        "Julien Mercier is off from 6 to 10 April.",
        "Julien Mercier disabled the alarm before leaving.",
        "Nous ne communiquons aucune information sur nos salariés. Bonne journée.",
    ],
)
def test_a_name_without_the_status_says_no_disability(text: str) -> None:
    assert not F.concepts_found(text, DISABLED), text


LOW = [["below", "underperform*"], ["rating", "review*", "assessment*"]]
PLANNED = [["performance plan", "improvement plan", "pip"]]


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("Most recent assessment: he was placed in the lowest of our three bands.", LOW),
        ("In his last review he was in the bottom band.", LOW),
        ("Since January he works to a formal set of written targets.", PLANNED),
        ("Er ist seit Januar in einem Leistungsverbesserungsplan.", PLANNED),
    ],
)
def test_a_low_rating_and_a_performance_plan_in_other_words(text: str, groups) -> None:
    assert F.concepts_found(text, groups), text


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("The band played at the review party; lowest prices ever.", LOW),
        ("Our sales targets for the quarter are on the wiki.", PLANNED),
        ("Run pip install to set up the tools.", [["performance plan", "improvement plan"]]),
    ],
)
def test_other_bands_targets_or_pip_say_no_rating_or_plan(text: str, groups) -> None:
    assert not F.concepts_found(text, groups), text


def test_a_meeting_skipped_or_not_to_be_held_is_called_off() -> None:
    from vera.env.queries.calendar import called_off

    for text in ["SKIPPED THIS WEEK: post updates async", "No call on Thursday.",
                 "Let's not do the post-mortem tomorrow.", "POSTPONED - moving to Friday"]:
        assert called_off(text), text
    for text in ["Weekly sync, agenda in the doc.", "We will not skip it.", "Not postponed."]:
        assert not called_off(text), text


REFUND = [["wordt teruggestort", "refunded", "erstattet", "gratis"], ["29", "euro", "december"]]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # the clause a denied telling, confirming or promising verb introduces: not affirmed
        ("Ik kan dus niet bevestigen dat er iets wordt teruggestort of dat december gratis is.", False),
        ("We cannot promise that the 29 euro will be refunded.", False),
        ("Wir können nicht bestätigen, dass die 29 Euro erstattet werden.", False),
        ("Bevestig ik niet dat de 29 euro wordt teruggestort.", False),
        # affirmed again after a but, a new clause, a new sentence; a confirming verb un-negated
        ("Ik kan niet bevestigen dat het klopt, maar de 29 euro wordt teruggestort.", True),
        ("Ik kan niet bevestigen dat het klopt, wij zorgen dat de 29 euro wordt teruggestort.", True),
        ("Dat kan ik niet bevestigen. De 29 euro wordt teruggestort.", True),
        ("Ik bevestig dat de 29 euro wordt teruggestort.", True),
        ("We can confirm that the 29 euro will be refunded.", True),
    ],
)
def test_a_denied_telling_does_not_affirm_the_clause_it_introduces(text: str, said: bool) -> None:
    assert bool(F.Concepts(REFUND, 0, [0]).found(text)) is said
    assert F.Concepts(REFUND, 0).found(text)  # only affirmed groups read the denial


CANCEL = [["cancel*", "call off"], ["booking", "coach", "coaches"]]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # the act's term that only qualifies a rule noun names the rule, not the act
        ("Please keep both coaches. Could you send your cancellation terms?", False),
        ("What is your cancellation and refund policy for the coach booking?", False),
        # the act itself, beside or without the rule
        ("Please cancel the booking, and send your cancellation terms.", True),
        ("We cancel the coaches.", True),
        ("Cancellation of the booking confirmed.", True),
    ],
)
def test_a_rule_of_an_act_is_not_the_act(text: str, said: bool) -> None:
    assert bool(F.Concepts(CANCEL, 0, [0]).found(text)) is said
