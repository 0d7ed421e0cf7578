"""My collection: the models a player owns, and the boxes they came in."""
