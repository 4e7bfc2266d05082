// The parts the public pages' forms are made of (the guestbook, the photo gallery, the planting
// form): one look for a text field, a submit button, a hint and the notice that a form was sent,
// and one honeypot, so that the forms read alike and a change of their style is made once.
import { HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX } from "@memorial/lib/guestbook/rules";
import type { ComponentProps, ReactNode } from "react";

/** The class of a text field, a text area and a file field. */
export const INPUT_CLASS =
  "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-forest-600";

/** The class of a form's submit button (and of a link that looks like one). */
export const BUTTON_CLASS =
  "rounded-lg bg-forest-800 px-4 py-2 font-semibold text-white hover:bg-forest-900 focus:outline-2 focus:outline-offset-2 focus:outline-forest-600";

/**
 * A field: its label above the control (`children`) and the control's hints below it. The
 * reminder form's label takes the text's own colour (`labelClassName`).
 */
export function Field({
  id,
  label,
  labelClassName = "font-semibold text-stone-900",
  children,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A field whose control is an input with the look of a text field; `children` are its hints. */
export function InputField({
  label,
  children,
  ...input
}: ComponentProps<"input"> & { id: string; label: ReactNode }) {
  return (
    <Field id={input.id} label={label}>
      <input className={INPUT_CLASS} {...input} />
      {children}
    </Field>
  );
}

/** A field's hint, named by the control's aria-describedby. */
export function Hint({ id, testId, children }: { id: string; testId?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-stone-700" data-testid={testId}>
      {children}
    </p>
  );
}

/**
 * The name a guestbook message is signed with: the guestbook's own form (`name`) and the planting
 * form (`planter`), whose message goes to the guestbook under the same rules.
 */
export function AuthorNameInput({
  id,
  name,
  defaultValue,
}: {
  id: string;
  name: string;
  defaultValue?: string;
}) {
  return (
    <input
      id={id}
      name={name}
      type="text"
      required
      maxLength={NAME_MAX}
      autoComplete="name"
      defaultValue={defaultValue}
      className={INPUT_CLASS}
    />
  );
}

/** A guestbook message's text (the guestbook's form and the planting form), described by its hints. */
export function MessageArea({
  id,
  describedBy,
  defaultValue,
}: {
  id: string;
  describedBy: string;
  defaultValue?: string;
}) {
  return (
    <textarea
      id={id}
      name="message"
      required
      rows={4}
      maxLength={MESSAGE_MAX}
      aria-describedby={describedBy}
      defaultValue={defaultValue}
      className={INPUT_CLASS}
    />
  );
}

/** The honeypot: out of sight and out of the tab order; people leave it empty, scripts fill it. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** What a form's route answered, back on the page (?guestbook=…, ?photo=sent). */
export function SentNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 rounded-xl border-l-4 border-forest-600 bg-forest-100 px-4 py-3 text-stone-900"
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** A form's submit button. */
export function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className={BUTTON_CLASS}>
      {children}
    </button>
  );
}
