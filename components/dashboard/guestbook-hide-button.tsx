"use client";
// Hides an abusive guestbook message from the memorial's dashboard page, through the
// dashboard's action pipeline; the page is read again once it is hidden.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { hideGuestbookEntryAction } from "@/web/dashboard/actions";
import { useHydrated } from "./hydrated";
import { useErrorText } from "./ui";

export function GuestbookHideButton(props: { memorialId: number; entryId: number; label: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const hide = useMutation({
    mutationFn: () => hideGuestbookEntryAction(props.memorialId, props.entryId),
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const result = hide.data;
  return (
    <span>
      <button
        type="button"
        className="rounded-lg border border-forest-700 px-3 py-1 text-sm font-medium text-forest-800"
        disabled={!hydrated || hide.isPending}
        onClick={() => hide.mutate()}
        data-testid="dashboard-guestbook-hide"
      >
        {props.label}
      </button>
      {result && !result.ok ? (
        <span role="alert" className="ml-2 text-sm text-red-900">
          {errorText(result.code, result.message)}
        </span>
      ) : null}
    </span>
  );
}
