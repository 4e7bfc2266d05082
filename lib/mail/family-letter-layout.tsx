// The frame of every letter to a family: the Layout its requester signs, opened by the greeting,
// both from letterParts (family-letter.ts), so that every such letter greets and signs alike.
import { Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout, type LayoutProps } from "@memorial/lib/mail/kit/layout";
import type { letterParts } from "./family-letter";

export function FamilyLetterLayout(props: {
  letter: Pick<ReturnType<typeof letterParts>, "greeting" | "layout">;
  subject: string;
  children: LayoutProps["children"];
}) {
  return (
    <Layout {...props.letter.layout} subject={props.subject}>
      <Paragraph>{props.letter.greeting}</Paragraph>
      {props.children}
    </Layout>
  );
}
