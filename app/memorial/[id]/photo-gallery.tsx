// The gallery of a memorial's page: the photos visitors shared that the family published, and the
// form that shares one (a plain multipart form POSTed to /memorial/{id}/photos: no JavaScript;
// the route redirects back here with ?photo=sent). Light on a phone: each <img> is lazy, decoded
// off the main thread, sized by srcset/sizes to the screen (400, 800 or 1600 px wide files), its
// width and height set so that nothing moves as it arrives.
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { GalleryPhoto } from "@memorial/lib/memorial-photos/queries";
import { AUTHOR_MAX, CAPTION_MAX } from "@memorial/lib/memorial-photos/rules";
import { InputField, SentNotice, SubmitButton } from "@/components/public/form-parts";
import { PageSection } from "@/components/public/page-parts";
import { PHOTO_MAX_MB } from "@/web/public-pages/photo-refusal";

// Two columns on a phone, three from 640 px, in a column of at most 64 rem (1024 px).
const SIZES = "(min-width: 1024px) 330px, (min-width: 640px) 33vw, 50vw";

/** The types the form offers: a phone converts its HEIC photos to JPEG for a form that asks so. */
const ACCEPT = "image/jpeg,image/png,image/webp";

export function PhotoGallery({
  memorialId,
  photos,
  language,
  sent,
}: {
  memorialId: number;
  photos: GalleryPhoto[];
  language: Language;
  sent: boolean;
}) {
  const t = translator(language, "gallery");
  const path = `/memorial/${memorialId}/photos`;
  return (
    <PageSection name="photos" heading={t("heading")} id="photos" testId="photos">
      {sent ? <SentNotice testId="photo-sent">{t("thanks")}</SentNotice> : null}
      {photos.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="gallery">
          {photos.map((photo) => (
            <li key={photo.id} data-testid="gallery-photo" data-photo-id={photo.id}>
              <figure>
                {/* biome-ignore lint/performance/noImgElement: plain HTML, no client runtime; the files are already sized */}
                <img
                  src={`${path}/${photo.fileKeys[0]}.jpg`}
                  srcSet={photo.fileKeys
                    .map((key, i) => `${path}/${key}.jpg ${photo.fileWidths[i]}w`)
                    .join(", ")}
                  sizes={SIZES}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  alt={photo.caption ?? t("photoAlt")}
                  className="h-auto w-full rounded-lg bg-forest-100"
                />
                {photo.caption || photo.authorName ? (
                  <figcaption className="mt-1 text-sm text-stone-800">
                    {photo.caption ? <span className="block">{photo.caption}</span> : null}
                    {photo.authorName ? (
                      <span className="block text-stone-700">{t("byline", { name: photo.authorName })}</span>
                    ) : null}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        method="post"
        // The language in the address too: a refusal of a body too large to be read (its lang field
        // unread) still answers in the visitor's language.
        action={`${path}?lang=${language}`}
        encType="multipart/form-data"
        className="mt-6 space-y-4 rounded-xl bg-white p-4 ring-1 ring-forest-100 sm:max-w-2xl"
        data-testid="photo-form"
      >
        <h3 className="font-serif text-xl text-forest-800">{t("shareHeading")}</h3>
        <p className="text-stone-800">{t("shareText")}</p>
        <input type="hidden" name="lang" value={language} />
        <InputField
          id="photo-file"
          label={t("fileLabel", { mb: PHOTO_MAX_MB })}
          name="photo"
          type="file"
          accept={ACCEPT}
          required
        />
        <InputField
          id="photo-caption"
          label={t("captionLabel", { max: CAPTION_MAX })}
          name="caption"
          type="text"
          maxLength={CAPTION_MAX}
        />
        <InputField
          id="photo-name"
          label={t("nameLabel")}
          name="name"
          type="text"
          maxLength={AUTHOR_MAX}
          autoComplete="name"
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </form>
    </PageSection>
  );
}
