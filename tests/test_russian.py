"""Russian that reads as the Russian rulebook (issue 32): the names a sentence inserts decline
(their cases and gender or number kept as data beside them), and sentences ask for the case
they need and agree with their subject and their numbers."""

from __future__ import annotations

import pytest

from greatwar import texts
from greatwar.core.games import game
from greatwar.core.i18n import Forms
from greatwar.pog import lang as P
from greatwar.qmg1914 import lang as Q

GAMES = ("pog", "qmg1914")


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
            assert n.agr in ("m", "f", "n", "pl"), (kind, n)
            assert all(getattr(n, c) for c in ("nom", "gen", "dat", "acc", "ins", "pre"))
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
