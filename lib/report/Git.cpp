//===- Git.cpp - The checked-out commit, without running git --------------===//
#include "hotpath/report/Git.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/support/Strings.h"

#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace hotpath::report {

namespace {

// The checkout's small files, through the one bounded reader: a regular
// file only (a FIFO planted as .git/HEAD must not block the program at exit).
bool slurp(const std::string &Path, std::string &Out, size_t Limit) {
  std::string Error;
  return support::readRegularFile(Path, Limit, Out, Error);
}

std::string firstLine(const std::string &S) {
  return std::string(support::firstLine(S));
}

bool isHash(const std::string &S) {
  return (S.size() == 40 || S.size() == 64) &&
         S.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string absolute(const std::string &Base, const std::string &P) {
  return !P.empty() && P[0] == '/' ? P : Base + "/" + P;
}

std::optional<std::string> resolveRef(const std::string &Common,
                                      const std::string &GitDir,
                                      const std::string &Ref) {
  std::string Text;
  for (const std::string &Dir : {GitDir, Common})
    if (slurp(Dir + "/" + Ref, Text, 4096) && isHash(firstLine(Text)))
      return firstLine(Text);
  if (slurp(Common + "/packed-refs", Text, 64 << 20)) {
    support::LineReader Lines(Text);
    for (std::string_view L; Lines.next(L);) {
      std::string Line(L);
      size_t Sp = Line.find(' ');
      if (Sp != std::string::npos && Line.substr(Sp + 1) == Ref &&
          isHash(Line.substr(0, Sp)))
        return Line.substr(0, Sp);
    }
  }
  return std::nullopt;
}

uint32_t be32(const unsigned char *P) {
  return uint32_t(P[0]) << 24 | uint32_t(P[1]) << 16 | uint32_t(P[2]) << 8 |
         P[3];
}

} // namespace

std::optional<GitCheckout> findGitCheckout(const std::string &Start) {
  std::string Dir = Start;
  while (!Dir.empty() && Dir.size() > 1 && Dir.back() == '/')
    Dir.pop_back();
  for (int Depth = 0; Depth < 64 && !Dir.empty(); ++Depth) {
    std::string Dot = Dir + "/.git";
    struct stat St;
    if (::stat(Dot.c_str(), &St) == 0) {
      GitCheckout C;
      C.WorkTree = Dir;
      if (S_ISDIR(St.st_mode)) {
        C.GitDir = Dot;
      } else {
        std::string Text;
        if (!slurp(Dot, Text, 4096))
          return std::nullopt;
        std::string L = firstLine(Text);
        if (L.rfind("gitdir: ", 0) != 0)
          return std::nullopt;
        C.GitDir = absolute(Dir, L.substr(8));
      }
      std::string Common = C.GitDir, Text;
      if (slurp(C.GitDir + "/commondir", Text, 4096))
        Common = absolute(C.GitDir, firstLine(Text));
      if (!slurp(C.GitDir + "/HEAD", Text, 4096))
        return std::nullopt;
      std::string Head = firstLine(Text);
      if (isHash(Head)) {
        C.Commit = Head;
      } else if (Head.rfind("ref: ", 0) == 0) {
        auto H = resolveRef(Common, C.GitDir, Head.substr(5));
        if (!H)
          return std::nullopt; // unborn branch
        C.Commit = *H;
      } else {
        return std::nullopt;
      }
      return C;
    }
    size_t Slash = Dir.rfind('/');
    if (Slash == std::string::npos || Dir == "/")
      break;
    Dir = Slash == 0 ? "/" : Dir.substr(0, Slash);
    if (Dir == "/" && Depth > 0)
      break;
  }
  return std::nullopt;
}

std::optional<bool> gitDirty(const GitCheckout &C) {
  // Index format: https://git-scm.com/docs/index-format (versions 2-4).
  std::string Idx;
  if (!slurp(C.GitDir + "/index", Idx, 256 << 20) || Idx.size() < 12 ||
      std::memcmp(Idx.data(), "DIRC", 4) != 0)
    return std::nullopt;
  auto *D = reinterpret_cast<const unsigned char *>(Idx.data());
  uint32_t Version = be32(D + 4), Count = be32(D + 8);
  if (Version < 2 || Version > 4 || Count > 100000)
    return std::nullopt;
  const size_t HashLen = C.Commit.size() == 64 ? 32 : 20;
  size_t Off = 12;
  std::string Path;
  for (uint32_t I = 0; I < Count; ++I) {
    size_t Fixed = 40 + HashLen + 2;
    if (Off + Fixed > Idx.size())
      return std::nullopt;
    const unsigned char *E = D + Off;
    uint32_t MtimeS = be32(E + 8), MtimeNs = be32(E + 12);
    uint32_t Mode = be32(E + 24), Size = be32(E + 36);
    uint16_t Flags = uint16_t(E[40 + HashLen] << 8 | E[41 + HashLen]);
    size_t P = Off + Fixed;
    bool Extended = Version >= 3 && (Flags & 0x4000);
    uint16_t Ext = 0;
    if (Extended) {
      if (P + 2 > Idx.size())
        return std::nullopt;
      Ext = uint16_t(D[P] << 8 | D[P + 1]);
      P += 2;
    }
    if (Version == 4) {
      uint64_t Strip = 0; // git's offset varint
      unsigned char B;
      do {
        if (P >= Idx.size())
          return std::nullopt;
        B = D[P++];
        Strip = (Strip << 7) | (B & 0x7f);
        if (B & 0x80)
          ++Strip;
      } while (B & 0x80);
      if (Strip > Path.size())
        return std::nullopt;
      size_t End = Idx.find('\0', P);
      if (End == std::string::npos)
        return std::nullopt;
      Path = Path.substr(0, Path.size() - Strip) + Idx.substr(P, End - P);
      Off = End + 1;
    } else {
      size_t End = Idx.find('\0', P);
      if (End == std::string::npos)
        return std::nullopt;
      Path = Idx.substr(P, End - P);
      size_t Len = End - Off; // entries are NUL-padded to 8 bytes
      Off += (Len + 8) & ~size_t(7);
    }
    bool Stage = (Flags >> 12) & 3;
    bool AssumeValid = Flags & 0x8000;
    bool SkipWorktree = Ext & 0x4000;
    bool Gitlink = (Mode & 0170000) == 0160000;
    if (Stage)
      return true; // unmerged
    if (AssumeValid || SkipWorktree || Gitlink)
      continue;
    struct stat St;
    if (::lstat((C.WorkTree + "/" + Path).c_str(), &St) != 0)
      return true; // deleted
    // A git built without nanosecond support stores 0 there.
    if (uint32_t(St.st_size) != Size || uint32_t(St.st_mtim.tv_sec) != MtimeS ||
        (MtimeNs && uint32_t(St.st_mtim.tv_nsec) != MtimeNs))
      return true;
  }
  return false;
}

} // namespace hotpath::report
