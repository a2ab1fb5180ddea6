"""Russian that reads as the Russian rulebook (issue 32): the names a sentence inserts decline
(their cases and gender or number kept as data beside them), one Russian term per concept (the
table ``greatwar/locale/terms.ru.json``), and the grammar check of every rendered text
(:mod:`greatwar.grammar_ru`, run by ``greatwar messages --check``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar import grammar_ru, messages_check, texts
from greatwar.cli import app
from greatwar.core import i18n
from greatwar.core.games import game
from greatwar.core.i18n import Forms
from greatwar.pog import lang as P
from greatwar.qmg1914 import lang as Q

GAMES = ("pog", "qmg1914")


def _catalogues() -> list[i18n.Catalogue]:
    import greatwar.cli  # noqa: F401  (registers the command line's help)

    for gid in GAMES:
        game(gid).catalogues()  # type: ignore[attr-defined]
    return [c for owner in ("greatwar", *GAMES) for c in i18n.catalogues(owner)]


def _lexicon() -> grammar_ru.Lexicon:
    lex = grammar_ru.Lexicon()
    for gid in GAMES:
        other = messages_check.lexicon(game(gid))
        lex.add(other.names, other.titles)
    return lex


LEX = _lexicon()


def _rules(text: str) -> list[str]:
    return [p.split(":")[0] for p in grammar_ru.problems(text, LEX)]


# -- names that decline ------------------------------------------------------------------------


@pytest.mark.parametrize("gid", GAMES)
def test_every_name_a_sentence_inserts_has_its_cases_and_its_gender_or_number(gid: str) -> None:
    named = game(gid).declined("ru")  # type: ignore[attr-defined]
    kinds = {"pog": {"space", "nation", "side", "title"}}.get(
        gid, {"space", "country", "power", "team", "title"}
    )
    assert set(named) == kinds
    for kind, names in named.items():
        if kind == "title":
            assert all(isinstance(t, str) and t for t in names)
            continue
        for n in names:
            assert isinstance(n, Forms), (kind, n)
            assert grammar_ru.forms_problems(n) == [], (kind, n)
            assert n.nom and n.gen and n.acc and n.pre
    # every space, its nominative the name of the catalogue
    catalogue = P.SPACE if gid == "pog" else Q.SPACE
    assert len(named["space"]) == len(catalogue.keys())
    assert {str(s) for s in named["space"]} == set(catalogue.table("ru").values())
    assert all(s.nom == str(s) for s in named["space"])


@pytest.mark.parametrize(
    ("sid", "case", "form"),
    [
        ("lomza", "acc", "Ломжу"),  # feminine in -а
        ("warsaw", "gen", "Варшавы"),
        ("lodz", "ins", "Лодзью"),  # feminine in -ь
        ("paris", "ins", "Парижем"),  # masculine after a hushing consonant
        ("salonika", "pre", "Салониках"),  # plural
        ("czernowitz", "gen", "Черновцов"),
        ("velikiye_luki", "dat", "Великим Лукам"),  # an adjective and a noun
        ("belaya_tserkov", "acc", "Белую Церковь"),
        ("grozny", "pre", "Грозном"),  # adjectival
        ("kovno", "gen", "Ковно"),  # indeclinable
        ("sinai", "pre", "Синае"),
        ("cp_reserve_box", "acc", "Ячейку резерва ЦД"),  # the rulebook's Reserve Box
    ],
)
def test_paths_of_glory_spaces_decline(sid: str, case: str, form: str) -> None:
    assert getattr(P.space(sid, "ru"), case) == form


def test_names_agree_in_gender_and_number() -> None:
    assert P.side("ap", "ru").agr == P.side("cp", "ru").agr == "pl"
    assert P.nation("ge", "ru").agr == "f" and P.nation("us", "ru").agr == "pl"
    assert [Q.forms(f"power.{p}", "ru").agr for p in ("ahoe", "ru", "de", "frit", "ukus")] == [
        "pl",
        "f",
        "f",
        "pl",
        "pl",
    ]
    assert Q.forms("team.entente", "ru").agr == "f"
    assert Q.space("italian_alps", "ru").agr == "pl" and Q.space("black_sea", "ru").agr == "n"
    assert Q.country("oe", "ru").acc == "Османскую империю"
    # the names people read for seats and teams carry them (the time-out line agrees)
    teams = game("qmg1914").names("ru")["teams"]  # type: ignore[attr-defined]
    assert teams["entente"].agr == "f" and teams["central"].agr == "pl"
    assert game("pog").names("ru")["teams"]["ap"].nom == "союзники"  # type: ignore[attr-defined]


def test_the_clients_words_have_the_forms_of_the_games_names() -> None:
    forms = texts.WEB_FORMS["ru"]
    assert set(forms) <= texts.WEB.keys()
    assert texts.web_strings("ru")["forms"] == forms
    pairs = {
        "pog.side.ap": P.side("ap", "ru"),
        "pog.side.cp": P.side("cp", "ru"),
        "qmg.team_central": Q.forms("team.central", "ru"),
        "qmg.team_entente": Q.forms("team.entente", "ru"),
    }
    for key, name in pairs.items():
        shown = texts.web_forms("ru", key)
        assert shown.agr == name.agr and shown.nom == name.nom and shown.gen == name.gen, key
    for p in ("ahoe", "ru", "de", "frit", "ukus"):
        assert texts.web_forms("ru", f"qmg.short_{p}").agr == Q.forms(f"power.{p}", "ru").agr


def test_sentences_ask_for_the_case_they_need() -> None:
    from greatwar.pog.terminal import describe as pog_describe
    from greatwar.qmg1914.terminal import describe as qmg_describe

    assert pog_describe("activate attack lomza", "ru") == "активировать Ломжу для атаки"
    assert pog_describe("attack warsaw", "ru") == "атаковать Варшаву"
    assert pog_describe("play event cp02", "ru").startswith("разыграть карту «")
    assert qmg_describe("prepare ahoe_ah_01", "ru").startswith("подготовить карту «")
    web = texts.WEB
    assert web.text("pog.combat_for", "ru", space=P.space("warsaw", "ru")) == "Битва за Варшаву"
    assert (
        web.text("pog.act.activate_move", "ru", space=P.space("vienna", "ru"))
        == "Активировать Вену для передвижения"
    )
    entente = texts.web_forms("ru", "qmg.team_entente")
    assert web.text("qmg.list_over", "ru", team=entente, central=1, entente=13) == (
        "окончена: побеждает Антанта, ПО 1–13"
    )
    assert web.text("pog.to_act", "ru", side=texts.web_forms("ru", "pog.side.ap")) == (
        "ходят союзники"
    )


def test_counts_agree_with_their_nouns_and_verbs() -> None:
    web = texts.WEB
    assert web.text("pog.identical", "ru", n=1, ids="x") == "1 одинаковое соединение: x"
    assert web.text("pog.identical", "ru", n=3, ids="x") == "3 одинаковых соединения: x"
    assert web.text("pog.identical", "ru", n=7, ids="x") == "7 одинаковых соединений: x"
    confirm = P.WEB
    assert "не передвинулось 1 соединение." in confirm.text("confirm.movement", "ru", count=1)
    assert "не передвинулись 2 соединения." in confirm.text("confirm.movement", "ru", count=2)


# -- one term per concept ----------------------------------------------------------------------


def _terms_doc() -> dict[str, Any]:
    raw = resources.files("greatwar").joinpath("locale", "terms.ru.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(raw)
    return doc


def test_the_terminology_table_holds_the_rulebooks_glossary() -> None:
    doc = _terms_doc()
    assert len(doc["glossary"]) == 363
    glossary = {g["en"]: g["ru"] for g in doc["glossary"]}
    assert glossary["Combat"] == "битва (also бой)"
    assert glossary["Reserve Box"] == "ячейка резерва"
    assert glossary["Movement Factor (MF)"] == "фактор движения (ФД)"
    terms = messages_check.terms()
    assert {t.en for t in terms} >= {"Fire Column", "Peace Terms", "stack", "hand", "Reserve Box"}


def test_every_russian_catalogue_uses_the_terms_of_the_table() -> None:
    assert messages_check.catalogue_term_problems(_catalogues()) == []


@pytest.mark.parametrize(
    "text",
    [
        "Бой за Варшаву",  # combat: битва
        "Активировать Вену для боя",
        "таблица армий, колонка 3",  # fire column: столбец
        "Принять условия мира",  # peace terms: мирное соглашение
        "Предложить мир",
        "Сковать из Варшавы",  # pinning: «основной» регион
        "в колоде 5, на руке 3",  # hand: в руке
        "Щелкните стопку",  # stack: группировка
        "Соединение в резерве",  # Reserve Box: ячейка резерва
        "использовано {mp} из {mf} ОД",  # Movement Factor: ФД
        "Партия с начальным числом 5",  # seed: зерно
        "Игрокам ещё нужно согласиться",  # е, not ё
        "перетаскивайте карту мышью",  # map: поле
    ],
)
def test_the_term_check_finds_another_rendering(text: str) -> None:
    assert messages_check.term_problems(text, "pog.web:x")


def test_the_term_check_leaves_the_rulebooks_own_phrases() -> None:
    for text in (
        "фактор боя 3",
        "Карта «Все в бой» действует",  # a card is called what it is called
        "«Подлодки в бою»: −1 британское ОП",
        "Кёнигсберг",
        "Россия заключает мир",
        "Боевая карта",
    ):
        assert messages_check.term_problems(text, "pog.web:x") == [], text
    # «команда» is QMG's other word for a team, not the command line's command
    assert messages_check.term_problems("командой «greatwar import»", "greatwar.help:x") == []
    assert messages_check.term_problems("каждая команда получает 1 ПО", "greatwar.web:qmg.x")


# -- the grammar check -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("активировать Ломжа для атаки", "case"),
        ("Бой за Варшава", "case"),
        ("Атака из Россия", "case"),
        ("Игра окончена: побеждают Антанта (победа по очкам)", "agreement"),
        ("по времени побеждают Антанта", "agreement"),
        ("Франция и Италия потеряла 1 карту", "agreement"),
        ("Выберите карту статуса, которую сбросит Франция и Италия.", "agreement"),
        ("Германия атакуют регион Пикардия", "agreement"),
        ("разыграть «Суровая погода» на ОО", "title"),
        ("Вы подготавливаете «Марна»", "title"),
        ("по времени побеждают Союзники", "capital"),
        ("ГЕРк прибывает подкреплением в регион Ячейка резерва ЦД", "generic"),
        ("Вы должны потерять 1 карту (карта «Гибель «Лузитании»»)", "quotes"),
    ],
)
def test_the_grammar_rules_find_what_a_russian_would(text: str, rule: str) -> None:
    assert rule in _rules(text), grammar_ru.problems(text, LEX)


@pytest.mark.parametrize(
    "text",
    [
        "активировать Ломжу для атаки",
        "Битва за Варшаву",
        "передвинуть ГЕР 1 в Берлин",  # its accusative is its nominative
        "Игра окончена: побеждает Антанта (победа по очкам)",
        "по времени побеждают союзники",
        "Франция и Италия потеряли 1 карту",
        "Германия атакует регион Пикардия",
        "разыграть карту «Суровая погода» на ОО",
        "Союзники разыгрывают карту «Блокада»",
        "Ход: Франция и Италия",
        "После «Мольтке»: штраф к активации прекращается",  # a title that does not decline
        "только в регионах Париж, Пикардия или Бельгия",
        "ГЕРк прибывает подкреплением: Ячейка резерва ЦД",
        "Выберите карту статуса, которую сбросит Германия.",  # its subject after the verb
        "Вы должны потерять 1 карту (карта «Гибель „Лузитании“»)",
    ],
)
def test_the_grammar_rules_pass_good_russian(text: str) -> None:
    assert grammar_ru.problems(text, LEX) == []


def test_random_games_and_the_templates_in_russian_pass_the_grammar_check() -> None:
    assert messages_check.grammar_problems(seeds=(1, 2)) == []


def _run(args: list[str]) -> Any:
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "200"}
    return CliRunner().invoke(app, args, env=env)


def test_messages_check_fails_on_a_name_in_the_nominative_and_on_another_term(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = P.TERMINAL.texts["ru"]
    monkeypatch.setitem(terminal, "do.activate.attack", "активировать {a} для атаки")
    r = _run(["messages", "--check", "--game", "pog", "--seeds", "1"])
    assert r.exit_code == 1 and "case: «активировать " in r.output, r.output[-2000:]
    monkeypatch.setitem(terminal, "do.activate.attack", "активировать {a.acc} для боя")
    r = _run(["messages", "--game", "pog"])
    assert r.exit_code == 1 and "«боя» for 'Combat" in r.output, r.output[-2000:]
