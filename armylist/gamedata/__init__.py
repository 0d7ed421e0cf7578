"""The game data: every card as a frozen dataclass (checked by pydantic when the data
is read) and the catalog that loads them."""
