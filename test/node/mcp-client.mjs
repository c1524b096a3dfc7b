// Drives `hotpath mcp DIR` with the official MCP TypeScript SDK's client
// (test/e2e/agents/mcp.test): initialize, list the tools, call each on the
// reports in DIR, then bad arguments and paths out of DIR. Prints one line
// per check for FileCheck; exits 1 on an unexpected answer.
//
//   node mcp-client.mjs HOTPATH DIR
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

const [hotpath, dir] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: hotpath, args: ["mcp", dir] });
const client = new Client({ name: "hotpath-test", version: "1.0.0" });
let failures = 0;
const fail = (what) => { console.log("FAILED " + what); failures++; };

await client.connect(transport);
const info = client.getServerVersion();
// connect() refuses a server whose protocol version the SDK does not know.
console.log(`server ${info.name}, the SDK's protocol ${LATEST_PROTOCOL_VERSION} accepted`);
const { tools } = await client.listTools();
console.log("tools: " + tools.map((t) => t.name).join(" "));
for (const t of tools)
  if (t.inputSchema?.type !== "object") fail(`${t.name}: no input schema`);

async function call(name, args) {
  const r = await client.callTool({ name, arguments: args });
  const text = r.content?.[0]?.text ?? "";
  return { error: !!r.isError, text };
}
function json(r, what) {
  try { return JSON.parse(r.text.replace(/\n\(\d+ of \d+ shown[^)]*\)\n$/, "")); }
  catch (e) { fail(`${what}: not JSON: ${r.text.slice(0, 200)}`); return null; }
}

// The result is marked as the program's data (structuredContent, checked
// by the SDK against the tool's outputSchema).
for (const t of tools)
  if (!t.outputSchema?.required?.includes("source")) fail(`${t.name}: no output schema`);
const marked = await client.callTool({ name: "summary", arguments: { report: "long.json" } });
console.log(`structured: ${marked.structuredContent?.source?.slice(0, 56)}; data ${typeof marked.structuredContent?.data}`);

const list = json(await call("list_reports", {}), "list_reports");
console.log("reports: " + list.join(" "));
const summary = json(await call("summary", { report: "long.json" }), "summary");
console.log(`summary: sections ${summary.sections.join(",")}; top ${summary.top_by_total[0].name}`);
const top = json(await call("top_functions", { report: "long.json", metric: "wait", limit: 1 }), "top");
console.log(`top by wait: ${top[0].name} wait>0 ${top[0].wait > 0}`);
const fn = json(await call("function", { report: "long.json", name: "app_step" }), "function");
console.log(`function: app_step calls ${fn.functions_timing[0].calls}`);
const tree = await call("call_tree", { report: "long.json", function: "app_step", depth: 4 });
console.log("call_tree: " + (tree.text.includes("app_worker") && tree.text.includes("app_step") ? "app_worker > app_step" : "FAILED " + tree.text.slice(0, 200)));
const diff = json(await call("diff", { base: "short.json", head: "long.json", policy: "policy.toml" }), "diff");
console.log(`diff: ${diff.status}, lock ${diff.locks.rows[0].name} ${diff.locks.rows[0].outcome}`);
const locks = json(await call("locks", { report: "long.json", limit: 5 }), "locks");
console.log(`locks: ${locks[0].name} ${locks[0].kind} ${locks[0].acquisitions}`);
const lines = await call("hot_lines", { report: "long.json", function: "app_step" });
console.log(`hot_lines without samples: error ${lines.error}: ${lines.text}`);

// Paths that leave the directory: a tool error, not a crash, and the same
// answer whether or not something exists there.
for (const p of ["../outside.json", "../no-such.json", "/etc/passwd", "/no/such/file", "escape.json"]) {
  const r = await call("summary", { report: p });
  console.log(`path ${p}: error ${r.error}: ${r.text}`);
}
// Arguments that do not fit the schema: an MCP error (invalid params).
for (const [name, args] of [["top_functions", { report: "long.json", limit: 0 }],
                            ["top_functions", { report: "long.json", metric: "speed" }],
                            ["summary", {}],
                            ["summary", { report: 3 }],
                            ["summary", { report: "long.json", extra: 1 }],
                            ["no_such_tool", {}]]) {
  try {
    await client.callTool({ name, arguments: args });
    fail(`${name} ${JSON.stringify(args)} was accepted`);
  } catch (e) {
    console.log(`bad ${name} ${JSON.stringify(args)}: code ${e.code}`);
  }
}
// Still serving after all that.
await client.ping();
console.log("ping after errors: ok");
await client.close();
process.exit(failures ? 1 : 0);
