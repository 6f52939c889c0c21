"""Stalin's War strategy cards: the data, its checks, and `hexfront data check|cards stalins_war`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.games.stalins_war import cards

runner = CliRunner()
ROOT = Path(__file__).parents[2]
DIGEST = ROOT.parent / "shared" / "reference" / "stalins_war_digest.md"
TOML = ROOT / "src/hexfront/games/stalins_war/data/cards.toml"


def _blocks(text: str) -> tuple[str, list[str]]:
    head, *blocks = text.split("\n[[card]]\n")
    return head, blocks


def _join(head: str, blocks: list[str]) -> str:
    return head + "".join("\n[[card]]\n" + b for b in blocks)


def _edit(side: str, number: int, old: str, new: str) -> str:
    """The shipped data with one card's text changed (exactly one occurrence)."""
    head, blocks = _blocks(cards.data_text())
    for i, block in enumerate(blocks):
        if f'side = "{side}"' in block and re.search(rf"^number = {number}$", block, re.M):
            assert block.count(old) == 1, (old, block)
            blocks[i] = block.replace(old, new)
            return _join(head, blocks)
    raise AssertionError(f"no card {side} {number}")


# --------------------------------------------------------------------------- the real data


def test_the_shipped_cards_pass_every_check() -> None:
    assert cards.check_cards() == []
    deck = cards.load_cards()
    assert len(deck) == 110
    assert len({c.id for c in deck}) == 110
    assert [c.number for c in deck if c.side == "soviet"] == list(range(1, 56))
    assert [c.number for c in deck if c.side == "axis"] == list(range(1, 56))


def test_counts_tie_to_the_digest() -> None:
    got = cards.summary(cards.load_cards())
    assert {k: v["cards"] for k, v in got.items()} == {
        "soviet/blitzkrieg": 25,
        "soviet/total_war": 30,
        "axis/blitzkrieg": 25,
        "axis/total_war": 30,
    }
    assert {k: v["starred"] for k, v in got.items()} == {
        "soviet/blitzkrieg": 18,
        "soviet/total_war": 22,
        "axis/blitzkrieg": 21,
        "axis/total_war": 23,
    }
    assert {k: v["ops"] for k, v in got.items()} == {
        "soviet/blitzkrieg": 62,
        "soviet/total_war": 74,
        "axis/blitzkrieg": 68,
        "axis/total_war": 67,
    }
    # lone Axis "1" values are credited to the German pool (A21)
    assert got["axis/blitzkrieg"]["rp"] == {"german": 28 + 11, "panzer": 20, "axis": 14}
    assert got["axis/total_war"]["rp"] == {"german": 22 + 19, "panzer": 15, "axis": 11}


def test_cards_read_as_the_rules_will_need_them() -> None:
    by_id = {c.id: c for c in cards.load_cards()}
    sorge_gated = by_id["S3"]
    assert next((w.test, w.get("card")) for w in sorge_gated.when) == ("played", "S7")
    assert sorge_gated.to_hand_at_draw == 3
    assert sorge_gated.reinforcements
    blow = by_id["A33"]
    assert (blow.ops, blow.rp.printed(), blow.removed, blow.combat) == (3, "2/1/1", True, True)
    assert blow.rp.pools("axis") == {"german": 2, "panzer": 1, "axis": 1}
    assert by_id["S12"].rp.pools("soviet") == {"soviet": 1}
    assert by_id["A11"].rp.pools("axis") == {"german": 1, "panzer": 0, "axis": 0}
    evac = by_id["S8"]
    assert [e.do for e in evac.effects] == ["mark", "permit", "hand_size", "vp", "vp_spaces"]
    assert evac.effects[2].get("schedule") == (-1, -1, -1, -1, 0, 0, 0, 0)
    naval = by_id["A54"]
    assert set(naval.verbs()) == {"choose_one", "move", "vp", "remove_card"}
    assert by_id["A24"].until_played[0].get("each") == "turn_end"
    assert by_id["A10"].combat
    assert by_id["A10"].combat_use == "turn"


def test_every_verb_and_condition_is_documented_and_used() -> None:
    deck = cards.load_cards()
    header = _blocks(cards.data_text())[0]
    doc = (ROOT / "docs/data/stalins_war.md").read_text()
    used_verbs = {v for c in deck for v in c.verbs()}
    assert used_verbs == set(cards.VERBS)
    used_tests = {w.test for c in deck for w in c.when} | {
        w.test for c in deck for e in c.effects + c.until_played for w in e.when
    }
    assert used_tests == set(cards.CONDITIONS)
    for word in list(cards.VERBS) + list(cards.CONDITIONS):
        assert re.search(rf"\b{word}\b", header), word
        assert f"`{word}`" in doc, word


def test_json_round_trip_keeps_every_card() -> None:
    out = [c.to_json() for c in cards.load_cards()]
    assert json.loads(json.dumps(out)) == out
    assert out[0]["id"] == "S1"
    assert out[-1]["id"] == "A55"


# --------------------------------------------------------------------------- broken copies


def test_a_missing_card_is_named() -> None:
    head, blocks = _blocks(cards.data_text())
    kept = [b for b in blocks if not ('side = "soviet"' in b and "\nnumber = 17\n" in "\n" + b)]
    assert len(kept) == 109
    problems = cards.check_cards(_join(head, kept))
    assert "cards: 109 where the digest (1, 3.4) gives 110" in problems
    assert "soviet cards: numbers missing [17] (1-55 must all be there)" in problems
    assert "soviet blitzkrieg OPS total: 61 where digest 4 gives 62" in problems
    assert "soviet blitzkrieg starred cards: 17 where digest 4 gives 18" in problems


def test_a_wrong_ops_value_breaks_the_totals_and_names_the_card() -> None:
    problems = cards.check_cards(_edit("axis", 6, "ops = 4", "ops = 3"))
    assert "axis blitzkrieg OPS total: 67 where digest 4 gives 68" in problems
    assert any(p.startswith("card A6 (Nordlicht): RP 2/2/1 but a 3-OPS") for p in problems)
    soviet = cards.check_cards(_edit("soviet", 12, "ops = 1", "ops = 2"))
    assert any(p.startswith("card S12 (Penal Battalions): RP 1 but OPS 2") for p in soviet)


def test_an_unknown_verb_is_named() -> None:
    problems = cards.check_cards(_edit("soviet", 7, '{do = "mark"}', '{do = "teleport"}'))
    assert len(problems) == 1
    assert problems[0].startswith("card soviet 7 (Sorge): effects[0]: unknown verb 'teleport'")


@pytest.mark.parametrize(
    ("side", "number", "old", "new", "message"),
    [
        ("soviet", 12, "ops = 1", 'ops = "one"', "card soviet 12 (Penal Battalions): 'ops' must"),
        ("axis", 35, "rp = 1", 'rp = "1"', "card axis 35 (Panther): 'rp' must be an integer or"),
        ("axis", 1, "rp = {german = 2,", "rp = {germans = 2,", "card axis 1 (German"),
        ("soviet", 25, 'source = "digest 4.1"\n', "", "card soviet 25 (Stalin Organs): missing"),
        ("soviet", 18, 'card = "S21"', 'card = "Z9"', "card soviet 18 (Deep Cavalry Raid): when"),
        ("soviet", 3, "from = 4", "from = 19", "card soviet 3 (Soviet Reinforcements): when[1]"),
        ("axis", 7, 'what = "attack_Gorki"', 'wot = "x"', "card axis 7 (Taifun): effects[1]"),
        ("axis", 13, "combat = true", "combat = 1", "card axis 13 (Dora): 'combat' must be"),
        ("soviet", 55, "number = 55", "number = 55\nflavour = 1", "card soviet 55 (Allied"),
    ],
)
def test_a_malformed_entry_names_the_card_and_the_field(
    side: str, number: int, old: str, new: str, message: str
) -> None:
    problems = cards.check_cards(_edit(side, number, old, new))
    assert any(p.startswith(message) for p in problems), problems
    with pytest.raises(cards.CardDataError) as caught:
        cards.parse_cards(_edit(side, number, old, new))
    assert message in str(caught.value)


def test_a_reference_to_no_card_and_duplicate_numbers_are_named() -> None:
    problems = cards.check_cards(_edit("soviet", 18, 'card = "S21"', 'card = "S77"'))
    assert "card S18 (Deep Cavalry Raid): condition 'played' names card S77, which does" in (
        " ".join(problems)
    )
    dup = cards.check_cards(_edit("axis", 2, "number = 2", "number = 3"))
    assert any("card A3" in p and "used twice" in p for p in dup), dup
    assert "axis cards: numbers missing [2] (1-55 must all be there)" in dup


def test_not_toml_at_all() -> None:
    assert cards.check_cards("[[card]\nnumber = ")[0].startswith("cards.toml: not valid TOML")


# --------------------------------------------------------------------------- against the digest


def _digest_rows() -> dict[str, tuple[int, str, bool, bool]]:
    rows: dict[str, tuple[int, str, bool, bool]] = {}
    side = ""
    for line in DIGEST.read_text().split("## 4. Strategy cards")[1].split("## 5.")[0].splitlines():
        if line.startswith("### 4."):
            side = "S" if "Soviet" in line else "A"
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not cells[0].isdigit():
            continue
        if side == "S":
            ops, rp, title = cells[1], cells[1], cells[2]
        else:
            ops, rp, title = cells[1], cells[2], cells[3]
        rows[f"{side}{cells[0]}"] = (int(ops), rp, "*" in title, "CC" in title)
    return rows


@pytest.mark.skipif(not DIGEST.exists(), reason="the digest is not beside the repository")
def test_every_card_matches_its_row_in_the_digest() -> None:
    rows = _digest_rows()
    assert len(rows) == 110
    for c in cards.load_cards():
        ops, rp, starred, cc = rows[c.id]
        assert (c.ops, c.rp.printed(), c.removed) == (ops, rp, starred), c.id
        if c.id == "A10":  # Luftwaffe Support: no CC tag printed; read as a CC (A19)
            assert c.combat
            assert not cc
        else:
            assert c.combat == cc, c.id


@pytest.mark.skipif(not DIGEST.exists(), reason="the digest is not beside the repository")
def test_summaries_are_our_own_words() -> None:
    """No summary shares a run of seven words with the digest (card texts included)."""

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    digest = words(DIGEST.read_text())
    runs = {tuple(digest[i : i + 7]) for i in range(len(digest) - 6)}
    for c in cards.load_cards():
        w = words(c.summary)
        copied = [" ".join(w[i : i + 7]) for i in range(len(w) - 6) if tuple(w[i : i + 7]) in runs]
        assert not copied, (c.id, copied)


# --------------------------------------------------------------------------- the CLI


def test_data_check_stalins_war_json() -> None:
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert report["errors"] == []
    assert report["cards"]["axis/total_war"]["cards"] == 30
    assert report["cards"]["soviet/blitzkrieg"]["starred"] == 18


def test_data_check_stalins_war_fails_and_names_the_problem(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = _edit("soviet", 7, '{do = "mark"}', '{do = "teleport"}')
    monkeypatch.setattr(cards, "data_text", lambda: broken)
    result = runner.invoke(app, ["data", "check", "stalins_war", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert "unknown verb 'teleport'" in report["errors"][0]
    text = runner.invoke(app, ["data", "check", "stalins_war"])
    assert text.exit_code == 1
    assert "teleport" in text.output
    listing = runner.invoke(app, ["data", "cards", "stalins_war", "--json"])
    assert listing.exit_code == 1
    assert "teleport" in listing.output


def test_data_cards_stalins_war() -> None:
    result = runner.invoke(app, ["data", "cards", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)["cards"]
    assert len(listed) == 110
    assert listed[14]["title"] == "Operation Uranus"
    assert listed[14]["combat_use"] == "round"
    table = runner.invoke(app, ["data", "cards", "stalins_war"])
    assert table.exit_code == 0
    assert "Hitler Takes" in table.output
    other = runner.invoke(app, ["data", "cards", "bite"])
    assert other.exit_code == 1
