//===- CallgrindDump.cpp - Find the session's own Callgrind dump ----------===//
#include "hotpath/callgrind/CallgrindDump.h"

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <map>

namespace hotpath::callgrind {

bool expandOutFile(const std::string &Pattern, int64_t Pid,
                   const std::string &Cwd, std::string &Out,
                   std::string &Error) {
  Out.clear();
  unsigned Seq = 0;
  for (size_t I = 0; I < Pattern.size(); ++I) {
    char C = Pattern[I];
    if (C != '%') {
      Out += C;
      continue;
    }
    if (++I >= Pattern.size()) {
      Error = "'%' at the end of '" + Pattern + "'";
      return false;
    }
    char K = Pattern[I];
    if (K == '%') {
      Out += '%';
    } else if (K == 'p') {
      Out += std::to_string(Pid);
    } else if (K == 'n') {
      Out += std::to_string(++Seq); // Valgrind numbers each %n from 1
    } else if (K == 'q' && I + 1 < Pattern.size() && Pattern[I + 1] == '{') {
      size_t Close = Pattern.find('}', I + 2);
      if (Close == std::string::npos) {
        Error = "unterminated %q{ in '" + Pattern + "'";
        return false;
      }
      std::string Var = Pattern.substr(I + 2, Close - I - 2);
      const char *V = std::getenv(Var.c_str());
      if (!V) {
        Error = "%q{" + Var + "} in '" + Pattern + "': " + Var + " is not set";
        return false;
      }
      Out += V;
      I = Close;
    } else {
      Error = std::string("unknown '%") + K + "' in '" + Pattern +
              "' (accepted: %p, %q{VAR}, %n, %%)";
      return false;
    }
  }
  if (Out.empty()) {
    Error = "empty file name";
    return false;
  }
  if (Out[0] != '/' && !Cwd.empty())
    Out = Cwd + (Cwd.back() == '/' ? "" : "/") + Out;
  return true;
}

namespace {

bool allDigits(const std::string &S) {
  return !S.empty() && S.size() < 19 &&
         std::all_of(
             S.begin(), S.end(), [](char C) { return C >= '0' && C <= '9'; });
}

// Name after the base: "" (combined), ".N", ".N-TT", "-TT". Returns the
// dump number N (0 for combined files), or -1 when the name is not ours.
long long dumpNumber(const std::string &Rest) {
  if (Rest.empty())
    return 0;
  if (Rest[0] == '-')
    return allDigits(Rest.substr(1)) ? 0 : -1;
  if (Rest[0] != '.')
    return -1;
  std::string N = Rest.substr(1), T;
  size_t Dash = N.find('-');
  if (Dash != std::string::npos) {
    T = N.substr(Dash + 1);
    N = N.substr(0, Dash);
    if (!allDigits(T))
      return -1;
  }
  return allDigits(N) ? std::atoll(N.c_str()) : -1;
}

bool ours(const Part &P, int64_t Pid) {
  return P.Trigger == HotpathTrigger && (!Pid || !P.Pid || P.Pid == Pid);
}

} // namespace

bool findSessionDump(const std::string &OutFile, int64_t Pid, SessionDump &Out,
                     std::string &Error) {
  size_t Slash = OutFile.rfind('/');
  std::string Dir = Slash == std::string::npos ? "." : OutFile.substr(0, Slash);
  std::string Base = OutFile.substr(Slash == std::string::npos ? 0 : Slash + 1);
  if (Dir.empty())
    Dir = "/";
  DIR *D = opendir(Dir.c_str());
  if (!D) {
    Error = "cannot open the directory " + Dir + " of " + OutFile;
    return false;
  }
  std::map<long long, std::vector<std::string>, std::greater<long long>> ByN;
  while (dirent *E = readdir(D)) {
    std::string Name = E->d_name;
    if (Name.compare(0, Base.size(), Base) != 0)
      continue;
    long long N = dumpNumber(Name.substr(Base.size()));
    if (N >= 0)
      ByN[N].push_back(Dir + "/" + Name);
  }
  closedir(D);
  std::string LastError;
  // Numbered dumps, newest first; then the combined files (N = 0).
  for (auto &[N, Files] : ByN) {
    std::sort(Files.begin(), Files.end());
    SessionDump Found;
    uint64_t BestPart = 0;
    for (const std::string &F : Files) {
      Profile P;
      std::string E;
      if (!readProfileFile(F, P, E)) {
        if (N)
          LastError = F + ": " + E; // a combined file may be empty or other
        continue;
      }
      for (Part &Pt : P.Parts)
        if (ours(Pt, Pid))
          BestPart = std::max(BestPart, Pt.PartNumber);
      for (Part &Pt : P.Parts)
        if (ours(Pt, Pid)) {
          Found.Parts.push_back(std::move(Pt));
          Found.Files.push_back(F);
        }
    }
    if (Found.Parts.empty())
      continue;
    if (!N) { // combined: keep only the newest hotpath part of each thread
      SessionDump Last;
      for (size_t I = 0; I < Found.Parts.size(); ++I)
        if (Found.Parts[I].PartNumber == BestPart) {
          Last.Parts.push_back(std::move(Found.Parts[I]));
          Last.Files.push_back(Found.Files[I]);
        }
      Found = std::move(Last);
    }
    Out = std::move(Found);
    return true;
  }
  Error = "no Callgrind dump with 'Trigger: " + std::string(HotpathTrigger) +
          "' next to " + OutFile +
          (LastError.empty() ? "" : " (" + LastError + ")") +
          "; HOTPATH_CALLGRIND_OUT_FILE must name the same file as "
          "--callgrind-out-file";
  return false;
}

} // namespace hotpath::callgrind
