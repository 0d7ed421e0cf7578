"""The list as a sheet (`show`, `export`): what a player brings to the table."""
