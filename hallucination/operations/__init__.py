"""Operations: Prometheus metrics, data exports and the health endpoints."""
