// Opens `hotpath serve`'s live page in Debian's Chromium (headless, driven
// by playwright-core) as a person would, while the program it serves runs
// (test/e2e/dashboards/live-page.test): the table and the flame graph,
// the figures after the next snapshot, a click on a column to sort.
// Prints one line per check for FileCheck; writes two screenshots.
//
//   node live-page.mjs URL SCREENSHOT_PREFIX
import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(url);
  await page.waitForSelector("#functions tbody tr", { timeout: 30000 });

  const read = () => page.evaluate(() => {
    const heads = [...document.querySelectorAll("#functions thead th")].map((t) => t.textContent);
    const rows = [...document.querySelectorAll("#functions tbody tr")].map((tr) =>
      Object.fromEntries([...tr.children].map((td) => [td.dataset.key, td.textContent])));
    const status = document.getElementById("status").textContent;
    return { heads, rows, status, snapshot: status.split(" \u00b7")[0] };
  });
  const calls = (s, name) => Number((s.rows.find((r) => r.name === name)?.calls ?? "0").replace(/,/g, ""));
  // The flame graph: the embedded SVG has the measured functions' frames.
  const flameFrames = () => page.waitForFunction(() => {
    const d = document.getElementById("flame").contentDocument;
    const names = d ? [...d.querySelectorAll("g.fr")].map((g) => g.dataset.name) : [];
    return names.includes("handle_request") && names;
  }, null, { timeout: 30000 }).then((h) => h.jsonValue());

  const first = await read();
  const frames = await flameFrames();
  console.log("columns: " + first.heads.join(" | "));
  console.log("rows: " + first.rows.map((r) => r.name).sort().join(" "));
  console.log("flame graph frames: " + [...new Set(frames)].sort().join(" "));
  await page.screenshot({ path: shots + "-1.png", fullPage: true });

  // The next snapshot, without reloading the page.
  await page.waitForFunction((s) =>
    document.getElementById("status").textContent.split(" \u00b7")[0] !== s,
    first.snapshot, { timeout: 30000 });
  const second = await read();
  await flameFrames();
  console.log(`next snapshot (${first.snapshot} -> ${second.snapshot}, no reload): ` +
              `handle_request calls rose: ${calls(second, "handle_request") > calls(first, "handle_request")}`);
  console.log("snapshots seen by the page: more than one: " +
              ((await page.textContent("#seen")).trim().split(" ").length > 1));
  await page.screenshot({ path: shots + "-2.png", fullPage: true });

  // Sorting: a click on Calls, then on Function.
  const order = async (key) => (await read()).rows.map((r) => r[key]);
  await page.click("#functions th[data-key=calls]");
  const byCalls = (await order("calls")).map((c) => Number(c.replace(/,/g, "")));
  const asc = byCalls.every((v, i) => i === 0 || byCalls[i - 1] <= v);
  const desc = byCalls.every((v, i) => i === 0 || byCalls[i - 1] >= v);
  console.log(`sorted by Calls: ${desc ? "descending" : asc ? "ascending" : "unsorted"}`);
  await page.click("#functions th[data-key=name]");
  const names = await order("name");
  const sortedNames = [...names].sort((a, b) => a.localeCompare(b));
  console.log(`sorted by Function: ${JSON.stringify(names) === JSON.stringify(sortedNames) ? "ascending" : "unsorted"}`);
} finally {
  await browser.close();
}
