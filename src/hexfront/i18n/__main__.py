"""Keep the gettext catalogues in step with the code (needs Babel; docs/translating.md).

python -m hexfront.i18n update   # extract the messages, merge them into every .po
python -m hexfront.i18n compile  # write each .mo from its .po
python -m hexfront.i18n check    # exit 1 naming every message without a translation
"""

from __future__ import annotations

import ast
import io
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR

#: The modules whose sentences are translated, relative to src/hexfront; a pattern names
#: every module it matches.
SOURCES = (
    "games/bite/text.py",
    "games/bite/track_text.py",
    "games/stalins_war/text.py",
    "engine/match.py",
    "engine/protocol.py",
    "engine/example.py",
    "server/*.py",
    "cli/main.py",
    "cli/map_cmd.py",
    "cli/data_cmd.py",
    "cli/serve_cmd.py",
    "cli/transfer_cmd.py",
    "games/registry.py",
    "games/stalins_war/game.py",
    "games/stalins_war/rules/options.py",
    "games/bite/game.py",
    "games/bite/optional.py",
    "i18n/__init__.py",
)
KEYWORDS = {"_": None, "N_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
PACKAGE = Path(__file__).parents[1]
#: Data whose words players read: the file, its table (``[[card]]`` entries or
#: ``[scenarios.<id>]`` tables) and the gettext context of each field. Stalin's War's card
#: titles and summaries and its scenarios' names and summaries (read back by
#: ``games/stalins_war/text.py``); BITE's scenarios' names and summaries (``Bite.scenarios``)
#: and its optional rules' titles and help (the options of ``games/bite/optional.py``).
DATA_SOURCES: tuple[tuple[str, str, dict[str, str]], ...] = (
    (
        "games/stalins_war/data/cards.toml",
        "card",
        {"title": "card title", "summary": "card summary"},
    ),
    (
        "games/stalins_war/data/rules.toml",
        "scenarios",
        {"name": "scenario", "summary": "scenario summary"},
    ),
    (
        "games/bite/data/scenarios.toml",
        "scenario",
        {"name": "scenario", "summary": "scenario summary"},
    ),
    (
        "games/bite/data/optional_rules.toml",
        "rule",
        {"title": "optional rule", "help": "optional rule help"},
    ),
)


def source_files() -> list[Path]:
    """The modules of :data:`SOURCES`, patterns expanded, in a stable order."""
    files: list[Path] = []
    for rel in SOURCES:
        found = sorted(PACKAGE.glob(rel)) if "*" in rel else [PACKAGE / rel]
        files.extend(path for path in found if path not in files)
    return files


def nested_markers(path: Path) -> Iterator[tuple[int, str | tuple[str, str]]]:
    """Markers with literal text anywhere in a module, also those inside another call's
    arguments (``_(WORDS.get(key, N_("factory")))``), which Babel's extractor skips."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        texts: list[str] = []
        for arg in node.args[:2]:
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                break
            texts.append(arg.value)
        if node.func.id in ("_", "N_") and texts:
            yield node.lineno, texts[0]
        elif node.func.id == "_n" and len(texts) == 2:
            yield node.lineno, (texts[0], texts[1])


def data_messages(
    rel: str, table: str, fields: dict[str, str]
) -> Iterator[tuple[int, str, str, str]]:
    """(line, text, context, comment) for each translated field of each entry of ``table``
    in a TOML data file (``[[table]]`` entries, or ``[table.<id>]`` tables): the field's text
    is the English message, its context says what it is."""
    path = PACKAGE / rel
    lines = path.read_text(encoding="utf-8").splitlines()
    data = tomllib.loads("\n".join(lines))
    found = data.get(table, [])
    entries: list[tuple[int, str, dict[str, object]]] = []
    if isinstance(found, list):  # [[card]]
        starts = [i + 1 for i, line in enumerate(lines) if line.strip() == f"[[{table}]]"]
        for start, item in zip(starts, found, strict=True):
            if "number" in item:  # a card
                who = f"{item['side']} {table} {item['number']}"
            else:  # a scenario (its id), an optional rule (its chapter)
                who = f"{table} {item.get('id', item.get('rule', ''))}"
            entries.append((start, who, item))
    else:  # [scenarios.campaign]
        for key, item in found.items():
            head = f"[{table}.{key}]"
            start = next(i + 1 for i, line in enumerate(lines) if line.startswith(head))
            entries.append((start, f"{table} {key}", item))
    for start, who, item in entries:
        for key, context in fields.items():
            text = item.get(key)
            if not isinstance(text, str) or not text:
                continue
            lineno = next(
                (i + 1 for i in range(start, len(lines)) if lines[i].startswith(f"{key} =")),
                start,
            )
            yield lineno, text, context, f"{who}, {key}"


def template() -> Catalog:
    """Every message the sources mark, in the order they appear, then the data's words."""
    cat = Catalog(domain=DOMAIN, project="hexfront", fuzzy=False)
    for path in source_files():
        rel = path.relative_to(PACKAGE).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            found = [(f"src/hexfront/{rel}", lineno)]
            cat.add(message, locations=found, auto_comments=comments, context=context)
        for lineno, message in nested_markers(path):
            if cat.get(message) is None:
                cat.add(message, locations=[(f"src/hexfront/{rel}", lineno)])
    for rel, table, fields in DATA_SOURCES:
        for lineno, text, context, comment in data_messages(rel, table, fields):
            where = (f"src/hexfront/{rel}", lineno)
            known = cat.get(text, context=context)
            if known is not None:
                known.locations.append(where)
                known.auto_comments.append(comment)
            else:
                cat.add(text, locations=[where], auto_comments=[comment], context=context)
    return cat


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> None:
    tmpl = template()
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        path = po_path(lang)
        if path.exists():
            cat = read(lang)
            cat.update(tmpl, no_fuzzy_matching=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, domain=DOMAIN, project="hexfront")
            cat.update(tmpl)
        with path.open("wb") as f:
            write_po(f, cat, width=100, omit_header=False, ignore_obsolete=True)
        print(f"{path}: {len(cat)} messages")


def mo_bytes(lang: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read(lang))
    return buf.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        path = po_path(lang).with_suffix(".mo")
        path.write_bytes(mo_bytes(lang))
        print(f"{path} written")


def missing() -> list[str]:
    """'lang: msgid' for each message of the code without a translation in a catalogue."""
    tmpl = template()
    out = []
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        cat = read(lang) if po_path(lang).exists() else Catalog(locale=lang)
        for msg in tmpl:
            if not msg.id:
                continue
            got = cat.get(msg.id, context=msg.context)
            strings = got.string if got is not None else None
            empty = not strings or (isinstance(strings, tuple | list) and not all(strings))
            if got is None or empty or got.fuzzy:
                out.append(f"{lang}: {msg.id!r}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        gaps = missing()
        print("\n".join(gaps) or "every message is translated")
        return 1 if gaps else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
