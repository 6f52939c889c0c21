"""The board's nearest-target distance agrees with its plain distance (world.MapBoard)."""

from __future__ import annotations

import random

from hexfront.games.bite.game import Bite


def test_min_distance_is_the_least_plain_distance_hexes_and_boxes() -> None:
    board = Bite().world("SBE4", {}).board
    rng = random.Random(7)
    nodes = list(range(board.node_count))
    boxes = nodes[-5:]  # off-map boxes come after the hexes
    for _ in range(300):
        node = rng.choice(nodes if rng.random() < 0.9 else boxes)
        targets = rng.sample(nodes, rng.randrange(1, 12)) + rng.sample(boxes, rng.randrange(0, 2))
        assert board.min_distance(node, targets) == min(board.distance(node, t) for t in targets)
    assert board.min_distance(0, []) is None
