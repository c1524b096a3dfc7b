//===- LockNames.cpp - Names for the report's locks -----------------------===//
#include "hotpath/samples/LockNames.h"
#include "hotpath/samples/Attribution.h" // measuredSymbolOf
#include "hotpath/support/FileRead.h"

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

namespace hotpath::samples {

namespace {

llvm::symbolize::LLVMSymbolizer::Options options() {
  llvm::symbolize::LLVMSymbolizer::Options O;
  O.Demangle = false; // demangled below, less the pass's clone suffix
  return O;
}

std::string personName(const std::string &Linkage) {
  return llvm::demangle(measuredSymbolOf(Linkage));
}

// The expression a lock call names on its source line, or "": what a
// person calls the lock ("impl->mutex_", "Mu", "S->M"). Read from the
// source file when it is there; a handful of shapes, none guessed past.
// Source files by path, read once (nullopt: unreadable).
using SourceCache = std::map<std::string, std::optional<std::string>>;

std::string lockExpression(SourceCache &Cache, const std::string &File,
                           uint32_t Line) {
  // Through the bounded reader: a path from a report's objects may name a
  // FIFO or a device, which must not block or flood the tool.
  auto It = Cache.find(File);
  if (It == Cache.end()) {
    std::string Text, Error;
    It = Cache
             .emplace(File,
                      support::readRegularFile(File, 16u << 20, Text, Error)
                          ? std::optional<std::string>(std::move(Text))
                          : std::nullopt)
             .first;
  }
  if (!It->second)
    return "";
  const std::string &Source = *It->second;
  size_t Begin = 0;
  for (uint32_t I = 1; I < Line && Begin != std::string::npos; ++I) {
    Begin = Source.find('\n', Begin);
    if (Begin != std::string::npos)
      ++Begin;
  }
  if (Begin == std::string::npos || Begin >= Source.size())
    return "";
  size_t End = Source.find('\n', Begin);
  std::string Text = Source.substr(
      Begin, (End == std::string::npos ? Source.size() : End) - Begin);
  if (Text.size() > 400)
    return "";
  // POSIX extended regexes through llvm::Regex, which cannot overflow the
  // stack on a long line (std::regex recursed once a character). No \b:
  // a leading (^|[^A-Za-z0-9_]) instead, and the name a later group.
  struct Shape {
    llvm::Regex Re;
    unsigned Group;
  };
#define HP_NAME "([A-Za-z_][][A-Za-z0-9_.>-]*)"
  static Shape Shapes[] = {
      // mutex_.Lock(), cv.wait(lock), m->lock_shared()
      {llvm::Regex(HP_NAME "[[:space:]]*(\\.|->)[[:space:]]*([Ll]ock|"
                           "lock_shared|try_lock[A-Za-z0-9_]*|[Ww]ait[A-Za-z0-"
                           "9_]*|[Ss]ignal[A-Za-z0-9_]*)[[:space:]]*\\("),
       1},
      // pthread_mutex_lock(&S->M), sem_wait(&Sem)
      {llvm::Regex("(^|[^A-Za-z0-9_])(pthread_[A-Za-z0-9_]+|sem_[A-Za-z0-9_]+)"
                   "[[:space:]]*\\([[:space:]]*&?[[:space:]]*" HP_NAME),
       3},
      // std::lock_guard<std::mutex> G(Mu), MutexLock l(&mutex_)
      {llvm::Regex(
           "(^|[^A-Za-z0-9_])[A-Za-z0-9_]*([Ll]ock|[Gg]uard)[A-Za-z0-9_]*"
           "[[:space:]]*(<[^;]*>)?[[:space:]]+[A-Za-z0-9_]+[[:space:]]*"
           "[({][[:space:]]*&?[[:space:]]*" HP_NAME),
       4}};
#undef HP_NAME
  llvm::SmallVector<llvm::StringRef, 6> M;
  for (const Shape &S : Shapes)
    if (S.Re.match(Text, &M) && M.size() > S.Group)
      return M[S.Group].str();
  return "";
}

// Whether an object a report names may go to the symbolizer: a regular
// file (a FIFO would block its open, /dev/zero feed it without end), asked
// once per path.
bool readableObject(std::map<std::string, bool> &Known,
                    const std::string &Object) {
  if (Object.empty())
    return false;
  auto [It, New] = Known.emplace(Object, false);
  std::string Why;
  if (New)
    It->second =
        support::checkRegularFile(Object, support::MaxObjectFileBytes, Why);
  return It->second;
}

struct Site {
  std::string Function, Where, Expression;
};

// A function's name without its parameter list and qualifiers, for the
// context of a lock's name: "leveldb::DB::Open".
std::string withoutParameters(std::string Name) {
  for (const char *Q : {" const", " volatile", " &&", " &", " noexcept"})
    while (Name.size() > strlen(Q) &&
           Name.compare(Name.size() - strlen(Q), strlen(Q), Q) == 0)
      Name.resize(Name.size() - strlen(Q));
  if (Name.empty() || Name.back() != ')')
    return Name;
  int Depth = 0;
  for (size_t I = Name.size(); I-- > 0;) {
    Depth += Name[I] == ')';
    Depth -= Name[I] == '(';
    if (Depth == 0)
      return I ? Name.substr(0, I) : Name;
  }
  return Name;
}

// Where a lock call returned to. Its inlined frames run from the function
// that contains the call out to std::mutex::lock; from the outside in,
// the first whose source line names the lock ("impl->mutex_.Lock()" in
// DB::Open, "MutexLock l(&mutex_)" in LRUCache::Lookup) gives the name,
// its function and file:line the context. Without one, the containing
// function and its line.
Site siteOf(llvm::symbolize::LLVMSymbolizer &Sym, SourceCache &Cache,
            const std::string &Object, uint64_t Offset) {
  Site S;
  if (Object.empty() || !Offset)
    return S;
  auto Frames = Sym.symbolizeInlinedCode(
      Object, {Offset - 1, llvm::object::SectionedAddress::UndefSection});
  if (!Frames) {
    llvm::consumeError(Frames.takeError());
    return S;
  }
  auto Describe = [](const llvm::DILineInfo &F, Site &Out) {
    Out.Function = F.FunctionName == "<invalid>"
                       ? ""
                       : withoutParameters(personName(F.FunctionName));
    Out.Where.clear();
    if (F.FileName != "<invalid>" && F.Line)
      Out.Where = llvm::sys::path::filename(F.FileName).str() + ":" +
                  std::to_string(F.Line);
  };
  for (uint32_t I = Frames->getNumberOfFrames(); I-- > 0;) {
    const llvm::DILineInfo &F = Frames->getFrame(I);
    if (I + 1 == Frames->getNumberOfFrames())
      Describe(F, S); // the containing function, whatever follows
    if (F.FileName == "<invalid>" || !F.Line)
      continue;
    std::string E = lockExpression(Cache, F.FileName, F.Line);
    if (!E.empty()) {
      Describe(F, S);
      S.Expression = E;
      break;
    }
  }
  return S;
}

// Locks whose names read the same (all first taken inside one measured
// wrapper, a code base's own Mutex::Lock) are told apart by a number, by
// address: the heap's and the data's layout keep their order from run to
// run, which lets two reports' rows match. An rwlock's read and write rows
// are one lock, one address.
void numberAlikes(report::LocksSection &S) {
  std::map<std::string, std::vector<uint64_t>> Addresses;
  for (const report::LockRow &R : S.Data)
    Addresses[R.Name].push_back(R.Address);
  for (auto &[Name, A] : Addresses) {
    std::sort(A.begin(), A.end());
    A.erase(std::unique(A.begin(), A.end()), A.end());
  }
  for (report::LockRow &R : S.Data) {
    const std::vector<uint64_t> &A = Addresses[R.Name];
    if (A.size() < 2 || R.Name.empty())
      continue;
    size_t K =
        size_t(std::lower_bound(A.begin(), A.end(), R.Address) - A.begin());
    R.Name += " #" + std::to_string(K + 1);
  }
}

} // namespace

void nameLocks(report::LocksSection &S, bool NumberAlikes) {
  llvm::symbolize::LLVMSymbolizer Sym(options());
  SourceCache Sources;
  std::map<std::string, bool> Objects;
  for (report::LockRow &R : S.Data) {
    if (!R.Name.empty())
      continue;
    if (readableObject(Objects, R.Object)) {
      auto G = Sym.symbolizeData(
          R.Object, {R.Offset, llvm::object::SectionedAddress::UndefSection});
      if (G && !G->Name.empty() && G->Name != "<invalid>") {
        R.Name = personName(G->Name);
        if (G->Start != R.Offset && G->Start < R.Offset)
          R.Name += "+" + std::to_string(R.Offset - G->Start);
        continue;
      }
      if (!G)
        llvm::consumeError(G.takeError());
    }
    // "impl->mutex_ (leveldb::DB::Open, db_impl.cc:1493)", or as much of
    // it as the build's debug information gives.
    Site At = siteOf(Sym, Sources,
                     readableObject(Objects, R.SiteObject) ? R.SiteObject : "",
                     R.SiteOffset);
    std::string In = !At.Function.empty() ? At.Function : R.FirstFunction;
    std::string Context = In;
    if (!At.Where.empty())
      Context += (Context.empty() ? "" : ", ") + At.Where;
    if (!At.Expression.empty())
      R.Name = At.Expression + (Context.empty() ? "" : " (" + Context + ")");
    else if (!In.empty())
      R.Name = "first locked in " + In +
               (At.Where.empty() ? "" : " (" + At.Where + ")");
    else if (!At.Where.empty())
      R.Name = "first locked at " + At.Where;
  }
  if (NumberAlikes)
    numberAlikes(S);
}

} // namespace hotpath::samples
