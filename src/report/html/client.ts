// The HTML report's only script: search, filter and sort the case table, and open a case in a
// dialog. It reads the inert JSON block and builds every element with textContent, so no model text
// is ever parsed as HTML. Kept as plain ES2020 in a string: the page hashes it for its CSP.
export const CLIENT_SCRIPT = `(function () {
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
  // cell 0 is the state shown first on narrow screens (page.ts statusHeader)
  var column = { title: 1, suite: 2, group: 3, source: 8 };
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
      r.forEach(function (c) { tr.appendChild(el("td", c === null || c === undefined ? "—" : typeof c === "object" ? JSON.stringify(c) : c)); });
    });
    return t;
  }
  function fmt(n) { return typeof n === "number" ? (Number.isInteger(n) ? String(n) : n.toFixed(3)) : n; }
  function list(values) { return Array.isArray(values) && values.length ? values.join(", ") : "—"; }

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

  function score(n) { return n === null || n === undefined ? "—" : fmt(n); }
  // the word diff's parts as text nodes, the side's own words in <del> (baseline) or <ins> (now)
  function diffPre(parts, side) {
    var node = el("pre", null, "answer");
    parts.forEach(function (part) {
      if (part.kind === "same") node.appendChild(document.createTextNode(part.text));
      else if (side === "before" && part.kind === "removed") node.appendChild(el("del", part.text));
      else if (side === "after" && part.kind === "added") node.appendChild(el("ins", part.text));
    });
    return node;
  }
  function sideBySide(b) {
    var wrap = el("div", null, "side-by-side");
    var before = el("div", null, "side before");
    before.appendChild(el("h4", "Baseline"));
    var a = b.answer || {};
    before.appendChild(b.diff ? diffPre(b.diff, "before") : pre(a.response === null ? "(no answer)" : a.response || a.calls || "(no answer kept)"));
    if (Array.isArray(a.votes)) {
      var votes = el("ol", null, "votes");
      a.votes.forEach(function (v) {
        var li = el("li");
        li.appendChild(el("strong", v.score === null ? "no score" : "score " + v.score));
        if (v.text) li.appendChild(el("div", v.text, "reasoning"));
        votes.appendChild(li);
      });
      before.appendChild(votes);
    }
    wrap.appendChild(before);
    if (b.diff) {
      var after = el("div", null, "side after");
      after.appendChild(el("h4", "Now"));
      after.appendChild(diffPre(b.diff, "after"));
      wrap.appendChild(after);
    }
    return wrap;
  }

  // Each check on the answer from the details (passed, failed with its reason, or not evaluated); without details, the failing ones.
  function checksTable(checks, failing) {
    var rows = Array.isArray(checks)
      ? checks.map(function (k) { return [k.name, k.error ? "not evaluated" : k.passed ? "passed" : "failed", k.error || k.reason || ""]; })
      : (failing || []).map(function (k) { return [k.name, "failed", k.reason]; });
    return table(["check", "result", "reason"], rows);
  }

  // An agent's trajectory as numbered steps: each call with its arguments, the tool's answer folded;
  // the first step that differs from the expected one marked with what was expected there.
  function trajectoryOf(d) {
    var first = d.verdict && d.verdict.firstDifference;
    var steps = el("ol", null, "trajectory");
    d.steps.forEach(function (s, i) {
      var li = el("li");
      if (s.kind === "call") {
        li.appendChild(el("code", s.name + "(" + JSON.stringify(s.arguments) + ")"));
        if (s.result !== undefined) {
          var folded = el("details");
          folded.appendChild(el("summary", s.isError ? "the tool answered with an error" : "the tool's answer"));
          folded.appendChild(pre(s.result));
          li.appendChild(folded);
        }
      } else li.appendChild(section(s.kind === "user" ? "The simulated user" : i === d.steps.length - 1 ? "Final answer" : "Answer", pre(s.text)));
      if (first && first.step === i + 1) li.appendChild(el("p", "First difference: expected " + first.expected + "; " + first.actual, "error"));
      steps.appendChild(li);
    });
    var ended = { answer: "a final answer", max_steps: "max-steps", max_cost: "max-cost", max_tokens: "max-tokens", max_turns: "max-turns", reported: "the trajectory the agent reported" }[d.termination] || d.termination;
    return section("Trajectory (" + d.steps.length + " steps, ended by " + ended + ")", steps);
  }

  // A judge's votes on an answer (a judged case's, or an agent case's final answer), their majority and agreement.
  function judgeVotes(j, c) {
    var votes = el("ol", null, "votes");
    j.votes.forEach(function (v) {
      var li = el("li");
      li.appendChild(el("strong", v.score === null || v.score === undefined ? "no score" : "score " + v.score));
      if (v.error) li.appendChild(el("span", " (" + (v.error.message || v.error) + ")", "error"));
      if (v.text) li.appendChild(el("div", v.text, "reasoning"));
      votes.appendChild(li);
    });
    var agreement = j.agreement !== undefined ? " · agreement " + fmt(j.agreement) : "";
    var judged = section("Judge votes (final " + (j.finalScore === undefined ? "—" : j.finalScore) + agreement + ")", votes);
    if (c.judgeTemperature) judged.appendChild(el("p", c.judgeTemperature, "muted judge-temperature"));
    return judged;
  }

  function render(c) {
    body.textContent = "";
    body.appendChild(el("h2", c.title)).id = "case-title";
    var meta = [c.suite + " (" + c.kind + ")", c.state, "score " + (c.score === null ? "—" : fmt(c.score)), c.source, c.id + (c.repeat ? " · repeat " + c.repeat : "")];
    body.appendChild(el("p", meta.join(" · "), "muted"));
    if (c.error) body.appendChild(el("p", c.error, "error"));
    if (c.detailsLeftOut) body.appendChild(el("p", "This case's prompt, answer and transcript are left out of this page to keep it small; results.json has them.", "muted"));
    var d = c.details && typeof c.details === "object" ? c.details : {};
    if (d.prompt !== undefined) body.appendChild(section("Prompt", pre(d.prompt)));
    if (d.criteria !== undefined) body.appendChild(section("What the judge looks for", pre(d.criteria)));
    if (d.response !== undefined) body.appendChild(section("Answer" + (d.agent ? " of " + d.agent : ""), pre(d.response === null ? "(no answer)" : d.response)));
    if (c.baseline) body.appendChild(section("Baseline and now (score " + score(c.baseline.score) + " → " + score(c.score) + ")", sideBySide(c.baseline)));
    if (Array.isArray(d.checks) || c.failedChecks) body.appendChild(section("Checks", checksTable(d.checks, c.failedChecks)));
    if (Array.isArray(d.votes)) body.appendChild(judgeVotes(d, c));
    if (Array.isArray(d.steps)) body.appendChild(trajectoryOf(d));
    // An agent case's judge on its final answer: the same votes, under the trajectory.
    if (d.judge && Array.isArray(d.judge.votes)) {
      body.appendChild(section("What the judge looks for in the final answer", pre(d.judge.criteria)));
      body.appendChild(judgeVotes(d.judge, c));
    }
    if (d.expected !== undefined) body.appendChild(section("Expected calls", pre(d.expected)));
    if (d.calls !== undefined) body.appendChild(section("Returned calls", pre(d.calls)));
    if (d.score && Array.isArray(d.score.pairs)) {
      var pairRows = d.score.pairs.map(function (p) { return [p.name, list(p.correct), list(p.wrong), list(p.missing), list(p.extra), fmt(p.precision), fmt(p.recall)]; });
      (d.score.missingCalls || []).forEach(function (m) { pairRows.push([(m.name || JSON.stringify(m)) + " (never called)", "—", "—", "all", "—", "—", "0"]); });
      (d.score.unexpectedCalls || []).forEach(function (m) { pairRows.push([(m.name || JSON.stringify(m)) + " (not expected)", "—", "—", "—", "all", "0", "—"]); });
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
