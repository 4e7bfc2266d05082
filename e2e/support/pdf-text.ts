// The text of a PDF as a reader sees it, extracted with unpdf: runs of white space (line breaks
// and the gaps between drawn words) read as one space, so that a test looks for plain phrases.
import { extractText, getDocumentProxy } from "unpdf";

const spaced = (text: string) => text.replace(/\s+/g, " ");

/** The text of every page, as one string. */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return spaced(text);
}

/** The text of each page. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map(spaced);
}
