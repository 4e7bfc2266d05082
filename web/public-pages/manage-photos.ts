// The photos section of the family's management page: the photos visitors shared, the waiting ones
// first with their thumbnail (approve, remove), then the published ones (remove, at any time).
// Plain forms POSTed to the page itself, like its other controls; every value goes through `html`,
// which escapes it. A waiting photo has no public address: its thumbnail is served under the
// page's own address (app/manage/[token]/photos/[file]/route.ts).
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { MemorialPhotos } from "@memorial/lib/memorial-photos/queries";
import { formatMoment } from "@memorial/lib/memorials/public-page";

type Photo = MemorialPhotos["waiting"][number];

export function managePhotosSection(photos: MemorialPhotos, token: string, language: Language): SafeHtml {
  const t = translator(language, "gallery");
  const action = `/manage/${encodeURIComponent(token)}?lang=${language}#manage-photos`;
  const control = (name: "photo-approve" | "photo-remove", photo: Photo, label: string) =>
    html`<form method="post" action="${action}" style="display:inline-block;margin-right:.5rem">
      <input type="hidden" name="action" value="${name}"><input type="hidden" name="photo" value="${String(photo.id)}">
      <button type="submit" class="secondary" data-testid="${name}">${label}</button>
    </form>`;
  const item = (photo: Photo) =>
    html`<li data-testid="manage-photo" data-photo="${String(photo.id)}" data-status="${photo.status}" style="margin-bottom:1rem">
      ${photo.fileKeys[0] ? html`<img src="${`/manage/${encodeURIComponent(token)}/photos/${photo.fileKeys[0]}.jpg`}" alt="${photo.caption ?? t("photoAlt")}" width="200" height="${String(Math.round((200 * photo.height) / photo.width))}" loading="lazy" style="display:block;max-width:200px;height:auto">` : ""}
      <span class="note">${t("sharedOn", { date: formatMoment(photo.createdAt, language) })}</span>
      ${photo.caption ? html`<blockquote>${photo.caption}</blockquote>` : ""}
      ${photo.authorName ? html`<p class="note">${t("byline", { name: photo.authorName })}</p>` : ""}
      ${photo.status === "waiting" ? control("photo-approve", photo, t("approve")) : ""}
      ${control("photo-remove", photo, t("remove"))}
    </li>`;
  const list = (photos: Photo[], none: string, testId: string) =>
    photos.length === 0
      ? html`<p data-testid="${testId}-none">${none}</p>`
      : html`<ul class="messages" data-testid="${testId}">${photos.map(item)}</ul>`;
  return html`<h2 id="manage-photos">${t("manageHeading")}</h2>
    <p class="note">${t("manageIntro")}</p>
    <h3>${t("manageWaiting")}</h3>
    ${list(photos.waiting, t("manageNoneWaiting"), "manage-photos-waiting")}
    <h3>${t("managePublished")}</h3>
    ${list(photos.published, t("manageNonePublished"), "manage-photos-published")}`;
}
