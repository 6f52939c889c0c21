"""Shared test setup."""

from __future__ import annotations

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # An empty run must never pass: fail loudly if nothing was collected.
    if session.testscollected == 0:
        session.exitstatus = 1
