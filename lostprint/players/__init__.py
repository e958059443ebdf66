"""Players: seeded policies that drive a game's rules (simulation, examples, balance)."""
