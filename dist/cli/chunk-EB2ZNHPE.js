#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  roleTableRows
} from "./chunk-ITY52KNG.js";
import {
  caseScore,
  formatAge,
  formatNumber,
  mainScoreMetrics
} from "./chunk-6ZTPLJQJ.js";
import {
  redact
} from "./chunk-WFVRFHK2.js";
import {
  escapeHtml,
  escapeMarkdownText,
  escapeTableCell,
  escapeXml,
  escapeXmlAttribute,
  inertText,
  safeUrl
} from "./chunk-UZVVKZBF.js";
import {
  trendSeries
} from "./chunk-USJ2LF37.js";
import {
  STATUS_LABEL,
  formatCost,
  formatCostTotal,
  formatDelta,
  formatDuration,
  formatValue,
  shortSha
} from "./chunk-NGCLNXDY.js";

// src/report/csv.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
function csvCell(value) {
  if (value === null || value === void 0) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text2 = String(value);
  if (/^[=+\-@\t\r]/.test(text2)) text2 = `'${text2}`;
  return /[",\r\n]/.test(text2) ? `"${text2.replace(/"/g, '""')}"` : text2;
}
function toCsv(header, rows) {
  return redact(`${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r
`);
}
var text = (value) => typeof value === "string" ? value : void 0;
function casesCsv(results, verdict) {
  const changes = /* @__PURE__ */ new Map();
  for (const suite of verdict?.suites ?? [])
    for (const change of suite.changes) changes.set(`${change.suite}/${change.caseId}/${change.repeat}`, change.kind);
  const metricNames = /* @__PURE__ */ new Set();
  const tagNames = /* @__PURE__ */ new Set();
  for (const suite of Object.values(results.suites)) {
    for (const result of suite.cases) {
      for (const name of Object.keys(result.metrics)) metricNames.add(name);
      for (const name of Object.keys(result.tags)) tagNames.add(name);
    }
  }
  const metrics = [...metricNames];
  const tags = [...tagNames];
  const header = [
    "suite",
    "kind",
    "case_id",
    "repeat",
    "title",
    "status",
    "change",
    "score",
    "error",
    "source",
    "cost_usd",
    "latency_ms",
    "requests",
    "prompt",
    "response",
    ...tags.map((t) => `tag:${t}`),
    ...metrics.map((m) => `metric:${m}`)
  ];
  const rows = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const main = mainScoreMetrics(suite);
    for (const result of suite.cases) {
      const details = result.details ?? {};
      rows.push([
        name,
        suite.kind,
        result.caseId,
        result.repeat,
        result.title,
        result.status,
        changes.get(`${name}/${result.caseId}/${result.repeat}`) ?? "",
        caseScore(result, main),
        result.error ? `${result.error.kind}: ${result.error.message}` : "",
        `${result.source.file}${result.source.line ? `:${result.source.line}` : ""}`,
        result.costUsd,
        result.latencyMs,
        result.requests,
        text(details.prompt),
        text(details.response),
        ...tags.map((t) => result.tags[t]),
        ...metrics.map((m) => result.metrics[m])
      ]);
    }
  }
  return toCsv(header, rows);
}
function metricsCsv(results, verdict) {
  const header = [
    "suite",
    "kind",
    "metric",
    "gated",
    "direction",
    "unit",
    "n",
    "value",
    "baseline",
    "delta",
    "relative_delta",
    "status",
    "reason"
  ];
  const rows = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const suiteVerdict = verdict?.suites.find((s) => s.suite === name);
    for (const [metric, value] of Object.entries(suite.metrics)) {
      const row = suiteVerdict?.rows.find((r) => r.metric === metric);
      rows.push([
        name,
        suite.kind,
        metric,
        value.gated,
        value.direction,
        value.unit,
        value.n,
        value.value,
        row?.baseline,
        row?.delta,
        row?.relDelta,
        row ? row.status : value.gated ? "" : "info",
        row?.reason
      ]);
    }
  }
  return toCsv(header, rows);
}
async function writeCsvReports(dir, results, verdict) {
  await mkdir(dir, { recursive: true });
  const cases = path.join(dir, "cases.csv");
  const metrics = path.join(dir, "metrics.csv");
  await writeFile(cases, casesCsv(results, verdict));
  await writeFile(metrics, metricsCsv(results, verdict));
  return [cases, metrics];
}

// src/report/html/write.ts
import { mkdir as mkdir2, writeFile as writeFile2 } from "node:fs/promises";
import path2 from "node:path";

// src/report/html/page.ts
import { createHash } from "node:crypto";

// src/report/html/client.ts
var CLIENT_SCRIPT = `(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("evalgate-data").textContent);
  var tbody = document.querySelector("#case-table tbody");
  var rows = Array.prototype.slice.call(tbody.rows);
  var search = document.getElementById("case-search");
  var suiteFilter = document.getElementById("case-suite");
  var stateFilter = document.getElementById("case-state");
  var count = document.getElementById("case-count");
  var dialog = document.getElementById("case-dialog");
  var body = document.getElementById("case-body");

  function applyFilters() {
    var query = search.value.trim().toLowerCase();
    var suite = suiteFilter.value;
    var state = stateFilter.value;
    var shown = 0;
    rows.forEach(function (row) {
      var visible = (!query || row.dataset.text.indexOf(query) >= 0) && (!suite || row.dataset.suite === suite) && (!state || row.dataset.state === state);
      row.hidden = !visible;
      if (visible) shown++;
    });
    count.textContent = shown === rows.length ? rows.length + " cases" : shown + " of " + rows.length + " cases";
  }
  search.addEventListener("input", applyFilters);
  suiteFilter.addEventListener("change", applyFilters);
  stateFilter.addEventListener("change", applyFilters);

  var numeric = { rank: true, score: true, latency: true, cost: true };
  var column = { title: 0, suite: 1, group: 2, source: 7 };
  document.querySelectorAll("button.sort").forEach(function (button) {
    button.addEventListener("click", function () {
      var key = button.dataset.sort;
      var th = button.parentElement;
      var ascending = th.getAttribute("aria-sort") !== "ascending";
      document.querySelectorAll("#case-table th").forEach(function (other) { other.setAttribute("aria-sort", "none"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var value = function (row) {
        return numeric[key] ? Number(row.dataset[key]) : row.cells[column[key]].textContent.toLowerCase();
      };
      rows.sort(function (a, b) {
        var x = value(a), y = value(b);
        var order = x < y ? -1 : x > y ? 1 : Number(a.dataset.index) - Number(b.dataset.index);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { tbody.appendChild(row); });
    });
  });

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }
  function section(title, content) {
    var wrap = el("section", null, "case-section");
    wrap.appendChild(el("h3", title));
    wrap.appendChild(content);
    return wrap;
  }
  function pre(value) {
    return el("pre", typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
  function table(header, rows) {
    var t = el("table", null, "data");
    var head = t.createTHead().insertRow();
    header.forEach(function (h) { head.appendChild(el("th", h)); });
    var b = t.createTBody();
    rows.forEach(function (r) {
      var tr = b.insertRow();
      r.forEach(function (c) { tr.appendChild(el("td", c === null || c === undefined ? "\u2014" : typeof c === "object" ? JSON.stringify(c) : c)); });
    });
    return t;
  }
  function fmt(n) { return typeof n === "number" ? (Number.isInteger(n) ? String(n) : n.toFixed(3)) : n; }
  function list(values) { return Array.isArray(values) && values.length ? values.join(", ") : "\u2014"; }

  function transcriptOf(messages) {
    var wrap = el("div", null, "transcript");
    messages.forEach(function (m) {
      var turn = el("div", null, "turn role-" + String(m.role || "unknown").replace(/[^a-z_-]/gi, ""));
      turn.appendChild(el("div", (m.role || "?") + (m.name ? " (" + m.name + ")" : ""), "role"));
      if (m.content !== null && m.content !== undefined) turn.appendChild(el("div", typeof m.content === "string" ? m.content : JSON.stringify(m.content), "content"));
      var calls = m.toolCalls || m.tool_calls;
      if (calls && calls.length) turn.appendChild(pre(calls));
      wrap.appendChild(turn);
    });
    return wrap;
  }

  function render(c) {
    body.textContent = "";
    body.appendChild(el("h2", c.title)).id = "case-title";
    var meta = [c.suite + " (" + c.kind + ")", c.state, "score " + (c.score === null ? "\u2014" : fmt(c.score)), c.source, c.id + (c.repeat ? " \xB7 repeat " + c.repeat : "")];
    body.appendChild(el("p", meta.join(" \xB7 "), "muted"));
    if (c.error) body.appendChild(el("p", c.error, "error"));
    if (c.detailsLeftOut) body.appendChild(el("p", "This case's prompt, answer and transcript are left out of this page to keep it small; results.json has them.", "muted"));
    var d = c.details && typeof c.details === "object" ? c.details : {};
    if (d.prompt !== undefined) body.appendChild(section("Prompt", pre(d.prompt)));
    if (d.criteria !== undefined) body.appendChild(section("What the judge looks for", pre(d.criteria)));
    if (d.response !== undefined) body.appendChild(section("Answer" + (d.agent ? " of " + d.agent : ""), pre(d.response === null ? "(no answer)" : d.response)));
    if (Array.isArray(d.votes)) {
      var votes = el("ol", null, "votes");
      d.votes.forEach(function (v) {
        var li = el("li");
        li.appendChild(el("strong", v.score === null || v.score === undefined ? "no score" : "score " + v.score));
        if (v.error) li.appendChild(el("span", " (" + (v.error.message || v.error) + ")", "error"));
        if (v.text) li.appendChild(el("div", v.text, "reasoning"));
        votes.appendChild(li);
      });
      var agreement = d.agreement !== undefined ? " \xB7 agreement " + fmt(d.agreement) : "";
      body.appendChild(section("Judge votes (final " + (d.finalScore === undefined ? "\u2014" : d.finalScore) + agreement + ")", votes));
    }
    if (d.expected !== undefined) body.appendChild(section("Expected calls", pre(d.expected)));
    if (d.calls !== undefined) body.appendChild(section("Returned calls", pre(d.calls)));
    if (d.score && Array.isArray(d.score.pairs)) {
      var pairRows = d.score.pairs.map(function (p) { return [p.name, list(p.correct), list(p.wrong), list(p.missing), list(p.extra), fmt(p.precision), fmt(p.recall)]; });
      (d.score.missingCalls || []).forEach(function (m) { pairRows.push([(m.name || JSON.stringify(m)) + " (never called)", "\u2014", "\u2014", "all", "\u2014", "\u2014", "0"]); });
      (d.score.unexpectedCalls || []).forEach(function (m) { pairRows.push([(m.name || JSON.stringify(m)) + " (not expected)", "\u2014", "\u2014", "\u2014", "all", "0", "\u2014"]); });
      body.appendChild(section("Expected vs returned calls", table(["call", "right arguments", "wrong", "missing", "extra", "precision", "recall"], pairRows)));
    }
    if (Array.isArray(d.expected_instructions) || Array.isArray(d.returned_instructions)) {
      var expected = d.expected_instructions || [], returned = d.returned_instructions || [];
      var faults = d.diff_instructions || [], missing = d.missing_instructions || [];
      var all = expected.concat(returned.filter(function (r) { return expected.indexOf(r) < 0; }));
      var instructionRows = all.map(function (i) {
        var state = missing.indexOf(i) >= 0 ? "missing" : expected.indexOf(i) < 0 ? "extra" : "returned";
        return [i, faults.indexOf(i) >= 0 ? "fault introduced" : "", expected.indexOf(i) >= 0 ? "yes" : "no", returned.indexOf(i) >= 0 ? "yes" : "no", state];
      });
      body.appendChild(section("Expected vs returned instructions", table(["instruction", "", "expected", "returned", "result"], instructionRows)));
    }
    var feedbackItems = Array.isArray(d.feedback) ? d.feedback : d.testbench && Array.isArray(d.testbench.feedback) ? d.testbench.feedback : null;
    if (feedbackItems) {
      var feedback = el("ul", null, "feedback");
      feedbackItems.forEach(function (f) {
        var li = el("li");
        li.appendChild(el("strong", f.title || "feedback"));
        li.appendChild(el("div", f.description || ""));
        feedback.appendChild(li);
      });
      body.appendChild(section("Feedback returned", feedback));
    }
    var transcript = Array.isArray(d.transcript) ? d.transcript : Array.isArray(d.messages) ? d.messages : null;
    if (transcript) body.appendChild(section("Transcript", transcriptOf(transcript)));
    var metricRows = Object.keys(c.metrics).map(function (k) { return [k, fmt(c.metrics[k])]; });
    if (metricRows.length) body.appendChild(section("Metrics", table(["metric", "value"], metricRows)));
    var tagRows = Object.keys(c.tags).map(function (k) { return [k, c.tags[k]]; });
    if (tagRows.length) body.appendChild(section("Tags", table(["tag", "value"], tagRows)));
    if (c.details !== undefined) {
      var raw = el("details");
      raw.appendChild(el("summary", "All details (JSON)"));
      raw.appendChild(pre(c.details));
      body.appendChild(raw);
    }
    if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
    dialog.scrollTop = 0;
  }

  var byKey = {};
  rows.forEach(function (row) { byKey[row.dataset.key] = Number(row.dataset.index); });
  function openRow(row) { render(data.cases[Number(row.dataset.index)]); }
  tbody.addEventListener("click", function (event) {
    var row = event.target.closest("tr");
    if (row) openRow(row);
  });
  tbody.addEventListener("keydown", function (event) {
    // preventDefault: the same Enter must not go on to press the dialog's close button
    if (event.key === "Enter" && event.target.matches("tr")) {
      event.preventDefault();
      openRow(event.target);
    }
  });
  document.querySelectorAll("button.open-case").forEach(function (button) {
    button.addEventListener("click", function () {
      var index = byKey[button.dataset.key];
      if (index !== undefined) render(data.cases[index]);
    });
  });
  dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
  document.getElementById("case-close").addEventListener("click", function () { dialog.close(); });
})();
`;

// src/report/html/svg.ts
var round = (n) => Math.round(n * 10) / 10;
function barChart(bars, options) {
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
      `<text x="${labelWidth + width + 6}" y="${y + 15}">${escapeHtml(bar.text ?? String(bar.value))}</text>`
    ].join("");
  });
  return `<svg class="chart" role="img" aria-label="${escapeHtml(options.title)}" viewBox="0 0 ${labelWidth + barWidth + 80} ${height}" width="${labelWidth + barWidth + 80}" height="${height}"><title>${escapeHtml(options.title)}</title>${rows.join("")}</svg>`;
}
function histogram(buckets, series, title) {
  const columnWidth = Math.max(8, Math.min(28, Math.floor(480 / Math.max(1, buckets.length * series.length))));
  const groupWidth = columnWidth * series.length + 10;
  const plotHeight = 120;
  const max = Math.max(1, ...series.flatMap((s) => s.counts));
  const width = Math.max(240, buckets.length * groupWidth + 40);
  const parts = [];
  buckets.forEach((bucket, b) => {
    const x0 = 30 + b * groupWidth;
    series.forEach((s, i) => {
      const count = s.counts[b] ?? 0;
      const h = count / max * plotHeight;
      parts.push(
        `<rect class="series-${i % 6}" x="${x0 + i * columnWidth}" y="${round(10 + plotHeight - h)}" width="${columnWidth - 2}" height="${round(h)}"><title>${escapeHtml(`${s.name}: ${count} at ${bucket}`)}</title></rect>`
      );
    });
    parts.push(
      `<text x="${x0 + columnWidth * series.length / 2}" y="${plotHeight + 26}" text-anchor="middle">${escapeHtml(bucket)}</text>`
    );
  });
  parts.push(`<line class="axis" x1="26" y1="${plotHeight + 10}" x2="${width - 6}" y2="${plotHeight + 10}"></line>`);
  const legend = series.map(
    (s, i) => `<rect class="series-${i % 6}" x="${30 + i * 170}" y="${plotHeight + 36}" width="10" height="10"></rect><text x="${44 + i * 170}" y="${plotHeight + 45}">${escapeHtml(s.name)}</text>`
  ).join("");
  const height = plotHeight + 54;
  return `<svg class="chart" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeHtml(title)}</title>${parts.join("")}${legend}</svg>`;
}
function lineChart(points, options) {
  const width = 360;
  const height = 120;
  const pad = { left: 8, right: 8, top: 14, bottom: 22 };
  const values = points.map((p) => p.value).filter((v) => v !== null && Number.isFinite(v));
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
    point: p
  }));
  const path3 = xy.filter((p) => p.y !== null).map((p) => `${p.x},${p.y}`).join(" ");
  const dots = xy.filter((p) => p.y !== null).map(
    (p, i, all) => `<circle class="${i === all.length - 1 ? "dot now" : "dot"}" cx="${p.x}" cy="${p.y}" r="${i === all.length - 1 ? 4 : 2.5}"><title>${escapeHtml(`${p.point.label}: ${options.format(p.point.value)}`)}</title></circle>`
  ).join("");
  const labels = `<text x="${pad.left}" y="${height - 6}">${escapeHtml(points[0].label)}</text><text x="${width - pad.right}" y="${height - 6}" text-anchor="end">${escapeHtml(points.at(-1).label)}</text><text x="${pad.left}" y="10">${escapeHtml(options.format(high))}</text><text x="${pad.left}" y="${height - pad.bottom + 2}" class="muted">${escapeHtml(options.format(low))}</text>`;
  return `<svg class="chart trend" role="img" aria-label="${escapeHtml(options.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeHtml(options.title)}</title><polyline class="line" points="${path3}"></polyline>${dots}${labels}</svg>`;
}

// src/report/html/kinds.ts
var isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
function cell(value) {
  if (typeof value === "number") return escapeHtml(Number.isInteger(value) ? String(value) : value.toFixed(3));
  if (value === null || value === void 0) return "\u2014";
  if (typeof value === "object") return `<code>${escapeHtml(JSON.stringify(value))}</code>`;
  return escapeHtml(value);
}
function objectTable(rows, firstColumn) {
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  if (firstColumn !== void 0 && columns.includes(firstColumn)) {
    columns.splice(columns.indexOf(firstColumn), 1);
    columns.unshift(firstColumn);
  }
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("");
  const body = rows.map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join("")}</tr>`).join("");
  return `<div class="scroll"><table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}
function genericBreakdown(value) {
  if (Array.isArray(value) && value.every(isRecord)) return objectTable(value);
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length && entries.every(([, v]) => isRecord(v) && Object.values(v).every((x) => !isRecord(x) && !Array.isArray(x)))) {
      return objectTable(
        entries.map(([key, v]) => ({ "": key, ...v })),
        ""
      );
    }
    if (entries.every(([, v]) => !isRecord(v) && !Array.isArray(v))) return objectTable(entries.map(([key, v]) => ({ key, value: v })));
  }
  return `<pre class="json">${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}
function section(title, body) {
  return `<div class="kind-view"><h4>${escapeHtml(title)}</h4>${body}</div>`;
}
function judgedViews(suite, handled) {
  const views = [];
  const agents = suite.breakdowns?.agents;
  const scale = suite.breakdowns?.scale;
  if (Array.isArray(agents) && agents.length) {
    handled.add("agents");
    const list = agents;
    const bars = list.map((a) => ({
      label: a.agent,
      value: a.normalizedMean ?? 0,
      text: `${formatValue(a.normalizedMean ?? null, "ratio")} (pass ${formatValue(a.passRate ?? null, "ratio")})`
    }));
    views.push(
      section(
        "Agent comparison (normalised mean score)",
        barChart(bars, { max: 1, title: "Agent comparison" }) + objectTable(list, "agent")
      )
    );
  }
  if (scale && typeof scale.min === "number" && typeof scale.max === "number") {
    handled.add("scale");
    const { buckets, index } = scoreBuckets(scale.min, scale.max);
    const byAgent = /* @__PURE__ */ new Map();
    for (const result of suite.cases) {
      const raw = result.metrics.raw_score;
      if (result.status !== "scored" || typeof raw !== "number") continue;
      const agent = result.tags.agent ?? "all";
      const counts = byAgent.get(agent) ?? buckets.map(() => 0);
      counts[index(raw)] += 1;
      byAgent.set(agent, counts);
    }
    if (byAgent.size) {
      const series = [...byAgent].map(([name, counts]) => ({ name, counts }));
      views.push(
        section(
          `Score distribution (scale ${scale.type ?? `${scale.min}-${scale.max}`})`,
          histogram(buckets, series, "Score distribution")
        )
      );
    }
  }
  return views;
}
function scoreBuckets(min, max) {
  if (max - min <= 10) {
    const buckets2 = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
    return { buckets: buckets2, index: (s) => Math.max(0, Math.min(buckets2.length - 1, Math.round(s) - min)) };
  }
  const width = (max - min) / 10;
  const buckets = Array.from({ length: 10 }, (_, i) => `${Math.round(min + i * width)}\u2013${Math.round(min + (i + 1) * width)}`);
  return { buckets, index: (s) => Math.max(0, Math.min(9, Math.floor((s - min) / width))) };
}
var FUNCTION_CALL_METRICS = ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"];
function functionCallViews(suite) {
  const types = /* @__PURE__ */ new Map();
  for (const [name, metric] of Object.entries(suite.metrics)) {
    const slash = name.lastIndexOf("/");
    if (slash < 0) continue;
    const type = name.slice(0, slash);
    const base = name.slice(slash + 1);
    if (!FUNCTION_CALL_METRICS.includes(base)) continue;
    const row = types.get(type) ?? { "scenario type": type, cases: suite.cases.filter((c) => c.tags.scenarioType === type).length };
    row[base] = metric.value;
    types.set(type, row);
  }
  if (!types.size) return [];
  const rows = [...types.values()];
  const bars = rows.flatMap((row) => [
    {
      label: `${row["scenario type"]} precision`,
      value: Number(row.precision_fn ?? 0),
      text: formatValue(row.precision_fn ?? null, "ratio"),
      className: "bar series-0"
    },
    {
      label: `${row["scenario type"]} recall`,
      value: Number(row.recall_fn ?? 0),
      text: formatValue(row.recall_fn ?? null, "ratio"),
      className: "bar series-1"
    }
  ]);
  return [
    section(
      "Precision and recall per scenario type",
      barChart(bars, { max: 1, title: "Precision and recall per scenario type" }) + objectTable(rows, "scenario type")
    )
  ];
}
function criterionOf(instruction, mapping) {
  return mapping.get(instruction) ?? instruction.replace(/^no_/, "").replace(/_(correct|incorrect|present|missing|wrong)$/, "");
}
function sgiViews(suite, handled) {
  const perCriterion = suite.breakdowns?.missed_instructions_per_criterion;
  const mapping = /* @__PURE__ */ new Map();
  if (isRecord(perCriterion)) {
    handled.add("missed_instructions_per_criterion");
    for (const [criterion, instructions] of Object.entries(perCriterion)) {
      if (isRecord(instructions)) for (const instruction of Object.keys(instructions)) mapping.set(instruction, criterion);
    }
  }
  const counts = /* @__PURE__ */ new Map();
  for (const result of suite.cases) {
    const details = result.details;
    if (result.status !== "scored" || !details) continue;
    const missing = new Set(details.missing_instructions ?? []);
    const entryFor = (instruction) => {
      const criterion = criterionOf(instruction, mapping);
      const entry = counts.get(criterion) ?? { introduced: 0, detected: 0, missed: 0 };
      counts.set(criterion, entry);
      return entry;
    };
    for (const instruction of details.expected_instructions ?? []) if (missing.has(instruction)) entryFor(instruction).missed++;
    for (const instruction of details.diff_instructions ?? []) {
      const entry = entryFor(instruction);
      entry.introduced++;
      if (!missing.has(instruction)) entry.detected++;
    }
  }
  const views = [];
  if (counts.size) {
    const rows = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([criterion, c]) => ({
      criterion,
      "faults introduced": c.introduced,
      detected: c.detected,
      "detection rate": c.introduced ? c.detected / c.introduced : null,
      "instructions missed": c.missed
    }));
    const bars = rows.filter((r) => r["faults introduced"] > 0).map((r) => ({ label: r.criterion, value: r["detection rate"] ?? 0, text: `${r.detected}/${r["faults introduced"]}` }));
    views.push(
      section(
        "Detection per criterion",
        (bars.length ? barChart(bars, { max: 1, title: "Detection per criterion" }) : "") + objectTable(rows, "criterion")
      )
    );
  }
  if (isRecord(perCriterion)) {
    const rows = Object.entries(perCriterion).flatMap(
      ([criterion, instructions]) => isRecord(instructions) ? Object.entries(instructions).map(([instruction, missed]) => ({ criterion, instruction, "times missed": missed })) : []
    );
    views.push(section("Missed instructions per criterion", objectTable(rows, "criterion")));
  }
  return views;
}
function kindViews(suite) {
  const handled = /* @__PURE__ */ new Set();
  const views = [];
  if (suite.kind === "judged") views.push(...judgedViews(suite, handled));
  if (suite.kind === "function-calls") views.push(...functionCallViews(suite));
  if (suite.kind === "sgi") views.push(...sgiViews(suite, handled));
  for (const [name, value] of Object.entries(suite.breakdowns ?? {})) {
    if (handled.has(name)) continue;
    views.push(section(name.replace(/[_-]+/g, " "), genericBreakdown(value)));
  }
  return views.join("");
}
function caseGroup(result) {
  return Object.values(result.tags).slice(0, 2).join(" \xB7 ");
}

// src/report/html/style.ts
var REPORT_STYLE = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --soft: #f6f8fa; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 24px; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 0 0 4px; } h3 { font-size: 15px; margin: 16px 0 6px; } h4 { font-size: 14px; margin: 12px 0 6px; }
h2 small { font-weight: normal; color: var(--muted); font-size: 13px; }
.muted { color: var(--muted); }
.error { color: var(--fail); }
code, pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; white-space: pre-wrap; word-break: break-word; margin: 0; max-height: 420px; overflow: auto; }
header.verdict { border-left: 6px solid var(--pass); padding: 8px 16px; background: #dafbe1; border-radius: 6px; }
header.verdict.fail { border-color: var(--fail); background: #ffebe9; }
header.verdict p { margin: 4px 0; }
ul.failures { margin: 6px 0; padding-left: 20px; color: var(--fail); }
ul.warnings { margin: 6px 0; padding-left: 20px; color: var(--warn); }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0 8px; }
.card { flex: 1 1 130px; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; background: var(--soft); }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card .value { font-size: 20px; font-weight: 600; }
.card.pass .value { color: var(--pass); } .card.fail .value, .card.warn .value { color: var(--fail); }
section.suite, section#cases { border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin: 16px 0; }
section.suite.fail { border-left: 4px solid var(--fail); } section.suite.pass { border-left: 4px solid var(--pass); }
.scroll { overflow-x: auto; }
table.data { border-collapse: collapse; width: 100%; margin: 4px 0 8px; }
table.data th, table.data td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
table.data th { background: var(--soft); font-weight: 600; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.row-fail td, tr.row-error td { background: #fff1f0; }
tr.reported td { color: var(--muted); }
#case-table tbody tr { cursor: pointer; }
#case-table tbody tr:hover, #case-table tbody tr:focus { background: #eef6ff; outline: none; }
.state-errored, .state-regressed, .state-low { color: var(--fail); font-weight: 600; }
.state-improved, .state-recovered { color: var(--pass); }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.controls input { flex: 1 1 260px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.controls select { padding: 6px; border: 1px solid var(--line); border-radius: 6px; font: inherit; background: var(--bg); }
button.sort { all: unset; cursor: pointer; }
th[aria-sort="ascending"] button.sort::after { content: " \u25B2"; } th[aria-sort="descending"] button.sort::after { content: " \u25BC"; }
button.link { all: unset; color: var(--accent); cursor: pointer; text-decoration: underline; }
.kind-view { margin: 8px 0 12px; }
svg.chart { max-width: 100%; height: auto; font-size: 11px; fill: var(--fg); }
svg.chart .bar, svg.chart .series-0 { fill: #54aeff; } svg.chart .series-1 { fill: #ffb77c; } svg.chart .series-2 { fill: #8ddb8c; }
svg.chart .series-3 { fill: #d8b9ff; } svg.chart .series-4 { fill: #ff8182; } svg.chart .series-5 { fill: #a5d6ff; }
svg.chart .axis { stroke: var(--line); }
svg.chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
svg.chart .dot { fill: var(--accent); } svg.chart .dot.now { fill: var(--fail); }
.trends { display: flex; flex-wrap: wrap; gap: 12px; }
.trends figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 6px; }
.trends figcaption { text-align: center; color: var(--muted); font-size: 12px; }
dialog { width: min(960px, 94vw); max-height: 90vh; border: 1px solid var(--line); border-radius: 10px; padding: 20px; overflow: auto; }
dialog::backdrop { background: rgba(31, 35, 40, .45); }
dialog button.close { float: right; font-size: 22px; border: none; background: none; cursor: pointer; }
.case-section { margin: 10px 0; }
ol.votes li, ul.feedback li { margin-bottom: 6px; }
.reasoning { white-space: pre-wrap; color: var(--muted); }
.transcript .turn { border-left: 3px solid var(--line); padding: 4px 10px; margin: 6px 0; }
.transcript .role-user { border-color: #54aeff; } .transcript .role-assistant { border-color: #8ddb8c; } .transcript .role-tool { border-color: #ffb77c; }
.transcript .role { font-weight: 600; font-size: 12px; color: var(--muted); }
.transcript .content { white-space: pre-wrap; }
footer { color: var(--muted); font-size: 12px; margin-top: 24px; }
`;

// src/report/html/page.ts
var DETAILS_BUDGET_CHARS = 24 * 1024 * 1024;
var sha256 = (text2) => `'sha256-${createHash("sha256").update(text2, "utf8").digest("base64")}'`;
function contentSecurityPolicy(script, style) {
  return [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ");
}
var STATE_ORDER = ["errored", "regressed", "low", "disappeared", "appeared", "changed", "recovered", "improved", "unchanged"];
var STATE_LABEL = {
  errored: "error",
  regressed: "regressed",
  low: "low score",
  disappeared: "gone",
  appeared: "new",
  changed: "changed (not compared)",
  recovered: "recovered",
  improved: "improved",
  unchanged: "unchanged"
};
var ROW_STATUS = {
  pass: "\u2713 pass",
  fail: "\u2717 FAIL",
  new: "new",
  noise: "within noise",
  info: "reported only",
  error: "\u2717 ERROR"
};
var caseKey = (suite, caseId, repeat) => [suite, caseId, String(repeat)].map(encodeURIComponent).join("/");
function keepDetailsWithin(cases, budgetChars) {
  const kept = /* @__PURE__ */ new Map();
  let used = 0;
  for (const c of cases) {
    if (c.details === void 0) continue;
    const json = JSON.stringify(c.details);
    if (used + json.length <= budgetChars) {
      used += json.length;
      kept.set(c, json);
      continue;
    }
    delete c.details;
    c.detailsLeftOut = true;
  }
  return kept;
}
function pageDataJson(cases, detailsJson) {
  const listed = cases.map((c) => {
    const details = detailsJson.get(c);
    if (details === void 0) return JSON.stringify(c);
    const { details: _measured, ...rest } = c;
    return `${JSON.stringify(rest).slice(0, -1)},"details":${details}}`;
  });
  return `{"cases":[${listed.join(",")}]}`;
}
function inertJson(json) {
  return json.replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
function sourceText(result) {
  return `${result.source.file}${result.source.line ? `:${result.source.line}` : ""}`;
}
function renderHtmlReport(results, verdict, options = {}) {
  const changes = /* @__PURE__ */ new Map();
  for (const suite of verdict.suites)
    for (const change of suite.changes) changes.set(caseKey(change.suite, change.caseId, change.repeat), change);
  for (const suite of verdict.suites)
    for (const change of suite.failingCases)
      if (!changes.has(caseKey(change.suite, change.caseId, change.repeat)))
        changes.set(caseKey(change.suite, change.caseId, change.repeat), change);
  const cases = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const main = mainScoreMetrics(suite);
    for (const result of suite.cases) {
      const change = changes.get(caseKey(name, result.caseId, result.repeat));
      const state = change?.kind ?? (result.status === "error" ? "errored" : "unchanged");
      cases.push({
        suite: name,
        kind: suite.kind,
        id: result.caseId,
        repeat: result.repeat,
        title: result.title || result.caseId,
        state,
        score: caseScore(result, main),
        source: sourceText(result),
        tags: result.tags,
        metrics: result.metrics,
        ...result.error ? { error: `${result.error.kind}: ${result.error.message}` } : {},
        costUsd: result.costUsd,
        latencyMs: result.latencyMs,
        ...result.details !== void 0 ? { details: result.details } : {}
      });
    }
  }
  cases.sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state));
  const detailsJson = keepDetailsWithin(cases, options.detailsBudgetChars ?? DETAILS_BUDGET_CHARS);
  const detailsLeftOut = cases.filter((c) => c.detailsLeftOut).length;
  const title = `evalgate report: ${verdict.verdict === "pass" ? "passed" : "failed"}`;
  const body = [
    renderHeader(results, verdict, options),
    renderCards(results, verdict, cases),
    // failing suites first: what needs a look comes before what passed
    ...[...verdict.suites].sort((a, b) => Number(b.status === "fail") - Number(a.status === "fail")).map((suite) => renderSuite(suite, results.suites[suite.suite], verdict, options.trends ?? [])),
    renderCaseTable(cases, verdict, detailsLeftOut),
    `<dialog id="case-dialog" aria-labelledby="case-title"><button class="close" id="case-close" aria-label="Close">\xD7</button><div id="case-body"></div></dialog>`,
    `<footer>evalgate ${escapeHtml(results.run.evalgateVersion)} \xB7 run ${escapeHtml(results.run.id)} \xB7 ${escapeHtml(results.run.finishedAt)}</footer>`
  ].join("\n");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(CLIENT_SCRIPT, REPORT_STYLE))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    "</head><body>",
    body,
    `<script type="application/json" id="evalgate-data">${inertJson(pageDataJson(cases, detailsJson))}</script>`,
    `<script>${CLIENT_SCRIPT}</script>`,
    "</body></html>",
    ""
  ].join("\n");
}
function baselineText(results, verdict, note) {
  if (note) return note;
  if (!verdict.baseline.found) return "No baseline yet: the gate applied its thresholds only.";
  const where = [
    verdict.baseline.branch ? `stored for ${verdict.baseline.branch}` : "given",
    shortSha(verdict.baseline.commit) ? `at ${shortSha(verdict.baseline.commit)}` : ""
  ].filter(Boolean).join(" ");
  return `Compared with the baseline ${where}${verdict.baseline.finishedAt ? ` (${verdict.baseline.finishedAt.slice(0, 10)})` : ""}${results.run.commit ? `; this run is ${shortSha(results.run.commit)}` : ""}.`;
}
function renderHeader(results, verdict, options) {
  const failed = verdict.suites.filter((s) => s.status === "fail").length;
  const headline = verdict.verdict === "pass" ? `Gate passed: ${verdict.suites.length} of ${verdict.suites.length} suites passed` : `Gate failed: ${failed} of ${verdict.suites.length} suites failed`;
  const failures = verdict.failures.length ? `<ul class="failures">${verdict.failures.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>` : "";
  const profile = verdict.profile ? ` Gate profile <code>${escapeHtml(verdict.profile)}</code>.` : "";
  return `<header class="verdict ${verdict.verdict}"><h1>${verdict.verdict === "pass" ? "\u2713" : "\u2717"} ${escapeHtml(headline)}</h1><p>${escapeHtml(baselineText(results, verdict, options.baselineNote))}${profile}</p>${failures}</header>`;
}
function card(label, value, className = "") {
  return `<div class="card ${className}"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div></div>`;
}
function renderCards(results, verdict, cases) {
  const passed = verdict.suites.filter((s) => s.status === "pass").length;
  const scored = cases.filter((c) => c.state !== "errored").length;
  const errors = verdict.suites.reduce((n, s) => n + s.counts.errors, 0);
  const regressions = cases.filter((c) => c.state === "regressed").length;
  const costs = Object.values(results.suites).map((s) => s.costUsd).filter((c) => c !== null);
  return `<section class="cards">${[
    card("Verdict", verdict.verdict === "pass" ? "passed" : "failed", verdict.verdict),
    card("Suites passed", `${passed} / ${verdict.suites.length}`),
    card("Cases scored", `${scored} / ${cases.length}`),
    card("Regressed cases", String(regressions), regressions ? "warn" : ""),
    card("Errors", String(errors), errors ? "warn" : ""),
    card("Cost", costs.length ? formatCost(costs.reduce((a, b) => a + b, 0)) : "unknown"),
    card("Duration", formatDuration(results.run.durationMs))
  ].join("")}</section>`;
}
function metricRow(row) {
  const status = row.gated ? ROW_STATUS[row.status] : "reported only";
  const title = row.reason ? ` title="${escapeHtml(row.reason)}"` : "";
  return `<tr class="row-${row.status}${row.gated ? "" : " reported"}"><td>${escapeHtml(row.metric)}${row.direction === "lower" ? ' <span class="muted">(lower is better)</span>' : ""}</td><td class="num">${escapeHtml(formatValue(row.baseline, row.unit))}</td><td class="num">${escapeHtml(formatValue(row.now, row.unit))}${row.n ? ` <span class="muted">n=${row.n}</span>` : ""}</td><td class="num">${escapeHtml(formatDelta(row))}</td><td${title}>${escapeHtml(status)}</td></tr>`;
}
function gatedFirst(rows) {
  return [...rows].sort((a, b) => Number(b.gated) - Number(a.gated));
}
function regressionsTable(suite) {
  const worst = [
    ...suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed"),
    ...suite.failingCases.filter((c) => c.kind === "low")
  ];
  if (!worst.length) return "";
  const rows = worst.slice(0, 50).map(
    (c) => `<tr><td><button class="link open-case" data-key="${escapeHtml(caseKey(c.suite, c.caseId, c.repeat))}">${escapeHtml(c.title || c.caseId)}</button></td><td>${escapeHtml(STATE_LABEL[c.kind])}</td><td class="num">${escapeHtml(formatValue(c.before, "ratio"))} \u2192 ${escapeHtml(formatValue(c.after, "ratio"))}</td><td>${escapeHtml(sourceText(c))}</td><td>${escapeHtml(c.error ?? "")}</td></tr>`
  ).join("");
  const more = worst.length > 50 ? `<p class="muted">and ${worst.length - 50} more in the case table below</p>` : "";
  return `<h3>Cases that need a look</h3><div class="scroll"><table class="data"><thead><tr><th>Case</th><th>Change</th><th>Score</th><th>Source</th><th>Error</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}
function renderSuite(suite, results, verdict, trends) {
  const meta = [
    `${suite.counts.scored}/${suite.counts.cases} cases scored`,
    suite.counts.errors ? `${suite.counts.errors} errors (max ${Math.round(suite.maxErrorRate * 100)}%)` : "no errors",
    formatCost(suite.costUsd),
    formatDuration(suite.durationMs),
    suite.hasBaseline ? "" : "no baseline for this suite"
  ].filter(Boolean);
  const reasons = suite.reasons.length ? `<ul class="failures">${suite.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>` : "";
  const table = `<div class="scroll"><table class="data metrics"><thead><tr><th>Metric</th><th>Baseline</th><th>Now</th><th>Change</th><th>Status</th></tr></thead><tbody>${gatedFirst(suite.rows).map(metricRow).join("")}</tbody></table></div>`;
  const suiteTrends = trends.filter((t) => t.suite === suite.suite);
  const trendHtml = suiteTrends.length ? `<h3>Trend over the last ${suiteTrends[0].points.length - 1} baselines</h3><div class="trends">${suiteTrends.map(
    (t) => `<figure>${lineChart(t.points, { title: `${t.suite}/${t.metric}`, format: (n) => formatValue(n, t.unit) })}<figcaption>${escapeHtml(t.metric)}</figcaption></figure>`
  ).join("")}</div>` : "";
  const views = results ? kindViews(results) : "";
  const warnings = results?.warnings.length ? `<ul class="warnings">${results.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>` : "";
  const reportedOnly = suite.rows.some((r) => !r.gated) ? `<p class="muted">Metrics marked \u201Creported only\u201D are shown for information and never fail the gate.</p>` : "";
  return `<section class="suite ${suite.status}" id="suite-${escapeHtml(suite.suite)}"><h2>${suite.status === "pass" ? "\u2713" : "\u2717"} ${escapeHtml(suite.suite)} <small>${escapeHtml(suite.kind)}</small></h2><p class="muted">${escapeHtml(meta.join(" \xB7 "))}${verdict.repeated ? " \xB7 repeated runs" : ""}</p>${reasons}${table}${reportedOnly}${regressionsTable(suite)}${views}${trendHtml}${warnings}</section>`;
}
function renderCaseTable(cases, verdict, detailsLeftOut) {
  const suiteOptions = verdict.suites.map((s) => `<option value="${escapeHtml(s.suite)}">${escapeHtml(s.suite)}</option>`).join("");
  const present = STATE_ORDER.filter((state) => cases.some((c) => c.state === state));
  const stateOptions = present.map((s) => `<option value="${s}">${escapeHtml(STATE_LABEL[s])}</option>`).join("");
  const rows = cases.map((c, i) => {
    const text2 = [c.title, c.id, c.suite, c.source, c.error ?? "", ...Object.values(c.tags)].join(" ").toLowerCase();
    return `<tr tabindex="0" data-index="${i}" data-key="${escapeHtml(caseKey(c.suite, c.id, c.repeat))}" data-suite="${escapeHtml(c.suite)}" data-state="${c.state}" data-rank="${STATE_ORDER.indexOf(c.state)}" data-score="${c.score ?? -1}" data-latency="${c.latencyMs}" data-cost="${c.costUsd ?? -1}" data-text="${escapeHtml(text2)}"><td>${escapeHtml(c.title)}${c.repeat ? ` <span class="muted">(repeat ${c.repeat})</span>` : ""}</td><td>${escapeHtml(c.suite)}</td><td>${escapeHtml(caseGroupOf(c))}</td><td class="state-${c.state}">${escapeHtml(STATE_LABEL[c.state])}</td><td class="num">${escapeHtml(formatValue(c.score, "ratio"))}</td><td class="num">${escapeHtml(formatDuration(c.latencyMs))}</td><td class="num">${escapeHtml(c.costUsd === null ? "\u2014" : formatCost(c.costUsd))}</td><td class="muted">${escapeHtml(c.source)}</td></tr>`;
  }).join("");
  const header = [
    ["title", "Case"],
    ["suite", "Suite"],
    ["group", "Group"],
    ["rank", "State"],
    ["score", "Score"],
    ["latency", "Latency"],
    ["cost", "Cost"],
    ["source", "Source"]
  ].map(([key, label]) => `<th aria-sort="none"><button class="sort" data-sort="${key}">${label}</button></th>`).join("");
  return `<section id="cases"><h2>All cases</h2><div class="controls"><input type="search" id="case-search" placeholder="Search title, id, tag, error\u2026" aria-label="Search cases"><select id="case-suite" aria-label="Suite"><option value="">all suites</option>${suiteOptions}</select><select id="case-state" aria-label="State"><option value="">all states</option>${stateOptions}</select><span id="case-count" class="muted">${cases.length} cases</span></div><p class="muted">Click a case (or press Enter on it) to open its prompt, answer, votes, calls or transcript.</p>${detailsLeftOut ? `<p class="muted" id="details-left-out">The prompts, answers and transcripts of ${detailsLeftOut} of the cases listed last are left out to keep this page small; results.json has them.</p>` : ""}<div class="scroll"><table class="data" id="case-table"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
function caseGroupOf(c) {
  return caseGroup({ tags: c.tags });
}

// src/report/html/write.ts
async function writeHtmlReport(file, results, verdict, options = {}) {
  const html = renderHtmlReport(results, verdict, {
    trends: trendSeries(options.history ?? [], results),
    ...options.baselineNote ? { baselineNote: options.baselineNote } : {},
    ...options.detailsBudgetChars !== void 0 ? { detailsBudgetChars: options.detailsBudgetChars } : {}
  });
  await mkdir2(path2.dirname(path2.resolve(file)), { recursive: true });
  await writeFile2(file, redact(html));
  return file;
}

// src/report/junit.ts
function renderJUnit(results, verdict) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites = [];
  if (verdict.errors.length) {
    const cases = verdict.errors.map(
      (error) => `    <testcase classname="evalgate" name="${escapeXmlAttribute(`could not decide: ${error}`)}"><error message="${escapeXmlAttribute(`could not decide: ${error}`)}" type="infrastructure"/></testcase>`
    );
    tests += cases.length;
    errors += cases.length;
    suites.push(
      `  <testsuite name="evalgate" tests="${cases.length}" failures="0" errors="${cases.length}" time="0.000">
${cases.join("\n")}
  </testsuite>`
    );
  }
  for (const suite of verdict.suites) {
    const cases = [];
    let suiteFailures = 0;
    for (const row of suite.rows) {
      const name = `${suite.suite}/${row.metric}`;
      const message = `${formatValue(row.baseline, row.unit)} \u2192 ${formatValue(row.now, row.unit)} (${formatDelta(row)}) ${row.status}`;
      let body = `<system-out>${escapeXml(message)}</system-out>`;
      if (row.failing && row.status === "error") {
        body = `<error message="${escapeXmlAttribute(`could not decide: ${row.reason}`)}" type="infrastructure">${escapeXml(message)}</error>`;
      } else if (row.failing) {
        suiteFailures++;
        body = `<failure message="${escapeXmlAttribute(row.reason)}" type="${escapeXmlAttribute(row.status)}">${escapeXml(message)}</failure>`;
      }
      cases.push(`    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}.metrics`)}" name="${escapeXmlAttribute(name)}">${body}</testcase>`);
    }
    for (const suiteReason of suite.reasons.filter((reason) => !suite.rows.some((row) => reason.startsWith(`${row.metric}: `)))) {
      suiteFailures++;
      cases.push(
        `    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}`)}" name="${escapeXmlAttribute(`${suite.suite} gate`)}"><failure message="${escapeXmlAttribute(suiteReason)}"/></testcase>`
      );
    }
    for (const change of suite.failingCases) {
      const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
      const message = change.kind === "errored" ? inertText(change.error ?? "error") : `${change.kind}: ${formatValue(change.before, "ratio")} \u2192 ${formatValue(change.after, "ratio")}`;
      cases.push(
        `    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}.cases`)}" name="${escapeXmlAttribute(inertText(change.title || change.caseId, 200))}" file="${escapeXmlAttribute(change.source.file)}"${change.source.line ? ` line="${change.source.line}"` : ""}><failure message="${escapeXmlAttribute(message)}" type="${change.kind}">${escapeXml(`${where}: ${message}`)}</failure></testcase>`
      );
      suiteFailures++;
    }
    tests += cases.length;
    failures += suiteFailures;
    suites.push(
      `  <testsuite name="${escapeXmlAttribute(suite.suite)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" time="${(suite.durationMs / 1e3).toFixed(3)}">
${cases.join("\n")}
  </testsuite>`
    );
  }
  out.push(
    `<testsuites name="evalgate" tests="${tests}" failures="${failures}" errors="${errors}" time="${(results.run.durationMs / 1e3).toFixed(3)}">`
  );
  out.push(...suites, "</testsuites>", "");
  return out.join("\n");
}

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table.length) {
    const row2 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table[rowIndex].length;
    }
    while (++columnIndex2 < table[rowIndex].length) {
      const cell2 = serialize(table[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell2);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row2.push(cell2);
    }
    cellMatrix[rowIndex] = row2;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell2 = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row[columnIndex] = cell2;
  }
  cellMatrix.splice(1, 0, row);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row2 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell2 = row2[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell2 === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell2);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/markdown.ts
var COMMENT_MAX_CHARS = 65536;
var SUMMARY_MAX_BYTES = 1024 * 1024;
var CASE_KIND_LABEL = {
  errored: "\u26A0\uFE0F error",
  regressed: "\u{1F53B} regressed",
  low: "\u{1F53B} low score",
  disappeared: "\u2796 gone",
  appeared: "\u2795 new",
  recovered: "\u{1F53A} recovered",
  improved: "\u{1F53A} improved",
  changed: "\u270F\uFE0F changed (not compared)"
};
function renderMarkdownReport(results, verdict, options = {}) {
  const head = [renderHeader2(results, verdict), ...options.notes?.length ? [options.notes.join("\n\n")] : []].join("\n\n");
  const sections = verdict.suites.map((suite) => renderSuiteSection(suite, verdict, options, results.suites[suite.suite]));
  const footer = renderFooter(results, options);
  return assemble(options.marker, head, sections, footer, options);
}
function verdictLine(verdict) {
  if (verdict.verdict === "error") {
    const first = verdict.errors[0] ? `: ${escapeMarkdownText(verdict.errors[0], 200)}` : "";
    return `### \u26A0\uFE0F evalgate: could not decide${first}`;
  }
  const failed = verdict.suites.filter((suite) => suite.status === "fail").length;
  const total = verdict.suites.length;
  if (verdict.verdict === "pass") return `### \u2705 evalgate: gate passed \u2014 ${total} of ${total} suite${total === 1 ? "" : "s"} passed`;
  return `### \u274C evalgate: gate failed \u2014 ${failed} of ${total} suite${total === 1 ? "" : "s"} failed`;
}
function baselineLine(results, verdict) {
  const parts = [];
  if (verdict.baseline.found) {
    const where = [verdict.baseline.branch ? `\`${escapeMarkdownText(verdict.baseline.branch).replace(/`/g, "")}\`` : "the baseline"];
    const sha2 = shortSha(verdict.baseline.commit);
    if (sha2) where.push(`@ ${sha2}`);
    if (verdict.baseline.ageMs !== void 0) where.push(`(${formatAge(verdict.baseline.ageMs)} old)`);
    parts.push(`Compared with ${where.join(" ")}`);
  } else {
    parts.push("No baseline yet: thresholds only");
  }
  if (verdict.profile) parts.push(`profile \`${verdict.profile.replace(/`/g, "")}\``);
  const sha = shortSha(results.run.commit);
  if (sha) parts.push(`commit ${sha}`);
  if (verdict.repeated) parts.push(`${results.run.selection.repeat}\xD7 repeated`);
  return parts.join(" \xB7 ");
}
var SUITE_ICON = { pass: "\u2705", fail: "\u274C", error: "\u26A0\uFE0F" };
function suiteLine(suite) {
  const icon = SUITE_ICON[suite.status];
  if (suite.status === "error") {
    return `- ${icon} **${escapeMarkdownText(suite.suite)}** \u2014 could not decide: ${suite.errors.map((error) => escapeMarkdownText(error, 200)).join("; ")}`;
  }
  const counts = `${suite.counts.scored}/${suite.counts.cases} cases scored`;
  const changes = [];
  if (suite.changeCounts.regressed) changes.push(`${suite.changeCounts.regressed} regressed`);
  if (suite.changeCounts.improved) changes.push(`${suite.changeCounts.improved} improved`);
  if (suite.changeCounts.errored) changes.push(`${suite.changeCounts.errored} errors`);
  if (suite.changeCounts.changed) changes.push(`${suite.changeCounts.changed} changed (not compared)`);
  const shown = suite.reasons.slice(0, 3).map((reason) => escapeMarkdownText(reason, 200));
  if (suite.reasons.length > 3) shown.push(`and ${suite.reasons.length - 3} more`);
  const detail = suite.status === "fail" ? shown.join("; ") : counts;
  const extra = suite.status === "fail" ? ` (${counts}${changes.length ? `, ${changes.join(", ")}` : ""})` : changes.length ? ` \xB7 ${changes.join(", ")}` : "";
  return `- ${icon} **${escapeMarkdownText(suite.suite)}** \u2014 ${detail}${extra}`;
}
function errorAndNoteLines(results, verdict) {
  const lines = [];
  if (verdict.errors.length) {
    lines.push(
      "> [!CAUTION]",
      "> **Could not decide** (an infrastructure error, not a regression; exit code 3):",
      ...verdict.errors.slice(0, 10).map((error) => `> - could not decide: ${escapeMarkdownText(error, 300)}`),
      ""
    );
  }
  for (const note of verdict.notes) lines.push(`> [!NOTE]
> ${escapeMarkdownText(note, 400)}`, "");
  const spend = spendLine(results);
  if (spend) lines.push(spend, "");
  return lines;
}
function spendLine(results) {
  const budget = results.run.limits?.budgetUsd;
  if (budget === void 0) return void 0;
  return `\u{1F4B0} Spent ${formatCost(results.run.limits?.spentUsd ?? results.run.costUsd ?? 0)} of the ${formatCost(budget)} budget`;
}
function renderHeader2(results, verdict) {
  const lines = [
    verdictLine(verdict),
    "",
    baselineLine(results, verdict),
    "",
    ...errorAndNoteLines(results, verdict),
    ...verdict.suites.map(suiteLine)
  ];
  if (verdict.suites.length === 0) lines.push("- \u26A0\uFE0F no suite ran");
  if (verdict.notRun.length)
    lines.push("", `Not run this time (kept from the baseline): ${verdict.notRun.map((name) => escapeMarkdownText(name)).join(", ")}`);
  return lines.join("\n");
}
function noiseCell(row) {
  if (!row.noise) return "\u2014";
  const spread = row.noise.spread !== null ? `\xB1${formatValue(row.noise.spread, row.unit)}` : "";
  const interval = `CI ${formatDelta({ delta: row.noise.ciLow, relDelta: null, unit: row.unit })} \u2026 ${formatDelta({ delta: row.noise.ciHigh, relDelta: null, unit: row.unit })}`;
  const test = row.noise.mcnemar ? `McNemar p=${formatNumber(row.noise.mcnemar.p)}` : "";
  const verdict = row.status === "noise" ? "not significant" : "";
  return [spread, interval, test, verdict].filter(Boolean).join(" \xB7 ");
}
function metricTable(suite, noiseShown, trends = {}) {
  const trendOf = (row) => trends[`${suite.suite}/${row.metric}`] ?? "";
  const withTrend = suite.rows.some((row) => trendOf(row));
  const header = ["Metric", "Baseline", "Now", "\u0394", "Status", ...noiseShown ? ["Noise"] : [], ...withTrend ? ["Trend"] : []];
  const rows = suite.rows.map((row) => [
    `${escapeTableCell(row.metric)}${row.direction === "lower" ? " \u2193" : ""}`,
    formatValue(row.baseline, row.unit),
    `${formatValue(row.now, row.unit)}${row.n ? ` <sub>n=${row.n}</sub>` : ""}`,
    formatDelta(row),
    STATUS_LABEL[row.status],
    ...noiseShown ? [noiseCell(row)] : [],
    ...withTrend ? [trendOf(row) ? `\`${trendOf(row)}\`` : ""] : []
  ]);
  return markdownTable([header, ...rows], { align: ["l", "r", "r", "r", "l", "l", "l"] });
}
function sourceCell(change, links) {
  const label = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
  const base = safeUrl(links.repoUrl);
  if (base && links.commit && /^[0-9a-f]{7,40}$/i.test(links.commit)) {
    const path3 = change.source.file.split("/").map(encodeURIComponent).join("/");
    const url = `${base}/blob/${links.commit}/${path3}${change.source.line ? `#L${change.source.line}` : ""}`;
    return `[${escapeTableCell(label)}](${url})`;
  }
  return escapeTableCell(label);
}
function casesTable(changes, links) {
  const rows = changes.map((change) => [
    `${escapeTableCell(change.title || change.caseId, 80)}${change.group ? ` \xB7 ${escapeTableCell(change.group, 40)}` : ""}${change.repeat ? ` (repeat ${change.repeat})` : ""}`,
    CASE_KIND_LABEL[change.kind],
    `${formatValue(change.before, "ratio")} \u2192 ${formatValue(change.after, "ratio")}`,
    sourceCell(change, links),
    change.error ? escapeTableCell(change.error, 160) : ""
  ]);
  return markdownTable([["Case", "Change", "Score", "Source", "Error"], ...rows]);
}
function renderSuiteSection(suite, verdict, options, suiteResults) {
  const icon = SUITE_ICON[suite.status];
  const meta = [
    `${suite.counts.scored}/${suite.counts.cases} cases scored`,
    suite.counts.errors ? `${suite.counts.errors} errors (max ${Math.round(suite.maxErrorRate * 100)}%)` : "",
    formatCost(suite.costUsd, suite.unpricedCases),
    formatDuration(suite.durationMs),
    suite.hasBaseline ? "" : "no baseline for this suite"
  ].filter(Boolean);
  const parts = [
    `#### ${icon} ${escapeMarkdownText(suite.suite)} <sub>${escapeHtml(suite.kind)}</sub>`,
    "",
    meta.join(" \xB7 "),
    "",
    metricTable(suite, verdict.repeated || suite.rows.some((row) => row.noise), options.trends)
  ];
  if (suite.comparedOn) {
    const wholes = suite.rows.filter((row) => row.gated && row.whole).map(
      (row) => `${escapeMarkdownText(row.metric)} ${formatValue(row.whole.baseline, row.unit)} \u2192 ${formatValue(row.whole.now, row.unit)}`
    );
    parts.push("", `<sub>${escapeHtml(suite.comparedOn)}${wholes.length ? `. Whole-suite means: ${wholes.join(", ")}` : ""}</sub>`);
  }
  for (const error of suite.errors) parts.push("", `- \u26A0\uFE0F could not decide: ${escapeMarkdownText(error, 400)}`);
  const reasons = suite.rows.filter((row) => row.reason && row.status !== "info");
  if (reasons.length) {
    parts.push("", ...reasons.map((row) => `- **${escapeMarkdownText(row.metric)}**: ${escapeMarkdownText(row.reason, 400)}`));
  }
  const roleRows = roleTableRows(suiteResults);
  if (roleRows) {
    const table = markdownTable(roleRows.map((row) => row.map((cell2, i) => i < 2 ? escapeTableCell(cell2) : cell2)));
    parts.push("", "<details><summary>Per role</summary>", "", table, "", "</details>");
  }
  const worst = pickWorstCases(suite, options.worstCases ?? 10);
  if (worst.length) {
    const counts = Object.entries(suite.changeCounts).filter(([, count]) => count > 0).map(([kind, count]) => `${count} ${kind}`);
    const summary = counts.length ? counts.join(", ") : `${worst.length} low scores`;
    parts.push("", `<details><summary>Worst cases (${escapeHtml(summary)})</summary>`, "", casesTable(worst, options), "", "</details>");
  }
  return parts.join("\n");
}
function pickWorstCases(suite, limit) {
  const interesting = suite.changes.filter(
    (change) => change.kind === "errored" || change.kind === "regressed" || change.kind === "changed"
  );
  const low = suite.failingCases.filter((change) => change.kind === "low");
  return [...interesting, ...low].slice(0, limit);
}
function renderFooter(results, options) {
  const suites = Object.values(results.suites);
  const requests = suites.reduce((sum, suite) => sum + suite.requests, 0);
  const parts = [
    `\u{1F4B0} ${formatCostTotal(suites)}`,
    `\u23F1\uFE0F ${formatDuration(results.run.durationMs)}`,
    `${requests.toLocaleString("en-US")} requests`
  ];
  const runUrl = safeUrl(options.runUrl);
  if (runUrl) parts.push(`[workflow run](${runUrl})`);
  if (runUrl && options.htmlReport) parts.push(`[HTML report in the artifacts](${runUrl}#artifacts)`);
  parts.push(`evalgate ${escapeHtml(results.run.evalgateVersion)}`);
  return `---
<sub>${parts.join(" \xB7 ")}</sub>`;
}
function lengthOf(text2, measure) {
  return measure === "bytes" ? Buffer.byteLength(text2, "utf8") : text2.length;
}
function assemble(marker, head, sections, footer, options) {
  const max = options.maxLength ?? COMMENT_MAX_CHARS;
  const prefix = marker ? `${marker}
` : "";
  const join = (parts) => prefix + parts.join("\n\n") + "\n";
  const full = join([head, ...sections, footer]);
  if (lengthOf(full, options.measure) <= max) return full;
  const kept = [];
  for (let i = 0; i < sections.length; i++) {
    const left = sections.length - i - 1;
    const note = truncationNote(left + 1);
    if (lengthOf(join([head, ...kept, sections[i], truncationNote(left), footer]), options.measure) > max) {
      return fit(join([head, ...kept, note, footer]), max, options.measure);
    }
    kept.push(sections[i]);
  }
  return fit(join([head, ...kept, footer]), max, options.measure);
}
function truncationNote(left) {
  if (left === 0) return "";
  return `> [!WARNING]
> **Report truncated:** ${left} suite section${left === 1 ? "" : "s"} left out to stay within GitHub's size limit. The full report is in the job summary and in the report file (action output \`report-path\`).`;
}
function fit(text2, max, measure) {
  if (lengthOf(text2, measure) <= max) return text2;
  const note = "\n\n> [!WARNING]\n> **Report truncated** to stay within GitHub's size limit.\n";
  let cut = text2.slice(0, Math.max(0, max - note.length - 16));
  while (lengthOf(cut + note, measure) > max) cut = cut.slice(0, Math.floor(cut.length * 0.95));
  const lastBreak = cut.lastIndexOf("\n");
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut) + note;
}

export {
  casesCsv,
  writeCsvReports,
  writeHtmlReport,
  renderJUnit,
  renderMarkdownReport
};
