// The HTML report's stylesheet, inline (hashed into the page's CSP). System fonts only: nothing is fetched.
export const REPORT_STYLE = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --soft: #f6f8fa; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 24px; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); overflow-wrap: break-word; }
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
.scroll { overflow-x: auto; max-width: 100%; }
td.nowrap { white-space: nowrap; }
.narrow-only { display: none; }
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
th[aria-sort="ascending"] button.sort::after { content: " ▲"; } th[aria-sort="descending"] button.sort::after { content: " ▼"; }
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
details.pair { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
details.pair summary { cursor: pointer; font-weight: 600; }
.side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr)); gap: 12px; margin: 6px 0; }
.side-by-side .side { min-width: 0; }
.side-by-side h4 { margin: 6px 0; } .side-by-side h5 { margin: 8px 0 4px; font-size: 13px; }
del { background: #ffebe9; color: #82071e; } ins { background: #dafbe1; color: #116329; text-decoration: none; }
@media (max-width: 640px) {
  body { padding: 10px; }
  section.suite, section#cases { padding: 10px; }
  table.data th.narrow-only, table.data td.narrow-only { display: table-cell; }
  table.data .wide-only { display: none; }
}
footer { color: var(--muted); font-size: 12px; margin-top: 24px; }
`;
