"""Variant maps rated by play: seeded games by named players (players), summed up (stats), run on
every core or a Dask cluster (run), and difficulty bands from the standard map's rate (bands)."""
