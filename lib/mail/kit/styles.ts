// The look of the e-mails, written once: inline styles, which every mail client keeps.
import type { CSSProperties } from "react";

export const PARAGRAPH: CSSProperties = { fontSize: "16px", lineHeight: "1.5", margin: "0 0 16px" };
export const NOTE: CSSProperties = { ...PARAGRAPH, color: "#57534e" };
export const BUTTON: CSSProperties = {
  backgroundColor: "#245533",
  color: "#ffffff",
  padding: "10px 16px",
  textDecoration: "none",
  borderRadius: "6px",
};
export const LINK: CSSProperties = { color: "#245533" };
