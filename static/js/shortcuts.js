/* The keyboard help: "?" (or the Shortcuts button) opens the page's <dialog id="shortcuts">. */
(function () {
  "use strict";
  var dialog = document.getElementById("shortcuts");
  if (!dialog) return;

  function typing(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
    return tag === "INPUT" && !/^(checkbox|radio|button|submit|reset)$/i.test(target.type);
  }

  function open() {
    if (!dialog.open) dialog.showModal();
  }

  document.querySelectorAll("[data-shortcuts]").forEach(function (button) {
    button.addEventListener("click", open);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target)) return;
    event.preventDefault();
    open();
  });

  // Shared with the page scripts: whether a key press belongs to a text field or the help.
  window.numericReview = {
    typing: typing,
    helpOpen: function () { return dialog.open; },
  };
})();
