// The photos visitors shared of a memorial, as its operator sees them on the dashboard: the waiting
// ones (publish, remove) and the published ones (remove). A server component with plain forms to
// web/dashboard/photo-actions.ts; a waiting photo has no public address, its thumbnail is served
// to the signed-in operator (app/api/dashboard/memorials/[id]/photos/[file]/route.ts).
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { operatorPhotos } from "@memorial/lib/memorial-photos/queries";
import type { OperatorScope } from "@memorial/lib/scope";
import { memorialPhotoAction } from "@/web/dashboard/photo-actions";

export async function PhotosPanel(props: {
  scope: OperatorScope;
  memorialId: number;
  language: Language;
  outcome?: string;
}) {
  const photos = await operatorPhotos(props.scope, props.memorialId);
  if (!photos) return null;
  const t = translator(props.language, "dashboard");
  const all = [...photos.waiting, ...photos.published];
  return (
    <section aria-labelledby="photos-title" className="space-y-3" id="photos" data-testid="dashboard-photos">
      <h2 id="photos-title" className="text-xl font-semibold">
        {t("photosHeading")}
      </h2>
      <p className="text-sm text-stone-700">{t("photosIntro")}</p>
      {props.outcome === "published" || props.outcome === "removed" ? (
        <p role="status" className="text-sm" data-testid="dashboard-photos-done">
          {t(props.outcome === "published" ? "photosApproved" : "photosRemoved")}
        </p>
      ) : null}
      {all.length === 0 ? (
        <p className="text-sm">{t("photosNone")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {all.map((photo) => (
            <li
              key={photo.id}
              className="rounded border border-stone-200 bg-white p-2"
              data-testid="dashboard-photo"
              data-status={photo.status}
            >
              {photo.fileKeys[0] ? (
                // biome-ignore lint/performance/noImgElement: the photo's smallest file, already sized; no optimizer
                <img
                  src={`/api/dashboard/memorials/${props.memorialId}/photos/${photo.fileKeys[0]}.jpg`}
                  alt={photo.caption ?? ""}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="h-auto w-full rounded"
                />
              ) : null}
              <p className="mt-1 text-sm text-stone-700">
                {t(photo.status === "waiting" ? "photosWaiting" : "photosPublished")}
                {photo.caption ? ` · ${photo.caption}` : ""}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {photo.status === "waiting" ? (
                  <PhotoChange memorialId={props.memorialId} photoId={photo.id} change="publish">
                    {t("photosApprove")}
                  </PhotoChange>
                ) : null}
                <PhotoChange memorialId={props.memorialId} photoId={photo.id} change="remove">
                  {t("photosRemove")}
                </PhotoChange>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One button that changes a photo (publish, remove): a plain form to memorialPhotoAction. */
function PhotoChange(props: {
  memorialId: number;
  photoId: number;
  change: "publish" | "remove";
  children: React.ReactNode;
}) {
  return (
    <form action={memorialPhotoAction}>
      <input type="hidden" name="memorialId" value={props.memorialId} />
      <input type="hidden" name="photoId" value={props.photoId} />
      <input type="hidden" name="change" value={props.change} />
      <button
        type="submit"
        className="rounded-lg border border-forest-700 px-3 py-1.5 text-sm font-medium text-forest-800"
        data-testid={`dashboard-photo-${props.change}`}
      >
        {props.children}
      </button>
    </form>
  );
}
