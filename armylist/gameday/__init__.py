"""Game-day tools: the Supply planner (§6, §8.3) and the mission and deployment draft
(§9.2, §9.3)."""
