"""Server test fixtures: an app on a temporary SQLite database, driven in process."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Tally

from hexfront.server.app import create_app
from hexfront.server.settings import Settings


def test_settings(**overrides: Any) -> Settings:
    settings = Settings(
        rate_per_second=1000.0,
        rate_burst=1000,
        extra_games={"tally": Tally()},
        argon2_memory_kib=1024,
        argon2_time_cost=1,
    )
    for key, value in overrides.items():
        setattr(settings, key, value)
    return settings


DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("HEXFRONT_TEST_POSTGRES") else [])


@pytest.fixture(scope="module", params=DATABASES)
def client(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    """One app per test module (games are independent of each other), on SQLite and, when
    ``HEXFRONT_TEST_POSTGRES`` names a scratch database, on PostgreSQL too."""
    url = os.environ["HEXFRONT_TEST_POSTGRES"] if request.param == "postgresql" else None
    app = create_app(url, tmp_path_factory.mktemp("data"), test_settings())
    with TestClient(app) as c:
        yield c


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Fresh apps on this test's own data directory (a second one sees the same data)."""
    opened: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        app = create_app(None, tmp_path, test_settings(**overrides))
        c = TestClient(app)
        c.__enter__()
        opened.append(c)
        return c

    yield make
    for c in reversed(opened):
        c.__exit__(None, None, None)
