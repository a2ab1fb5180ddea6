"""The language core: CLDR plural forms through Babel, cases and agreement, numbers, language
negotiation, and the catalogue comparison that ``greatwar messages --check`` relies on."""

from __future__ import annotations

import pytest

from greatwar.core import i18n
from greatwar.core.i18n import Catalogue, Forms

CARDS = "{n} {n:plural:карта|карты|карт|карты}"


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1 карта"),
        (2, "2 карты"),
        (4, "4 карты"),
        (5, "5 карт"),
        (11, "11 карт"),
        (12, "12 карт"),
        (14, "14 карт"),
        (21, "21 карта"),
        (22, "22 карты"),
        (25, "25 карт"),
        (0, "0 карт"),
        (101, "101 карта"),
        (111, "111 карт"),
    ],
)
def test_russian_plural_forms_follow_cldr(n: int, text: str) -> None:
    assert i18n.fmt(CARDS, "ru", {"n": n}) == text


def test_a_fraction_takes_the_other_form_and_the_russian_decimal_comma() -> None:
    n = i18n.Number(1.5, "ru")
    assert i18n.fmt(CARDS, "ru", {"n": n}) == "1,5 карты"
    assert format(i18n.Number(0.5, "en"), "g") == "0.5"


def test_english_has_two_forms() -> None:
    assert i18n.plural_categories("en") == ("one", "other")
    assert i18n.plural_categories("ru") == ("one", "few", "many", "other")
    template = "{n} {n:plural:card|cards}"
    assert [i18n.fmt(template, "en", {"n": n}) for n in (1, 2, 0)] == [
        "1 card",
        "2 cards",
        "0 cards",
    ]


def test_a_plural_spec_with_the_wrong_number_of_forms_is_an_error() -> None:
    with pytest.raises(ValueError, match="needs 4 plural forms"):
        i18n.fmt("{n:plural:карта|карты}", "ru", {"n": 3})
    with pytest.raises(ValueError, match="not a number"):
        i18n.fmt(CARDS, "ru", {"n": "много"})


def test_cases_and_agreement_of_a_name() -> None:
    side = Forms("Союзники", "pl", gen="союзников", dat="союзникам")
    power = Forms("Германия", "f", gen="Германии")
    template = "{who:agree:pl=побеждают|sg=побеждает} {who.nom}; ход {who.gen}"
    assert i18n.fmt("{who} " + template, "ru", {"who": side}).startswith("Союзники побеждают")
    assert i18n.fmt(template, "ru", {"who": power}) == "побеждает Германия; ход Германии"
    assert Forms("Рим").acc == "Рим"  # a case not given is the name itself
    with pytest.raises(ValueError):
        Forms("x", "z")


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("en-GB,en;q=0.9,ru;q=0.8", "en"),
        ("de-DE,de;q=0.9,ru;q=0.5", "ru"),
        ("fr-FR", "en"),
        ("ru;q=0", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_negotiation_of_an_accept_language_header(header: str | None, lang: str) -> None:
    assert i18n.negotiate(header) == lang


def test_the_environment_chooses_as_gettext_does() -> None:
    assert i18n.from_env({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.from_env({"LANGUAGE": "de:ru", "LANG": "en_US.UTF-8"}) == "ru"
    assert i18n.from_env({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "en"
    assert i18n.from_env({"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert i18n.from_env({}) == "en"
    assert i18n.pick(None, "xx", "ru-RU", "en") == "ru"
    with pytest.raises(i18n.UnknownLanguageError, match="en, ru"):
        i18n.check_lang("fr")


def test_the_catalogue_comparison_finds_each_kind_of_fault() -> None:
    cat = Catalogue(
        "t",
        {
            "en": {
                "a": "{n} cards",
                "b": "Hello {name}",
                "c": "{n} {n:plural:card|cards}",
                "d": "x",
            },
            "ru": {
                "b": "Привет, {name} и {other}",
                "c": "{n} {n:plural:карта|карт}",
                "d": "",
                "e": "лишний",
            },
        },
    )
    found = "\n".join(cat.problems("ru"))
    assert "'a' has no ru text" in found
    assert "'b' in ru uses ['other']" in found
    assert "the plural of {n} needs 4 forms" in found
    assert "'d' has an empty ru text" in found
    assert "'e' has a ru text but no English one" in found
    assert len(cat.problems("ru")) == 5
    good = Catalogue("g", {"en": {"a": "{n} cards"}, "ru": {"a": CARDS}})
    assert good.problems("ru") == []
    assert good.text("a", "ru", n=3) == "3 карты"
    assert good.text("a", "fr", n=3) == "3 cards"  # a language without texts reads English
