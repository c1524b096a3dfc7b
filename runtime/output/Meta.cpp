//===- Meta.cpp - What the report says about the run ----------------------===//
#include "output/Meta.h"

#include "base/OptionValues.h"
#include "hotpath/abi.h"
#include "hotpath/report/Git.h"
#include "hotpath/report/Version.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/support/Strings.h"
#include "sampling/LoadedObjects.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::rt {

const char *leftOutReason(uint32_t Flags) {
  switch (Flags >> HOTPATH_LEFT_OUT_SHIFT) {
  case HOTPATH_LEFT_OUT_INLINE_HELPER:
    return "inline helper";
  case HOTPATH_LEFT_OUT_TOO_SMALL:
    return "under min_instructions";
  default:
    return "cannot be measured";
  }
}

namespace {

// /proc files and the Valgrind tool's executable, through the one bounded
// reader (a /proc file is regular, of size 0, read to its end).
bool readFile(const std::string &Path, std::string &Out,
              size_t Limit = 64 << 20) {
  std::string Error;
  return support::readRegularFile(Path, Limit, Out, Error);
}

using support::trim;

} // namespace

std::vector<std::string> elfComments(const std::string &Path) {
  std::vector<std::string> Out;
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return Out;
  auto ReadAt = [&](void *Buf, size_t Len, uint64_t Off) {
    return ::pread(Fd, Buf, Len, off_t(Off)) == ssize_t(Len);
  };
  Elf64_Ehdr E;
  if (ReadAt(&E, sizeof E, 0) && std::memcmp(E.e_ident, ELFMAG, SELFMAG) == 0 &&
      E.e_ident[EI_CLASS] == ELFCLASS64 &&
      E.e_shentsize == sizeof(Elf64_Shdr) && E.e_shnum > 0 &&
      E.e_shnum < 65000 && E.e_shstrndx < E.e_shnum) {
    std::vector<Elf64_Shdr> Sh(E.e_shnum);
    if (ReadAt(Sh.data(), Sh.size() * sizeof(Elf64_Shdr), E.e_shoff)) {
      const Elf64_Shdr &StrSh = Sh[E.e_shstrndx];
      std::string Names(std::min<uint64_t>(StrSh.sh_size, 1 << 20), '\0');
      if (ReadAt(Names.data(), Names.size(), StrSh.sh_offset)) {
        for (const Elf64_Shdr &S : Sh) {
          if (S.sh_name >= Names.size() ||
              std::strcmp(Names.c_str() + S.sh_name, ".comment") != 0 ||
              S.sh_size > (1 << 20))
            continue;
          std::string Data(S.sh_size, '\0');
          if (!ReadAt(Data.data(), Data.size(), S.sh_offset))
            break;
          size_t Pos = 0;
          while (Pos < Data.size()) {
            size_t End = Data.find('\0', Pos);
            if (End == std::string::npos)
              End = Data.size();
            if (End > Pos)
              Out.push_back(Data.substr(Pos, End - Pos));
            Pos = End + 1;
          }
        }
      }
    }
  }
  ::close(Fd);
  return Out;
}

bool compilerFromComments(const std::vector<std::string> &Comments,
                          std::string &Name, std::string &Version) {
  // clang first: crt objects carry a GCC string in clang-built programs too.
  for (const std::string &C : Comments) {
    size_t P = C.find("clang version ");
    if (P == std::string::npos)
      continue;
    std::string Rest = C.substr(P + 14);
    Name = "clang";
    Version = Rest.substr(0, Rest.find_first_of(" ("));
    return !Version.empty();
  }
  for (const std::string &C : Comments) {
    if (C.rfind("GCC: ", 0) != 0)
      continue;
    size_t Sp = C.find_last_of(' ');
    Name = "gcc";
    Version = C.substr(Sp + 1);
    return !Version.empty();
  }
  return false;
}

std::optional<std::string> valgrindTool() {
  // Valgrind maps its tool executable into the process (e.g.
  // /usr/libexec/valgrind/callgrind-amd64-linux); the tool name is in the
  // file name and its version string ("valgrind-3.19.0") in the file.
  std::string Maps;
  if (!readFile("/proc/self/maps", Maps))
    return std::nullopt;
  support::LineReader Lines(Maps);
  for (std::string_view L; Lines.next(L);) {
    std::string Line(L);
    size_t Slash = Line.find('/');
    if (Slash == std::string::npos)
      continue;
    std::string Path = Line.substr(Slash);
    size_t Base = Path.rfind('/') + 1;
    std::string File = Path.substr(Base);
    if (Path.find("valgrind") == std::string::npos ||
        File.rfind("vgpreload", 0) == 0)
      continue;
    size_t Dash = File.find('-');
    if (Dash == std::string::npos || Dash == 0)
      continue;
    std::string Tool = File.substr(0, Dash);
    std::string Bin, Version;
    if (readFile(Path, Bin)) {
      const std::string Key = std::string("valgrind-");
      for (size_t P = Bin.find(Key); P != std::string::npos;
           P = Bin.find(Key, P + 1)) {
        size_t V = P + Key.size(), E = V;
        while (E < Bin.size() &&
               (isdigit((unsigned char)Bin[E]) || Bin[E] == '.'))
          ++E;
        // "valgrind-3.19.0" ends in NUL, a newline or "-<git id>".
        std::string Cand = Bin.substr(V, E - V);
        if (E < Bin.size() && isdigit((unsigned char)Bin[V]) &&
            std::count(Cand.begin(), Cand.end(), '.') == 2 &&
            Cand.back() != '.' && !isalpha((unsigned char)Bin[E])) {
          Version = Bin.substr(V, E - V);
          break;
        }
      }
    }
    return Version.empty() ? Tool : Tool + "-" + Version;
  }
  return std::nullopt;
}

void cpuInfo(const std::string &Text, std::optional<std::string> &Model,
             std::optional<std::string> &Vendor) {
  support::LineReader Lines(Text);
  for (std::string_view L; (!Model || !Vendor) && Lines.next(L);) {
    std::string Line(L);
    size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      continue;
    std::string Key(trim(Line.substr(0, Colon)));
    std::string Value(trim(Line.substr(Colon + 1)));
    if (Value.empty())
      continue;
    if (!Model && (Key == "model name" || Key == "Model"))
      Model = Value;
    else if (!Vendor && (Key == "vendor_id" || Key == "CPU implementer"))
      Vendor = Value;
  }
}

std::string isoTime(uint64_t UnixNs) {
  time_t Secs = time_t(UnixNs / 1000000000);
  struct tm Tm;
  gmtime_r(&Secs, &Tm);
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03uZ",
                Tm.tm_year + 1900, Tm.tm_mon + 1, Tm.tm_mday, Tm.tm_hour,
                Tm.tm_min, Tm.tm_sec, unsigned(UnixNs / 1000000 % 1000));
  return Buf;
}

report::Meta collectMeta(const Snapshot &S, const Options &Opts) {
  report::Meta M;
  M.HotpathVersion = report::hotpathVersion();
  M.Pid = ::getpid();
  M.StartUnixNs = S.StartUnixNs;
  M.StartTime = isoTime(S.StartUnixNs);
  M.ElapsedNs = S.ElapsedNs;
  M.BuildId = mainBuildId();
  char Exe[4096];
  ssize_t N = ::readlink("/proc/self/exe", Exe, sizeof Exe - 1);
  if (N > 0)
    M.Executable = std::string(Exe, size_t(N));
  std::string Name, Version;
  if (compilerFromComments(elfComments("/proc/self/exe"), Name, Version)) {
    M.Compiler = Name;
    M.CompilerVersion = Version;
    // The plugin loads only into the clang it was built for, so the LLVM
    // version of the plugin is clang's own version.
    if (Name == "clang")
      M.LlvmVersion = Version;
  }
  if (S.UnderValgrind) {
    M.Run = "callgrind";
    M.Tool = valgrindTool();
  }
  std::string CpuText;
  if (readFile("/proc/cpuinfo", CpuText, 1 << 20))
    cpuInfo(CpuText, M.CpuModel, M.CpuVendor);

  // A secure (setuid) process reads no checkout: the working directory is
  // the invoking user's choice too.
  std::string Dir;
  if (Opts.Secure) {
  } else if (!Opts.SourceRoot.empty()) {
    Dir = Opts.SourceRoot;
  } else if (!Opts.StartDir.empty()) {
    Dir = Opts.StartDir; // the program may have changed its own since
  } else {
    char Cwd[4096];
    if (::getcwd(Cwd, sizeof Cwd))
      Dir = Cwd;
  }
  if (!Dir.empty()) {
    if (auto C = report::findGitCheckout(Dir)) {
      M.GitCommit = C->Commit;
      M.GitDirty = report::gitDirty(*C);
    }
  }
  if (!Opts.ReportLabel.empty())
    M.Label = Opts.ReportLabel;
  if (!Opts.Benchmark.empty())
    M.Benchmark = Opts.Benchmark;
  parseUserMetadata(Opts.UserMetadata, M.UserMetadata);
  M.SamplingRate = S.UnderValgrind ? 0.0 : Opts.TimeSamplingRate;
  // Under Valgrind every mode counts (the instruction counts are the run's
  // figures).
  M.Mode = S.UnderValgrind ? "count" : measureModeName(Opts.Mode);
  for (const FunctionInfo &F : S.Functions)
    if (F.Flags & HOTPATH_FN_LEFT_OUT)
      M.LeftOut.push_back({rowName(F), leftOutReason(F.Flags)});
  if (S.CallCost.Measured) {
    // Two decimals: enough for a figure that moves by more between runs.
    auto Round = [](double Ns) { return std::round(Ns * 100) / 100; };
    M.CallCostNs = Round(S.CallCost.TimedNs);
    M.CallCostInnerNs = Round(S.CallCost.InnerNs);
    if (S.CallCost.UntimedNs > 0)
      M.UntimedCallCostNs = Round(S.CallCost.UntimedNs);
  }
  M.Warnings = Opts.Warnings;
  M.Warnings.insert(M.Warnings.end(), S.Warnings.begin(), S.Warnings.end());
  return M;
}

} // namespace hotpath::rt
