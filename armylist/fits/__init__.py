"""What a list can still add: every unit, upgrade and card that brings no new error."""
