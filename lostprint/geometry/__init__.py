"""Pure geometry: hex grids, square grids, paper, units. No I/O."""
