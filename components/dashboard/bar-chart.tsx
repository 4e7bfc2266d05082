"use client";
// Trees per week or month as an inline SVG bar chart (no chart library), with the same figures
// in a table for screen readers.
import { bucketLabel, formatNumber } from "@/lib/dashboard/format";
import { useI18n } from "./i18n";

export function BarChart(props: { buckets: { start: string; trees: number }[]; unit: "week" | "month" }) {
  const { t, lang } = useI18n();
  const title = t("chartTitle", { unit: props.unit === "week" ? t("unitWeek") : t("unitMonth") });
  const max = Math.max(1, ...props.buckets.map((b) => b.trees));
  const width = 720;
  const height = 240;
  const left = 40;
  const bottom = 40;
  const plotWidth = width - left - 10;
  const plotHeight = height - bottom - 10;
  const step = plotWidth / Math.max(1, props.buckets.length);
  const barWidth = Math.max(2, step * 0.7);
  // Label at most about 12 buckets so that the names stay readable.
  const labelEvery = Math.max(1, Math.ceil(props.buckets.length / 12));
  const ticks = [0, Math.round(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-3">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={title}
        data-testid="report-chart"
      >
        {ticks.map((tick) => {
          const y = 10 + plotHeight - (tick / max) * plotHeight;
          return (
            <g key={tick}>
              <line x1={left} x2={width - 10} y1={y} y2={y} stroke="#e7e5e4" />
              <text x={left - 6} y={y + 4} textAnchor="end" fontSize="12" fill="#57534e">
                {formatNumber(tick, lang, 0)}
              </text>
            </g>
          );
        })}
        {props.buckets.map((bucket, i) => {
          const barHeight = (bucket.trees / max) * plotHeight;
          const x = left + i * step + (step - barWidth) / 2;
          return (
            <g key={bucket.start}>
              <rect x={x} y={10 + plotHeight - barHeight} width={barWidth} height={barHeight} fill="#2f6b3f">
                <title>{`${bucketLabel(bucket.start, props.unit, lang)}: ${bucket.trees}`}</title>
              </rect>
              {i % labelEvery === 0 ? (
                <text
                  x={left + i * step + step / 2}
                  y={height - bottom + 18}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#57534e"
                >
                  {bucketLabel(bucket.start, props.unit, lang)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={left} x2={width - 10} y1={10 + plotHeight} y2={10 + plotHeight} stroke="#78716c" />
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {props.buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">{bucketLabel(bucket.start, props.unit, lang)}</th>
              <td>{bucket.trees}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
