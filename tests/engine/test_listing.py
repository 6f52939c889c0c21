"""A Listing behaves exactly as the plain list of the same actions (engine/listing.py)."""

from __future__ import annotations

import random

import pytest

from hexfront.engine.listing import Listing
from hexfront.engine.protocol import Action, is_listed


def _both() -> tuple[Listing, list[Action]]:
    listing = Listing()
    plain: list[Action] = []
    for a in (
        Action("axis", "repair", {"unit": "u1", "pp": 2}),
        Action("axis", "aid", {"to": "x"}),
    ):
        listing.append(a)
        plain.append(a)
    listing.grid("axis", "rail", {"unit": "u2"}, "to", ["0101", "0102", "0103"], [{}, {"hq": "h"}])
    for to in ("0101", "0102", "0103"):
        plain += [
            Action("axis", "rail", {"unit": "u2", "to": to}),
            Action("axis", "rail", {"unit": "u2", "to": to, "hq": "h"}),
        ]
    listing.grid("axis", "place", {"unit": "u3"}, "hex", [])  # an empty grid adds nothing
    listing.grid("axis", "rebuild", {"unit": "u4"}, "hex", ["0201"], [{"pp": 3}])
    plain.append(Action("axis", "rebuild", {"unit": "u4", "hex": "0201", "pp": 3}))
    listing.append(Action("axis", "done"))
    plain.append(Action("axis", "done"))
    return listing, plain


def test_length_order_indexing_and_slices_match_the_plain_list() -> None:
    listing, plain = _both()
    assert len(listing) == len(plain) == 10
    assert list(listing) == plain
    assert listing == plain
    assert plain == listing
    for i in range(-len(plain), len(plain)):
        assert listing[i] == plain[i]
    assert listing[2:7:2] == plain[2:7:2]
    assert listing[::-1] == plain[::-1]
    with pytest.raises(IndexError):
        listing[10]
    assert random.Random(3).choice(listing) == random.Random(3).choice(plain)


def test_membership_is_by_exact_content() -> None:
    listing, plain = _both()
    for a in plain:
        assert a in listing
        assert is_listed(Action.from_json(a.to_json()), listing)
    absent = [
        Action("soviet", "rail", {"unit": "u2", "to": "0101"}),  # another side
        Action("axis", "rail", {"unit": "u2", "to": "0104"}),  # another hex
        Action("axis", "rail", {"unit": "u2", "to": "0101", "hq": "g"}),  # another HQ
        Action("axis", "rail", {"unit": "u9", "to": "0101"}),  # another block
        Action("axis", "rail", {"unit": "u2", "to": "0101", "extra": 1}),  # more args
        Action("axis", "rail", {"unit": "u2"}),  # fewer args
        Action("axis", "rail", {"unit": "u2", "to": ["0101"]}),  # not a plain value
        Action("axis", "rebuild", {"unit": "u4", "hex": "0201", "pp": 2}),  # another price
        Action("axis", "repair", {"unit": "u1", "pp": 3}),
    ]
    for a in absent:
        assert a not in plain
        assert a not in listing
        assert not is_listed(a, listing)
    assert "done" not in listing


def test_a_listing_differs_from_a_list_with_another_order() -> None:
    listing, plain = _both()
    assert listing != list(reversed(plain))
    assert listing != plain[:-1]
