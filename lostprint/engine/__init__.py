"""One pure rules engine per game: state, phases in order, charts from the data, dice as input."""
