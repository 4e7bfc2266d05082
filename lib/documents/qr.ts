// The QR code of a memorial's address, for funeral cards and the certificate (library: qrcode).
import QRCode from "qrcode";

// M recovers from 15 % of damage: enough for a printed card, and keeps the code small.
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/** Black on white, as a scalable SVG (for print). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg", color: { dark: "#000000", light: "#ffffff" } });
}

/** Black on white, 1024 pixels wide (for a word processor or a card designer). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    ...OPTIONS,
    type: "png",
    width: 1024,
    color: { dark: "#000000", light: "#ffffff" },
  });
}
