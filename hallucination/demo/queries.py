"""A dozen realistic submissions: clean answers, and each kind of numeric hallucination."""

CANONICAL_SOURCE = (
    "Q3 2026 revenue: $1.85 billion. Prior-year revenue: $1.62 billion. Net income: $312 million. "
    "EPS: $0.78. Total assets: $4.2 billion."
)
CANONICAL_ANSWER = (
    "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion. Net income "
    "was $312 million and EPS was $0.81. Total assets were approximately $4 billion."
)

DEMO_QUERIES: list[dict] = [
    {
        "question": "Summarise the Q3 2026 results.",
        "answer": CANONICAL_ANSWER,
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "stakes": "audit",
        "confidence": "0.9",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    },
    {
        "question": "What were Q3 2026 revenue and net income?",
        "answer": "Revenue for Q3 2026 came in at $1.85 billion and net income was $312 million.",
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "confidence": "0.92",
        "entity": "Northwind Industries",
        "period": "Q3 2026",
    },
    {
        "question": "What was the earnings surprise?",
        "answer": "Reported EPS of $0.50 beat the $0.45 estimate, an earnings surprise of 10.96%.",
        "sources": [
            {
                "id": "estimates",
                "text": "Reported EPS: $0.50. Consensus EPS estimate: $0.45.",
            }
        ],
        "confidence": "0.85",
        "entity": "Contoso Semiconductors",
    },
    {
        "question": "What was the total daily options volume for AVGO?",
        "answer": "Total options volume today is 97,271 contracts.",
        "sources": [
            {
                "id": "options-chain",
                "text": (
                    "AVGO options volume by expiration: Nov 21 expiry: 20,893 contracts. "
                    "Dec 19 expiry: 76,378 contracts."
                ),
            },
            {"id": "quote", "text": "AVGO total options volume (all expirations): 20,875."},
        ],
        "stakes": "high",
        "confidence": "0.8",
    },
    {
        "question": "What was the property's NOI?",
        "answer": "The NOI was $1.5M for the property.",
        "sources": [
            {"id": "rent-roll", "text": "The NOI for the property was $1,200,000 in Q3 2024."}
        ],
        "confidence": "0.9",
        "entity": "Harbor Point Apartments",
    },
    {
        "question": "What was the property's NOI?",
        "answer": "The NOI was $1.2M for the property.",
        "sources": [
            {"id": "rent-roll", "text": "The NOI for the property was $1,200,000 in Q3 2024."}
        ],
        "confidence": "0.9",
        "entity": "Harbor Point Apartments",
    },
    {
        "question": "How did revenue develop in FY2024?",
        "answer": (
            "Revenue rose to $2,417 million in FY2024 from $2,198 million in FY2023, "
            "growth of 10.0%. Operating income was $388 million."
        ),
        "sources": [
            {
                "id": "10-k",
                "text": (
                    "(in millions)\n| | FY2023 | FY2024 |\n|---|---|---|\n"
                    "| Revenue | 2,198 | 2,417 |\n| Operating income | 341 | 388 |\n"
                ),
            }
        ],
        "confidence": "0.88",
        "entity": "Fabrikam Logistics",
        "period": "FY2024",
    },
    {
        "question": "What was FY2023 free cash flow?",
        "answer": "Free cash flow for FY2023 was $640 million.",
        "sources": [
            {
                "id": "10-k",
                "text": "Free cash flow for fiscal 2024 was $640 million, compared with $512 million in fiscal 2023.",
            }
        ],
        "confidence": "0.87",
        "entity": "Litware Health",
    },
    {
        "question": "What was operating cash flow?",
        "answer": "Operating cash flow was $412 billion for the quarter.",
        "sources": [
            {
                "id": "10-q",
                "text": "Condensed cash flow statement (in thousands)\nNet cash provided by operating activities: 412,000",
            }
        ],
        "stakes": "high",
        "confidence": "0.83",
        "entity": "Tailspin Toys",
    },
    {
        "question": "How did my trading go today?",
        "answer": (
            "You closed 15 trades today with a win rate of approximately 70%. "
            "The 16th trade was the largest winner."
        ),
        "sources": [
            {
                "id": "get_mt5_position_history",
                "text": '{"summary": {"total_trades": 15, "total_wins": 10, "win_rate": 65.52}}',
                "kind": "tool_output",
            }
        ],
        "confidence": "0.75",
    },
    {
        "question": "What is the loan's debt service coverage?",
        "answer": "The DSCR is 1.25x, above the 1.20x covenant.",
        "sources": [
            {
                "id": "loan-file",
                "text": "Debt service coverage ratio (DSCR): 1.25x. Covenant minimum DSCR: 1.20x.",
            }
        ],
        "confidence": "0.95",
        "entity": "Harbor Point Apartments",
    },
    {
        "question": "What will the share price be next year?",
        "answer": "I can't predict future share prices; the filing gives no guidance on that.",
        "sources": [{"id": "filing", "text": CANONICAL_SOURCE}],
        "confidence": "0.6",
    },
]
