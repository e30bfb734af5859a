"""Words the extractor recognises: metric labels and synonyms, scales, currencies, periods."""

from __future__ import annotations

import re
from decimal import Decimal

import regex

# Canonical metric label -> phrases that name it. Longer phrases win over their prefixes
# ("net income" over "income"), so synonyms fold to one label and "dividend per share" is
# never read as EPS.
METRIC_SYNONYMS: dict[str, tuple[str, ...]] = {
    "eps": (
        "eps",
        "earnings per share",
        "earnings per diluted share",
        "diluted earnings per share",
        "basic earnings per share",
        "diluted eps",
        "basic eps",
        "adjusted eps",
        "earnings a share",
        "net income per share",
        "net income per diluted share",
        "net income per basic share",
        "net loss per share",
        "net loss per diluted share",
        "income per share",
        "income per diluted share",
        "net income per common share",
        "loss per share",
    ),
    "eps surprise": ("earnings surprise", "eps surprise", "surprise"),
    "revenue": (
        "revenue",
        "revenues",
        "total revenue",
        "total revenues",
        "net revenue",
        "net revenues",
        "sales",
        "net sales",
        "total net sales",
        "total sales",
        "top line",
        "turnover",
        "operating revenues",
        "total operating revenues",
        "revenue from operations",
    ),
    "net income": (
        "net income",
        "net profit",
        "net earnings",
        "net loss",
        "earnings",
        "profit attributable to shareholders",
        # IFRS statements name it for the period and its owners.
        "profit for the year",
        "profit for the period",
        "loss for the year",
        "loss for the period",
        "profit attributable to owners",
        "profit attributable to owners of the parent",
        "profit attributable to equity holders",
        "profit after tax",
        "net profit after tax",
        "npat",
        "bottom line",
    ),
    "operating income": (
        "operating income",
        "operating profit",
        "income from operations",
        "operating loss",
        "operating earnings",
        "ebit",
    ),
    "ebitda": ("ebitda", "adjusted ebitda"),
    "gross profit": ("gross profit",),
    "gross margin": ("gross margin", "gross margins", "gross profit margin"),
    "operating margin": ("operating margin", "operating margins", "operating profit margin"),
    "net margin": ("net margin", "profit margin", "net profit margin"),
    "ebitda margin": ("ebitda margin",),
    "operating cash flow": (
        "operating cash flow",
        "cash flow from operations",
        "cash from operations",
        "cash flow from operating activities",
        "cash provided by operating activities",
        "net cash provided by operating activities",
        "net cash from operating activities",
    ),
    "free cash flow": ("free cash flow", "fcf"),
    "distributable cash flow": ("distributable cash flow", "dcf"),
    "cash flow": ("cash flow", "cash flows"),
    "capex": ("capital expenditures", "capital expenditure", "capex", "capital spending"),
    "total assets": ("total assets", "assets"),
    "total liabilities": ("total liabilities", "liabilities"),
    # The working-capital cycle in days and its parts.
    "cash conversion cycle": ("cash conversion cycle", "ccc", "cash cycle"),
    "dso": ("dso", "days sales outstanding", "days of sales outstanding"),
    "dio": (
        "dio",
        "days inventory outstanding",
        "days of inventory outstanding",
        "days in inventory",
    ),
    "dpo": (
        "dpo",
        "days payable outstanding",
        "days payables outstanding",
        "days of payables outstanding",
    ),
    # The working-capital lines: part of the totals, never them.
    "current assets": ("current assets", "total current assets"),
    "current liabilities": ("current liabilities", "total current liabilities"),
    "total debt": ("total debt", "long-term debt", "debt", "borrowings"),
    "cash": (
        "cash and cash equivalents",
        "cash and equivalents",
        "cash",
        "cash balance",
        "cash on hand",
    ),
    "shareholders equity": (
        "shareholders' equity",
        "shareholders equity",
        "stockholders' equity",
        "stockholders equity",
        "total equity",
    ),
    "dscr": ("dscr", "debt service coverage ratio", "debt service coverage", "debt service"),
    "liquidity": ("liquidity", "total liquidity", "available liquidity"),
    "noi": ("noi", "net operating income"),
    "occupancy": ("occupancy", "occupancy rate"),
    "cap rate": ("cap rate", "capitalization rate"),
    "debt to equity": ("debt-to-equity", "debt to equity", "debt-to-equity ratio"),
    "expense ratio": ("expense ratio",),
    # Insurers' and banks' ratios, which the stopwords would otherwise reduce to nothing
    # ("combined" and "ratio" name no metric alone).
    "combined ratio": ("combined ratio", "combined operating ratio"),
    "loss ratio": ("loss ratio", "loss and lae ratio", "loss and loss adjustment expense ratio"),
    "efficiency ratio": ("efficiency ratio", "cost-income ratio", "cost to income ratio"),
    "payout ratio": ("payout ratio", "dividend payout ratio"),
    "return on equity": ("return on equity", "roe"),
    "return on assets": ("return on assets", "roa"),
    "return on investment": ("return on investment", "roi"),
    "win rate": ("win rate", "win_rate", "hit rate"),
    "profit factor": ("profit factor",),
    "expectancy": ("expectancy",),
    "positions": ("total positions", "positions", "position", "open positions"),
    "wins": ("total wins", "winning trades", "wins", "winning positions", "winners", "winning"),
    "losses": ("total losses", "losing trades", "losses", "losing positions", "losers", "losing"),
    "trades": ("trades", "trade", "total trades"),
    "p&l": (
        "p&l",
        "pnl",
        "total p&l",
        "total pl",
        "net p&l",
        "profit and loss",
        "total profit",
    ),
    "average win": ("average win", "avg win"),
    "average loss": ("average loss", "avg loss"),
    "lot size": ("lot size", "lot sizes"),
    "drawdown": ("drawdown", "max drawdown", "maximum drawdown"),
    "sharpe ratio": ("sharpe ratio", "sharpe"),
    "dividend": (
        "dividend",
        "dividends",
        "dividend per share",
        "dividends per share",
        "quarterly dividend",
    ),
    "dividend yield": ("dividend yield",),
    "share repurchases": (
        "share repurchases",
        "share repurchase",
        "buybacks",
        "buyback",
        # as cash flow statements name the line
        "repurchases of common stock",
        "repurchase of common stock",
        "repurchases of common shares",
        "repurchases of ordinary shares",
        "purchases of treasury stock",
        "purchase of treasury stock",
        "stock repurchases",
    ),
    "market cap": ("market capitalization", "market cap"),
    "share price": ("share price", "stock price", "closing price", "price target"),
    "options volume": ("options volume", "option volume", "options contracts"),
    "volume": ("trading volume", "volume"),
    "open interest": ("open interest",),
    "guidance": ("guidance", "outlook"),
    "interest expense": ("interest expense",),
    "tax rate": ("effective tax rate", "tax rate"),
    "operating expenses": ("operating expenses", "opex", "total operating expenses"),
    "cost of revenue": ("cost of revenue", "cost of sales", "cost of goods sold", "cogs"),
    "r&d": ("research and development", "r&d"),
    "marketing": ("marketing", "marketing expense", "marketing expenses", "sales and marketing"),
    # (As the phrase reader sees it: commas are no words.)
    "sg&a": ("sg&a", "selling general and administrative"),
    "net interest margin": ("net interest margin", "nim"),
    "net interest income": ("net interest income",),
    "deposits": ("deposits", "total deposits"),
    "loans": ("loans", "total loans", "loan book"),
    "cet1": ("cet1", "cet1 ratio", "common equity tier 1"),
    "book value": ("book value", "book value per share"),
    "backlog": ("backlog", "order backlog", "remaining performance obligations"),
    "headcount": ("headcount", "employees", "staff"),
    "arr": ("annual recurring revenue", "arr"),
    "subscribers": ("subscribers", "paid subscribers"),
    "users": ("daily active users", "monthly active users", "dau", "mau", "users"),
    "customers": ("customers", "clients"),
    "same-store sales": ("same-store sales", "comparable sales", "comparable store sales"),
    "shares outstanding": (
        "shares outstanding",
        "shares of common stock outstanding",
        "common shares outstanding",
        "outstanding shares",
        "diluted shares",
        "weighted average shares",
        "weighted average diluted shares",
        "weighted average shares outstanding",
        "diluted weighted average shares",
        "diluted share count",
        "share count",
    ),
    "inventory": ("inventory", "inventories"),
    "receivables": ("accounts receivable", "receivables"),
    "goodwill": ("goodwill",),
    "working capital": ("working capital",),
    "aum": ("assets under management", "aum"),
    "net revenue retention": ("net revenue retention", "net dollar retention"),
    "interest coverage": ("interest coverage", "interest coverage ratio"),
    "leverage ratio": (
        "leverage ratio",
        "net leverage",
        "leverage",
        # Leverage is net debt over EBITDA however it is written: "the ratio of net debt to
        # adjusted EBITDA", "Net debt / EBITDA" (read as words, without the slash).
        "net debt to ebitda",
        "net debt to adjusted ebitda",
        "debt to ebitda",
        "net debt/ebitda",
        "debt/ebitda",
        "net debt / ebitda",
        "net debt ebitda",
        "net debt adjusted ebitda",
    ),
    "current ratio": ("current ratio",),
    "quick ratio": ("quick ratio",),
    "p/e": ("p/e", "price-to-earnings", "price to earnings", "p/e ratio"),
    "segment revenue": ("segment revenue",),
    "unemployment rate": ("unemployment rate",),
    "inflation": ("inflation", "cpi"),
    "interest rate": ("interest rate", "policy rate", "fed funds rate", "coupon"),
    "yield": ("yield", "yield to maturity"),
    "default rate": ("default rate",),
    "delinquency rate": ("delinquency rate",),
    "churn": ("churn", "churn rate"),
    # Industry measures, spelled out and abbreviated: "revenue per available seat mile" is
    # RASM, not revenue.
    "asm": ("available seat miles", "available seat mile", "asm", "asms"),
    "rpm": ("revenue passenger miles", "revenue passenger mile", "rpm", "rpms"),
    "rasm": ("revenue per available seat mile", "revenue per asm", "rasm", "trasm"),
    "passenger unit revenue": (
        "passenger revenue per available seat mile",
        "passenger revenue per asm",
        "prasm",
    ),
    "casm": ("cost per available seat mile", "cost per asm", "casm"),
    "load factor": ("load factor", "passenger load factor"),
    "revpar": ("revenue per available room", "revpar"),
    "adr": ("average daily rate", "adr"),
    "arpu": ("average revenue per user", "average revenue per unit", "arpu"),
    "tpv": ("total payment volume", "total payments volume", "tpv"),
}


# A line break that only wraps prose: a word or a comma ends the line, a lower-case word or
# a currency sign starts the next, which has no table columns ("Revenue was\n$2.87
# billion"). A lookahead to put after the line break a sentence or clause pattern matches.
SOFT_WRAP = r"(?<=[A-Za-z,]\n)[a-z$€£¥](?![^\n]*(?:  |\t|\|))"


def _fold(phrase: str) -> str:
    # Spaces, hyphens and underscores are interchangeable in labels: "win_rate", "win-rate".
    return " ".join(regex.split(r"[\s_-]+", phrase.strip().lower()))


_PHRASE_TO_LABEL: dict[str, str] = {}
for _label, _phrases in METRIC_SYNONYMS.items():
    for _phrase in (_label, *_phrases):
        _PHRASE_TO_LABEL.setdefault(_fold(_phrase), _label)


def folded_phrases() -> list[str]:
    return list(_PHRASE_TO_LABEL)


def label_of_folded(folded: str) -> str:
    return _PHRASE_TO_LABEL.get(folded, "")


RATIO_LABELS = frozenset(
    {
        "dscr",
        "debt to equity",
        "profit factor",
        "sharpe ratio",
        "current ratio",
        "quick ratio",
        "p/e",
        "interest coverage",
        "leverage ratio",
    }
)
PERCENT_LABELS = frozenset(
    {
        "gross margin",
        "operating margin",
        "net margin",
        "ebitda margin",
        "occupancy",
        "cap rate",
        "return on equity",
        "return on assets",
        "return on investment",
        "win rate",
        "tax rate",
        "net interest margin",
        "cet1",
        "dividend yield",
        "same-store sales",
        "net revenue retention",
        "unemployment rate",
        "inflation",
        "interest rate",
        "yield",
        "default rate",
        "delinquency rate",
        "churn",
        "expense ratio",
        "combined ratio",
        "loss ratio",
        "efficiency ratio",
        "payout ratio",
        "eps surprise",
        "drawdown",
        "load factor",
    }
)
COUNT_LABELS = frozenset(
    {
        "positions",
        "wins",
        "losses",
        "trades",
        "headcount",
        "subscribers",
        "users",
        "customers",
        "shares outstanding",
    }
)
PER_SHARE_LABELS = frozenset({"eps", "dividend", "book value", "share price"})


_LONGEST_PHRASE = max(len(p.split(" ")) for p in _PHRASE_TO_LABEL)
_PHRASE_WORD = re.compile(r"[a-z][a-z&/'’]*")


_BARE_TOTALS = frozenset({"assets", "liabilities"})
_BEFORE_A_BARE_TOTAL = frozenset(
    {"total", "the", "its", "our", "their", "of", "in", "and", "all", "combined", "consolidated"}
)


def canonical_labels(text: str) -> list[str]:
    """The canonical metrics a short text names, in order, longest phrase first at each word.

    >>> canonical_labels("Net cash provided by operating activities and diluted EPS")
    ['operating cash flow', 'eps']
    """
    tokens = _PHRASE_WORD.findall(text[:400].lower().replace("_", " ").replace("-", " "))
    # Read from the right: a metric's head noun comes last ("adjusted EBITDA margin" is an
    # EBITDA margin, not adjusted EBITDA and a margin).
    found: list[str] = []
    end = len(tokens)
    while end > 0:
        for size in range(min(_LONGEST_PHRASE, end), 0, -1):
            label = _PHRASE_TO_LABEL.get(" ".join(tokens[end - size : end]))
            if (
                label
                and size == 1
                and tokens[end - 1] in _BARE_TOTALS
                and end > 1
                and tokens[end - 2] not in _BEFORE_A_BARE_TOTAL
            ):
                # "intangible assets", "contract liabilities": a kind of asset or
                # liability, not the balance sheet's total
                label = None
            if label == "cash" and size == 1 and end > 1 and tokens[end - 2] in ("in", "all"):
                # "$27.50 a share in cash", "an all-cash deal": how a price is paid, not the
                # cash a company holds
                label = None
            if label:
                start = end - size
                # "operating profit for the year": a phrase that ends in the match's first
                # word and starts before it names the metric ("operating profit"); "for the
                # year" only says which period ("adjusted EBITDA margin" stays a margin).
                wider_span = size > 2 and tokens[start + 1] == "for"
                for before in range(min(_LONGEST_PHRASE, start + 1) if wider_span else 0, 1, -1):
                    wider = _PHRASE_TO_LABEL.get(" ".join(tokens[start + 1 - before : start + 1]))
                    if wider:
                        label, start = wider, start + 1 - before
                        break
                if label not in found:
                    found.append(label)
                end = start
                break
        else:
            end -= 1
    found.reverse()
    return found


def normalise_label(text: str) -> str:
    """The canonical metric a phrase names, or "" when it names none we know.

    >>> normalise_label("Earnings per share")
    'eps'
    """
    if not text:
        return ""
    cleaned = _fold(text)
    if cleaned in _PHRASE_TO_LABEL:
        return _PHRASE_TO_LABEL[cleaned]
    found = canonical_labels(text)
    return found[0] if found else ""


def label_of_match(matched: str) -> str:
    return _PHRASE_TO_LABEL.get(_fold(matched), "")


# ------------------------------------------------------------------ scales and units

SCALE_WORDS: dict[str, Decimal] = {
    "thousand": Decimal("1e3"),
    "thousands": Decimal("1e3"),
    "k": Decimal("1e3"),
    "million": Decimal("1e6"),
    "millions": Decimal("1e6"),
    "mn": Decimal("1e6"),
    "mln": Decimal("1e6"),
    "mm": Decimal("1e6"),
    "m": Decimal("1e6"),
    "billion": Decimal("1e9"),
    "billions": Decimal("1e9"),
    "bn": Decimal("1e9"),
    "bln": Decimal("1e9"),
    "b": Decimal("1e9"),
    "trillion": Decimal("1e12"),
    "trillions": Decimal("1e12"),
    "tn": Decimal("1e12"),
    "t": Decimal("1e12"),
    # Indian numbering: a lakh is a hundred thousand, a crore ten million.
    "lakh": Decimal("1e5"),
    "lakhs": Decimal("1e5"),
    "crore": Decimal("1e7"),
    "crores": Decimal("1e7"),
    "cr": Decimal("1e7"),
    "lakh crore": Decimal("1e12"),
    "lakh crores": Decimal("1e12"),
}

SCALE_SUFFIX = {
    Decimal("1e3"): ("K", " thousand"),
    Decimal("1e6"): ("M", " million"),
    Decimal("1e9"): ("B", " billion"),
    Decimal("1e12"): ("T", " trillion"),
}

CURRENCY_SYMBOLS: dict[str, str] = {
    "US$": "USD",
    "U.S.$": "USD",
    "C$": "CAD",
    "CA$": "CAD",
    "A$": "AUD",
    "AU$": "AUD",
    "HK$": "HKD",
    "S$": "SGD",
    "NZ$": "NZD",
    "R$": "BRL",
    "N$": "NAD",
    "NT$": "TWD",
    "TT$": "TTD",
    "RD$": "DOP",
    "J$": "JMD",
    # Other countries' dollars, by the letters their filings write before the sign.
    "B$": "BSD",
    "BZ$": "BZD",
    "BDS$": "BBD",
    "Bds$": "BBD",
    "BD$": "BMD",
    "CI$": "KYD",
    "EC$": "XCD",
    "FJ$": "FJD",
    "G$": "GYD",
    "GY$": "GYD",
    "L$": "LRD",
    "SI$": "SBD",
    "SR$": "SRD",
    "T$": "TOP",
    "WS$": "WST",
    "Mex$": "MXN",
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    # The other signs of Unicode's currency block a filing writes before its figures.
    "₦": "NGN",
    "₱": "PHP",
    "₫": "VND",
    "₺": "TRY",
    "₴": "UAH",
    "₪": "ILS",
    "₽": "RUB",
    "₡": "CRC",
    "₲": "PYG",
    "₸": "KZT",
    "฿": "THB",
    "৳": "BDT",
    "₾": "GEL",
    "₼": "AZN",
    "₮": "MNT",
    "CHF": "CHF",
}
CURRENCY_CODES = frozenset(
    {
        "USD",
        "EUR",
        "GBP",
        "JPY",
        "CHF",
        "CAD",
        "AUD",
        "CNY",
        "RMB",
        "HKD",
        "INR",
        "SEK",
        "NOK",
        "DKK",
        "SGD",
        "NZD",
        "BRL",
        "KRW",
        "ZAR",
        "MXN",
        "THB",
        "TWD",
        "PLN",
        "ILS",
        "HUF",
        "CZK",
        "TRY",
        "IDR",
        "MYR",
        "PHP",
        "CLP",
        "COP",
        "PEN",
        "ARS",
        "SAR",
        "AED",
        "QAR",
        "KWD",
        "EGP",
        "NGN",
        "KES",
        "VND",
        "RUB",
        # Smaller markets' codes, as their filings and news write them ("MAD 612.3 million",
        # "PKR 1,402.9 million"); CRC is left out, since "CRC32" names a checksum.
        "MAD",
        "PKR",
        "BDT",
        "LKR",
        "JMD",
        "TTD",
        "DOP",
        "KZT",
        "UAH",
        "GEL",
        "RSD",
        "RON",
        "BGN",
        "ISK",
        "BWP",
        "NAD",
        "GHS",
        "OMR",
        "BHD",
        "JOD",
        "MUR",
        "FJD",
        "UYU",
        "TND",
        # East and Central Africa, the Caucasus and Central Asia, Latin America.
        "TZS",
        "UGX",
        "ETB",
        "RWF",
        "ZMW",
        "MZN",
        "AOA",
        "XOF",
        "XAF",
        "AMD",
        "AZN",
        "UZS",
        "KGS",
        "MNT",
        "NPR",
        "PYG",
        "BOB",
        "GTQ",
        "DZD",
        "IQD",
        # The rest of ISO 4217's currencies in use, but the codes that are also English
        # words or names in capitals ("ALL", "TOP", "CUP", "MOP", "SOS", "PEN" stays above).
        *[
            "AFN",
            "ANG",
            "AWG",
            "BAM",
            "BBD",
            "BIF",
            "BMD",
            "BND",
            "BSD",
            "BTN",
            "BYN",
            "BZD",
            "CDF",
            "CVE",
            "DJF",
            "ERN",
            "FKP",
            "GIP",
            "GMD",
            "GNF",
            "GYD",
            "HNL",
            "HTG",
            "IRR",
            "KHR",
            "KMF",
            "KPW",
            "KYD",
            "LAK",
            "LBP",
            "LRD",
            "LSL",
            "LYD",
            "MDL",
            "MGA",
            "MKD",
            "MMK",
            "MRU",
            "MVR",
            "MWK",
            "PAB",
            "PGK",
            "SBD",
            "SCR",
            "SDG",
            "SHP",
            "SLE",
            "SLL",
            "SRD",
            "SSP",
            "STN",
            "SYP",
            "SZL",
            "TJS",
            "TMT",
            "UYU",
            "VES",
            "VUV",
            "WST",
            "XCD",
            "XPF",
            "YER",
            "ZWL",
        ],
    }
)
# Codes written for a currency in place of its ISO code: "NIS 600 million", "Ps 794 million",
# "RM612 million" (the ringgit).
CURRENCY_ALIASES = {
    "NIS": "ILS",
    "RMB": "CNY",
    "PS": "MXN",
    "RM": "MYR",
    "KD": "KWD",
    "TK": "BDT",
    "RO": "OMR",
    "KSH": "KES",
    "RP": "IDR",
    # Local abbreviations that stand where a code would: "BD 9,702 thousand", "DA 41,286
    # million", "KM 29,180 thousand", "MK 12.4 billion", "Nu 3,120 million".
    "BD": "BHD",
    "DA": "DZD",
    "KM": "BAM",
    "MK": "MWK",
    "NU": "BTN",
    "BS": "BOB",
    "KZ": "AOA",
    "TSH": "TZS",
    "USH": "UGX",
    "FCFA": "XAF",
    "AFL": "AWG",
}
# The letters that may stand right before a figure as its currency ("RM171 million").
# ("PS" only with its own spelling, "Ps" or "Ps.": "PS5" is a name.)
CURRENCY_PREFIXES = CURRENCY_CODES | (CURRENCY_ALIASES.keys() - {"PS"})
# One alternation for the patterns that read a currency code, longest codes first.
CURRENCY_CODE_PATTERN = "|".join(
    sorted(CURRENCY_CODES | {"RMB", "NIS", "KD"}, key=lambda code: (-len(code), code))
)
CURRENCY_WORDS: dict[str, str] = {
    "dollar": "USD",
    "dollars": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "sterling": "GBP",
    "yen": "JPY",
    "francs": "CHF",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupees": "INR",
}
# Currencies named in words where one name means one currency ("2,180 birr", "Birr 2,180",
# "4.2 billion naira"); shillings, kwacha, pesos, dinars, riyals and dirhams name several.
LOCAL_CURRENCY_WORDS: dict[str, str] = {
    "birr": "ETB", "naira": "NGN", "cedi": "GHS", "cedis": "GHS", "rand": "ZAR", "kip": "LAK",
    "riel": "KHR", "riels": "KHR", "taka": "BDT", "dong": "VND", "baht": "THB",
    "rupiah": "IDR", "ringgit": "MYR", "reais": "BRL", "lira": "TRY", "zloty": "PLN",
    "zlotys": "PLN", "forint": "HUF", "forints": "HUF", "koruna": "CZK", "lempira": "HNL",
    "lempiras": "HNL", "quetzal": "GTQ", "quetzales": "GTQ", "soles": "PEN", "bolivianos": "BOB",
    "tenge": "KZT", "lari": "GEL", "hryvnia": "UAH", "hryvnias": "UAH", "roubles": "RUB",
    "rubles": "RUB", "kyat": "MMK", "ariary": "MGA", "maloti": "LSL", "pula": "BWP",
    "kina": "PGK", "dalasi": "GMD", "denars": "MKD", "somoni": "TJS", "tugrik": "MNT",
    "ngultrum": "BTN", "kwanza": "AOA", "patacas": "MOP",
}  # fmt: skip
CURRENCY_WORDS.update(LOCAL_CURRENCY_WORDS)

COUNT_NOUNS = (
    "trades",
    "trade",
    "positions",
    "position",
    "contracts",
    "contract",
    "shares",
    "share",
    "employees",
    "employee",
    "customers",
    "customer",
    "clients",
    "client",
    "stores",
    "store",
    "locations",
    "branches",
    "accounts",
    "transactions",
    "orders",
    "deals",
    "wins",
    "losses",
    "units",
    "subscribers",
    "users",
    "members",
    "funds",
    "properties",
    "offices",
    "countries",
    "markets",
    "products",
    "patents",
    "restaurants",
    "hotels",
    "rooms",
    "days",
    "day",
    "weeks",
    "months",
    "quarters",
    "years",
    "sessions",
    "lots",
    "analysts",
    "segments",
    "acquisitions",
    "loans",
    "vessels",
    "aircraft",
    "sites",
    "facilities",
    "banks",
    "companies",
    "tickers",
    "expirations",
    "expiries",
    "strikes",
    "bonds",
    "issues",
    "votes",
)

_COUNT_NOUN_LABEL = {
    "trade": "trades",
    "trades": "trades",
    "position": "positions",
    "positions": "positions",
    "wins": "wins",
    "losses": "losses",
    "employee": "headcount",
    "employees": "headcount",
    "customer": "customers",
    "customers": "customers",
    "client": "customers",
    "clients": "customers",
    "subscribers": "subscribers",
    "users": "users",
    "shares": "shares outstanding",
    "share": "shares outstanding",
    "contracts": "options volume",
    "contract": "options volume",
}


def count_noun_label(noun: str) -> str:
    return _COUNT_NOUN_LABEL.get(noun.lower(), "")


# ------------------------------------------------------------------ periods

MONTHS = {
    "jan": 1,
    "january": 1,
    "feb": 2,
    "february": 2,
    "mar": 3,
    "march": 3,
    "apr": 4,
    "april": 4,
    "may": 5,
    "jun": 6,
    "june": 6,
    "jul": 7,
    "july": 7,
    "aug": 8,
    "august": 8,
    "sep": 9,
    "sept": 9,
    "september": 9,
    "oct": 10,
    "october": 10,
    "nov": 11,
    "november": 11,
    "dec": 12,
    "december": 12,
}
ORDINAL_QUARTERS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
}


def full_year(digits: str) -> int:
    """A written year as four digits: 24 -> 2024, 98 -> 1998."""
    year = int(digits)
    if len(digits) <= 2:
        year += 2000 if year < 70 else 1900
    return year


_PERIOD_TEXT = regex.compile(
    r"""
    (?P<d>\b(?:(?P<dn>three|six|nine|twelve|3|6|9|12)[\s-]+months?|(?P<dq>quarter)|(?P<dy>(?:fiscal\s+)?year)|
        (?P<dh>half(?:[\s-]year)?)|(?P<dw>thirteen|twenty[\s-]six|thirty[\s-]nine|13|26|39)[\s-]+weeks?)
        \s+(?:ended|ending)\s+(?:(?P<dd0>\d{1,2})\s+)?
        (?P<dm>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?
        |sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:(?P<dd>\d{1,2}),?\s+)?(?P<dyr>\d{4})\b)
    |(?P<q>\bQ(?P<qn>[1-4])\s*(?:FY|fiscal\s+)?'?(?P<qy>\d{4}|\d{2})\b)
    |(?P<q2>\b(?P<q2n>[1-4])Q\s*'?(?P<q2y>\d{4}|\d{2})\b)
    |(?P<nm>\b(?P<nmn>6|9|12)M\s?'?(?P<nmy>\d{4}|\d{2})\b)
    |(?P<qw>\b(?P<qwn>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+quarter\s+(?:of\s+)?
        (?:fiscal\s+(?:year\s+)?|FY\s*)?'?(?P<qwy>\d{4}|\d{2})\b)
    |(?P<h>\bH(?P<hn>[12])\s*(?:FY)?'?(?P<hy>\d{4}|\d{2})\b)
    |(?P<hw>\b(?P<hwn>first|second|1st|2nd)[\s-]+half\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?'?
        (?P<hwy>\d{4}|\d{2})\b)
    |(?P<fy>\b(?:FY|fiscal\s+(?:year\s+)?)\s*'?(?P<fyy>\d{4}|\d{2})\b)
    |(?P<m>\b(?P<mn>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?
        |sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?\s+(?:(?P<md>\d{1,2})(?:st|nd|rd|th)?,?\s+)?
        (?P<my>\d{4})\b)
    |(?P<dm2>\b(?P<dmd>\d{1,2})\s+(?P<dmn>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?
        |aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?\s+(?P<dmy>\d{4})\b)
    |(?P<iso>\b(?P<isy>(?:19|20)\d{2})-(?P<ism>[01]\d)-(?P<isd>[0-3]\d)\b)
    |(?P<sl>\b(?P<slm>[01]?\d)/(?P<sld>[0-3]?\d)/(?P<sly>\d{4}|\d{2})\b)
    |(?P<mr>\b(?P<mrn>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?
        |sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}\s*[-–]\s*\d{1,2}\b)
    |(?P<y>\b(?P<yy>(?:19|20)\d{2})\b)
    """,
    regex.IGNORECASE | regex.VERBOSE,
)


_ASCII_DIGIT = re.compile(r"[0-9]")


def normalise_period(text: str, *, exact_dates: bool = False) -> str:
    """The period key a header or phrase names: "third quarter of 2024" -> "Q3 2024".

    Keys: "Q3 2024", "H1 2024", "FY2024", "2024-12", "2024". "" when none is found. With
    `exact_dates`, a day of the month is kept ("dec. 31 2008" -> "2008-12-31"), as a
    balance-sheet column header means that day.
    """
    head = text[:160]
    if head.isascii() and not _ASCII_DIGIT.search(head):
        return ""  # every period the pattern reads has a digit: most row labels have none
    match = _PERIOD_TEXT.search(head, timeout=0.05)
    if not match:
        return ""
    if match.group("d"):
        month = MONTHS[match.group("dm").lower().rstrip(".")[:3]]
        if match.group("dw"):
            return weeks_period(
                match.group("dw"),
                month,
                int(match.group("dd") or match.group("dd0") or 28),
                int(match.group("dyr")),
            )
        year = int(match.group("dyr"))
        day = match.group("dd") or match.group("dd0")  # "ended 31 December 2024" too
        if day and int(day) <= 7 and not match.group("dy"):
            # "Three Months Ended October 1, 2023": a 52/53-week quarter, which ends within
            # a few days of a month's end, either side (as `weeks_period` reads weeks). (A
            # year keeps the date it ends on: the fiscal calendar names it.)
            month, year = (month - 1, year) if month > 1 else (12, year - 1)
        return duration_period(
            match.group("dn") or ("3" if match.group("dq") else "6" if match.group("dh") else "12"),
            month,
            year,
        )
    if match.group("hw"):
        half = 1 if match.group("hwn").lower() in ("first", "1st") else 2
        return f"H{half} {full_year(match.group('hwy'))}"
    if match.group("nm"):
        count = match.group("nmn")
        return duration_period(count, int(count), full_year(match.group("nmy")))
    if match.group("q"):
        return f"Q{match.group('qn')} {full_year(match.group('qy'))}"
    if match.group("q2"):
        return f"Q{match.group('q2n')} {full_year(match.group('q2y'))}"
    if match.group("qw"):
        return f"Q{ORDINAL_QUARTERS[match.group('qwn').lower()]} {full_year(match.group('qwy'))}"
    if match.group("h"):
        return f"H{match.group('hn')} {full_year(match.group('hy'))}"
    if match.group("fy"):
        return f"FY{full_year(match.group('fyy'))}"
    if match.group("m"):
        month = MONTHS[match.group("mn").lower().rstrip(".")[:3]]
        day = match.group("md")
        if exact_dates and day and 1 <= int(day) <= 31:
            return f"{match.group('my')}-{month:02d}-{int(day):02d}"
        return f"{match.group('my')}-{month:02d}"
    if match.group("dm2"):
        month = MONTHS[match.group("dmn").lower().rstrip(".")[:3]]
        day = int(match.group("dmd"))
        if exact_dates and 1 <= day <= 31:
            return f"{match.group('dmy')}-{month:02d}-{day:02d}"
        return f"{match.group('dmy')}-{month:02d}"
    if match.group("iso"):
        key = f"{match.group('isy')}-{match.group('ism')}-{match.group('isd')}"
        return key if exact_dates else key[:7]
    if match.group("sl"):
        month, day = int(match.group("slm")), int(match.group("sld"))
        if 1 <= month <= 12 and 1 <= day <= 31:
            year = full_year(match.group("sly"))
            return f"{year}-{month:02d}-{day:02d}" if exact_dates else f"{year}-{month:02d}"
        return ""
    if match.group("mr"):
        return f"--{MONTHS[match.group('mrn').lower().rstrip('.')[:3]]:02d}"
    return match.group("yy")


_YEAR_IN_PERIOD = re.compile(r"(?:19|20)[0-9]{2}")


_MONTH_COUNTS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}


# A month's name as filings write it, as one capturing group.
MONTH_NAME = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)


def span_period(first_month: int, last_month: int, year: int) -> str | None:
    """The period a span of months covers ("Jul–Sep 2025" is Q3 2025, "Jan–Sep" nine months,
    "Jan–Dec" the year), or None for a span that is not 3, 6, 9 or 12 months."""
    count = last_month - first_month + 1
    if count not in (3, 6, 9, 12):
        return None
    return duration_period(str(count), last_month, year)


def duration_period(months: str, end_month: int, year: int) -> str:
    """The period "N months ended <month> <year>" names: three months ended September -> Q3."""
    count = _MONTH_COUNTS.get(months.lower(), 12)
    if count == 3 and end_month % 3 == 0:
        return f"Q{end_month // 3} {year}"
    if count == 6 and end_month in (6, 12):
        return f"H{end_month // 6} {year}"
    if count == 12:
        return f"FY{year}"
    return f"{count}M {year}-{end_month:02d}"


# A 52/53-week calendar's spans within its year, in the months they stand for (its whole
# year keeps the date it ends on: the fiscal calendar read from the sources names it).
_WEEK_COUNTS = {
    "thirteen": "3",
    "twentysix": "6",
    "thirtynine": "9",
    "13": "3",
    "26": "6",
    "39": "9",
}


def weeks_period(weeks: str, end_month: int, end_day: int, year: int) -> str:
    """The period "N weeks ended <date>" names on a 52/53-week calendar: "twenty-six weeks
    ended June 29, 2025" is H1 2025, "13 weeks ended July 2, 2024" the quarter of June (a
    week-based period ends within a few days of a month's end, either side)."""
    months = _WEEK_COUNTS[weeks.lower().replace(" ", "").replace("-", "").replace("\t", "")]
    if end_day <= 7:
        end_month, year = (end_month - 1, year) if end_month > 1 else (12, year - 1)
    return duration_period(months, end_month, year)


def period_year(period: str) -> str:
    """The four-digit year inside a period key, or ""."""
    found = _YEAR_IN_PERIOD.search(period)
    return found.group() if found else ""


def year_before(period: str) -> str:
    """The same period a year earlier: "Q1 2024" -> "Q1 2023", "FY2024" -> "FY2023",
    "2024-03-31" -> "2023-03-31"; "" when the period names no year."""
    year = period_year(period)
    if not year:
        return ""
    return period.replace(year, str(int(year) - 1), 1)


def quarter_before(period: str) -> str:
    """The quarter before: "Q3 2025" -> "Q2 2025", "Q1 2025" -> "Q4 2024"; "" for any period
    that is not a quarter of a year."""
    m = _QUARTER_KEY.fullmatch(period)
    if m is None:
        return ""
    quarter, year = int(m.group(1)), int(m.group(2))
    return f"Q{quarter - 1} {year}" if quarter > 1 else f"Q4 {year - 1}"


_QUARTER_KEY = re.compile(r"Q([1-4]) ((?:19|20)\d\d)")


def _quarter_of(date_key: str) -> str:
    """ "2025-09-30" -> "Q3 2025": the quarter a dated balance falls in."""
    try:
        month = int(date_key[5:7])
    except ValueError:
        return ""
    return f"Q{(month - 1) // 3 + 1} {date_key[:4]}"


_BARE_YEAR = re.compile(r"(?:FY)?(?:19|20)[0-9]{2}")
_SPAN_OF = re.compile(r"([QH])([1-4]) (?:19|20)[0-9]{2}")


def _same_month_day(a: str, b: str) -> bool:
    """A month or day written without its year ("November 1-30", "December 31") against
    another period: the same month (and day, when both give one)."""
    parts_a, parts_b = _month_day(a), _month_day(b)
    if parts_a is None or parts_b is None:
        # A day without its year ("July 24", a dateline) lies in any year, and in the
        # quarter or half that holds its month.
        dated, other = (parts_a, b) if parts_a is not None else (parts_b, a)
        if dated is None:
            return False
        if _BARE_YEAR.fullmatch(other):
            return True
        span = _SPAN_OF.fullmatch(other)
        if span and dated[0].isdigit():
            month, size = int(dated[0]), 3 if span.group(1) == "Q" else 6
            return (int(span.group(2)) - 1) * size < month <= int(span.group(2)) * size
        return False
    (month_a, day_a), (month_b, day_b) = parts_a, parts_b
    return month_a == month_b and (not day_a or not day_b or day_a == day_b)


def _month_day(key: str) -> tuple[str, str] | None:
    if key.startswith("--"):
        pieces = key[2:].split("-")
        return pieces[0], pieces[1] if len(pieces) > 1 else ""
    if len(key) >= 7 and key[4] == "-" and key[:4].isdigit():
        return key[5:7], key[8:10] if len(key) >= 10 else ""
    return None


def _fiscal_year_ending_early(fiscal: str, date: str) -> bool:
    """A fiscal year against a year end in January or early February of the next year:
    retailers name "fiscal 2026" (or just "2026") for the year it starts in ("the 53 weeks
    ended February 3, 2027"), others for the year it ends in, so both readings hold."""
    year = fiscal[2:] if fiscal.startswith("FY") else fiscal
    if not (len(year) == 4 and year.isdigit() and len(date) == 10 and date[4] == "-"):
        return False
    month_day = date[5:]
    return month_day <= "02-07" and date[:4] == str(int(year) + 1)


def periods_compatible(a: str, b: str) -> bool:
    """Same period, either unknown, a bare year against a period inside it, or a date inside
    the other's month or quarter. Two different spans of time (Q3 and nine months, Q3 and
    September) are never compatible: they are different flows."""
    if not a or not b or a == b:
        return True
    if a.startswith("--") or b.startswith("--"):
        return _same_month_day(a, b)
    year_a, year_b = period_year(a), period_year(b)
    if _fiscal_year_ending_early(a, b) or _fiscal_year_ending_early(b, a):
        return True
    if not year_a or not year_b or year_a != year_b:
        # A quarter without a year ("Q3") against "Q3 2024".
        return (not year_a and b.startswith(a)) or (not year_b and a.startswith(b))
    bare = {year_a, f"FY{year_a}"}
    if a in bare or b in bare:
        return True
    if a.startswith(b + "-") or b.startswith(a + "-"):
        return True  # "the first nine months of 2024" against "nine months ended Sep 29, 2024"
    for date, other in ((a, b), (b, a)):
        if len(date) == 10 and date[4] == "-":  # a point in time: a balance at a date
            return date.startswith(other) or _quarter_of(date) == other
    return False
