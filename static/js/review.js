/* The review page by keyboard: move between claims, label them, approve, reject or skip.
 *
 * Without this script the page still works: claims are links (?claim=id), labels are radio
 * buttons and the decision is a form. The script only adds keys, switches the evidence panel
 * in place and scrolls the highlighted source value into view.
 */
(function () {
  "use strict";
  var shared = window.numericReview || { typing: function () { return false; }, helpOpen: function () { return false; } };
  var list = document.getElementById("label-list");
  function ready() { document.documentElement.setAttribute("data-keys", "review"); }
  if (!list) { ready(); return; }
  var rows = Array.prototype.slice.call(list.querySelectorAll(".label-row"));
  if (!rows.length) { ready(); return; }
  var form = document.getElementById("decision-form");
  var mainCol = document.getElementById("main-col");
  var answer = document.getElementById("answer");
  var reason = form ? form.querySelector("textarea[name=reason]") : null;
  var hint = document.getElementById("decide-hint");
  var current = Math.max(0, rows.findIndex(function (row) { return row.classList.contains("is-selected"); }));

  function button(selector) { return form ? form.querySelector(selector) : null; }
  function say(text) { if (hint) hint.textContent = text; }
  function keyOf(row) { return row.getAttribute("data-group"); }
  function checked(row) { return row.querySelector("input[type=radio]:checked"); }

  function scrollable(element) {
    var style = window.getComputedStyle(element);
    return /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight;
  }

  // Scrolls only `container`, never the window: the decision panel must stay where it is.
  function scrollWithin(container, element, center) {
    if (!container || !element) return;
    var outer = container.getBoundingClientRect();
    var inner = element.getBoundingClientRect();
    if (center) {
      container.scrollTop += inner.top - outer.top - (outer.height - inner.height) / 2;
    } else if (inner.top < outer.top) {
      container.scrollTop -= outer.top - inner.top + 8;
    } else if (inner.bottom > outer.bottom) {
      container.scrollTop += inner.bottom - outer.bottom + 8;
    }
  }

  function showHighlight(panel) {
    if (!panel) return;
    var mark = panel.querySelector("mark.source-span");
    var box = mark ? mark.closest(".source-text") : panel;
    if (mark) scrollWithin(box, mark, true);
    if (mainCol && scrollable(mainCol)) {
      scrollWithin(mainCol, box, false);
    } else if (box.getBoundingClientRect().bottom > window.innerHeight || box.getBoundingClientRect().top < 0) {
      box.scrollIntoView({ block: "nearest" });
    }
  }

  function select(index, options) {
    if (index < 0 || index >= rows.length) return;
    current = index;
    var key = keyOf(rows[index]);
    rows.forEach(function (row, i) { row.classList.toggle("is-selected", i === index); });
    document.querySelectorAll("#answer a.claim[data-group]").forEach(function (link) {
      var on = link.getAttribute("data-group") === key;
      link.classList.toggle("is-selected", on);
      if (on) {
        link.setAttribute("aria-current", "true");
        if (answer && scrollable(answer)) scrollWithin(answer, link, false);
      } else {
        link.removeAttribute("aria-current");
      }
    });
    var shown = null;
    document.querySelectorAll("#evidence section.evidence[data-group]").forEach(function (panel) {
      var on = panel.getAttribute("data-group") === key;
      panel.hidden = !on;
      if (on) shown = panel;
    });
    scrollWithin(list, rows[index], false);
    showHighlight(shown);
    if (!(options && options.keepUrl)) {
      window.history.replaceState(null, "", "?claim=" + key);
    }
  }

  function nextUnlabelled(from) {
    var order = rows.map(function (_, i) { return (from + i) % rows.length; });
    var flagged = order.filter(function (i) { return !checked(rows[i]) && rows[i].classList.contains("is-flagged"); });
    if (flagged.length) return flagged[0];
    var any = order.filter(function (i) { return !checked(rows[i]); });
    return any.length ? any[0] : -1;
  }

  function label(value) {
    if (!form) return;
    var radio = rows[current].querySelector("input[type=radio][value='" + value + "']");
    if (!radio) return;
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
    var next = nextUnlabelled((current + 1) % rows.length);
    if (next >= 0) {
      select(next);
      say("");
    } else {
      say("Every claim is labelled: A approves, R rejects.");
    }
  }

  function firstUnlabelled() { return rows.findIndex(function (row) { return !checked(row); }); }

  function labelled(value) {
    return rows.filter(function (row) { var input = checked(row); return input && input.value === value; });
  }

  function approve() {
    var missing = firstUnlabelled();
    if (missing >= 0) {
      select(missing);
      say("Label claim " + (missing + 1) + " first (h, c, u, b or d).");
      return;
    }
    if (labelled("hallucination").length) {
      say("A claim is labelled hallucination: reject (R), or relabel it.");
      return;
    }
    form.requestSubmit(button("button.approve"));
  }

  function suggestedReason() {
    function describe(row) {
      var text = row.getAttribute("data-text");
      var detail = [row.getAttribute("data-outcome"), row.getAttribute("data-hint")].filter(Boolean).join("; ");
      return text + (detail ? " (" + detail + ")" : "");
    }
    var parts = [];
    var wrong = labelled("hallucination").map(describe);
    var unsure = labelled("unsure").map(describe);
    if (wrong.length) parts.push("Hallucination: " + wrong.join(", ") + ".");
    if (unsure.length) parts.push("Unsure: " + unsure.join(", ") + ".");
    return parts.join(" ");
  }

  function reject() {
    if (!labelled("hallucination").length) {
      var flagged = rows.findIndex(function (row) { return row.classList.contains("is-flagged"); });
      if (flagged >= 0) select(flagged);
      say("Rejecting confirms a hallucination: label at least one claim hallucination (h).");
      return;
    }
    var missing = firstUnlabelled();
    if (missing >= 0) {
      select(missing);
      say("Label claim " + (missing + 1) + " first (h, c, u, b or d).");
      return;
    }
    if (reason && !reason.value.trim()) reason.value = suggestedReason();
    if (reason) {
      reason.focus();
      reason.setSelectionRange(reason.value.length, reason.value.length);
    }
    say("Reason filled in from your labels: edit it if needed, then Ctrl+Enter rejects.");
  }

  function skip() {
    var skipButton = button("button.skip");
    if (skipButton) form.requestSubmit(skipButton);
  }

  rows.forEach(function (row, index) {
    row.querySelectorAll("[data-select]").forEach(function (link) {
      link.addEventListener("click", function (event) { event.preventDefault(); select(index); });
    });
    row.addEventListener("change", function () { row.classList.remove("has-error"); });
  });
  document.querySelectorAll("#answer a.claim[data-group]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var index = rows.findIndex(function (row) { return keyOf(row) === link.getAttribute("data-group"); });
      if (index < 0) return;
      event.preventDefault();
      select(index);
    });
  });

  if (reason) {
    reason.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        var missing = firstUnlabelled();
        if (missing >= 0) { select(missing); say("Label claim " + (missing + 1) + " first."); return; }
        form.requestSubmit(button("button.reject"));
      } else if (event.key === "Escape") {
        reason.blur();
      }
    });
  }

  var LABELS = { h: "hallucination", c: "correct", u: "unsure", b: "benign_approximation", d: "derived_correct" };
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (shared.helpOpen() || shared.typing(event.target)) return;
    var inRadio = event.target && event.target.type === "radio";
    var key = event.key;
    var handled = true;
    if (key === "j" || (key === "ArrowDown" && !inRadio)) {
      select(Math.min(rows.length - 1, current + 1));
    } else if (key === "k" || (key === "ArrowUp" && !inRadio)) {
      select(Math.max(0, current - 1));
    } else if (form && LABELS[key]) {
      label(LABELS[key]);
    } else if (form && key === "a") {
      approve();
    } else if (form && key === "r") {
      reject();
    } else if (form && key === "s") {
      skip();
    } else if (key === "n" && document.querySelector(".next-form")) {
      document.querySelector(".next-form").requestSubmit();
    } else if (key === "q") {
      var crumb = document.querySelector("a.crumb");
      if (crumb) window.location.assign(crumb.href);
    } else {
      handled = false;
    }
    if (handled) event.preventDefault();
  });

  // On arrival the selected claim's source value is brought into view.
  select(current, { keepUrl: true });
  // Tests and tools wait for this before pressing keys.
  ready();
})();
