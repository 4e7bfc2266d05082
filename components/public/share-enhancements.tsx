"use client";
// The parts of the share block that need JavaScript, each an enhancement of something that works
// without it: the address link copies the address when the Clipboard API is there (else it stays
// a link to follow or copy), and "Share…" exists only where the browser has navigator.share (a list item of its own, so that
// the list has no empty item without it).
import { useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};
const hasShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

export function CopyLink({
  url,
  label,
  copied,
  className,
}: {
  url: string;
  label: string;
  copied: string;
  className: string;
}) {
  const [done, setDone] = useState(false);
  return (
    <>
      <a
        className={className}
        href={url}
        data-testid="share-copy"
        onClick={async (event) => {
          if (!navigator.clipboard?.writeText) return; // the link is followed: its address is in the bar
          event.preventDefault();
          try {
            await navigator.clipboard.writeText(url);
            setDone(true);
          } catch {
            window.location.href = url;
          }
        }}
      >
        {label}
      </a>
      <span role="status" className="ml-2 text-sm text-forest-800" data-testid="share-copied">
        {done ? copied : ""}
      </span>
    </>
  );
}

export function NativeShare({
  url,
  title,
  text,
  label,
  className,
}: {
  url: string;
  title: string;
  text: string;
  label: string;
  className: string;
}) {
  // False in the server's HTML and during hydration, so both render nothing here.
  const available = useSyncExternalStore(subscribe, hasShare, () => false);
  if (!available) return null;
  return (
    <li>
      <button
        type="button"
        className={className}
        data-testid="share-native"
        onClick={() => {
          // A cancelled share sheet rejects: nothing to do.
          navigator.share({ title, text, url }).catch(() => {});
        }}
      >
        {label}
      </button>
    </li>
  );
}
