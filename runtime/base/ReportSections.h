//===- ReportSections.h - HOTPATH_REPORT: which sections --------*- C++ -*-===//
#ifndef HOTPATH_RUNTIME_REPORTSECTIONS_H
#define HOTPATH_RUNTIME_REPORTSECTIONS_H

#include <string>

namespace hotpath::rt {

/// `auto`, `all`, a list of sections, or `auto`/`all` followed by
/// exclusions such as `auto,-threads` (docs/environment.md).
bool validReportSpec(const std::string &Spec);

/// Which report sections to emit, resolved from ReportSpec (an invalid or
/// empty one is `auto`: what was measured).
struct SectionSet {
  bool Timing = true, Alloc = true, Icount = true, Threads = true, Tree = true;
};
SectionSet resolveSections(const std::string &Spec, bool UnderValgrind,
                           bool AllocTracked);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_REPORTSECTIONS_H
