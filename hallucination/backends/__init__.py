"""Django's and kombu's backends, and INSERTs of a few rows, made cheaper per request."""
