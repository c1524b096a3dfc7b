//===- FlameGraph.h - A call tree as an interactive SVG ---------*- C++ -*-===//
//
// `hotpath flamegraph`: one self-contained SVG (no external script, font or
// style) in the layout of Brendan Gregg's flame graphs: the top-level
// calls at the bottom, each path a frame as wide as its value with its
// children on top of it. Click a frame to zoom into it, click the bottom
// bar (or press Escape) to reset, Ctrl-F or "Search" to highlight the
// frames whose name matches a regex; hovering shows the path's calls,
// average, total and share. The page also reads its zoom and search from
// the URL (#zoom=<frame id>&search=<regex>), which the tests use.
//
// Written by hand: no Debian package renders flame graphs from C++.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_FLAMEGRAPH_H
#define HOTPATH_VIEWS_FLAMEGRAPH_H

#include "hotpath/report/CallTree.h"

#include <string>

namespace hotpath::views {

struct FlameGraphOptions {
  report::TreeMetric Metric = report::TreeMetric::Time;
  std::string Title;
  unsigned Width = 1200; // pixels
};

/// The SVG of T. Frame widths: the subtree's sum of the metric's own
/// values (for time, the path's inclusive time). Colours: by name (warm),
/// or with --metric self by the frame's own share of its width.
std::string flameGraphSvg(const report::CallTree &T,
                          const FlameGraphOptions &O);

/// A differential flame graph: HEAD's widths, each frame coloured by the
/// change of its path's value from BASE (red: grew, blue: shrank, white:
/// unchanged; paths new in HEAD are red).
std::string diffFlameGraphSvg(const report::CallTree &Base,
                              const report::CallTree &Head,
                              const FlameGraphOptions &O);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_FLAMEGRAPH_H
