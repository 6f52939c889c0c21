"""Shared test setup."""

from __future__ import annotations

import pytest
from hypothesis import settings

# Property tests check results, never speed: no per-example deadline, so a busy machine
# (CI, helpers running beside) cannot fail them. Speed lives in the benchmarks (bench/).
settings.register_profile("hexfront", deadline=None)
settings.load_profile("hexfront")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # An empty run must never pass: fail loudly if nothing was collected.
    if session.testscollected == 0:
        session.exitstatus = 1
