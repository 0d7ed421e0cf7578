"""The event file whole: its model, play, submission keys, points and reader."""
