"use client";
// False in the server's HTML and during hydration, true once React runs in the browser. Controls
// that need JavaScript stay disabled until then, so that a quick click on a slow connection is not
// lost and a form is never submitted natively (which would put its fields in the address).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
