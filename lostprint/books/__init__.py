"""Multi-page documents: rulebooks (`lostprint.books.rulebook`) and finished-game journals.

Prose lives in jinja2 templates under templates/; every number, table and effect comes from the game
data, and every chart is drawn by the same widget as on the player sheet."""
