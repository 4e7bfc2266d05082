// Where the trees grow: an inline SVG of Western Europe with a numbered marker per planting site
// and a legend that repeats the same numbers in text (the map's words for screen readers), and a
// small marker per tree at its point in the site, or at the site's point while the tree has none.
// The numbers are drawn above the trees and neighbouring sites are set apart (a line leads to a
// marker moved off its point), so every number reads; a site with several trees shows their count,
// and a site's plan draws trees sharing one place as one dot with their count.
import type { PageTranslator } from "@memorial/lib/i18n/translate";
import type { PublicSite } from "@memorial/lib/memorials/public-queries";
import { byPlace, mapFrame, outlinePath, spreadApart } from "./site-map-geometry";

/** A site's numbered marker on the map of Western Europe. */
const MARKER_RADIUS = 11;

/** One tree's marker: where it grows and what its marker says (species and status). */
export interface TreePoint {
  treeId: number;
  plantationId: number;
  latitude: number;
  longitude: number;
  /** Its own point (true), or its site's while it has none (false). */
  own: boolean;
  label: string;
}

export function SiteMap({
  sites,
  trees = [],
  treesNote,
  closeUpTitle,
  t,
  countryName,
}: {
  sites: PublicSite[];
  trees?: TreePoint[];
  treesNote?: string;
  /** The title of a site's plan ("Plan of the {site} site: ..."), given the site's name. */
  closeUpTitle?: (site: string) => string;
  t: PageTranslator;
  countryName: (code: string) => string;
}) {
  const frame = mapFrame([...sites, ...trees]);
  // Neighbouring sites apart, so that every number reads.
  const markers = spreadApart(
    sites.map((site) => frame.project(site.longitude, site.latitude)),
    2 * MARKER_RADIUS + 4,
    frame,
  );
  const description = t("mapAlt", {
    sites: sites.map((s) => `${s.name} (${countryName(s.country)})`).join(", "),
  });
  return (
    <div className="grid gap-6 sm:grid-cols-[minmax(0,22rem)_1fr] sm:items-start">
      <svg
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        className="w-full rounded-lg border border-sky-200 bg-sky-100"
        role="img"
        aria-labelledby="site-map-desc"
        data-testid="site-map"
      >
        <title id="site-map-desc">{description}</title>
        <path
          d={outlinePath(frame)}
          fill="#f7f5ee"
          stroke="#8a8577"
          strokeWidth="0.8"
          strokeLinejoin="round"
        />
        {/* The trees first, under the sites' numbers: at this scale a site's trees are one point. */}
        {trees.map((tree) => {
          const [x, y] = frame.project(tree.longitude, tree.latitude);
          return (
            <circle
              key={tree.treeId}
              cx={x}
              cy={y}
              r="3.5"
              fill={tree.own ? "#9ad27a" : "#ffffff"}
              stroke="#1b4027"
              strokeWidth="1.2"
              data-tree={tree.treeId}
              data-own-point={tree.own ? "true" : "false"}
            >
              <title>{tree.label}</title>
            </circle>
          );
        })}
        {sites.map((site, index) => {
          const [px, py] = frame.project(site.longitude, site.latitude);
          const [x, y] = markers[index] as [number, number];
          const count = trees.filter((tree) => tree.plantationId === site.id).length;
          return (
            <g key={site.id} data-site={site.id}>
              {/* A marker moved off its point (a neighbour too near) keeps a line to it. */}
              {x !== px || y !== py ? (
                <line x1={px} y1={py} x2={x} y2={y} stroke="#1b4027" strokeWidth="1.2" />
              ) : null}
              <circle cx={x} cy={y} r={MARKER_RADIUS} fill="#1b4027" stroke="#ffffff" strokeWidth="2" />
              <text
                x={x}
                y={y}
                dy="0.35em"
                textAnchor="middle"
                fontSize="12"
                fontWeight="700"
                fill="#ffffff"
                fontFamily="system-ui, sans-serif"
              >
                {index + 1}
              </text>
              {count > 1 ? (
                // Several trees at this site: their count, beside the number.
                <g data-site-trees={count}>
                  <circle cx={x + 10} cy={y + 9} r="7" fill="#9ad27a" stroke="#1b4027" strokeWidth="1" />
                  <text
                    x={x + 10}
                    y={y + 9}
                    dy="0.35em"
                    textAnchor="middle"
                    fontSize="9"
                    fontWeight="700"
                    fill="#112a19"
                    fontFamily="system-ui, sans-serif"
                  >
                    {count}
                  </text>
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ol className="space-y-3">
        {sites.map((site, index) => (
          <li key={site.id} className="flex gap-3">
            <span
              aria-hidden="true"
              className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-forest-800 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <span>
              <span className="font-semibold">{site.name}</span>
              <span className="block text-sm text-stone-700">
                {site.region}, {countryName(site.country)} · {t("mapSiteTrees", { n: site.trees })}
              </span>
              {closeUpTitle && trees.some((tree) => tree.plantationId === site.id) ? (
                <SitePlan
                  site={site}
                  trees={trees.filter((tree) => tree.plantationId === site.id)}
                  title={closeUpTitle(site.name)}
                />
              ) : null}
            </span>
          </li>
        ))}
        {trees.length > 0 && treesNote ? <li className="text-sm text-stone-700">{treesNote}</li> : null}
      </ol>
    </div>
  );
}

/** Half the side of a site's plan, in km: the 5 km around the site (SITE_RADIUS_KM) and a margin. */
const PLAN_KM = 6;
const PLAN_UNITS_PER_KM = 10;

/**
 * A site's plan: the 5 km circle around its point, its point, and a dot per tree where it stands
 * (the Western Europe map is too small to tell the trees of one site apart).
 */
function SitePlan({ site, trees, title }: { site: PublicSite; trees: TreePoint[]; title: string }) {
  const size = 2 * PLAN_KM * PLAN_UNITS_PER_KM;
  const kmPerDegreeLng = 111.32 * Math.cos((site.latitude * Math.PI) / 180);
  const project = (longitude: number, latitude: number) => {
    const clamp = (v: number) => Math.min(size - 3, Math.max(3, v));
    return [
      clamp(size / 2 + (longitude - site.longitude) * kmPerDegreeLng * PLAN_UNITS_PER_KM),
      clamp(size / 2 - (latitude - site.latitude) * 110.57 * PLAN_UNITS_PER_KM),
    ] as const;
  };
  const titleId = `site-plan-${site.id}`;
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="mt-2 h-32 w-32 rounded-lg border border-forest-100 bg-[#eef5e6]"
      role="img"
      aria-labelledby={titleId}
      data-testid="site-plan"
      data-site={site.id}
    >
      <title id={titleId}>{title}</title>
      <circle
        cx={size / 2}
        cy={size / 2}
        r={5 * PLAN_UNITS_PER_KM}
        fill="#dcebcf"
        stroke="#6b8f5a"
        strokeWidth="0.8"
        strokeDasharray="3 2"
      />
      <rect x={size / 2 - 3} y={size / 2 - 3} width="6" height="6" fill="#1b4027" />
      {byPlace(trees, (tree) => project(tree.longitude, tree.latitude)).map((group) => {
        const [x, y] = project((group[0] as TreePoint).longitude, (group[0] as TreePoint).latitude);
        return (
          <g key={(group[0] as TreePoint).treeId}>
            {group.map((tree) => (
              <circle
                key={tree.treeId}
                cx={x}
                cy={y}
                r={group.length > 1 ? 6 : 3}
                fill={tree.own ? "#4c9a2a" : "#ffffff"}
                stroke="#1b4027"
                strokeWidth="1"
                data-tree={tree.treeId}
              >
                <title>{tree.label}</title>
              </circle>
            ))}
            {group.length > 1 ? (
              // Several trees at one place: one dot with their count.
              <text
                x={x}
                y={y}
                dy="0.35em"
                textAnchor="middle"
                fontSize="7"
                fontWeight="700"
                fill="#112a19"
                fontFamily="system-ui, sans-serif"
                data-trees-here={group.length}
              >
                {group.length}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
