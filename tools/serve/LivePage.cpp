//===- LivePage.cpp - `hotpath serve`'s live page -------------------------===//
//
// Written by hand: a page of a table and an embedded SVG needs no
// framework. Names from the report only ever reach the page as text
// (textContent), never as markup.
//
//===----------------------------------------------------------------------===//
#include "serve/LivePage.h"

namespace hotpath::tool::serve {

const char *livePageHtml() {
  return R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hotpath live</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; margin: 0 0 4px; }
#status { color: #555; margin-bottom: 12px; }
#status.error { color: #b00; }
table { border-collapse: collapse; margin-bottom: 16px; }
th, td { padding: 3px 10px; border-bottom: 1px solid #ddd; }
th { cursor: pointer; background: #f4f4f4; user-select: none; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.name { font-family: ui-monospace, monospace; max-width: 60ch;
          overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
th.sorted::after { content: " \25BC"; }
th.sorted.asc::after { content: " \25B2"; }
#flame { width: 100%; height: 520px; border: 1px solid #ddd; }
</style>
</head>
<body>
<h1 id="title">hotpath</h1>
<div id="status">waiting for the first report…</div>
<table id="functions"><thead><tr></tr></thead><tbody></tbody></table>
<div id="flame-note"></div>
<object id="flame" type="image/svg+xml" aria-label="flame graph"></object>
<div id="seen" hidden></div>
<script>
"use strict";
const token = new URLSearchParams(location.search).get("token");
const headers = token ? { Authorization: "Bearer " + token } : {};
const withToken = (u) => token ? u + (u.includes("?") ? "&" : "?") +
    "token=" + encodeURIComponent(token) : u;
let etag = null, report = null, sortKey = "total", ascending = false;
const seen = [];

function duration(ns) {
  if (ns < 1000) return ns + " ns";
  if (ns < 1e6) return (ns / 1e3).toFixed(2) + " \u00b5s";
  if (ns < 1e9) return (ns / 1e6).toFixed(2) + " ms";
  return (ns / 1e9).toFixed(2) + " s";
}
const count = (n) => n.toLocaleString("en-US");

function columns(sec) {
  const cols = [
    { key: "name", label: "Function", text: (r) => r.name },
    { key: "calls", label: "Calls", num: true, text: (r) => count(r.calls) }];
  if (sec.sampling_rate !== 0) {
    cols.push({ key: "avg", label: "Avg", num: true, text: (r) => duration(r.avg) });
    for (const p of sec.percentiles) {
      const k = "p" + p;
      cols.push({ key: k, label: "P" + p, num: true, text: (r) => duration(r[k]) });
    }
    cols.push({ key: "total", label: "Total", num: true, text: (r) => duration(r.total) });
    cols.push({ key: "percent_total", label: "% Total", num: true,
                text: (r) => r.percent_total.toFixed(2) + "%" });
    if (sec.data.some((r) => "self" in r))
      cols.push({ key: "self", label: "Self", num: true,
                  text: (r) => "self" in r ? duration(r.self) : "-" });
    if (sec.data.some((r) => "wait" in r))
      cols.push({ key: "wait", label: "Wait", num: true,
                  text: (r) => "wait" in r ? duration(r.wait) : "-" });
  }
  return cols;
}

function renderTable() {
  const sec = report.functions_timing || report.functions_icount ||
      report.functions_alloc;
  const head = document.querySelector("#functions thead tr");
  const body = document.querySelector("#functions tbody");
  head.replaceChildren(); body.replaceChildren();
  if (!sec) return;
  const cols = columns(sec);
  if (!cols.some((c) => c.key === sortKey)) sortKey = "calls";
  for (const c of cols) {
    const th = document.createElement("th");
    th.textContent = c.label;
    th.dataset.key = c.key;
    if (c.num) th.classList.add("num");
    if (c.key === sortKey) th.classList.add("sorted", ...(ascending ? ["asc"] : []));
    th.addEventListener("click", () => {
      ascending = c.key === sortKey ? !ascending : c.key === "name";
      sortKey = c.key;
      renderTable();
    });
    head.appendChild(th);
  }
  const rows = sec.data.slice().sort((a, b) => {
    const x = a[sortKey] ?? 0, y = b[sortKey] ?? 0;
    const d = typeof x === "string" ? x.localeCompare(y) : x - y;
    return ascending ? d : -d;
  });
  for (const r of rows) {
    const tr = document.createElement("tr");
    for (const c of cols) {
      const td = document.createElement("td");
      td.textContent = c.text(r);
      td.className = c.num ? "num" : "name";
      if (c.key === "name") td.title = r.name;
      td.dataset.key = c.key;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

function render(version) {
  const m = report.meta;
  const exe = (m.executable || "").split("/").pop() || "hotpath";
  document.getElementById("title").textContent = exe + " \u2014 hotpath";
  document.title = exe + " \u2014 hotpath live";
  const snap = m.snapshot !== undefined ? "snapshot " + m.snapshot : "final report";
  const status = document.getElementById("status");
  status.className = "";
  status.textContent = snap + " \u00b7 " + duration(m.elapsed_ns) +
      " \u00b7 pid " + m.pid + " \u00b7 updated " + new Date().toLocaleTimeString();
  seen.push(m.snapshot !== undefined ? m.snapshot : "final");
  document.getElementById("seen").textContent = seen.join(" ");
  renderTable();
  const flame = document.getElementById("flame");
  const note = document.getElementById("flame-note");
  if (report.call_tree) {
    note.textContent = "";
    flame.hidden = false;
    flame.data = withToken("flamegraph.svg?v=" + encodeURIComponent(version));
  } else {
    flame.hidden = true;
    note.textContent = "No call tree in this report: no flame graph.";
  }
}

async function poll() {
  try {
    const h = Object.assign({}, headers);
    if (etag) h["If-None-Match"] = etag;
    const res = await fetch("api/report", { headers: h, cache: "no-store" });
    if (res.status === 200) {
      etag = res.headers.get("ETag");
      report = await res.json();
      render(etag || String(Date.now()));
    } else if (res.status !== 304) {
      const status = document.getElementById("status");
      status.className = "error";
      status.textContent = (await res.text()).trim() || ("HTTP " + res.status);
    }
  } catch (e) {
    const status = document.getElementById("status");
    status.className = "error";
    status.textContent = "the server does not answer (" + e.message + ")";
  }
  setTimeout(poll, 1000);
}
poll();
</script>
</body>
</html>
)HTML";
}

} // namespace hotpath::tool::serve
