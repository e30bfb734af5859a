/* The queue by keyboard: move between rows, open or claim one, select rows for a bulk action.
 * Without this script every control is still a link, a button or a checkbox.
 */
(function () {
  "use strict";
  var shared = window.numericReview || { typing: function () { return false; }, helpOpen: function () { return false; } };
  var rows = Array.prototype.slice.call(document.querySelectorAll("table.queue tbody tr[data-review]"));
  var boxes = rows.map(function (row) { return row.querySelector("input[name=reviews]"); });
  var selectAll = document.getElementById("select-all");
  var count = document.getElementById("selected-count");
  var bulkButtons = document.querySelectorAll("[data-bulk]");
  var current = -1;

  function refresh() {
    var chosen = boxes.filter(function (box) { return box && box.checked; }).length;
    if (count) {
      count.textContent = chosen ? chosen + " selected" : "Select rows (x) for a bulk action";
    }
    bulkButtons.forEach(function (button) { button.disabled = chosen === 0; });
    if (selectAll) {
      selectAll.checked = chosen > 0 && chosen === boxes.length;
      selectAll.indeterminate = chosen > 0 && chosen < boxes.length;
    }
    rows.forEach(function (row, i) { row.classList.toggle("is-chosen", !!(boxes[i] && boxes[i].checked)); });
  }

  function focusRow(index) {
    if (!rows.length) return;
    current = Math.max(0, Math.min(rows.length - 1, index));
    rows.forEach(function (row, i) { row.classList.toggle("is-current", i === current); });
    var link = rows[current].querySelector("a.row-link");
    if (link) link.focus({ preventScroll: true });
    rows[current].scrollIntoView({ block: "nearest" });
  }

  function openRow() {
    if (current < 0) return;
    var action = rows[current].querySelector("[data-open]");
    if (!action) return;
    if (action.tagName === "BUTTON") {
      var form = document.getElementById(action.getAttribute("form"));
      if (form) form.requestSubmit();
    } else {
      window.location.assign(action.href);
    }
  }

  boxes.forEach(function (box) { if (box) box.addEventListener("change", refresh); });
  if (selectAll) {
    selectAll.addEventListener("change", function () {
      boxes.forEach(function (box) { if (box) box.checked = selectAll.checked; });
      refresh();
    });
  }
  rows.forEach(function (row, i) {
    row.addEventListener("focusin", function () {
      current = i;
      rows.forEach(function (other, j) { other.classList.toggle("is-current", j === i); });
    });
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (shared.helpOpen() || shared.typing(event.target)) return;
    var key = event.key;
    var onControl = event.target && /^(BUTTON|A|SUMMARY)$/.test(event.target.tagName) && !event.target.classList.contains("row-link");
    var handled = true;
    if (key === "j" || key === "ArrowDown") {
      focusRow(current + 1);
    } else if (key === "k" || key === "ArrowUp") {
      focusRow(current < 0 ? 0 : current - 1);
    } else if (key === "o" || (key === "Enter" && !onControl && current >= 0)) {
      openRow();
    } else if (key === "x" && current >= 0 && boxes[current]) {
      boxes[current].checked = !boxes[current].checked;
      refresh();
    } else if (key === "/") {
      var search = document.getElementById("queue-q");
      if (search) { search.focus(); search.select(); }
    } else if (key === "n") {
      var start = document.getElementById("start-form");
      if (start) start.requestSubmit();
    } else if (key === "f") {
      var filters = document.getElementById("filters");
      if (filters) filters.open = !filters.open;
    } else {
      handled = false;
    }
    if (handled) event.preventDefault();
  });

  refresh();
  // Tests and tools wait for this before pressing keys.
  document.documentElement.setAttribute("data-keys", "queue");
})();
