"""Crows: the rules engine, saved-game records and the print-and-play kit."""
