"""The detection API, and the API-key authentication, permissions and errors every app shares."""
