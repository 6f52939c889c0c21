"""The browser client as the server ships it: the committed bundle is current, `/` serves
it, and the mapboard endpoint it draws from."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).parents[2]
WEB = ROOT / "web"
BUNDLE = ROOT / "src" / "hexfront" / "server" / "static" / "app"
# Keep in step with SOURCES in web/build-manifest.mjs.
SOURCES = (
    "src",
    "index.html",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "vite.config.ts",
    "build-manifest.mjs",
)


def sources_sha256() -> tuple[str, list[str]]:
    files: list[str] = []
    for name in SOURCES:
        path = WEB / name
        if path.is_dir():
            files += [p.relative_to(WEB).as_posix() for p in path.rglob("*") if p.is_file()]
        else:
            files.append(name)
    files.sort()
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode() + b"\0")
        digest.update((WEB / f).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest(), files


def test_committed_bundle_is_built_from_the_current_sources() -> None:
    manifest = json.loads((BUNDLE / "manifest.json").read_text())
    digest, files = sources_sha256()
    assert manifest["sources"] == files, "run `make web` to rebuild the client (sources changed)"
    assert manifest["sources_sha256"] == digest, "run `make web` to rebuild the client"
    for name in manifest["bundle"]:
        assert (BUNDLE / name).is_file(), f"{name} is missing: run `make web` to rebuild the client"
    on_disk = sorted(
        p.relative_to(BUNDLE).as_posix()
        for p in BUNDLE.rglob("*")
        if p.is_file() and p.name != "manifest.json"
    )
    assert on_disk == manifest["bundle"], "stale files in the bundle: run `make web`"


def test_index_serves_the_client_and_its_assets(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-cache"
    assets = [
        part.split('"')[0] for part in page.text.split('="/static/app/')[1:] if "assets/" in part
    ]
    assert any(a.endswith(".js") for a in assets)
    assert any(a.endswith(".css") for a in assets)
    for asset in assets:
        assert client.get("/static/app/" + asset).status_code == 200, asset
    assert "hexfront" in page.text
    plain = client.get("/plain")  # the plain page for any game stays
    assert plain.status_code == 200
    assert "/static/app.js" in plain.text


def test_board_is_public_gzipped_and_cacheable(client: TestClient) -> None:
    res = client.get(
        "/api/games/catalog/bite/board",
        params={"scenario": "SBE1"},
        headers={"accept-encoding": "gzip"},
    )
    assert res.status_code == 200
    assert res.headers["content-encoding"] == "gzip"
    assert "public" in res.headers["cache-control"]
    assert "no-store" not in res.headers["cache-control"]
    assert int(res.headers["content-length"]) < 100_000  # ~420 KiB of JSON, gzipped
    board = res.json()  # httpx undoes the gzip
    assert board["grid"]["width"] == 60
    assert len(board["hexes"]) == 60 * 50
    assert {"hexes", "rivers", "arrows", "rails", "places", "boxes", "zones", "area"} <= set(board)
    assert "2020" in board["area"]
    assert len(board["area"]) < 3000
    again = client.get(
        "/api/games/catalog/bite/board",
        params={"scenario": "SBE1"},
        headers={"if-none-match": res.headers["etag"]},
    )
    assert again.status_code == 304
    whole = client.get("/api/games/catalog/bite/board", headers={"accept-encoding": "identity"})
    assert whole.status_code == 200
    assert "content-encoding" not in whole.headers
    assert whole.json()["area"] is None


def test_board_is_404_for_games_without_one(client: TestClient) -> None:
    for path in (
        "/api/games/catalog/skirmish/board",
        "/api/games/catalog/bite/board?scenario=SBE99",
    ):
        res = client.get(path)
        assert res.status_code == 404, path
        assert res.json()["error"] == "not_found"
    assert client.get("/api/games/catalog/chess/board").status_code == 422  # unknown game


def test_bite_sbe1_is_playable_through_the_api(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games/catalog").json()["games"]}
    playable = [s["id"] for s in games["bite"]["scenarios"] if s["playable"]]
    assert playable == [f"SBE{i}" for i in range(1, 10)]
    res = client.post(
        "/api/games",
        json={"game": "bite", "scenario": "SBE1", "opponents": {"soviet": "random"}},
    )
    assert res.status_code == 201, res.text
    body = res.json()
    view = client.get(
        f"/api/games/{body['id']}/view",
        headers={"authorization": f"Bearer {body['seats']['axis']}"},
    ).json()
    assert view["view"]["prompt"]["kind"] == "production"
    assert view["legal_actions"]


def test_the_client_tells_both_sides_when_the_creator_chose_the_seed() -> None:
    """Issue 19, finding 1: the payload's `seed_chosen_by_creator` reaches the players, in
    words, in the game page's bar."""
    manifest = json.loads((BUNDLE / "manifest.json").read_text())
    code = "".join(
        (BUNDLE / name).read_text() for name in manifest["bundle"] if name.endswith(".js")
    )
    assert "seed_chosen_by_creator" in code
    assert "Dice seed chosen by the game's creator" in code
