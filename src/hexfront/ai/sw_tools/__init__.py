"""Stalin's War's own tools that play the game with agents: the fuzzer."""
