"""Submissions whose claims all ground, so each query ends `done` after one detection."""


def grounded_payload(n: int) -> dict:
    whole, tenth = 1 + n % 97, n % 10
    return {
        "answer": f"Revenue was ${whole}.{tenth}5 million in Q3 2026, up from ${whole}.05 million.",
        "sources": [
            {
                "id": f"filing-{n}",
                "text": f"Q3 2026 revenue: ${whole}.{tenth}5 million. Q3 2025 revenue: "
                f"${whole}.05 million.",
            }
        ],
    }
