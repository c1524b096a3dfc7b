//===- ReportTable.cpp - The table, and markdown --------------------------===//
#include "hotpath/report/ReportTable.h"

#include "hotpath/report/DisplayName.h"
#include "hotpath/report/Focus.h"
#include "hotpath/report/Rounding.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <map>
#include <unistd.h>

namespace hotpath::report {

namespace {

struct Grid {
  std::vector<std::string> Header;
  std::vector<std::vector<std::string>> Rows;
};

std::string pad(const std::string &S, size_t W) {
  size_t D = displayWidth(S);
  return S + std::string(W > D ? W - D : 0, ' ');
}

// hotpath-rs's look: every cell left-aligned, a rule after every row.
std::string renderAscii(const Grid &G) {
  std::vector<size_t> W(G.Header.size());
  for (size_t C = 0; C < W.size(); ++C) {
    W[C] = displayWidth(G.Header[C]);
    for (const auto &Row : G.Rows)
      W[C] = std::max(W[C], displayWidth(Row[C]));
  }
  std::string Rule = "+";
  for (size_t C : W)
    Rule += std::string(C + 2, '-') + "+";
  Rule += "\n";
  auto Line = [&](const std::vector<std::string> &Cells) {
    std::string L = "|";
    for (size_t C = 0; C < W.size(); ++C)
      L += " " + pad(Cells[C], W[C]) + " |";
    return L + "\n";
  };
  std::string Out = Rule + Line(G.Header) + Rule;
  for (const auto &Row : G.Rows)
    Out += Line(Row) + Rule;
  return Out;
}

// Names go in code spans: GitHub would eat `<T>` as an HTML tag.
std::string mdCode(const std::string &S) {
  std::string E;
  for (char C : S) {
    if (C == '|')
      E += "\\|";
    else if (C == '\n')
      E += ' ';
    else
      E += C;
  }
  bool HasTick = E.find('`') != std::string::npos;
  return HasTick ? "`` " + E + " ``" : "`" + E + "`";
}

std::string renderMd(const Grid &G) {
  std::string Out = "|";
  for (const auto &H : G.Header)
    Out += " " + H + " |";
  Out += "\n|";
  for (size_t C = 0; C < G.Header.size(); ++C)
    Out += C == 0 ? " :--- |" : " ---: |";
  Out += "\n";
  for (const auto &Row : G.Rows) {
    Out += "|";
    for (size_t C = 0; C < Row.size(); ++C)
      Out += " " + (C == 0 ? mdCode(Row[C]) : Row[C]) + " |";
    Out += "\n";
  }
  return Out;
}

std::string upper(std::string S) {
  for (char &C : S)
    if (C >= 'a' && C <= 'z')
      C = char(C - 'a' + 'A');
  return S;
}

std::string formatValue(SectionKind K, uint64_t V) {
  switch (K) {
  case SectionKind::Timing:
    return formatDuration(V);
  case SectionKind::Alloc:
    return formatBytes(V);
  case SectionKind::Icount:
    return formatCount(V);
  }
  return "";
}

// "src/parse.cpp:42": relative to the working directory when under it.
std::string locationOf(const std::string &File, unsigned Line) {
  if (File.empty())
    return "-";
  std::string F = File;
  char Cwd[4096];
  if (::getcwd(Cwd, sizeof Cwd)) {
    std::string Dir = std::string(Cwd) + "/";
    if (F.compare(0, Dir.size(), Dir) == 0)
      F = F.substr(Dir.size());
  }
  return Line ? F + ":" + std::to_string(Line) : F;
}

// Elides the names of column 0 to the width asked for, or to what the
// terminal leaves once the other columns are laid out.
void fitNames(Grid &G, const TableOptions &Opts) {
  size_t Width = Opts.NameWidth;
  if (!Width && Opts.TerminalColumns) {
    size_t Others = 1; // the left border
    for (size_t C = 1; C < G.Header.size(); ++C) {
      size_t W = displayWidth(G.Header[C]);
      for (const auto &Row : G.Rows)
        W = std::max(W, displayWidth(Row[C]));
      Others += W + 3; // " cell |"
    }
    size_t Left = Opts.TerminalColumns > Others + 4
                      ? Opts.TerminalColumns - Others - 4
                      : 0;
    Width = std::max<size_t>(Left, 24); // a name needs some room
  }
  if (!Width)
    return;
  std::vector<std::string> Names;
  for (const auto &Row : G.Rows)
    Names.push_back(Row[0]);
  Names = fitDistinctNames(Names, Width);
  for (size_t I = 0; I < G.Rows.size(); ++I)
    G.Rows[I][0] = std::move(Names[I]);
}

// One rule for every renderer (the program's own table, `hotpath report`,
// `hotpath run`, markdown): a function that allocated nothing has no row
// in the allocation table, and a table with no row left is not shown. JSON
// keeps every row, so that two runs' reports compare.
bool allocatedNothing(const FunctionsSection &S, const FunctionRow &R) {
  return S.Kind == SectionKind::Alloc && R.Total == 0 && R.Allocs == 0;
}

bool sectionShown(const FunctionsSection &S) {
  if (!S.Present)
    return false;
  if (S.Kind != SectionKind::Alloc)
    return true;
  return std::any_of(S.Data.begin(), S.Data.end(), [&](const FunctionRow &R) {
    return !allocatedNothing(S, R);
  });
}

struct Rendered {
  std::string Title; // "timing - description (n of m shown)"
  Grid G;
};

Rendered functionsGrid(const FunctionsSection &S, const TableOptions &Opts) {
  Rendered Out;
  Focus F(Opts.Focus);
  bool Dist = S.Kind != SectionKind::Icount;
  bool Timed = S.timed();
  Grid &G = Out.G;
  G.Header = {"Function", "Calls", "Avg"};
  if (Dist)
    for (double P : S.Percentiles)
      G.Header.push_back(upper(percentileKey(P)));
  G.Header.push_back("Total");
  // Timing with a call tree: each function's own time beside its total.
  bool Self = S.Kind == SectionKind::Timing && Timed &&
              std::any_of(S.Data.begin(), S.Data.end(),
                          [](const FunctionRow &R) { return R.Self; });
  if (Self)
    G.Header.push_back("Self");
  // Locks tracked: the time the function's own calls waited on locks,
  // condition variables and semaphores (docs/locks.md).
  bool Wait =
      S.Kind == SectionKind::Timing &&
      std::any_of(S.Data.begin(), S.Data.end(), [](const FunctionRow &R) {
        return R.WaitNs.value_or(0) > 0;
      });
  if (Wait)
    G.Header.push_back("Wait");
  // CPU samples attributed by the tool: the CPU time the function was on
  // the stack for, its own, and its wall time less the CPU: blocked,
  // waiting or descheduled (docs/sampling.md).
  bool Cpu = S.Kind == SectionKind::Timing &&
             std::any_of(S.Data.begin(), S.Data.end(),
                         [](const FunctionRow &R) { return R.CpuNs; });
  if (Cpu)
    G.Header.insert(G.Header.end(), {"CPU", "Self CPU", "Off-CPU"});
  G.Header.push_back("% Total");

  if (Opts.Location)
    G.Header.insert(G.Header.begin() + 1, "Location");
  std::map<std::string, size_t> NameCount;
  for (const FunctionRow &R : S.Data)
    ++NameCount[R.Name];
  size_t Listed = 0; // rows that may be shown at all
  for (const FunctionRow &R : S.Data) {
    if (allocatedNothing(S, R))
      continue;
    ++Listed;
    if (!F.matches(R.Name))
      continue;
    if (Opts.Limit && G.Rows.size() >= Opts.Limit)
      continue;
    // A row of the default mode that was not timed has CPU, not wall time.
    bool RowTimed = Timed && R.TimeSource.value_or("") != "samples";
    auto Val = [&](uint64_t V) {
      return RowTimed ? formatValue(S.Kind, V) : std::string("-");
    };
    // Two functions of one name (a static function in each of two files)
    // would read the same whatever the width: their location tells them
    // apart, unless a Location column does.
    std::string Shown = shortenStdNames(R.Name);
    if (!Opts.Location && NameCount[R.Name] > 1)
      Shown += " (" + locationOf(R.File, R.Line) + ")";
    std::vector<std::string> Row = {Shown, std::to_string(R.Calls), Val(R.Avg)};
    if (Opts.Location)
      Row.insert(Row.begin() + 1, locationOf(R.File, R.Line));
    if (Dist)
      for (size_t I = 0; I < S.Percentiles.size(); ++I)
        Row.push_back(Val(I < R.Percentiles.size() ? R.Percentiles[I] : 0));
    Row.push_back(Val(R.Total));
    if (Self)
      Row.push_back(R.Self ? Val(*R.Self) : std::string("-"));
    if (Wait)
      Row.push_back(formatDuration(R.WaitNs.value_or(0)));
    if (Cpu) {
      uint64_t C = R.CpuNs.value_or(0);
      uint64_t Wall = R.OnStack ? *R.OnStack : R.Total;
      Row.push_back(formatDuration(C));
      Row.push_back(formatDuration(R.CpuSelfNs.value_or(0)));
      Row.push_back(RowTimed ? formatDuration(Wall > C ? Wall - C : 0) : "-");
    }
    Row.push_back(RowTimed || (Cpu && R.TimeSource)
                      ? formatPercent(R.PercentTotal)
                      : "-");
    G.Rows.push_back(std::move(Row));
  }
  fitNames(G, Opts);
  Out.Title = std::string(sectionTitle(S.Kind)) + " - " + S.Description;
  if (G.Rows.size() < Listed) {
    Out.Title += " (" + std::to_string(G.Rows.size()) + " of " +
                 std::to_string(Listed) + " shown";
    if (!F.empty())
      Out.Title += ", focus " + Opts.Focus;
    Out.Title += ")";
  }
  return Out;
}

Rendered threadsGrid(const ThreadsSection &T) {
  Rendered Out;
  Out.Title = "threads - " + T.Description;
  Grid &G = Out.G;
  bool Cpu = std::any_of(T.Data.begin(), T.Data.end(),
                         [](const ThreadRow &R) { return bool(R.CpuNs); });
  if (T.PeakRssBytes)
    Out.Title += " Peak RSS " + formatBytes(*T.PeakRssBytes) + ".";
  G.Header = {"Thread", "TID", "Events"};
  if (Cpu)
    G.Header.insert(G.Header.end(), {"CPU", "CPU %", "Switches (vol/invol)"});
  if (T.AllocTracked)
    G.Header.insert(G.Header.end(), {"Alloc", "Dealloc", "Diff"});
  for (const ThreadRow &R : T.Data) {
    std::vector<std::string> Row = {R.Name + (R.Exited ? " (exited)" : ""),
                                    std::to_string(R.Tid),
                                    std::to_string(R.Events)};
    if (Cpu && R.CpuNs) {
      Row.push_back(formatDuration(*R.CpuNs));
      Row.push_back(T.ElapsedNs && *T.ElapsedNs
                        ? formatPercent(percentOf(*R.CpuNs, *T.ElapsedNs))
                        : "-");
      Row.push_back(formatCount(R.Voluntary) + " / " +
                    formatCount(R.Involuntary));
    } else if (Cpu) {
      Row.insert(Row.end(), {"-", "-", "-"});
    }
    if (T.AllocTracked) {
      // Both at usable size: a thread that freed what it allocated shows 0
      // (another thread's blocks it freed can make the difference < 0).
      uint64_t A = R.AllocUsableBytes;
      Row.push_back(formatBytes(A));
      Row.push_back(formatBytes(R.FreedBytes));
      Row.push_back(A >= R.FreedBytes ? formatBytes(A - R.FreedBytes)
                                      : "-" + formatBytes(R.FreedBytes - A));
    }
    G.Rows.push_back(std::move(Row));
  }
  return Out;
}

Rendered locksGrid(const LocksSection &L, const TableOptions &Opts) {
  Rendered Out;
  Out.Title = "locks - " + L.Description;
  Grid &G = Out.G;
  G.Header = {"Lock", "Kind",     "Acquired", "Contended",
              "Wait", "Avg wait", "P95",      "Max wait",
              "Hold", "Avg hold", "Max hold", "Waited most"};
  size_t Shown = 0;
  for (const LockRow &R : L.Data) {
    if (Opts.Limit && Shown >= Opts.Limit)
      break;
    ++Shown;
    bool Holds = R.Kind != "condition" && R.Kind != "semaphore";
    std::string Most = R.Waiters.empty() ? "-" : R.Waiters[0].Function;
    G.Rows.push_back(
        {lockLabel(R), R.Kind, formatCount(R.Acquisitions),
         formatCount(R.Contended), formatDuration(R.WaitNs),
         R.Contended ? formatDuration(R.WaitNs / R.Contended) : "-",
         R.Contended ? formatDuration(R.WaitP95Ns) : "-",
         R.Contended ? formatDuration(R.WaitMaxNs) : "-",
         Holds && R.HoldsTimed ? formatDuration(R.HoldNs) : "-",
         Holds && R.HoldsTimed && R.Acquisitions
             ? formatDuration(R.HoldNs / R.Acquisitions)
             : "-",
         Holds && R.HoldsTimed ? formatDuration(R.HoldMaxNs) : "-",
         shortenStdNames(Most)});
  }
  if (Shown < L.Data.size())
    Out.Title += " (" + std::to_string(Shown) + " of " +
                 std::to_string(L.Data.size()) + " shown)";
  return Out;
}

std::vector<Rendered> allGrids(const Report &R, const TableOptions &Opts) {
  std::vector<Rendered> Out;
  if (Opts.SizesOnly) {
    Focus F(Opts.Focus);
    for (const SizeRow &Row : R.Sizes.Data)
      if (F.matches(Row.Name) && (!Opts.Limit || Out.size() < Opts.Limit)) {
        Out.emplace_back();
        sizesTable(Row, Out.back().Title, Out.back().G.Header,
                   Out.back().G.Rows);
      }
  }
  std::vector<SectionKind> Kinds;
  if (!Opts.SizesOnly)
    Kinds = {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount};
  for (SectionKind K : Kinds)
    if (sectionShown(R.section(K)))
      Out.push_back(functionsGrid(R.section(K), Opts));
  if (R.Cache.Present && !Opts.SizesOnly) {
    Out.emplace_back();
    cacheTable(R.Cache, Opts.Limit, Opts.Focus, Out.back().Title,
               Out.back().G.Header, Out.back().G.Rows);
  }
  if (R.Threads.Present && !Opts.SizesOnly)
    Out.push_back(threadsGrid(R.Threads));
  if (R.Locks.Present && !R.Locks.Data.empty() && !Opts.SizesOnly)
    Out.push_back(locksGrid(R.Locks, Opts));
  // Names, files, thread names, descriptions and the focus come from the
  // program or from a report anyone may have written: nothing reaches the
  // terminal raw (SafeText.h).
  for (Rendered &X : Out) {
    X.Title = terminalText(X.Title);
    for (std::string &H : X.G.Header)
      H = terminalText(H);
    for (auto &Row : X.G.Rows)
      for (std::string &Cell : Row)
        Cell = terminalText(Cell);
  }
  return Out;
}

std::string headerLine(const Report &R) {
  std::string Names;
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount})
    if (sectionShown(R.section(K)))
      Names += std::string(Names.empty() ? "" : ", ") + sectionTitle(K);
  if (R.Cache.Present)
    Names += std::string(Names.empty() ? "" : ", ") + "cache";
  if (R.Threads.Present)
    Names += std::string(Names.empty() ? "" : ", ") + "threads";
  if (R.Locks.Present && !R.Locks.Data.empty())
    Names += std::string(Names.empty() ? "" : ", ") + "locks";
  std::string H = formatDuration(R.M.ElapsedNs);
  if (!Names.empty())
    H += " | " + Names;
  return H;
}

// One line: how many selected functions the pass left out, why, and the
// key that measures them.
std::string leftOutLine(const std::vector<Meta::LeftOutFunction> &L) {
  std::map<std::string, size_t> By;
  for (const Meta::LeftOutFunction &F : L)
    ++By[F.Reason];
  std::string Line = "left out: " + std::to_string(L.size()) + " selected " +
                     (L.size() == 1 ? "function" : "functions") + " (";
  bool First = true;
  for (const auto &[Reason, N] : By) {
    Line += (First ? "" : "; ") + std::to_string(N) + " " + Reason;
    if (Reason == "inline helper")
      Line += ": measure_inline_helpers = true";
    else if (Reason == "under min_instructions")
      Line += ": lower min_instructions";
    First = false;
  }
  return Line + "); meta.left_out names them";
}

// The CPU samples' summary, the functions left out, then the caller's notes.
std::vector<std::string> notes(const Report &R, const TableOptions &Opts) {
  std::vector<std::string> Out;
  if (R.Cpu.Present) {
    std::string Line = "cpu samples: " + formatCount(R.Cpu.Samples) + " at " +
                       std::to_string(R.Cpu.FrequencyHz) + " Hz, " +
                       formatDuration(R.Cpu.CpuNs) + " of CPU on " +
                       std::to_string(R.Cpu.Threads) +
                       (R.Cpu.Threads == 1 ? " thread" : " threads");
    if (R.Cpu.Lost)
      Line += ", " + formatCount(R.Cpu.Lost) + " lost";
    // The default mode's table has its rows' CPU already (the runtime's
    // attribution by the markers' symbols); the tool's sees more.
    bool RowsHaveCpu = std::any_of(
        R.Timing.Data.begin(), R.Timing.Data.end(),
        [](const FunctionRow &Row) { return Row.CpuNs.has_value(); });
    if (!Opts.CpuAttributed && R.Cpu.Samples)
      Line += RowsHaveCpu ? "; `hotpath report` on the JSON report adds "
                            "inlined frames, hot lines and the call tree"
                          : "; `hotpath report` on the JSON report attributes "
                            "them";
    Out.push_back(Line);
  }
  if (!R.M.LeftOut.empty())
    Out.push_back(leftOutLine(R.M.LeftOut));
  Out.insert(Out.end(), Opts.Notes.begin(), Opts.Notes.end());
  return Out;
}

} // namespace

std::string renderTable(const Report &R, const TableOptions &Opts) {
  std::string Out = "[hotpath] " + headerLine(R) + "\n";
  if (Opts.ShowWarnings)
    for (const std::string &W : R.M.Warnings)
      Out += "warning: " + terminalText(W) + "\n";
  for (const std::string &N : notes(R, Opts))
    Out += terminalText(N) + "\n";
  for (const Rendered &X : allGrids(R, Opts))
    Out += "\n" + X.Title + "\n" + renderAscii(X.G);
  return Out;
}

std::string renderMarkdown(const Report &R, const TableOptions &Opts) {
  std::string Out = "### hotpath: " + headerLine(R) + "\n";
  if (Opts.ShowWarnings && !R.M.Warnings.empty()) {
    Out += "\n";
    for (const std::string &W : R.M.Warnings)
      Out += "> warning: " + terminalText(W) + "\n";
  }
  for (const std::string &N : notes(R, Opts))
    Out += "\n" + terminalText(N) + "\n";
  for (const Rendered &X : allGrids(R, Opts)) {
    size_t Dash = X.Title.find(" - ");
    Out += "\n**" + X.Title.substr(0, Dash) + "**" + X.Title.substr(Dash) +
           "\n\n" + renderMd(X.G);
  }
  return Out;
}

} // namespace hotpath::report
