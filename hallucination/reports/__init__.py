"""Accuracy measurement and reports: the detector's scores, the monitored LLM's rates, /reports/."""
