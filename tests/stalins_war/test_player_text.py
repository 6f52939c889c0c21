"""Players read words, never internals: Stalin's War's log lines and action descriptions.

Whole random games of both scenarios are played and everything the game words for a player
is scanned, from both seats: every log line its view holds (rendered with that side's view,
as the CLI and the browser's generic table render it) and every legal action's description.
None may hold a unit or card id, a snake_case key, a ``key=value`` pair, a field name, a raw
side key or a nation code. Every event kind the rules log has its own sentence.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.games.stalins_war import text as text_module
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.state import SwState
from hexfront.games.stalins_war.text import card_summary, card_title, prompt_words, verdict_words
from hexfront.games.stalins_war.world import load_world
from hexfront.i18n import using

GAME = StalinsWar()
SIDES = ("axis", "soviet")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
KEY_VALUE = re.compile(r"\w=")
FIELD_WORDS = re.compile(r"\b(frm|None|True|False|uid|ar|mp_?)\b|[{}\[\]]")
SIDE_KEY = re.compile(r"\b(axis|soviet)\b")  # the players' words are "Axis" and "Soviet"
NATION_CODE = re.compile(r"\b(SU|GE|RO|HU|IT|PL|BG)\b")


def _ids() -> re.Pattern[str]:
    world = load_world()
    ids = sorted([*world.units, *world.cards], key=len, reverse=True)
    return re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


IDS = _ids()


def leaks(line: str) -> list[str]:
    found = []
    for name, pattern in (
        ("id", IDS),
        ("snake_case", SNAKE),
        ("key=value", KEY_VALUE),
        ("field", FIELD_WORDS),
        ("side key", SIDE_KEY),
        ("nation code", NATION_CODE),
    ):
        hit = pattern.search(line)
        if hit:
            found.append(f"{name} {hit.group(0)!r}")
    if not line.strip():
        found.append("empty")
    return found


def test_the_scan_catches_raw_words() -> None:
    """The patterns themselves: each kind of leak is caught, plain words pass."""
    assert leaks("game_over winner=soviet, outcome=automatic")
    assert leaks("move su.West to 1822")
    assert leaks("play S1 for OPS")
    assert leaks("Romania (RO) leaves the war")
    assert leaks("move West Front (su.West) from None")
    assert not leaks("Soviet: West Front moves from hex 1824 to Odessa (1829) (2 MP)")
    assert not leaks("play Soviet Reinforcements (no. 1, 4 OPS, RP 4) for OPS (7.3)")


def _shown(match: Match[SwState], rng: random.Random, limit: int) -> Iterator[tuple[str, str]]:
    """(what, text) for every log line and action description either seat would read."""
    seen = dict.fromkeys(SIDES, 0)
    for _ in range(limit):
        if match.is_over():
            break
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        yield from _news(match, seen)
        view = match.view(side)
        for action in legal:
            yield f"{side} action {action.verb}", GAME.describe_action(action, view)
        match.act(legal[rng.randrange(len(legal))])
    yield from _news(match, seen)


def _news(match: Match[SwState], seen: dict[str, int]) -> Iterator[tuple[str, str]]:
    log = match.state.log
    for s in SIDES:
        view = match.view(s)
        for event in log[seen[s] :]:
            if event.visible_to(s):
                yield f"{s} log {event.kind}", GAME.log_line(event.to_json(), view)
        seen[s] = len(log)


@pytest.mark.usefixtures("long_games")
@pytest.mark.parametrize(
    ("scenario", "seed"), [("campaign", 1), ("campaign", 2), ("tournament", 3), ("tournament", 4)]
)
def test_random_games_read_as_words(scenario: str, seed: int) -> None:
    match = Match(GAME, scenario, {}, seed)
    bad: dict[str, str] = {}  # one example per source and kind of leak
    kinds: set[str] = set()
    lines = 0
    for what, line in _shown(match, random.Random(seed), 6000):
        lines += 1
        kinds.add(what)
        for leak in leaks(line):
            bad.setdefault(f"{what}: {leak.split(' ', 1)[0]}", f"{what}: {leak} in {line!r}")
    assert match.is_over()
    assert lines > 5000
    for s in SIDES:  # both seats read lines and choose
        assert f"{s} log move" in kinds
        assert any(k.startswith(f"{s} action play_") for k in kinds)
    assert not bad, f"{len(bad)} kinds of leak:\n" + "\n".join(sorted(bad.values()))


# One event of every kind the rules log, as they log it: random play reaches few of the rare
# ones (a surrender, Total War, a shown hand), so each is read here from both seats.
SAMPLE_EVENTS: dict[str, dict[str, Any]] = {
    "setup": {"scenario": "campaign", "turn": 1},
    "turn": {"turn": 4, "season": "winter"},
    "action_round": {"side": "axis", "turn": 2, "ar": 3},
    "play": {"side": "axis", "round": "ops", "consecutive_ops": 2, "card": "A53", "ops": 2},
    "move": {"side": "soviet", "unit": "su.West", "frm": "1824", "to": "1829", "mp": 2, "ops": 1},
    "rail_move": {"side": "soviet", "unit": "su.16R", "frm": "2722", "to": "2917"},
    "sea_move": {"side": "axis", "unit": "ge.16A", "frm": "1619", "to": "1719"},
    "movement_end": {"side": "axis", "markers": 3},
    "draw": {"side": "soviet", "count": 6},
    "drawn": {"side": "soviet", "cards": ["S1", "S9"]},
    "reshuffle": {"side": "soviet", "cards": 20},
    "discard": {"side": "axis", "card": "A8", "random": True},
    "set_aside_taken": {"side": "soviet", "cards": ["S1", "S2"]},
    "total_war": {"turn": 7},
    "hand_shown": {"side": "soviet", "count": 5},
    "banked_ops": {"side": "soviet", "card": "S9", "delta": 2},
    "rp": {"side": "axis", "card": "A1", "rp": {"german": 2, "panzer": 1, "axis": 1}},
    "rp_lost": {"rp": {"german": 2, "panzer": 2, "axis": 1, "soviet": 3}},
    "vp": {"card": "A24", "delta": -1, "vp": 6},
    "control": {"place": "Odessa", "hex": "1829", "side": "axis", "vp": 8, "delta": 1},
    "fortress_destroyed": {"place": "Odessa", "hex": "1829", "by": "axis"},
    "reinforcement": {"side": "axis", "unit": "hu.Mobile", "at": "1224", "step": 1},
    "reinforcement_lost": {"side": "soviet", "unit": "su.16R"},
    "replacement": {"side": "soviet", "unit": "su.16R", "step": 1, "how": "replace_step"},
    "out_of_supply": {"side": "axis", "units": ["it.CSIR", "ge.16A"]},
    "attrition_loss": {"side": "axis", "unit": "it.CSIR", "box": "track"},
    "attrition_control": {"place": "Odessa", "side": "soviet"},
    "turn_track_return": {"unit": "it.CSIR"},
    "surrender": {"nation": "RO", "capital": "Bucharest"},
    "game_over": {
        "winner": "soviet", "outcome": "automatic", "detail": "VP 0 (5.1.3)",
    },
    "combat_marker": {"side": "axis", "hex": "1720"},
    "attack": {
        "side": "soviet", "hex": "2323", "units": ["su.Kalinin", "su.30R"],
        "defenders": ["ge.4A", "ge.24Pz"], "zhukov": True,
    },
    "combat_card": {"side": "soviet", "card": "S25", "kept": True},
    "fire": {
        "side": "axis", "hex": "1920",
        "attacker": {
            "strength": 5, "table": "LCU", "column": "3", "roll": 4, "losses": 1,
            "starred": False, "shifts": [[-2, "river and town"]],
        },
        "defender": {
            "strength": 2, "table": "SCU", "column": "2", "roll": 5, "losses": 1,
            "starred": True, "shifts": [],
        },
    },
    "step_lost": {"side": "axis", "unit": "ge.48Pz", "step": 1},
    "eliminated": {
        "side": "soviet", "unit": "su.3M", "box": "removed", "why": "combat", "hex": "1920",
    },
    "combat_result": {"side": "axis", "hex": "1920", "winner": "axis", "inflicted": 1,
                      "suffered": 1},
    "retreat": {"side": "soviet", "unit": "su.South", "frm": "1924", "to": "2025"},
    "no_retreat": {"side": "soviet", "unit": "su.57R"},
    "advance": {"side": "axis", "unit": "ge.16A", "frm": "1820", "to": "1920"},
    "blitz": {"side": "axis", "hex": "1722"},
    "exploit": {"side": "axis", "unit": "ge.39Pz", "frm": "1821", "to": "1922"},
    "combat_end": {"side": "axis", "attacks": 4},
    "trench_attempt": {"side": "soviet", "hex": "2722", "sure": False},
    "trench": {"side": "soviet", "hex": "2722"},
    "trench_failed": {"side": "axis", "hex": "2022", "roll": 5},
    "trench_removed": {"side": "soviet", "hex": "2722"},
    "festung": {"hex": "1422"},
    "festung_removed": {"hex": "1422"},
    "partisans_placed": {"hex": "2122"},
    "partisans_activated": {"side": "soviet", "unit": "su.P7", "hex": "2122"},
    "partisans_withdrawn": {"hex": "2122"},
    "evasion": {"side": "axis", "card": "A50", "hex": "2122"},
    "rushed": {"side": "soviet", "unit": "su.16R", "frm": "2722", "to": "2322"},
    "fortified_zone": {"side": "soviet", "hex": "2722"},
    "loss_absorbed": {"side": "axis", "unit": "ge.48Pz", "card": "A11"},
    "flipped": {"side": "axis", "unit": "ge.48Pz", "step": 1, "card": "S17"},
    "order_cancelled": {"side": "axis", "card": "S22"},
    "airlift": {"side": "axis", "hex": "2123", "card": "A12"},
    "trench_lifted": {"side": "soviet", "hex": "2722"},
    "first_card": {"side": "axis", "card": "A6", "delta": -1, "vp": 6},
    "fortress_built": {"side": "soviet", "place": "Saratov", "hex": "3027", "card": "S13"},
    "swapped": {"side": "soviet", "unit": "su.1Ukr", "old": "su.West", "hex": "2122"},
    "partisans_removed": {"side": "axis", "hex": "2122", "card": "A15"},
    "sent_away": {"side": "axis", "unit": "ge.48Pz", "box": "other_fronts", "card": "S39",
                  "hex": "2122"},
}  # fmt: skip


def logged_kinds() -> set[str]:
    """Every event kind the Stalin's War rules log (read from their source)."""
    root = Path(text_module.__file__).parent
    source = "\n".join(p.read_text() for p in root.rglob("*.py") if p.name != "text.py")
    kinds = set(re.findall(r"emit\(\s*\"([a-z_]+)\"", source))
    hows = re.findall(r"emit\(\s*f\"\{how\}(_[a-z_]+)\"", source)
    assert hows == ["_move"], hows  # movement names the kind by the verb: rail or sea
    return kinds | {f"{how}_move" for how in ("rail", "sea")}


def test_every_kind_of_event_has_words_from_both_seats() -> None:
    kinds = logged_kinds()
    assert len(kinds) > 25
    assert kinds <= set(SAMPLE_EVENTS), sorted(kinds - set(SAMPLE_EVENTS))
    match = Match(GAME, "campaign", {}, 1)
    for side in (*SIDES, None):
        view = match.view(side) if side else None
        for kind, data in SAMPLE_EVENTS.items():
            line = GAME.log_line({"kind": kind, "data": data}, view)
            assert line != kind.replace("_", " ").capitalize(), f"no words for {kind}"
            assert not leaks(line), (side, kind, line, leaks(line))


def test_the_words_name_cards_units_and_places() -> None:
    def line(kind: str, **changes: Any) -> str:
        return GAME.log_line({"kind": kind, "data": {**SAMPLE_EVENTS[kind], **changes}})

    assert "Manstein" in line("play")
    assert "2nd OPS round in a row" in line("play")
    assert "West Front" in line("move")
    assert "Odessa (1829)" in line("move")
    assert "German 16th Army" in line("sea_move")  # two nations have a 16th Army
    assert "Soviet 16th Army" in line("rail_move")
    assert "Soviet Reinforcements (no. 1)" in line("drawn")
    assert "Romania" in line("surrender")
    assert "Bucharest (" in line("surrender")
    assert "Winter 1942" in line("turn")
    assert "Turn Track" in line("attrition_loss")
    over = line("game_over")
    assert over.startswith("Game over: the Soviet side wins"), over
    assert over.endswith("the VP track stands at 0 (5.1.3)"), over
    count = line(
        "game_over", outcome="tournament", detail="Axis holds 7 USSR VP spaces, scored 9 (22)"
    )
    assert "tournament count: the Axis holds 7 USSR VP spaces, which count as 9" in count
    assert "Italian CSIR Corps" in line("out_of_supply")


def test_every_action_names_its_card_or_unit() -> None:
    world = load_world()
    match = Match(GAME, "tournament", {}, 2)
    legal = match.legal_actions(match.active_sides()[0])
    for action in legal:
        words = GAME.describe_action(action, match.view(action.side))
        if "card" in action.args:
            assert world.cards[str(action.args["card"])].title in words, words
        if "unit" in action.args:
            assert world.units[str(action.args["unit"])].name in words, words
        assert not leaks(words), words


# --- Italian, Spanish and French (issue 18) ------------------------------------------------------

LANGS = ("it", "es", "fr")
# English words that none of the three languages uses: one of them in a translated line means an
# English sentence (or a piece of one) was left. Names of units and places are taken out first.
ENGLISH = re.compile(
    r"\b(the|plays|moves|from|with|takes|attacks|card|cards|turn|begins|loses|step|retreats|"
    r"advances|exploits|arrives|supply|wins|hex|into|and|draws|discards|marker|trench|banks|"
    r"eliminated|choose|move|end|play|of|to|by|at|its|Axis|Soviet|side|nobody|game|"
    r"over|shows|hand|loss|losses|fires|rolls|left|right|now|back|event|round in a row)\b"
)


def _proper_names() -> re.Pattern[str]:
    """Unit and place names, printed the same in every language, and the game's own title."""
    world = load_world()
    names = {u.name for u in world.units.values()} | set(world.map.places) | {"Stalin's War"}
    return re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))


def test_the_english_yardstick_can_fail() -> None:
    line = GAME.log_line({"kind": "play", "data": SAMPLE_EVENTS["play"]})
    assert ENGLISH.search(line), line  # English is caught
    with using("it"):
        italian = GAME.log_line({"kind": "play", "data": SAMPLE_EVENTS["play"]})
    assert not ENGLISH.search(italian), italian


@pytest.mark.usefixtures("long_games")
@pytest.mark.parametrize(("lang", "seed"), [("it", 5), ("es", 6), ("fr", 7)])
def test_a_whole_game_reads_in_each_language(lang: str, seed: int) -> None:
    """A full random tournament game, read from both seats in ``lang``: every log line, every
    legal action's label, every prompt and the verdict. No English sentence (English words
    that the language never uses, unit and place names apart), no id, key or ``key=value``."""
    names = _proper_names()
    match = Match(GAME, "tournament", {}, seed)
    rng = random.Random(seed)
    bad: dict[str, str] = {}
    kinds: set[str] = set()
    lines = 0

    def scan(what: str, line: str) -> None:
        nonlocal lines
        lines += 1
        kinds.add(what)
        found = leaks(line)
        english = ENGLISH.search(names.sub("", line))
        if english:
            found.append(f"English {english.group(0)!r}")
        for leak in found:
            bad.setdefault(f"{what}: {leak.split(' ', 1)[0]}", f"{what}: {leak} in {line!r}")

    with using(lang):
        for what, line in _shown(match, rng, 20000):
            scan(what, line)
        replay = Match(GAME, "tournament", {}, seed)
        for action in match.record.actions[:400]:  # the prompts of the opening rounds
            side = replay.active_sides()[0]
            prompt = replay.view(side)["prompt"]
            scan(f"{side} prompt", prompt_words(prompt if isinstance(prompt, dict) else None))
            replay.act(action)
        result = match.result()
        assert result is not None
        scan("verdict", verdict_words(result.to_json()))
    assert match.is_over()
    assert lines > 3000
    for s in SIDES:
        assert f"{s} log move" in kinds, kinds
        assert f"{s} log play" in kinds, kinds
        assert any(k.startswith(f"{s} action play_") for k in kinds)
    assert not bad, f"{len(bad)} kinds of problem:\n" + "\n".join(sorted(bad.values()))


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_its_title_and_summary_in_each_language(lang: str) -> None:
    """Our summaries are translated, all 110 of them, and so are the titles that are not
    names (Italian: the Italian edition's titles, e.g. Rinforzi Sovietici)."""
    world = load_world()
    names = _proper_names()
    with using(lang):
        for card in world.cards.values():
            summary, title = card_summary(card.id), card_title(card.id)
            assert summary, card.id
            assert summary != card.summary, (card.id, summary)
            english = ENGLISH.search(names.sub("", summary))
            assert not english, (card.id, english.group(0), summary)
            if "Reinforcements" in card.title or card.title == "Lend Lease":
                assert title != card.title, (card.id, title)
        if lang == "it":
            assert card_title("S1") == "Rinforzi Sovietici"
            assert card_title("A7") == "Tifone"


# Every kind of decision, also the rare event choices a random game may not reach.
SAMPLE_PROMPTS: tuple[dict[str, Any], ...] = (
    {"kind": "action_round", "data": {"ar": 2, "rasputitsa": True}},
    {"kind": "movement", "data": {"ops": 2}},
    {"kind": "combat", "data": {"stage": "markers", "ops": 3}},
    {"kind": "combat", "data": {"stage": "declare"}},
    {"kind": "combat", "data": {"stage": "build", "hex": "2722"}},
    {"kind": "combat_cards", "data": {"stage": "cards"}},
    {"kind": "combat_cards", "data": {"stage": "rush"}},
    {"kind": "losses", "data": {"losses": 2}},
    {"kind": "retreat", "data": {"hexes": 2, "unit": "su.West"}},
    {"kind": "advance", "data": {}},
    {"kind": "exploit", "data": {}},
    {"kind": "replacements", "data": {"rp": {"german": 2, "panzer": 1, "axis": 0}}},
    {"kind": "reinforce", "data": {"unit": "su.West"}},
    {"kind": "reinforce", "data": {"unit": "su.1Ukr", "swap": True}},
    {"kind": "discards", "data": {}},
    {"kind": "trench", "data": {}},
    *({"kind": "pick", "data": {"what": what}} for what in ("fortress", "naval", "airlift")),
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_event_and_prompt_reads_in_each_language(lang: str) -> None:
    """The rare lines too (a surrender, Total War, a shown hand, each verdict): each kind of
    event and of decision in ``lang``, with no English left and nothing internal."""
    from hexfront.games.stalins_war.rules.picks import PROMPTS

    names = _proper_names()
    details = (
        "the Soviet holds the Axis capitals (5.1.3)",
        "every oil hex held (5.1.2)",
        "Leningrad, Moscow and Rostov or Stalingrad (5.1.2)",
        "Moscow, Leningrad held, Baku cut (5.1.2)",
        "no supplied Axis unit crossed the Paulus Line (5.1.3)",
        "every USSR VP space Soviet (5.1.3)",
        "no automatic victory by the end of the last turn (5.1.4)",
        "Axis holds 7 USSR VP spaces, scored 9 (22)",
    )
    verdicts = [
        {"winner": "axis", "outcome": outcome, "detail": detail}
        for outcome in ("automatic", "end", "tournament")
        for detail in details
    ]
    prompts = [*SAMPLE_PROMPTS, *({"kind": "pick", "data": {"what": w}} for w in PROMPTS)]
    with using(lang):
        lines = [GAME.log_line({"kind": k, "data": d}) for k, d in SAMPLE_EVENTS.items()]
        lines += [GAME.log_line({"kind": "game_over", "data": v}) for v in verdicts]
        lines += [verdict_words(v) for v in verdicts]
        lines += [prompt_words({"side": "axis", **p}) for p in prompts]
    with using("en"):
        english = [prompt_words({"side": "axis", **p}) for p in prompts]
    assert any(ENGLISH.search(e) for e in english)  # the yardstick can fail
    for line in lines:
        assert not leaks(line), (line, leaks(line))
        found = ENGLISH.search(names.sub("", line))
        assert not found, (lang, found.group(0), line)
