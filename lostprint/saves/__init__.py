"""Saved games (lostprint-save/1): loading YAML or JSON with line numbers, the per-game rules,
validation with precise errors, score computation and the JSON Schema."""
