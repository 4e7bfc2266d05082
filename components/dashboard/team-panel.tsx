"use client";
import type { ActionResult } from "@memorial/lib/dashboard/action";
import { formatDate } from "@memorial/lib/dashboard/format";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import { ROLES, type Role } from "@memorial/lib/users/roles";
// The team (admins only): users with their roles (changed in place), removal after a confirmation,
// pending invitations (withdrawn with one button), and the invitation form. Reads through React
// Query; changes through Server Actions, each checked on the server.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  changeRoleAction,
  inviteUserAction,
  removeUserAction,
  revokeInvitationAction,
} from "@/web/dashboard/actions";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  ActionButton,
  AlertNote,
  buttonClass,
  cardClass,
  ErrorMessage,
  Field,
  inputClass,
  Loading,
  labelClass,
  StatusNote,
  TitledPanel,
  useErrorText,
} from "./ui";

interface TeamData {
  users: { id: number; email: string; role: Role; createdAt: string }[];
  invitations: { id: number; email: string; role: Role; createdAt: string; expiresAt: string }[];
}

const TEAM_ERRORS: Record<string, DashboardKey> = {
  USER_EXISTS: "teamErr_userExists",
  INVALID_EMAIL: "teamErr_invalidEmail",
  LAST_ADMIN: "teamErr_lastAdmin",
  NOT_FOUND: "teamErr_notFound",
};

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

export function TeamPanel(props: { userId: number }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: ["team"], queryFn: () => fetchJson<TeamData>("/api/dashboard/team") });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState<{ id: number; email: string } | null>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("staff");
  const emailId = useId();
  const roleId = useId();

  const failed = (result: { code: string; message: string }) => {
    const key = TEAM_ERRORS[result.code];
    setOutcome({ ok: false, text: key ? t(key) : errorText(result.code, result.message) });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["team"] });
  const onError = () => setOutcome({ ok: false, text: t("errorGeneric") });
  // A change's answer: what it did, in words, when it worked, else its refusal; the team read again.
  const answered = (result: ActionResult, done: () => string) => {
    if (result.ok) setOutcome({ ok: true, text: done() });
    else failed(result);
    refresh();
  };

  const invite = useMutation({
    mutationFn: () => inviteUserAction({ email, role }),
    onSuccess: (result) => {
      if (result.ok) {
        setOutcome({ ok: true, text: t("inviteSent", { email: result.email, days: result.days }) });
        setEmail("");
      } else failed(result);
      refresh();
    },
    onError,
  });
  const change = useMutation({
    mutationFn: (input: { id: number; email: string; role: Role }) => changeRoleAction(input.id, input.role),
    onSuccess: (result, input) =>
      answered(result, () => t("roleChanged", { email: input.email, role: t(`roleWord_${input.role}`) })),
    onError,
  });
  const remove = useMutation({
    mutationFn: (input: { id: number; email: string }) => removeUserAction(input.id),
    onSuccess: (result, input) => {
      setConfirming(null);
      answered(result, () => t("userRemoved", { email: input.email }));
    },
    onError,
  });
  const withdraw = useMutation({
    mutationFn: (input: { id: number; email: string }) => revokeInvitationAction(input.id),
    onSuccess: (result, input) => answered(result, () => t("invitationWithdrawn", { email: input.email })),
    onError,
  });
  const busy = !hydrated || invite.isPending || change.isPending || remove.isPending || withdraw.isPending;

  return (
    <TitledPanel titleId="team-title" title={t("teamTitle")}>
      <p className="mb-4 max-w-prose">{t("teamIntro")}</p>
      <div aria-live="polite">
        {outcome?.ok ? <StatusNote margin="mb-4">{outcome.text}</StatusNote> : null}
        {outcome && !outcome.ok ? <AlertNote margin="mb-4">{outcome.text}</AlertNote> : null}
      </div>

      <form
        className={`${cardClass} mb-6 flex flex-wrap items-end gap-3`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <h2 className="w-full text-xl font-semibold">{t("inviteTitle")}</h2>
        <div className="min-w-64 flex-1">
          <label htmlFor={emailId} className={labelClass}>
            {t("inviteEmail")}
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        </div>
        <Field id={roleId} label={t("inviteRole")}>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className={`${inputClass} min-h-11`}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role_${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={buttonClass} disabled={busy}>
          {invite.isPending ? t("inviteSending") : t("inviteSubmit")}
        </button>
      </form>

      {team.isPending ? <Loading /> : null}
      {team.isError ? <ErrorMessage error={team.error} onRetry={() => team.refetch()} /> : null}
      {team.data ? (
        <>
          <h2 className="mb-2 text-xl font-semibold">{t("teamUsers")}</h2>
          <DataTable
            label={t("teamUsers")}
            className="mb-6"
            data-testid="team-users"
            rows={team.data.users}
            rowKey={(user) => user.id}
            rowProps={(user) => ({ "data-user-email": user.email })}
            columns={[
              {
                label: "colEmail",
                cell: (user) => (
                  <>
                    {user.email} {user.id === props.userId ? t("you") : null}
                  </>
                ),
              },
              {
                label: "colRole",
                cell: (user) => (
                  <select
                    aria-label={t("roleOf", { email: user.email })}
                    value={user.role}
                    disabled={busy}
                    onChange={(event) =>
                      change.mutate({ id: user.id, email: user.email, role: event.target.value as Role })
                    }
                    className="min-h-11 rounded border border-stone-400 bg-white px-2"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`role_${r}`)}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                label: "colActions",
                action: true,
                cell: (user) =>
                  confirming?.id === user.id ? (
                    <div role="alertdialog" aria-label={t("removeUser", { email: user.email })}>
                      <p>{t("removeConfirm", { email: user.email })}</p>
                      <div className="mt-2 flex gap-2">
                        <ActionButton disabled={busy} onClick={() => remove.mutate(confirming)}>
                          {t("remove")}
                        </ActionButton>
                        <ActionButton secondary onClick={() => setConfirming(null)}>
                          {t("cancel")}
                        </ActionButton>
                      </div>
                    </div>
                  ) : (
                    <ActionButton
                      secondary
                      disabled={busy}
                      aria-label={t("removeUser", { email: user.email })}
                      onClick={() => setConfirming({ id: user.id, email: user.email })}
                    >
                      {t("remove")}
                    </ActionButton>
                  ),
              },
            ]}
          />
          <h2 className="mb-2 text-xl font-semibold">{t("teamInvitations")}</h2>
          {team.data.invitations.length === 0 ? (
            <p>{t("noInvitations")}</p>
          ) : (
            <DataTable
              label={t("teamInvitations")}
              data-testid="team-invitations"
              rows={team.data.invitations}
              rowKey={(invitation) => invitation.id}
              rowProps={(invitation) => ({ "data-invitation-email": invitation.email })}
              columns={[
                { label: "colEmail", cell: (invitation) => invitation.email },
                { label: "colRole", cell: (invitation) => t(`role_${invitation.role}`) },
                { label: "colExpires", cell: (invitation) => formatDate(invitation.expiresAt, lang) },
                {
                  label: "colActions",
                  action: true,
                  cell: (invitation) => (
                    <ActionButton
                      secondary
                      disabled={busy}
                      onClick={() => withdraw.mutate({ id: invitation.id, email: invitation.email })}
                    >
                      {t("withdrawInvitation", { email: invitation.email })}
                    </ActionButton>
                  ),
                },
              ]}
            />
          )}
        </>
      ) : null}
    </TitledPanel>
  );
}
