"""Stalin's War rules, one module per chapter of the rulebook."""
