// The share block's island (components/public/share-block.tsx), the memorial page's only script.
// Without it every item stays a plain link. With it, the address link copies the address where the
// Clipboard API exists (its status text, in the page's language, is in data-copied), and the hidden
// "Share…" button is shown where the browser has navigator.share.
(() => {
  for (const list of document.querySelectorAll("[data-share]")) {
    const copy = list.querySelector("[data-copied]");
    const status = list.querySelector("[role=status]");
    copy?.addEventListener("click", (event) => {
      const url = copy.getAttribute("href");
      if (!navigator.clipboard?.writeText) return; // followed: the address is then in the bar
      event.preventDefault();
      navigator.clipboard.writeText(url).then(
        () => {
          if (status) status.textContent = copy.dataset.copied;
        },
        () => {
          location.href = url;
        },
      );
    });
    const item = list.querySelector("[data-share-native]");
    const button = item?.querySelector("button");
    if (!button || typeof navigator.share !== "function") continue;
    const { title, text, url } = button.dataset;
    // A cancelled share sheet rejects: nothing to do.
    button.addEventListener("click", () => navigator.share({ title, text, url }).catch(() => {}));
    item.hidden = false;
  }
})();
