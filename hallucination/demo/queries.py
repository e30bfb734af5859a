"""Realistic submissions for the demo: clean answers, each kind of numeric hallucination, and
flags a reviewer clears. Enough of them (over twenty reviews) to work the queue for a while."""

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

# A 10-K passage long enough that the figure a claim rests on sits far down the text: the review
# page scrolls its highlight into view.
_LONG_MDA = (
    "Management's discussion and analysis of financial condition and results of operations.\n\n"
    "Overview. Fabrikam Logistics provides freight forwarding, contract logistics and customs "
    "brokerage services to customers in North America and Europe. The following discussion "
    "should be read together with the consolidated financial statements and the notes to them. "
    "Certain statements are forward-looking and involve risks and uncertainties described under "
    "Risk Factors; actual results may differ materially.\n\n"
    "Market conditions. Freight volumes softened during the first half of the year as customers "
    "reduced inventories, then recovered in the third quarter. Ocean rates normalised after the "
    "disruptions of the prior year, while air freight capacity remained tight on transpacific "
    "lanes. Fuel costs were broadly stable. Labour availability in our European warehouses "
    "improved, and we completed the consolidation of two facilities in the Netherlands.\n\n"
    "Segment review. Freight forwarding handled more shipments than a year earlier, with growth "
    "concentrated in less-than-container-load services. Contract logistics added eleven new "
    "customer sites, mainly in consumer electronics and healthcare. Customs brokerage benefited "
    "from regulatory changes that increased filing volumes. Pricing discipline was maintained "
    "across segments despite competitive pressure in spot markets.\n\n"
    "Capital resources. We invested in warehouse automation and a new transport management "
    "system. Capital expenditures were funded from operating cash flow. We repurchased shares "
    "under the authorisation announced last year and paid quarterly dividends.\n\n"
    "Liquidity. At year end we had undrawn commitments under our revolving credit facility and "
    "no significant debt maturities before 2029. We believe our liquidity is sufficient for our "
    "needs for at least the next twelve months.\n\n"
    "Results of operations for fiscal 2025. Revenue was $2,614 million. Operating income was "
    "$402 million. Free cash flow was $297 million. Capital expenditures were $118 million. "
    "Diluted earnings per share were $3.41."
)

DEMO_QUERIES += [
    {
        "question": "What was the bank's net interest margin this quarter?",
        "answer": "Net interest margin was 3.42% in Q3 2026 and the CET1 ratio stood at 13.1%.",
        "sources": [
            {
                "id": "earnings-release",
                "text": "Q3 2026 highlights: net interest margin 3.24%; CET1 ratio 13.1%; "
                "loans grew 2.1% from the prior quarter.",
            }
        ],
        "stakes": "high",
        "confidence": "0.86",
        "entity": "Woodgrove Bank",
        "period": "Q3 2026",
    },
    {
        "question": "What did the company report for fiscal 2025?",
        "answer": "Fiscal 2025 revenue was $2,614 million and free cash flow reached $329 million.",
        "sources": [{"id": "10-k", "text": _LONG_MDA}],
        "confidence": "0.88",
        "entity": "Fabrikam Logistics",
        "period": "FY2025",
    },
    {
        "question": "How did same-store sales do?",
        "answer": "Same-store sales rose 4.1% in the quarter, with 38 new stores opened.",
        "sources": [
            {
                "id": "press-release",
                "text": "Same-store sales increased 1.4% in the quarter. The company opened "
                "38 new stores.",
            }
        ],
        "confidence": "0.9",
        "entity": "Fourth Coffee",
    },
    {
        "question": "What dividend was declared?",
        "answer": "The board declared a quarterly dividend of $0.42 per share.",
        "sources": [
            {
                "id": "8-k",
                "text": "The Board of Directors declared a quarterly cash dividend of $0.24 "
                "per share, payable on December 15.",
            }
        ],
        "stakes": "audit",
        "confidence": "0.93",
        "entity": "Contoso Bank",
    },
    {
        "question": "What was the Q3 2026 load factor?",
        "answer": "In Q3 2026 the load factor was 86.1%.",
        "sources": [
            {
                "id": "traffic-report",
                "text": "Q2 2026 load factor: 86.1%. Q3 2026 load factor: 84.3%.",
            }
        ],
        "confidence": "0.84",
        "entity": "Blue Yonder Airlines",
        "period": "Q3 2026",
    },
    {
        "question": "What was the EBITDA?",
        "answer": "EBITDA for the year was $128 million.",
        "sources": [
            {
                "id": "annual-report",
                "text": "Operating income: $128 million. EBITDA: $151 million. "
                "Net income: $87 million.",
            }
        ],
        "confidence": "0.87",
        "entity": "Proseware",
    },
    {
        "question": "How did season pass sales go?",
        "answer": "Season pass sales rose 12% to $48 million.",
        "sources": [],
        "confidence": "0.7",
        "entity": "Alpine Ski House",
    },
    {
        "question": "How much did the winery earn?",
        "answer": "Net income was roughly $5 million on revenue of $31.2 million.",
        "sources": [
            {
                "id": "statement",
                "text": "Revenue: $31.2 million. Net income: $5.6 million.",
            }
        ],
        "confidence": "0.85",
        "entity": "Coho Winery",
    },
    {
        "question": "How leveraged is the company?",
        "answer": "Its debt-to-equity ratio is 1.8x.",
        "sources": [
            {"id": "balance-sheet", "text": "Debt-to-equity ratio: 0.8x. Current ratio: 1.6x."}
        ],
        "stakes": "high",
        "confidence": "0.82",
        "entity": "Relecloud",
    },
    {
        "question": "How many bookings came in last week?",
        "answer": "There were 412 new bookings last week.",
        "sources": [
            {
                "id": "get_booking_stats",
                "text": '{"week": "2026-W47", "new_bookings": 421, "cancellations": 17}',
                "kind": "tool_output",
            }
        ],
        "confidence": "0.8",
        "entity": "Margie's Travel",
    },
    {
        "question": "What were diluted earnings per share?",
        "answer": "Diluted EPS was $1.12 for the quarter.",
        "sources": [{"id": "10-q", "text": "Basic EPS: $1.12. Diluted EPS: $1.08."}],
        "confidence": "0.9",
        "entity": "Tailspin Toys",
    },
    {
        "question": "What is the endowment worth?",
        "answer": "The endowment returned 7.2% and is now worth $1.9 billion.",
        "sources": [
            {
                "id": "annual-financial-report",
                "text": "Investment return for the year: 7.2%. Endowment value at June 30: "
                "$1.6 billion.",
            }
        ],
        "confidence": "0.88",
        "entity": "Bellows College",
    },
    {
        "question": "What were total assets?",
        "answer": "Total assets were approximately $4.2 billion at year end.",
        "sources": [
            {
                "id": "balance-sheet",
                "text": "Total assets: $4.23 billion. Total equity: $1.9 billion.",
            }
        ],
        "confidence": "0.91",
        "entity": "Wide World Importers",
    },
    {
        "question": "How many people does the company employ?",
        "answer": "The company has about 1,200 employees across 14 offices.",
        "sources": [
            {
                "id": "10-k",
                "text": "As of December 31 we had 1,187 full-time employees in 14 offices.",
            }
        ],
        "confidence": "0.9",
        "entity": "Lucerne Publishing",
    },
    {
        "question": "What was revenue in fiscal 2025?",
        "answer": "Revenue for fiscal 2025 was $3.2 billion, with operating income of $410 million.",
        "sources": [
            {
                "id": "10-k",
                "text": "Fiscal 2025: revenue $2.3 billion; operating income $410 million.",
            }
        ],
        "stakes": "audit",
        "confidence": "0.89",
        "entity": "Adventure Works",
        "period": "FY2025",
    },
    {
        "question": "What was the operating margin?",
        "answer": "Operating margin widened by 120 basis points to 18.2%.",
        "sources": [
            {
                "id": "results",
                "text": "Operating margin was 18.2%, up 80 basis points from 17.4% a year ago.",
            }
        ],
        "confidence": "0.86",
        "entity": "Trey Research",
    },
]

# Right figures, computed or rounded: flags a reviewer clears when the detector does not
# follow them, which the composite false-positive rate counts. The detector of 2026-11 follows
# all five (none is flagged); they stay as a check that it keeps doing so.
DEMO_QUERIES += [
    {
        "question": "What is the payout ratio?",
        "answer": "The payout ratio is 35%.",
        "sources": [{"id": "results", "text": "Diluted EPS: $1.20. Quarterly dividend: $0.42."}],
        "confidence": "0.88",
        "entity": "Northwind Traders",
    },
    {
        "question": "What was the gross margin?",
        "answer": "Gross margin was 40.0% on revenue of $820 million.",
        "sources": [
            {
                "id": "income-statement",
                "text": "Revenue: $820 million. Cost of goods sold: $492 million.",
            }
        ],
        "confidence": "0.9",
        "entity": "VanArsdel",
    },
    {
        "question": "How did the fund perform?",
        "answer": "The fund returned 8% last year.",
        "sources": [{"id": "factsheet", "text": "One-year return: 7.6%. Expense ratio: 0.45%."}],
        "stakes": "high",
        "confidence": "0.85",
        "entity": "Woodgrove Funds",
    },
    {
        "question": "How productive is the workforce?",
        "answer": "Revenue per employee was $410,000.",
        "sources": [{"id": "10-k", "text": "Revenue: $492 million. Employees: 1,200."}],
        "stakes": "high",
        "confidence": "0.87",
        "entity": "Wingtip Toys",
    },
    {
        "question": "What does the stock yield?",
        "answer": "The stock yields about 3%.",
        "sources": [{"id": "quote", "text": "Dividend yield: 2.8%. P/E ratio: 17.2."}],
        "confidence": "0.9",
        "entity": "Litware Inc.",
    },
]
