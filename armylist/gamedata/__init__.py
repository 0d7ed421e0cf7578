"""The game data: every card as a frozen dataclass (`models`), the catalog that looks
them up (`catalog`), and its loading, each file checked by pydantic (`loading`)."""
