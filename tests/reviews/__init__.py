"""Tests of the review queue."""
