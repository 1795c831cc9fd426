// Inline SVG charts for the HTML report: no script, no style attribute (the page's CSP allows
// neither), only presentation attributes and classes. Every label passes through escapeHtml.
import { escapeHtml } from "../../util/escape.ts";

const round = (n: number) => Math.round(n * 10) / 10;

export interface Bar {
  label: string;
  value: number;
  /** Shown at the bar's end; defaults to the value. */
  text?: string;
  className?: string;
}

/** Horizontal bars, one per label, scaled to `max`. */
export function barChart(bars: Bar[], options: { max: number; title: string }): string {
  const rowHeight = 24;
  const labelWidth = 180;
  const barWidth = 320;
  const height = bars.length * rowHeight + 8;
  const rows = bars.map((bar, i) => {
    const y = i * rowHeight + 4;
    const width = options.max > 0 ? Math.max(0, Math.min(1, bar.value / options.max)) * barWidth : 0;
    return [
      `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(bar.label)}</text>`,
      `<rect class="${escapeHtml(bar.className ?? "bar")}" x="${labelWidth}" y="${y + 3}" width="${round(width)}" height="${rowHeight - 8}" rx="3"></rect>`,
      `<text x="${labelWidth + width + 6}" y="${y + 15}">${escapeHtml(bar.text ?? String(bar.value))}</text>`,
    ].join("");
  });
  return `<svg class="chart" role="img" aria-label="${escapeHtml(options.title)}" viewBox="0 0 ${labelWidth + barWidth + 80} ${height}" width="${labelWidth + barWidth + 80}" height="${height}"><title>${escapeHtml(options.title)}</title>${rows.join("")}</svg>`;
}

/** Vertical columns (a histogram): one per bucket, several series side by side. */
export function histogram(buckets: string[], series: { name: string; counts: number[] }[], title: string): string {
  const columnWidth = Math.max(8, Math.min(28, Math.floor(480 / Math.max(1, buckets.length * series.length))));
  const groupWidth = columnWidth * series.length + 10;
  const plotHeight = 120;
  const max = Math.max(1, ...series.flatMap((s) => s.counts));
  const width = Math.max(240, buckets.length * groupWidth + 40);
  const parts: string[] = [];
  buckets.forEach((bucket, b) => {
    const x0 = 30 + b * groupWidth;
    series.forEach((s, i) => {
      const count = s.counts[b] ?? 0;
      const h = (count / max) * plotHeight;
      parts.push(
        `<rect class="series-${i % 6}" x="${x0 + i * columnWidth}" y="${round(10 + plotHeight - h)}" width="${columnWidth - 2}" height="${round(h)}"><title>${escapeHtml(`${s.name}: ${count} at ${bucket}`)}</title></rect>`,
      );
    });
    parts.push(
      `<text x="${x0 + (columnWidth * series.length) / 2}" y="${plotHeight + 26}" text-anchor="middle">${escapeHtml(bucket)}</text>`,
    );
  });
  parts.push(`<line class="axis" x1="26" y1="${plotHeight + 10}" x2="${width - 6}" y2="${plotHeight + 10}"></line>`);
  const legend = series
    .map(
      (s, i) =>
        `<rect class="series-${i % 6}" x="${30 + i * 170}" y="${plotHeight + 36}" width="10" height="10"></rect><text x="${44 + i * 170}" y="${plotHeight + 45}">${escapeHtml(s.name)}</text>`,
    )
    .join("");
  const height = plotHeight + 54;
  return `<svg class="chart" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeHtml(title)}</title>${parts.join("")}${legend}</svg>`;
}

export interface LinePoint {
  label: string;
  value: number | null;
}

/** A metric over time: one point per run, the last one highlighted (this run). */
export function lineChart(points: LinePoint[], options: { title: string; format: (n: number) => string }): string {
  const width = 360;
  const height = 120;
  const pad = { left: 8, right: 8, top: 14, bottom: 22 };
  const values = points.map((p) => p.value).filter((v): v is number => v !== null && Number.isFinite(v));
  if (!values.length) return "";
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1e-9) {
    low -= 0.5 * (Math.abs(low) || 1) * 0.1;
    high += 0.5 * (Math.abs(high) || 1) * 0.1;
  }
  const step = points.length > 1 ? (width - pad.left - pad.right) / (points.length - 1) : 0;
  const xy = points.map((p, i) => ({
    x: round(pad.left + i * step),
    y: p.value === null ? null : round(pad.top + (1 - (p.value - low) / (high - low)) * (height - pad.top - pad.bottom)),
    point: p,
  }));
  const path = xy
    .filter((p) => p.y !== null)
    .map((p) => `${p.x},${p.y}`)
    .join(" ");
  const dots = xy
    .filter((p) => p.y !== null)
    .map(
      (p, i, all) =>
        `<circle class="${i === all.length - 1 ? "dot now" : "dot"}" cx="${p.x}" cy="${p.y}" r="${i === all.length - 1 ? 4 : 2.5}"><title>${escapeHtml(`${p.point.label}: ${options.format(p.point.value!)}`)}</title></circle>`,
    )
    .join("");
  const labels = `<text x="${pad.left}" y="${height - 6}">${escapeHtml(points[0]!.label)}</text><text x="${width - pad.right}" y="${height - 6}" text-anchor="end">${escapeHtml(points.at(-1)!.label)}</text><text x="${pad.left}" y="10">${escapeHtml(options.format(high))}</text><text x="${pad.left}" y="${height - pad.bottom + 2}" class="muted">${escapeHtml(options.format(low))}</text>`;
  return `<svg class="chart trend" role="img" aria-label="${escapeHtml(options.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeHtml(options.title)}</title><polyline class="line" points="${path}"></polyline>${dots}${labels}</svg>`;
}
