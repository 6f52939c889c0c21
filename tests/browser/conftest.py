"""The browser tests' server and Chromium, shared by every module here (defined in test_browser.py)."""

from .test_browser import browser, chromium, server  # noqa: F401
