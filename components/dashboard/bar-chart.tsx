"use client";
import { bucketLabel, formatNumber } from "@memorial/lib/dashboard/format";
// Trees per week or month as an inline SVG bar chart (no chart library), with the same figures
// in a table for screen readers. The chart is drawn for the width it is shown at (measured once
// in the browser, again when it changes), so that its text keeps its size on a phone instead of
// shrinking with a scaled-down viewBox; on a narrow chart only every second, third... bucket is
// named, so that the names never touch.
import { useEffect, useRef, useState } from "react";
import { useI18n } from "./i18n";

/** Text size of the axes, in CSS pixels as shown (at least 11 px, readable on a phone). */
const FONT = 12;
/** A generous width of one character at FONT: labels are spaced by it, so they never overlap. */
const CHAR = FONT * 0.62;
const GAP = 10;

export function BarChart(props: { buckets: { start: string; trees: number }[]; unit: "week" | "month" }) {
  const { t, lang } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  // The server's drawing (720 wide, scaled); the browser's, at the measured width.
  const [width, setWidth] = useState(720);
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      setWidth(Math.max(200, Math.round(element.getBoundingClientRect().width)));
      setMeasured(true);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const title = t("chartTitle", { unit: props.unit === "week" ? t("unitWeek") : t("unitMonth") });
  const max = Math.max(1, ...props.buckets.map((b) => b.trees));
  const ticks = [0, Math.round(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  const tickText = ticks.map((tick) => formatNumber(tick, lang, 0));
  const height = 240;
  const left = Math.ceil(Math.max(...tickText.map((s) => s.length)) * CHAR) + GAP;
  const right = 10;
  const bottom = 40;
  const plotWidth = width - left - right;
  const plotHeight = height - bottom - 10;
  const step = plotWidth / Math.max(1, props.buckets.length);
  const barWidth = Math.max(2, step * 0.7);
  const labels = props.buckets.map((bucket) => bucketLabel(bucket.start, props.unit, lang));
  const labelWidth = Math.max(1, ...labels.map((label) => label.length)) * CHAR + GAP;
  const labelEvery = Math.max(1, Math.ceil(labelWidth / step));
  const labelX = (i: number) =>
    Math.min(Math.max(left + i * step + step / 2, labelWidth / 2), width - labelWidth / 2);
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-3">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div ref={box}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          // A fixed height: the page does not move when the drawing is redone for the width.
          height={height}
          className="block w-full"
          role="img"
          aria-label={title}
          data-testid="report-chart"
          data-measured={measured ? "true" : undefined}
        >
          {ticks.map((tick, i) => {
            const y = 10 + plotHeight - (tick / max) * plotHeight;
            return (
              <g key={tick}>
                <line x1={left} x2={width - right} y1={y} y2={y} stroke="#e7e5e4" />
                <text x={left - 6} y={y + 4} textAnchor="end" fontSize={FONT} fill="#57534e" data-axis="y">
                  {tickText[i]}
                </text>
              </g>
            );
          })}
          {props.buckets.map((bucket, i) => {
            const barHeight = (bucket.trees / max) * plotHeight;
            const x = left + i * step + (step - barWidth) / 2;
            return (
              <g key={bucket.start}>
                <rect
                  x={x}
                  y={10 + plotHeight - barHeight}
                  width={barWidth}
                  height={barHeight}
                  fill="#2f6b3f"
                >
                  <title>{`${labels[i]}: ${bucket.trees}`}</title>
                </rect>
                {i % labelEvery === 0 ? (
                  <text
                    x={labelX(i)}
                    y={height - bottom + 18}
                    textAnchor="middle"
                    fontSize={FONT}
                    fill="#57534e"
                    data-axis="x"
                  >
                    {labels[i]}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={left} x2={width - right} y1={10 + plotHeight} y2={10 + plotHeight} stroke="#78716c" />
        </svg>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {props.buckets.map((bucket, i) => (
            <tr key={bucket.start}>
              <th scope="row">{labels[i]}</th>
              <td>{bucket.trees}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
