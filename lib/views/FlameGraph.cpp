//===- FlameGraph.cpp - A call tree as an interactive SVG -----------------===//
#include "hotpath/views/FlameGraph.h"

#include "hotpath/report/DisplayName.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace hotpath::views {

using report::CallTree;
using report::TreeMetric;
using report::TreeNode;

namespace {

constexpr unsigned FrameHeight = 16, Top = 48, Bottom = 34;

// Characters XML 1.0 forbids (U+FFFF, controls, invalid UTF-8) would make
// the whole file unreadable: replaced first (SafeText.h), then escaped.
std::string xml(const std::string &Raw) {
  std::string S = report::xmlText(Raw), O;
  for (char C : S) {
    switch (C) {
    case '&':
      O += "&amp;";
      break;
    case '<':
      O += "&lt;";
      break;
    case '>':
      O += "&gt;";
      break;
    case '"':
      O += "&quot;";
      break;
    default:
      O += C;
    }
  }
  return O;
}

std::string valueText(TreeMetric M, uint64_t V) {
  switch (M) {
  case TreeMetric::Calls:
    return report::formatCount(V) + " calls";
  case TreeMetric::Alloc:
    return report::formatBytes(V);
  case TreeMetric::Icount:
  case TreeMetric::SelfIcount:
    return report::formatCount(V) + " Ir";
  default:
    return report::formatDuration(V);
  }
}

std::string pct(long double Part, long double Whole) {
  char B[32];
  std::snprintf(B, sizeof B, "%.2Lf%%", Whole > 0 ? Part * 100 / Whole : 0.0L);
  return B;
}

// The classic warm palette, stable per name.
std::string warm(const std::string &Name) {
  uint32_t H = 2166136261u;
  for (unsigned char C : Name)
    H = (H ^ C) * 16777619u;
  double V1 = (H & 0xff) / 255.0, V2 = ((H >> 8) & 0xff) / 255.0,
         V3 = ((H >> 16) & 0xff) / 255.0;
  char B[32];
  std::snprintf(B, sizeof B, "rgb(%d,%d,%d)", 205 + int(50 * V3), int(230 * V1),
                int(55 * V2));
  return B;
}

// Frames the CPU samples saw below the measured ones: a cool palette of
// their own, stable per name.
std::string cool(const std::string &Name) {
  uint32_t H = 2166136261u;
  for (unsigned char C : Name)
    H = (H ^ C) * 16777619u;
  char B[32];
  std::snprintf(B, sizeof B, "rgb(%d,%d,%d)", 60 + int(H % 60),
                150 + int((H >> 8) % 60), 200 + int((H >> 16) % 55));
  return B;
}

// 0 -> pale yellow, 1 -> deep red.
std::string heat(double F) {
  F = std::clamp(F, 0.0, 1.0);
  char B[32];
  std::snprintf(B, sizeof B, "rgb(%d,%d,%d)", 255 - int(45 * F),
                int(235 - 200 * F), int(160 - 140 * F));
  return B;
}

// Growth red, shrink blue, the stronger the larger the change.
std::string diverging(double R) {
  R = std::clamp(R, -1.0, 1.0);
  int K = 230 - int(std::fabs(R) * 190);
  char B[32];
  if (R >= 0)
    std::snprintf(B, sizeof B, "rgb(255,%d,%d)", K, K);
  else
    std::snprintf(B, sizeof B, "rgb(%d,%d,255)", K, K);
  return B;
}

// Sums in long double: a hand-written report's values near 2^64 must not
// wrap around (to "all (0 ns)" and frames wider than the graph).
struct Layout {
  std::vector<long double> Width; // subtree sums of the own values
  std::vector<long double> X;     // left edge, same units
  std::vector<size_t> Depth;
  long double Whole = 0;
  size_t MaxDepth = 0;
};

uint64_t clampU64(long double V) {
  return V >= 18446744073709551615.0L ? UINT64_MAX : V <= 0 ? 0 : uint64_t(V);
}

Layout layout(const CallTree &T, TreeMetric M) {
  Layout L;
  size_t N = T.Nodes.size();
  L.Width.assign(N, 0);
  L.X.assign(N, 0);
  L.Depth.assign(N, 0);
  for (size_t I = N; I-- > 0;) {
    L.Width[I] += report::ownValue(T.Nodes[I], M);
    if (T.Nodes[I].Parent >= 0)
      L.Width[size_t(T.Nodes[I].Parent)] += L.Width[I];
  }
  // Left to right in the tree's order: each child after its elder
  // siblings, inside its parent.
  std::vector<long double> Next(N, 0);
  long double RootNext = 0;
  for (size_t I = 0; I < N; ++I) {
    int64_t P = T.Nodes[I].Parent;
    if (P < 0) {
      L.X[I] = RootNext;
      RootNext += L.Width[I];
      L.Depth[I] = 0;
    } else {
      L.X[I] = L.X[size_t(P)] + Next[size_t(P)];
      Next[size_t(P)] += L.Width[I];
      L.Depth[I] = L.Depth[size_t(P)] + 1;
    }
    L.MaxDepth = std::max(L.MaxDepth, L.Depth[I]);
  }
  L.Whole = RootNext;
  return L;
}

const char *const Script = R"JS(
var W = +document.documentElement.getAttribute('data-width');
var frames = Array.prototype.slice.call(document.querySelectorAll('g.fr'));
var details = document.getElementById('details');
var matched = document.getElementById('matched');
var zoomed = null, searched = null;
function fit(g, x, w) {
  var r = g.querySelector('rect'), t = g.querySelector('text');
  r.setAttribute('x', x.toFixed(2));
  r.setAttribute('width', Math.max(w - 0.5, 0.1).toFixed(2));
  t.setAttribute('x', (x + 3).toFixed(2));
  var name = g.getAttribute('data-name'), n = Math.floor((w - 6) / 7);
  t.textContent = n < 3 ? '' : name.length <= n ? name :
                  name.substring(0, n - 2) + '..';
}
function show(zx, zw) {
  frames.forEach(function (g) {
    var x = +g.getAttribute('data-x'), w = +g.getAttribute('data-w');
    // What is left of the frame inside the zoomed range: a neighbour that
    // touches it through rounding leaves nothing.
    var a = Math.max(x, zx), b = Math.min(x + w, zx + zw);
    var vis = (b - a) / zw * W >= 0.5;
    g.classList.toggle('hide', !vis);
    if (!vis) return;
    fit(g, (a - zx) / zw * W, (b - a) / zw * W);
    g.classList.toggle('parent', x < zx || x + w > zx + zw);
  });
}
function zoom(g) {
  zoomed = g;
  if (!g) { show(0, 1); return; }
  show(+g.getAttribute('data-x'), +g.getAttribute('data-w'));
}
function search(re) {
  searched = re;
  var rx = null;
  try { rx = re ? new RegExp(re) : null; } catch (e) { rx = null; }
  var spans = [];
  frames.forEach(function (g) {
    var hit = !!rx && rx.test(g.getAttribute('data-full'));
    g.classList.toggle('match', hit);
    if (hit) spans.push([+g.getAttribute('data-x'), +g.getAttribute('data-w')]);
  });
  // The share of the whole under a match (nested matches counted once).
  spans.sort(function (a, b) { return a[0] - b[0]; });
  var total = 0, end = -1;
  spans.forEach(function (s) {
    var a = Math.max(s[0], end), b = s[0] + s[1];
    if (b > a) total += b - a;
    end = Math.max(end, b);
  });
  matched.textContent = rx ? 'Matched: ' + (total * 100).toFixed(2) + '%' : '';
}
frames.forEach(function (g) {
  g.addEventListener('click', function () { zoom(g); });
  g.addEventListener('mouseover', function () {
    details.textContent = g.querySelector('title').textContent;
  });
  g.addEventListener('mouseout', function () { details.textContent = ' '; });
});
document.getElementById('all').addEventListener('click', function () {
  zoom(null);
});
document.getElementById('search').addEventListener('click', function () {
  var re = prompt('Search for (a regular expression)', searched || '');
  if (re !== null) search(re);
});
document.addEventListener('keydown', function (e) {
  if (e.key === 'Escape') zoom(null);
  if ((e.ctrlKey || e.metaKey) && e.key === 'f') {
    e.preventDefault();
    var re = prompt('Search for (a regular expression)', searched || '');
    if (re !== null) search(re);
  }
});
(function () {
  var h = decodeURIComponent(location.hash.replace(/^#/, ''));
  h.split('&').forEach(function (kv) {
    var i = kv.indexOf('=');
    if (i < 0) return;
    var k = kv.substring(0, i), v = kv.substring(i + 1);
    if (k === 'zoom') zoom(document.getElementById(v));
    if (k === 'search') search(v);
  });
  if (!zoomed) show(0, 1);
})();
)JS";

struct Frame {
  std::string Fill, Title;
};

std::string render(const CallTree &T, const FlameGraphOptions &O,
                   const Layout &L, const std::vector<Frame> &Frames,
                   const std::string &Subtitle) {
  unsigned W = O.Width;
  unsigned Height = Top + unsigned(L.MaxDepth + 2) * FrameHeight + Bottom;
  std::string S;
  char B[512];
  std::snprintf(B, sizeof B,
                "<?xml version=\"1.0\" standalone=\"no\"?>\n"
                "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" "
                "width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
                "data-width=\"%u\">\n",
                W, Height, W, Height, W);
  S += B;
  S += "<style>\n"
       "text { font-family: Verdana, 'DejaVu Sans', sans-serif; font-size: "
       "12px; fill: #000; pointer-events: none; }\n"
       "g.fr { cursor: pointer; } g.fr:hover rect { stroke: #000; "
       "stroke-width: 0.5; }\n"
       "g.hide { display: none; } g.parent rect { opacity: 0.5; }\n"
       "g.match rect { fill: rgb(230,0,230) !important; }\n"
       "#title { font-size: 17px; text-anchor: middle; }\n"
       "#search, #matched { font-size: 12px; }\n"
       "</style>\n";
  S += "<rect width=\"100%\" height=\"100%\" fill=\"#f8f8f2\"/>\n";
  std::snprintf(B, sizeof B, "<text id=\"title\" x=\"%u\" y=\"22\">", W / 2);
  S += B + xml(O.Title) + "</text>\n";
  std::snprintf(B, sizeof B, "<text id=\"subtitle\" x=\"10\" y=\"40\">");
  S += B + xml(Subtitle) + "</text>\n";
  std::snprintf(B, sizeof B,
                "<text id=\"search\" x=\"%u\" y=\"22\" "
                "style=\"cursor:pointer\">Search</text>\n"
                "<text id=\"matched\" x=\"%u\" y=\"40\"> </text>\n",
                W - 60, W - 140);
  S += B;
  // The bottom bar: every top-level call; a click resets the zoom.
  unsigned Y0 = Top + unsigned(L.MaxDepth + 1) * FrameHeight;
  std::snprintf(B, sizeof B,
                "<g id=\"all\" style=\"cursor:pointer\"><title>all (%s)"
                "</title><rect x=\"0\" y=\"%u\" width=\"%u\" height=\"%u\" "
                "fill=\"rgb(220,220,220)\" rx=\"2\"/><text x=\"3\" "
                "y=\"%u\">all</text></g>\n",
                xml(valueText(O.Metric, clampU64(L.Whole))).c_str(), Y0, W,
                FrameHeight - 1, Y0 + 12);
  S += B;
  long double Whole = L.Whole > 0 ? L.Whole : 1.0L;
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    if (!L.Width[I])
      continue;
    const TreeNode &N = T.Nodes[I];
    unsigned Y = Y0 - unsigned(L.Depth[I] + 1) * FrameHeight;
    double X = double(L.X[I] / Whole), Wd = double(L.Width[I] / Whole);
    std::string Short = report::shortenStdNames(N.Name);
    std::snprintf(B, sizeof B,
                  "<g class=\"fr\" id=\"f%zu\" data-x=\"%.9f\" "
                  "data-w=\"%.9f\" ",
                  I, X, Wd);
    S += B;
    S += "data-name=\"" + xml(Short) + "\" data-full=\"" + xml(N.Name) +
         "\"><title>" + xml(Frames[I].Title) + "</title>";
    std::snprintf(B, sizeof B,
                  "<rect x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"%u\" "
                  "rx=\"2\" fill=\"%s\"/><text x=\"%.2f\" y=\"%u\"></text>"
                  "</g>\n",
                  X * W, Y, std::max(Wd * W - 0.5, 0.1), FrameHeight - 1,
                  Frames[I].Fill.c_str(), X * W + 3, Y + 12);
    S += B;
  }
  std::snprintf(B, sizeof B,
                "<text id=\"details\" x=\"10\" y=\"%u\"> </text>\n",
                Height - 12);
  S += B;
  S += "<script type=\"text/ecmascript\"><![CDATA[" + std::string(Script) +
       "]]></script>\n</svg>\n";
  return S;
}

std::string titleOf(const TreeNode &N, TreeMetric M, long double Width,
                    long double Whole) {
  if (N.Kind == "sampled")
    return N.Name + "\n" + report::formatCount(N.Calls) + " CPU samples, CPU " +
           report::formatDuration(N.Total) + " (sampled, not measured) (" +
           pct(Width, Whole) + ")";
  std::string T = N.Name + "\n" + report::formatCount(N.Calls) + " calls";
  if (M == TreeMetric::Time || M == TreeMetric::Self) {
    T += ", avg " + report::formatDuration(N.Calls ? N.Total / N.Calls : 0) +
         ", total " + report::formatDuration(N.Total) + ", self " +
         report::formatDuration(N.Self);
  } else if (M == TreeMetric::Icount || M == TreeMetric::SelfIcount) {
    T += ", avg " + valueText(M, N.Calls ? N.Total / N.Calls : 0) + ", total " +
         valueText(M, N.Total) + ", self " + valueText(M, N.Self);
  } else {
    T += ", " + std::string(report::treeMetricName(M)) + " " +
         valueText(M, clampU64(Width));
  }
  if (N.AllocBytes)
    T += ", allocated " + report::formatBytes(N.AllocBytes) + " in " +
         report::formatCount(N.Allocs);
  return T + " (" + pct(Width, Whole) + ")";
}

std::string subtitleOf(const CallTree &T, TreeMetric M) {
  std::string S =
      std::string("width: ") +
      (M == TreeMetric::Time || M == TreeMetric::Self ? "inclusive time"
       : M == TreeMetric::Icount || M == TreeMetric::SelfIcount
           ? "inclusive instructions (Callgrind; below the first level, "
             "each path's share of its caller's calls)"
       : M == TreeMetric::Calls ? "calls"
       : M == TreeMetric::Wait
           ? "time waited on locks, condition variables and semaphores "
             "(exclusive)"
           : "bytes allocated (exclusive)");
  if (M == TreeMetric::Self)
    S += "; colour: the frame's own share (red: its own time)";
  else if (M == TreeMetric::SelfIcount)
    S += "; colour: the frame's own share (red: its own instructions)";
  else if (T.FromSamples)
    S += "; colour: the frame's own share of its CPU samples (red: its own "
         "code)";
  if (T.Estimated)
    S += "; sampled: estimated";
  if (std::any_of(T.Nodes.begin(), T.Nodes.end(),
                  [](const TreeNode &N) { return N.Kind == "sampled"; }))
    S += "; blue: code seen by CPU samples below the measured functions "
         "(their CPU time)";
  return S;
}

} // namespace

std::string flameGraphSvg(const CallTree &T, const FlameGraphOptions &O) {
  Layout L = layout(T, O.Metric);
  std::vector<Frame> F(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const TreeNode &N = T.Nodes[I];
    F[I].Title = titleOf(N, O.Metric, L.Width[I], L.Whole);
    // A tree of the samples alone: each measured frame by its own share
    // of its CPU (red: its own code), not by a name's hash.
    F[I].Fill = N.Kind == "sampled" ? cool(N.Name)
                : O.Metric == TreeMetric::Self ||
                        O.Metric == TreeMetric::SelfIcount || T.FromSamples
                    ? heat(L.Width[I] > 0
                               ? double((T.FromSamples ? N.CpuSelf.value_or(0)
                                                       : N.Self) /
                                        L.Width[I])
                               : 0)
                    : warm(N.Name);
  }
  return render(T, O, L, F, subtitleOf(T, O.Metric));
}

std::string diffFlameGraphSvg(const CallTree &Base, const CallTree &Head,
                              const FlameGraphOptions &O) {
  // Paths as ids, a node's from its parent's id and its name: equal paths
  // of the two trees get one id, and no path is copied whole (linear in
  // the trees, however deep).
  std::map<std::pair<size_t, std::string>, size_t> Ids;
  auto pathIds = [&](const CallTree &T) {
    std::vector<size_t> Out(T.Nodes.size());
    for (size_t I = 0; I < T.Nodes.size(); ++I) {
      int64_t P = T.Nodes[I].Parent;
      auto Key = std::make_pair(P < 0 ? 0 : Out[size_t(P)], T.Nodes[I].Name);
      Out[I] = Ids.emplace(Key, Ids.size() + 1).first->second;
    }
    return Out;
  };
  // The base's value per path: its own, or with --metric icount its
  // inclusive instructions (every caller of what changed turns red).
  bool Inclusive = O.Metric == TreeMetric::Icount;
  auto value = [&](const TreeNode &N) {
    return Inclusive ? N.Total : report::ownValue(N, O.Metric);
  };
  std::map<size_t, uint64_t> Before;
  std::vector<size_t> BaseIds = pathIds(Base);
  for (size_t I = 0; I < Base.Nodes.size(); ++I)
    Before[BaseIds[I]] += value(Base.Nodes[I]);
  std::vector<size_t> HeadIds = pathIds(Head);
  Layout L = layout(Head, O.Metric);
  std::vector<Frame> F(Head.Nodes.size());
  for (size_t I = 0; I < Head.Nodes.size(); ++I) {
    const TreeNode &N = Head.Nodes[I];
    uint64_t Now = value(N);
    auto It = Before.find(HeadIds[I]);
    bool New = It == Before.end();
    uint64_t Was = New ? 0 : It->second;
    long double Change =
        std::max(Now, Was) ? ((long double)Now - Was) / std::max(Now, Was) : 0;
    F[I].Fill = diverging(double(New ? 1.0L : Change));
    F[I].Title = titleOf(N, O.Metric, L.Width[I], L.Whole) +
                 (Inclusive ? "\ninclusive " : "\nown ") +
                 valueText(O.Metric, Now) +
                 (New    ? ", new in HEAD"
                  : !Was ? ", base 0"
                         : ", base " + valueText(O.Metric, Was) + " (" +
                               (Now >= Was ? "+" : "") +
                               pct((long double)Now - Was, Was) + ")");
  }
  return render(Head, O, L, F,
                subtitleOf(Head, O.Metric) +
                    "; colour: change of each path's " +
                    (Inclusive ? "inclusive" : "own") +
                    " value from the base (red grew, blue shrank)");
}

} // namespace hotpath::views
