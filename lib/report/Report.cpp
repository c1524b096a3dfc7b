//===- Report.cpp - Names and helpers of the report model -----------------===//
#include "hotpath/report/Report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hotpath::report {

const char *sectionKey(SectionKind K) {
  switch (K) {
  case SectionKind::Timing:
    return "functions_timing";
  case SectionKind::Alloc:
    return "functions_alloc";
  case SectionKind::Icount:
    return "functions_icount";
  }
  return "";
}

const char *sectionSpecName(SectionKind K) {
  switch (K) {
  case SectionKind::Timing:
    return "functions-timing";
  case SectionKind::Alloc:
    return "functions-alloc";
  case SectionKind::Icount:
    return "functions-icount";
  }
  return "";
}

const char *sectionTitle(SectionKind K) {
  switch (K) {
  case SectionKind::Timing:
    return "timing";
  case SectionKind::Alloc:
    return "alloc";
  case SectionKind::Icount:
    return "icount";
  }
  return "";
}

const char *sectionTotalKey(SectionKind K) {
  switch (K) {
  case SectionKind::Timing:
    return "total_elapsed_ns";
  case SectionKind::Alloc:
    return "total_bytes";
  case SectionKind::Icount:
    return "total_ir";
  }
  return "";
}

std::string percentileKey(double P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3f", std::round(P * 1000) / 1000);
  std::string S = Buf;
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return "p" + S;
}

FunctionsSection &Report::section(SectionKind K) {
  return K == SectionKind::Timing  ? Timing
         : K == SectionKind::Alloc ? Alloc
                                   : Icount;
}

const FunctionsSection &Report::section(SectionKind K) const {
  return const_cast<Report *>(this)->section(K);
}

bool parseRowOrder(const std::string &Text, RowOrder &Out) {
  static const std::pair<const char *, RowOrder> Names[] = {
      {"total", RowOrder::Total},     {"self", RowOrder::Self},
      {"avg", RowOrder::Avg},         {"calls", RowOrder::Calls},
      {"name", RowOrder::Name},       {"cpu", RowOrder::Cpu},
      {"self-cpu", RowOrder::SelfCpu}};
  for (const auto &[Name, O] : Names)
    if (Text == Name) {
      Out = O;
      return true;
    }
  return false;
}

void sortRows(std::vector<FunctionRow> &Rows) {
  sortRows(Rows, RowOrder::Total);
}

void sortRows(std::vector<FunctionRow> &Rows, RowOrder By) {
  auto Key = [By](const FunctionRow &R) -> uint64_t {
    switch (By) {
    case RowOrder::Self:
      return R.Self.value_or(0);
    case RowOrder::Avg:
      return R.Avg;
    case RowOrder::Calls:
      return R.Calls;
    case RowOrder::Cpu:
      return R.CpuNs.value_or(0);
    case RowOrder::SelfCpu:
      return R.CpuSelfNs.value_or(0);
    default:
      return R.Total;
    }
  };
  std::sort(Rows.begin(), Rows.end(),
            [&](const FunctionRow &A, const FunctionRow &B) {
              if (By == RowOrder::Name && A.Name != B.Name)
                return A.Name < B.Name;
              if (Key(A) != Key(B))
                return Key(A) > Key(B);
              if (A.Total != B.Total)
                return A.Total > B.Total;
              if (A.Calls != B.Calls) // untimed rows: by calls
                return A.Calls > B.Calls;
              if (A.Name != B.Name)
                return A.Name < B.Name;
              if (A.File != B.File)
                return A.File < B.File;
              return A.Line < B.Line;
            });
}

} // namespace hotpath::report
