"""The game data: pydantic models of every card and the catalog that loads them."""
