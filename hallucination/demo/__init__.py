"""Demo data for a newcomer's first screen."""
