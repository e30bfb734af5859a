"""Template tags of the review pages."""
