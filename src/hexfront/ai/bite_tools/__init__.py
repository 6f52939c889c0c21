"""BITE driven by agents: the fuzzer (``fuzz``) and the rules benchmark (``benchmark``).

They live above ``games/`` because they play the game with agents from ``ai/``; the
game itself never imports an agent.
"""
