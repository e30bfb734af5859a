"""Django backends of our own: Django's PostgreSQL and Redis backends with cheaper per-request costs."""
