"""A timed walk-through of the demo queue: decide N reviews as a reviewer would, counting
every click and keystroke, in Chromium.

    .venv/bin/python bench/review_walkthrough.py --base-url http://127.0.0.1:8017 \\
        --username reviewer --password ... --ui after --reviews 20 \\
        --output bench/results/walkthrough-after.json

`--ui after` works the current review page by keyboard alone (n to start, one key per
flagged claim, a to approve, r then Ctrl+Enter to reject with the reason filled in from the
labels, the next review opening by itself). `--ui before` works the review page as it was
before keyboard triage (commit 2448876) by mouse: "Claim & open" from the queue, one click per
flagged claim's label, a click into the reason box and the reason typed out to reject, a
click on Approve or Reject, back on the queue for the next one. `--ui before-keyboard` does
the same on that page without a mouse: Tab to each control, arrow keys to pick a label.

Both decide the same reviews the same way (PLAN below, by question). Besides the counts and
the scripted wall-clock time, each review gets an estimate of a person's operating time by
the keystroke-level model (Card, Moran and Newell): a keystroke 0.28 s, pointing with the
mouse 1.1 s, a click 0.2 s, moving a hand between mouse and keyboard 0.4 s. Reading the
evidence and making up one's mind is the same work in both and is left out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
KEYSTROKE, POINT, CLICK, HOME = 0.28, 1.1, 0.2, 0.4

# How a reviewer decides each demo review: the label of every flagged claim, in the order the
# page lists them, the decision, and the reason a person types to reject on the old page.
H, C, B, D, U = "hallucination", "correct", "benign_approximation", "derived_correct", "unsure"
PLAN: dict[str, dict] = {
    "Summarise the Q3 2026 results.": {
        "labels": {"14.8%": H, "$0.81": H, "$4 billion": B},
        "reason": "EPS is $0.78; growth is 14.2%",
    },
    "What was the earnings surprise?": {"labels": {"10.96%": H}, "reason": "Surprise is 11.11%"},
    "What was the operating margin?": {
        "labels": {"120 basis points": H},
        "reason": "Margin rose 80 bps",
    },
    "What was the gross margin?": {"labels": {"40.0%": D}},
    "What dividend was declared?": {"labels": {"$0.42": H}, "reason": "Dividend is $0.24"},
    "What was revenue in fiscal 2025?": {
        "labels": {"$3.2 billion": H},
        "reason": "Revenue was $2.3 billion",
    },
    "What was the total daily options volume for AVGO?": {
        "labels": {"97,271": H},
        "reason": "Total volume is 20,875",
    },
    "What was operating cash flow?": {
        "labels": {"$412 billion": H},
        "reason": "It is $412 million",
    },
    "How leveraged is the company?": {"labels": {"1.8x": H}, "reason": "D/E is 0.8x"},
    "How did the fund perform?": {"labels": {"8%": C}},
    "How productive is the workforce?": {"labels": {"$410,000": D}},
    "How did my trading go today?": {
        "labels": {"70%": H, "16th": H},
        "reason": "Win rate 65.52%, 15 trades",
    },
    "How did season pass sales go?": {
        "labels": {"12%": H, "$48 million": H},
        "reason": "No source for either figure",
    },
    "What was the property's NOI?": {"labels": {"$1.5M": H}, "reason": "NOI is $1.2M"},
    "What was FY2023 free cash flow?": {
        "labels": {"$640 million": H},
        "reason": "$640M is FY2024",
    },
    "What was the bank's net interest margin this quarter?": {
        "labels": {"3.42%": H},
        "reason": "NIM is 3.24%",
    },
    "What did the company report for fiscal 2025?": {
        "labels": {"$329 million": H},
        "reason": "FCF is $297 million",
    },
    "How did same-store sales do?": {"labels": {"4.1%": H}, "reason": "Up 1.4%, not 4.1%"},
    "What was the Q3 2026 load factor?": {
        "labels": {"86.1%": H},
        "reason": "Q3 load factor 84.3%",
    },
    "What was the EBITDA?": {"labels": {"$128 million": H}, "reason": "EBITDA is $151 million"},
    "How much did the winery earn?": {"labels": {"$5 million": H}, "reason": "Net income $5.6M"},
    "How many bookings came in last week?": {"labels": {"412": H}, "reason": "421 bookings"},
    "What is the endowment worth?": {
        "labels": {"$1.9 billion": H},
        "reason": "Endowment is $1.6 billion",
    },
    "What were diluted earnings per share?": {
        "labels": {"$1.12": H},
        "reason": "Diluted EPS is $1.08",
    },
    "How many people does the company employ?": {"labels": {"1,200": B}},
    "What is the payout ratio?": {"labels": {"35%": D}},
    "What does the stock yield?": {"labels": {"3%": B}},
}
KEYS = {H: "h", C: "c", B: "b", D: "d", U: "u"}
OLD_LABELS = {
    H: "Hallucination",
    C: "Correct",
    B: "Benign approximation",
    D: "Derived correctly",
}


@dataclass
class Review:
    number: int
    question: str
    decision: str
    flagged: list[str]
    clicks: int = 0
    keystrokes: int = 0
    typed_characters: int = 0
    hand_moves: int = 0
    seconds: float = 0.0
    operating_seconds: float = 0.0


@dataclass
class Counter:
    clicks: int = 0
    keys: int = 0
    keys_klm: int = 0
    typed: int = 0
    homes: int = 0
    log: list[str] = field(default_factory=list)

    def press(self, page: Page, key: str) -> None:
        page.keyboard.press(key)
        self.keys += 1
        self.keys_klm += key.count("+") + 1
        self.log.append(key)

    def click(self, locator) -> None:  # type: ignore[no-untyped-def]
        locator.click()
        self.clicks += 1
        self.log.append("click")

    def type(self, page: Page, text: str) -> None:
        self.homes += 2  # to the keyboard and back to the mouse
        page.keyboard.type(text)
        self.typed += len(text)
        self.keys_klm += len(text)
        self.log.append(f"type:{len(text)}")


def _plan(question: str) -> dict:
    plan = dict(PLAN[question])
    plan["decision"] = "rejected" if H in plan["labels"].values() else "approved"
    return plan


def _log_in(page: Page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page.get_by_role("heading", name="Review queue")).to_be_visible()


def _question(page: Page) -> str:
    return page.locator(".question").first.inner_text().removeprefix("Question:").strip()


def _finish(review: Review, counter: Counter, started: float) -> Review:
    review.seconds = round(time.perf_counter() - started, 3)
    review.clicks = counter.clicks
    review.keystrokes = counter.keys + counter.typed
    review.typed_characters = counter.typed
    review.hand_moves = counter.homes
    review.operating_seconds = round(
        counter.keys_klm * KEYSTROKE + counter.clicks * (POINT + CLICK) + counter.homes * HOME, 2
    )
    return review


def walk_after(page: Page, count: int) -> list[Review]:
    """Keyboard only: n starts, one key per flagged claim, a or r + Ctrl+Enter decides."""
    reviews: list[Review] = []
    page.locator('html[data-keys="queue"]').wait_for(state="attached")
    start = Counter()
    started = time.perf_counter()
    start.press(page, "n")
    for number in range(1, count + 1):
        page.wait_for_url(re.compile(r"/reviews/\d+/"))
        page.locator('html[data-keys="review"]').wait_for(state="attached")
        counter = start if number == 1 else Counter()
        if number > 1:
            started = time.perf_counter()
        question = _question(page)
        plan = _plan(question)
        flagged = page.locator("li.label-row.is-flagged").evaluate_all(
            "rows => rows.map(r => r.dataset.text)"
        )
        review = Review(number, question, plan["decision"], flagged)
        for text in flagged:
            selected = page.locator("li.label-row.is-selected").get_attribute("data-text")
            while selected != text:
                # Not where the page's own order went: move there as a reviewer would.
                order = [row for row in flagged]
                counter.press(page, "j" if order.index(text) > order.index(selected) else "k")
                selected = page.locator("li.label-row.is-selected").get_attribute("data-text")
            counter.press(page, KEYS[plan["labels"][text]])
        before = page.url
        if plan["decision"] == "approved":
            counter.press(page, "a")
        else:
            counter.press(page, "r")
            expect(page.locator("textarea[name=reason]")).not_to_have_value("")
            counter.press(page, "Control+Enter")
        page.wait_for_url(lambda url, before=before: url != before)
        reviews.append(_finish(review, counter, started))
    return reviews


def walk_before(page: Page, count: int) -> list[Review]:
    """The page before keyboard triage, by mouse: claim from the queue, click each label,
    type the reason to reject, click the decision, back on the queue."""
    reviews: list[Review] = []
    for number in range(1, count + 1):
        counter = Counter()
        started = time.perf_counter()
        expect(page.get_by_role("heading", name="Review queue")).to_be_visible()
        first = page.locator("table.queue tbody tr").first
        counter.click(first.get_by_role("button", name="Claim & open"))
        page.wait_for_url(re.compile(r"/reviews/\d+/"))
        question = _question(page)
        plan = _plan(question)
        rows = page.locator("tr.is-flagged[data-claim]")
        flagged = rows.evaluate_all("rows => rows.map(r => r.querySelector('code').textContent)")
        review = Review(number, question, plan["decision"], flagged)
        for index, text in enumerate(flagged):
            choice = OLD_LABELS[plan["labels"][text]]
            counter.click(rows.nth(index).locator("label.seg", has_text=re.compile(f"^{choice}$")))
        if plan["decision"] == "approved":
            counter.click(page.locator("button[value=approved]"))
        else:
            counter.click(page.locator("textarea[name=reason]"))
            counter.type(page, plan["reason"])
            counter.click(page.locator("button[value=rejected]"))
        page.wait_for_url(re.compile(r"/(\?.*)?$"))
        reviews.append(_finish(review, counter, started))
    return reviews


def _tab_to(page: Page, counter: Counter, selector: str, limit: int = 300) -> None:
    """Press Tab until the focused element matches the selector (or is inside it)."""
    for _ in range(limit):
        if page.evaluate(
            "s => { const e = document.activeElement; return !!(e && (e.matches(s) || e.closest(s))); }",
            selector,
        ):
            return
        counter.press(page, "Tab")
    raise RuntimeError(f"Tab never reached {selector}")


def walk_before_keyboard(page: Page, count: int) -> list[Review]:
    """The page before keyboard triage without a mouse: Tab to each control, arrows to pick a
    label, type the reason, Enter on the decision; back on the queue for the next one."""
    reviews: list[Review] = []
    order = list(OLD_LABELS)
    for number in range(1, count + 1):
        counter = Counter()
        started = time.perf_counter()
        expect(page.get_by_role("heading", name="Review queue")).to_be_visible()
        _tab_to(page, counter, "table.queue tbody tr:first-child button")
        counter.press(page, "Enter")
        page.wait_for_url(re.compile(r"/reviews/\d+/"))
        question = _question(page)
        plan = _plan(question)
        ids = page.locator("tr.is-flagged[data-claim]").evaluate_all(
            "rows => rows.map(r => [r.dataset.claim, r.querySelector('code').textContent])"
        )
        review = Review(number, question, plan["decision"], [text for _, text in ids])
        for claim_id, text in ids:
            _tab_to(page, counter, f'tr[data-claim="{claim_id}"] fieldset')
            steps = order.index(plan["labels"][text])
            if steps == 0:
                counter.press(page, "Space")
            for _ in range(steps):
                counter.press(page, "ArrowRight")
        if plan["decision"] == "approved":
            _tab_to(page, counter, "button[value=approved]")
        else:
            _tab_to(page, counter, "textarea[name=reason]")
            page.keyboard.type(plan["reason"])
            counter.typed += len(plan["reason"])
            counter.keys_klm += len(plan["reason"])
            _tab_to(page, counter, "button[value=rejected]")
        counter.press(page, "Enter")
        page.wait_for_url(re.compile(r"/(\?.*)?$"))
        reviews.append(_finish(review, counter, started))
    return reviews


def summary(reviews: list[Review]) -> dict:
    n = len(reviews) or 1
    total = {
        "reviews": len(reviews),
        "approved": sum(r.decision == "approved" for r in reviews),
        "rejected": sum(r.decision == "rejected" for r in reviews),
        "clicks": sum(r.clicks for r in reviews),
        "keystrokes": sum(r.keystrokes for r in reviews),
        "typed_characters": sum(r.typed_characters for r in reviews),
        "scripted_seconds": round(sum(r.seconds for r in reviews), 2),
        "operating_seconds": round(sum(r.operating_seconds for r in reviews), 2),
    }
    total["per_review"] = {
        "clicks": round(total["clicks"] / n, 2),
        "keystrokes": round(total["keystrokes"] / n, 2),
        "actions": round((total["clicks"] + total["keystrokes"]) / n, 2),
        "scripted_seconds": round(total["scripted_seconds"] / n, 3),
        "operating_seconds": round(total["operating_seconds"] / n, 2),
    }
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--username", default="reviewer")
    parser.add_argument("--password", required=True)
    parser.add_argument("--ui", choices=("after", "before", "before-keyboard"), required=True)
    parser.add_argument("--reviews", type=int, default=20)
    parser.add_argument("--output", type=Path)
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": 1366, "height": 768}, base_url=args.base_url
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        _log_in(page, args.username, args.password)
        walk = {
            "after": walk_after,
            "before": walk_before,
            "before-keyboard": walk_before_keyboard,
        }[args.ui]
        reviews = walk(page, args.reviews)
        browser.close()
    result = {
        "ui": args.ui,
        "viewport": "1366x768",
        "model": {"keystroke": KEYSTROKE, "point": POINT, "click": CLICK, "home": HOME},
        "summary": summary(reviews),
        "reviews": [asdict(review) for review in reviews],
    }
    text = json.dumps(result, indent=2)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")
    print(json.dumps(result["summary"], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
