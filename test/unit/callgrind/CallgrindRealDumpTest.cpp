//===- CallgrindRealDumpTest.cpp - The reader vs callgrind_annotate -------===//
//
// Runs a small program under Callgrind with every option that changes the
// file's shape (instruction positions, jumps, uncompressed and compressed
// names and positions, per-thread files, combined dumps, cache simulation)
// and checks, part by part, that the inclusive Ir of every function equals
// what `callgrind_annotate --inclusive=yes` prints for it.
//
//===----------------------------------------------------------------------===//
#include "hotpath/callgrind/CallgrindProfile.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace hotpath::callgrind;

namespace {

std::string run(const std::string &Cmd) {
  std::string Out;
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return Out;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    Out.append(Buf, N);
  pclose(P);
  return Out;
}

// "  1,234 (12.5%)  file:function [object]" -> ("file:function", 1234)
std::map<std::string, uint64_t> annotate(const std::string &File,
                                         const std::string &Dir) {
  std::string Out = run("cd " + Dir +
                        " && callgrind_annotate --inclusive=yes --auto=no "
                        "--show=Ir --threshold=100 " +
                        File + " 2>/dev/null");
  std::map<std::string, uint64_t> M;
  static const std::regex Line(
      R"(^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*?)( \[[^\]]*\])?$)");
  std::istringstream In(Out);
  std::string L;
  while (std::getline(In, L)) {
    std::smatch Mt;
    if (!std::regex_match(L, Mt, Line))
      continue;
    std::string Num = Mt[1];
    Num.erase(std::remove(Num.begin(), Num.end(), ','), Num.end());
    M[Mt[2]] = std::strtoull(Num.c_str(), nullptr, 10);
  }
  return M;
}

// Splits a file into one file per part (callgrind_annotate reads one).
std::vector<std::string> splitParts(const std::string &Path) {
  std::ifstream In(Path);
  std::vector<std::string> Chunks(1);
  std::string L;
  bool Body = false;
  while (std::getline(In, L)) {
    // A part starts at its header: "part:", or "version:" when every
    // thread's part repeats the whole header (--separate-threads=yes).
    if ((L.rfind("part:", 0) == 0 || L.rfind("version:", 0) == 0) && Body) {
      Chunks.emplace_back();
      Body = false;
    }
    if (L.rfind("fn=", 0) == 0)
      Body = true;
    Chunks.back() += L + "\n";
  }
  std::vector<std::string> Files;
  for (size_t I = 0; I < Chunks.size(); ++I) {
    std::string F = Path + ".part" + std::to_string(I);
    std::ofstream(F) << Chunks[I];
    Files.push_back(F);
  }
  return Files;
}

void checkAgainstAnnotate(const std::string &Options, int MinParts) {
  char T[] = "/tmp/hp-cgreal-XXXXXX";
  ASSERT_TRUE(mkdtemp(T));
  std::string Dir = T;
  std::string Cmd = std::string(HOTPATH_VALGRIND) + " -q --tool=callgrind " +
                    Options + " --callgrind-out-file=" + Dir + "/cg.out " +
                    HOTPATH_CG_WORKLOAD + " > /dev/null 2>&1";
  ASSERT_EQ(std::system(Cmd.c_str()), 0) << Cmd;
  std::vector<std::string> Files;
  if (DIR *D = opendir(Dir.c_str())) {
    while (dirent *E = readdir(D))
      if (std::string(E->d_name).rfind("cg.out", 0) == 0)
        Files.push_back(Dir + "/" + E->d_name);
    closedir(D);
  }
  int Parts = 0, Compared = 0;
  for (const std::string &F : Files) {
    if (std::ifstream(F).peek() == std::ifstream::traits_type::eof())
      continue; // Callgrind leaves the base file empty with per-thread files
    Profile All;
    std::string Error;
    ASSERT_TRUE(readProfileFile(F, All, Error)) << F << ": " << Error;
    std::vector<std::string> PartFiles = splitParts(F);
    ASSERT_EQ(PartFiles.size(), All.Parts.size()) << F;
    for (size_t I = 0; I < PartFiles.size(); ++I, ++Parts) {
      Profile One;
      ASSERT_TRUE(readProfileFile(PartFiles[I], One, Error)) << Error;
      const Part &P = All.Parts[I];
      int Ir = P.eventIndex("Ir");
      ASSERT_GE(Ir, 0);
      std::map<std::string, uint64_t> Ours;
      for (auto &[K, C] : P.inclusiveLikeAnnotate())
        if (size_t(Ir) < C.size() && C[Ir])
          Ours[K.File + ":" + K.Name] = C[Ir];
      std::map<std::string, uint64_t> Theirs = annotate(PartFiles[I], Dir);
      // callgrind_annotate prints summary: when it is there; we prefer
      // totals:, the line Callgrind writes after the dump (the two differ by
      // a few Ir of the dump itself).
      uint64_t Summary =
          P.HasSummary && P.Summary.size() > size_t(Ir) && P.Summary[Ir]
              ? P.Summary[Ir]
              : P.total()[Ir];
      EXPECT_EQ(Theirs["PROGRAM TOTALS"], Summary) << PartFiles[I];
      Theirs.erase("PROGRAM TOTALS");
      for (auto &[Name, V] : Theirs) {
        ++Compared;
        EXPECT_EQ(Ours[Name], V) << Name << " in " << PartFiles[I];
      }
      for (auto &[Name, V] : Ours)
        EXPECT_TRUE(Theirs.count(Name)) << "only ours: " << Name;
    }
  }
  EXPECT_GE(Parts, MinParts);
  EXPECT_GT(Compared, 20);
  std::system(("rm -rf " + Dir).c_str());
}

TEST(RealDump, AllShapeOptionsUncompressed) {
  checkAgainstAnnotate("--dump-instr=yes --collect-jumps=yes "
                       "--compress-strings=no --compress-pos=no "
                       "--separate-threads=yes --combine-dumps=yes "
                       "--cache-sim=yes",
                       2);
}

TEST(RealDump, CompressedNamesAndPositions) {
  checkAgainstAnnotate("--dump-instr=yes --collect-jumps=yes", 1);
}

TEST(RealDump, SeparateThreadFilesLineOnly) {
  checkAgainstAnnotate("--separate-threads=yes --compress-pos=yes", 2);
}

} // namespace
