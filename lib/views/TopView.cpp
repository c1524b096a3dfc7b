//===- TopView.cpp - The screen of `hotpath top` --------------------------===//
#include "hotpath/views/TopView.h"
#include "hotpath/report/DisplayName.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace hotpath::views {

namespace {

struct Line {
  std::string Name;
  uint64_t Calls = 0, Total = 0, Avg = 0, P95 = 0, Alloc = 0;
  double CallRate = 0, TimeRate = 0; // per second, over the last interval
  bool HasP95 = false;
  // A default-mode row of a function too short to time: no wall time (its
  // CPU is the samples', which the report's table shows), never "0 ns".
  bool Timed = true;
};

const struct {
  char Key;
  const char *Name;
  TopSort Sort;
} Keys[] = {{'t', "total", TopSort::Total}, {'r', "rate", TopSort::Rate},
            {'c', "calls", TopSort::Calls}, {'s', "calls/s", TopSort::CallRate},
            {'a', "avg", TopSort::Avg},     {'p', "p95", TopSort::P95},
            {'m', "alloc", TopSort::Alloc}};

// Name cut to W columns, with an ellipsis.
std::string fit(const std::string &S, size_t W) {
  if (report::displayWidth(S) <= W)
    return S + std::string(W - report::displayWidth(S), ' ');
  std::string Out;
  for (size_t I = 0; I < S.size() && report::displayWidth(Out) + 1 < W; ++I)
    Out += S[I];
  // Do not leave half a UTF-8 sequence.
  while (!Out.empty() && (Out.back() & 0xC0) == 0x80)
    Out.pop_back();
  if (!Out.empty() && (Out.back() & 0x80))
    Out.pop_back();
  Out += "…";
  return Out + std::string(W > report::displayWidth(Out)
                               ? W - report::displayWidth(Out)
                               : 0,
                           ' ');
}

std::string right(const std::string &S, size_t W) {
  size_t D = report::displayWidth(S);
  return D >= W ? S : std::string(W - D, ' ') + S;
}

std::string rate(double PerSecond) {
  char B[32];
  if (PerSecond >= 1e6)
    std::snprintf(B, sizeof B, "%.1fM", PerSecond / 1e6);
  else if (PerSecond >= 1e3)
    std::snprintf(B, sizeof B, "%.1fk", PerSecond / 1e3);
  else
    std::snprintf(B, sizeof B, "%.0f", PerSecond);
  return B;
}

using Key = std::tuple<std::string, std::string, uint32_t>;

} // namespace

bool topSortOfKey(char K, TopSort &Out) {
  for (const auto &E : Keys)
    if (E.Key == K) {
      Out = E.Sort;
      return true;
    }
  return false;
}

bool topSortOfName(const std::string &N, TopSort &Out) {
  for (const auto &E : Keys)
    if (N == E.Name) {
      Out = E.Sort;
      return true;
    }
  // The keys of the interactive view, too.
  return N.size() == 1 && topSortOfKey(N[0], Out);
}

const char *topSortName(TopSort S) {
  for (const auto &E : Keys)
    if (E.Sort == S)
      return E.Name;
  return "total";
}

namespace {

/// The rows of the frame, sorted: each function's figures, and its rates
/// over Dt seconds (the time between the two reports; 0: no rate yet).
std::vector<Line> topLines(const report::Report &Cur,
                           const report::Report *Prev, TopSort Sort,
                           double Dt) {
  std::map<Key, const report::FunctionRow *> Before;
  if (Prev)
    for (const report::FunctionRow &R : Prev->Timing.Data)
      Before[{R.Name, R.File, R.Line}] = &R;
  std::map<Key, uint64_t> Alloc;
  for (const report::FunctionRow &R : Cur.Alloc.Data)
    Alloc[{R.Name, R.File, R.Line}] = R.Total;
  size_t P95 = Cur.Timing.Percentiles.size();
  for (size_t I = 0; I < Cur.Timing.Percentiles.size(); ++I)
    if (Cur.Timing.Percentiles[I] == 95)
      P95 = I;
  std::vector<Line> Lines;
  for (const report::FunctionRow &R : Cur.Timing.Data) {
    Line L;
    L.Name = R.Name;
    L.Calls = R.Calls;
    L.Total = R.Total;
    L.Avg = R.Avg;
    L.Timed = R.TimeSource.value_or("") != "samples";
    if (P95 < R.Percentiles.size()) {
      L.P95 = R.Percentiles[P95];
      L.HasP95 = true;
    }
    Key K{R.Name, R.File, R.Line};
    L.Alloc = Alloc.count(K) ? Alloc[K] : 0;
    if (Dt > 0) {
      const report::FunctionRow *B = Before.count(K) ? Before[K] : nullptr;
      uint64_t C0 = B ? B->Calls : 0, T0 = B ? B->Total : 0;
      L.CallRate = double(R.Calls >= C0 ? R.Calls - C0 : 0) / Dt;
      L.TimeRate = double(R.Total >= T0 ? R.Total - T0 : 0) / Dt;
    }
    Lines.push_back(std::move(L));
  }
  auto Value = [&](const Line &L) -> double {
    switch (Sort) {
    case TopSort::Total:
      return double(L.Total);
    case TopSort::Rate:
      return L.TimeRate;
    case TopSort::Calls:
      return double(L.Calls);
    case TopSort::CallRate:
      return L.CallRate;
    case TopSort::Avg:
      return double(L.Avg);
    case TopSort::P95:
      return double(L.P95);
    case TopSort::Alloc:
      return double(L.Alloc);
    }
    return 0;
  };
  std::sort(Lines.begin(), Lines.end(), [&](const Line &A, const Line &B) {
    double VA = Value(A), VB = Value(B);
    return VA != VB ? VA > VB : A.Name < B.Name;
  });
  return Lines;
}

} // namespace

std::string renderTop(const report::Report &Cur, const report::Report *Prev,
                      TopSort Sort, const TopFrame &F) {
  double Dt = Prev && Cur.M.ElapsedNs > Prev->M.ElapsedNs
                  ? double(Cur.M.ElapsedNs - Prev->M.ElapsedNs) / 1e9
                  : 0;
  std::vector<Line> Lines = topLines(Cur, Prev, Sort, Dt);

  // What fits: in a short terminal the keys line goes first, then the
  // blank lines, then the status line; at least one function row stays.
  // In a narrow one the figures on the right go, Calls last.
  bool Help = F.Help, Blank = true, WithStatus = true;
  size_t Rows = F.Rows;
  if (F.Height) {
    if (F.Height < 4 + 1 + 2)
      Help = false;
    if (F.Height < 4 + 1)
      Blank = false;
    if (F.Height < 3 + 1)
      WithStatus = false;
    size_t Fixed = 2 + size_t(Blank) + size_t(WithStatus) +
                   (Help ? 2 : 0); // title, header, ...
    size_t Fit = F.Height > Fixed ? F.Height - Fixed : 1;
    Rows = std::min(Rows, std::max<size_t>(Fit, 1));
  }
  std::string Title = report::terminalText(F.Title);
  std::string Out = (F.Height ? fit(Title, F.Width) : Title) + "\n";
  std::string Status = "elapsed " + report::formatDuration(Cur.M.ElapsedNs);
  if (Cur.M.Snapshot)
    Status += " | snapshot " + std::to_string(*Cur.M.Snapshot);
  if (Cur.M.Pid)
    Status += " | pid " + std::to_string(Cur.M.Pid);
  Status += std::string(" | sorted by ") + topSortName(Sort);
  if (Dt > 0)
    Status +=
        " | rates over the last " + report::formatDuration(uint64_t(Dt * 1e9));
  if (WithStatus) // a terminal's line, not two
    Out += (F.Height ? fit(Status, F.Width) : Status) + "\n";
  if (Blank)
    Out += "\n";
  // Columns: name, then fixed-width figures, as many as fit beside a name
  // of at least 12 columns.
  const size_t NumW = 10, MinName = 12;
  const char *Heads[] = {"Calls", "Calls/s", "Avg",  "P95",
                         "Total", "Busy",    "Alloc"};
  size_t Figures = sizeof Heads / sizeof *Heads;
  while (Figures > 1 && F.Width < MinName + (NumW + 1) * Figures)
    --Figures;
  size_t Fixed = (NumW + 1) * Figures;
  std::vector<std::string> Names;
  for (const Line &L : Lines)
    Names.push_back(report::shortenStdNames(report::terminalText(L.Name)));
  // What the width leaves (in a very narrow terminal, less than MinName).
  size_t NameW = F.Width > Fixed + 5 ? F.Width - Fixed - 1 : 4;
  if (F.NameWidth == SIZE_MAX) { // no limit: the longest name shown
    NameW = std::string("Function").size();
    for (size_t I = 0; I < Names.size() && I < Rows; ++I)
      NameW = std::max(NameW, report::displayWidth(Names[I]));
  } else if (F.NameWidth) {
    NameW = F.NameWidth;
  }
  Out += fit("Function", NameW);
  for (size_t C = 0; C < Figures; ++C)
    Out += " " + right(Heads[C], NumW);
  Out += "\n";
  size_t Shown = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    const Line &L = Lines[I];
    if (Shown++ == Rows)
      break;
    Out += fit(report::fitName(Names[I], NameW), NameW);
    // The share of one core the function kept busy over the interval.
    char Busy[16];
    std::snprintf(Busy, sizeof Busy, "%.1f%%", L.TimeRate / 1e9 * 100.0);
    const std::string Cells[] = {
        report::formatCount(L.Calls),
        Dt > 0 ? rate(L.CallRate) : "-",
        L.Timed ? report::formatDuration(L.Avg) : "-",
        L.HasP95 && L.Timed ? report::formatDuration(L.P95) : "-",
        L.Timed ? report::formatDuration(L.Total) : "-",
        Dt > 0 && L.Timed ? Busy : "-",
        Cur.Alloc.Present ? report::formatBytes(L.Alloc) : "-"};
    for (size_t C = 0; C < Figures; ++C)
      Out += " " + right(Cells[C], NumW);
    Out += "\n";
  }
  if (Lines.empty())
    Out += "(no measured call yet)\n";
  if (Help)
    Out += "\nsort: t total  r rate  c calls  s calls/s  a avg  p p95  m "
           "alloc    q quit\n";
  // A newline after a terminal's last line would scroll the first away.
  if (F.Height && !Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

} // namespace hotpath::views
