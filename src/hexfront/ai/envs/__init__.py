"""Research environments over the games: PettingZoo for BITE (``bite_pettingzoo``).

They need the ``research`` extra (``pip install hexfront[research]``)."""
