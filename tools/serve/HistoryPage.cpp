//===- HistoryPage.cpp - `hotpath serve --history`: a series plotted ------===//
//
// Written by hand, as the live page: an SVG of points and lines needs no
// charting library. Names reach the page as text (textContent), never as
// markup.
//
//===----------------------------------------------------------------------===//
#include "serve/HistoryPage.h"
#include "hotpath/history/SeriesJson.h"

#include <cstdlib>

namespace hotpath::tool::serve {

namespace {
std::string param(const std::map<std::string, std::string> &P,
                  const std::string &K) {
  auto It = P.find(K);
  return It == P.end() ? "" : It->second;
}
} // namespace

bool historyJson(const std::string &StoreUrl,
                 const std::map<std::string, std::string> &Params,
                 std::string &Json, std::string &Error) {
  history::Query Q;
  Q.Metric = param(Params, "metric");
  Q.Function = param(Params, "function");
  Q.CpuModel = param(Params, "machine");
  Q.Branch = param(Params, "branch");
  Q.Last = size_t(std::strtoull(param(Params, "last").c_str(), nullptr, 10));
  if (!Q.Metric.empty() && !history::metricInfo(Q.Metric)) {
    Error = "no metric '" + Q.Metric + "'";
    return false;
  }
  std::unique_ptr<history::Store> S = history::openStore(StoreUrl, Error);
  return S && history::seriesJson(*S, Q, 50, Json, Error);
}

const char *historyPageHtml() {
  return R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hotpath history</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; margin: 0 0 8px; }
form { margin-bottom: 12px; }
input, select { font: inherit; margin-right: 8px; }
#status { color: #555; margin-bottom: 12px; }
#status.error { color: #b00; }
h2 { font-size: 15px; font-family: ui-monospace, monospace; margin: 18px 0 4px;
     font-weight: normal; }
svg.plot { border: 1px solid #ddd; background: #fff; }
svg .point { fill: #36c; }
svg .line { fill: none; stroke: #36c; stroke-width: 1.5; }
svg .change { stroke: #c00; stroke-width: 2; stroke-dasharray: 4 3; }
svg .level { stroke: #c00; stroke-width: 1; opacity: 0.6; }
svg .axis { font-size: 11px; fill: #555; }
</style>
</head>
<body>
<h1>hotpath history</h1>
<form id="query">
  <label>function <input name="function" size="40"></label>
  <label>metric <select name="metric">
    <option>icount</option><option>self_icount</option><option>icount_total</option>
    <option>alloc</option><option>alloc_total</option><option>calls</option>
    <option>time</option><option>self_time</option><option>time_total</option>
    <option>cpu</option><option>elapsed</option></select></label>
  <label>last <input name="last" size="5" placeholder="all"></label>
  <button>show</button>
</form>
<div id="status">loading…</div>
<div id="plots"></div>
<script>
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const page = new URL(location.href);
const form = document.getElementById("query");
for (const k of ["function", "metric", "last"])
  if (page.searchParams.get(k)) form.elements[k].value = page.searchParams.get(k);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
function fmt(v) {
  return Math.abs(v) >= 1e6 ? (v / 1e6).toFixed(2) + "M"
       : Math.abs(v) >= 1e4 ? (v / 1e3).toFixed(1) + "k" : String(+v.toFixed(1));
}

function plot(data, s) {
  const W = 900, H = 240, L = 60, R = 10, T = 10, B = 30;
  const vals = s.points.map(p => p.value);
  let lo = Math.min(...vals), hi = Math.max(...vals);
  if (lo === hi) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.1; lo -= pad; hi += pad;
  const n = Math.max(data.runs.length - 1, 1);
  const x = r => L + (W - L - R) * r / n;
  const y = v => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
  const h2 = document.createElement("h2");
  h2.textContent = (s.benchmark ? s.benchmark + ": " : "") +
                   (s.function || "(the benchmark)") + " — " + data.metric;
  document.getElementById("plots").appendChild(h2);
  const svg = el("svg", {class: "plot", width: W, height: H, "data-function": s.function});
  document.getElementById("plots").appendChild(svg);
  el("text", {class: "axis", x: 4, y: y(hi - pad) + 4}, svg).textContent = fmt(hi - pad);
  el("text", {class: "axis", x: 4, y: y(lo + pad) + 4}, svg).textContent = fmt(lo + pad);
  el("text", {class: "axis", x: L, y: H - 8}, svg).textContent = "run 1";
  el("text", {class: "axis", x: W - R - 50, y: H - 8}, svg).textContent = "run " + data.runs.length;
  el("polyline", {class: "line",
    points: s.points.map(p => x(p.run) + "," + y(p.value)).join(" ")}, svg);
  for (const p of s.points) {
    const run = data.runs[p.run];
    const c = el("circle", {class: "point", cx: x(p.run), cy: y(p.value), r: 3}, svg);
    el("title", {}, c).textContent = "run " + (p.run + 1) + " " +
      (run.commit || "").slice(0, 10) + " " + (run.branch || "") + ": " + fmt(p.value);
  }
  for (const c of s.change_points) {
    const line = el("line", {class: "change", x1: x(c.run - 0.5), x2: x(c.run - 0.5),
                             y1: T, y2: H - B, "data-run": c.run + 1}, svg);
    const pct = c.before ? ((c.after - c.before) / c.before * 100).toFixed(1) : "new";
    el("title", {}, line).textContent = "change point at run " + (c.run + 1) + ": " +
      fmt(c.before) + " → " + fmt(c.after) + " (" + pct + "%), confidence " +
      c.confidence.toFixed(3);
  }
}

async function load() {
  const q = new URLSearchParams(new FormData(form));
  for (const k of ["token"]) if (page.searchParams.get(k)) q.set(k, page.searchParams.get(k));
  const status = document.getElementById("status");
  try {
    const r = await fetch("api/history?" + q.toString());
    if (!r.ok) throw new Error(await r.text());
    const data = await r.json();
    document.getElementById("plots").replaceChildren();
    for (const s of data.series) plot(data, s);
    status.className = "";
    status.textContent = data.series.length + " series of " + data.metric + " (" +
      data.what + ") over " + data.runs.length + " runs" +
      (data.machine ? " on " + data.machine : "");
    document.body.dataset.loaded = "1";
  } catch (e) {
    status.className = "error";
    status.textContent = String(e.message || e);
  }
}
form.addEventListener("submit", e => { e.preventDefault(); load(); });
load();
</script>
</body>
</html>
)HTML";
}

} // namespace hotpath::tool::serve
