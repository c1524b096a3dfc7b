//===- ReportSections.cpp - HOTPATH_REPORT: which sections ----------------===//
#include "base/ReportSections.h"
#include "hotpath/support/Strings.h"

#include <algorithm>
#include <vector>

namespace hotpath::rt {

namespace {

using support::lower;
using support::splitTrimmed;

using support::trim;

const char *const SectionNames[] = {"functions-timing", "functions-alloc",
                                    "functions-icount", "threads", "call-tree"};

// Section name -> index in SectionNames; accepts `_` for `-`.
int sectionIndex(std::string Name) {
  std::replace(Name.begin(), Name.end(), '_', '-');
  for (int I = 0; I < 5; ++I)
    if (Name == SectionNames[I])
      return I;
  return -1;
}

} // namespace

bool validReportSpec(const std::string &Spec) {
  std::vector<std::string> Parts = splitTrimmed(lower(Spec), ',');
  bool Base = Parts[0] == "auto" || Parts[0] == "all";
  for (size_t I = 0; I < Parts.size(); ++I) {
    const std::string &P = Parts[I];
    if (I == 0 && Base)
      continue;
    if (!P.empty() && P[0] == '-') {
      if (!Base || sectionIndex(P.substr(1)) < 0)
        return false;
    } else if (Base || sectionIndex(P) < 0) {
      return false;
    }
  }
  return true;
}

SectionSet resolveSections(const std::string &Spec, bool UnderValgrind,
                           bool AllocTracked) {
  // `auto`: what was measured. Under Valgrind the icount section replaces
  // timing; natively there are no instruction counts.
  SectionSet Auto;
  Auto.Timing = !UnderValgrind;
  Auto.Alloc = AllocTracked;
  Auto.Icount = UnderValgrind;
  Auto.Threads = true;
  Auto.Tree = !UnderValgrind;
  std::string S = lower(trim(Spec));
  if (S.empty() || !validReportSpec(S))
    return Auto;
  std::vector<std::string> Parts = splitTrimmed(S, ',');
  bool Set[5] = {false, false, false, false, false};
  size_t First = 0;
  if (Parts[0] == "auto") {
    Set[0] = Auto.Timing, Set[1] = Auto.Alloc, Set[2] = Auto.Icount,
    Set[3] = true, Set[4] = Auto.Tree;
    First = 1;
  } else if (Parts[0] == "all") {
    Set[0] = Set[1] = Set[2] = Set[3] = Set[4] = true;
    First = 1;
  }
  for (size_t I = First; I < Parts.size(); ++I) {
    bool Exclude = Parts[I][0] == '-';
    int Idx = sectionIndex(Exclude ? Parts[I].substr(1) : Parts[I]);
    if (Idx >= 0)
      Set[Idx] = !Exclude;
  }
  SectionSet Out;
  Out.Timing = Set[0];
  Out.Alloc = Set[1];
  Out.Icount = Set[2];
  Out.Threads = Set[3];
  Out.Tree = Set[4];
  return Out;
}

} // namespace hotpath::rt
