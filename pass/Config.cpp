//===- Config.cpp - hotpath.toml: discovery, parsing, validation ----------===//
//
// Strict by design: an unknown key, a wrong type or a bad regex is an error
// at its line, never ignored, because a silently ignored typo means a
// profile that quietly measures the wrong functions.
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Compat.h"
#include "PathGlob.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "hotpath/support/SafeToml.h"

#include <climits>
#include <cstdlib>
#include <mutex>

using namespace llvm;

namespace hotpath {
namespace {

const char *const FunctionKeys[] = {
    "include", "exclude",          "files",
    "main",    "min_instructions", "measure_inline_helpers"};

Error makeError(const Twine &Msg) {
  return make_error<StringError>(Msg, inconvertibleErrorCode());
}

/// The first problem found, by position in the file: toml++ iterates keys
/// in sorted order, so we keep the earliest rather than the first visited.
class Problems {
public:
  explicit Problems(StringRef Path) : Path(Path.str()) {}

  void add(const toml::source_region &Where, const Twine &What) {
    add(Where.begin.line, Where.begin.column, What);
  }
  void add(unsigned Line, unsigned Col, const Twine &What) {
    if (Has && (Line > FirstLine || (Line == FirstLine && Col >= FirstCol)))
      return;
    Has = true;
    FirstLine = Line;
    FirstCol = Col;
    Message = (Path + ":" + Twine(Line) + ":" + Twine(Col) + ": " + What).str();
  }
  Error take() { return Has ? makeError(Message) : Error::success(); }

private:
  std::string Path;
  bool Has = false;
  unsigned FirstLine = 0, FirstCol = 0;
  std::string Message;
};

/// " (did you mean 'include'?)" for a near miss, else "".
std::string suggest(StringRef Key) {
  for (const char *K : FunctionKeys)
    if (Key.lower() == K || Key.edit_distance(K) <= 2)
      return (" (did you mean '" + Twine(K) + "'?)").str();
  return "";
}

/// Reads `Key = ["...", ...]` into strings with their nodes; reports type
/// errors at the offending element.
std::vector<std::pair<std::string, const toml::node *>>
stringArray(StringRef Key, const toml::node &V, StringRef What, Problems &P) {
  std::vector<std::pair<std::string, const toml::node *>> Out;
  const toml::array *Arr = V.as_array();
  if (!Arr) {
    P.add(V.source(), "'" + Key + "' must be an array of " + What + ", not " +
                          tomlTypeName(V) + " (write " + Key + " = [\"...\"])");
    return Out;
  }
  for (const toml::node &E : *Arr) {
    const auto *S = E.as_string();
    if (!S) {
      P.add(E.source(), "'" + Key + "' entries must be " + What + ", not " +
                            tomlTypeName(E));
      continue;
    }
    Out.emplace_back(S->get(), &E);
  }
  return Out;
}

/// The regex a glob-looking pattern probably meant ("shop::*" ->
/// "^shop::", "*parse*" -> "parse"), or "" when it does not look like a
/// glob: a leading '*', or '::*' (in a regex: ':' then any number of ':').
std::string regexMeantByGlob(StringRef Text) {
  if (!compat::startsWith(Text, "*") && Text.find("::*") == StringRef::npos)
    return "";
  StringRef T = Text;
  bool Anchored = !compat::startsWith(T, "*");
  if (!Anchored)
    T = T.drop_front();
  if (!T.empty() && T.back() == '*')
    T = T.drop_back();
  std::string Out = Anchored ? "^" : "";
  for (char Ch : T)
    Out += Ch == '*' ? std::string(".*") : std::string(1, Ch);
  return Out;
}

void readPatterns(StringRef Key, const toml::node &V,
                  std::vector<NamePattern> &Out, Config &C, Problems &P) {
  for (auto &[Text, Node] : stringArray(Key, V, "strings (regexes)", P)) {
    auto Re = std::make_shared<Regex>(Text);
    std::string Err;
    std::string Meant = regexMeantByGlob(Text);
    if (Text.empty())
      Err = "empty regex (write \".*\" to match every function)";
    else if (!Re->isValid(Err))
      Err = "invalid regex '" + Text + "' in '" + Key.str() + "': " + Err +
            (Meant.empty() ? ""
                           : "; patterns are regexes, not globs: did you "
                             "mean '" +
                                 Meant + "'?");
    if (!Err.empty()) {
      P.add(Node->source(), Err);
      continue;
    }
    if (!Meant.empty())
      C.Warnings.push_back((C.Path + ":" + Twine(Node->source().begin.line) +
                            ":" + Twine(Node->source().begin.column) +
                            ": warning: '" + Text + "' in '" + Key +
                            "' looks like a glob, but patterns are regexes "
                            "(there '::*' is ':' followed by any number of "
                            "':'); did you mean '" +
                            Meant + "'?")
                               .str());
    Out.push_back({Text, std::move(Re), Node->source().begin.line});
  }
}

void readGlobs(const toml::node &V, Config &C, Problems &P) {
  for (auto &[Text, Node] : stringArray("files", V, "strings (globs)", P)) {
    if (Text.empty()) {
      P.add(Node->source(), "empty glob in 'files'");
      continue;
    }
    // A '[' without its ']' would silently match nothing.
    size_t Open = Text.find('[');
    if (Open != std::string::npos &&
        Text.find(']', Open + 1) == std::string::npos) {
      P.add(Node->source(), "unterminated '[' in glob '" + Text + "'");
      continue;
    }
    C.Files.push_back(Text);
    C.FileGlobs.push_back(
        {Text, normalizePath(Text, C.FilesBase), Node->source().begin.line});
  }
}

void readFunctions(const toml::table &T, Config &C, Problems &P) {
  for (auto &&[K, V] : T) {
    StringRef Key(K.str().data(), K.str().size());
    if (Key == "include") {
      readPatterns(Key, V, C.Include, C, P);
    } else if (Key == "exclude") {
      readPatterns(Key, V, C.Exclude, C, P);
    } else if (Key == "files") {
      readGlobs(V, C, P);
    } else if (Key == "main") {
      if (const auto *B = V.as_boolean()) {
        C.Main = B->get();
        C.MainLine = V.source().begin.line;
      } else
        P.add(V.source(), "'main' must be a boolean (true or false), not " +
                              Twine(tomlTypeName(V)));
    } else if (Key == "measure_inline_helpers") {
      if (const auto *B = V.as_boolean())
        C.MeasureInlineHelpers = B->get();
      else
        P.add(V.source(), "'measure_inline_helpers' must be a boolean (true "
                          "or false), not " +
                              Twine(tomlTypeName(V)));
    } else if (Key == "min_instructions") {
      const auto *I = V.as_integer();
      if (!I)
        P.add(V.source(), "'min_instructions' must be a non-negative "
                          "integer, not " +
                              Twine(tomlTypeName(V)));
      else if (I->get() < 0)
        P.add(V.source(), "'min_instructions' must be a non-negative "
                          "integer, not " +
                              Twine(I->get()));
      else if (I->get() > UINT_MAX)
        P.add(V.source(),
              "'min_instructions' is too large: " + Twine(I->get()));
      else {
        C.MinInstructions = unsigned(I->get());
        C.MinInstructionsLine = V.source().begin.line;
      }
    } else {
      std::string What = V.is_table()
                             ? "unknown table [functions." + Key.str() + "]"
                             : "unknown key '" + Key.str() + "' in [functions]";
      P.add(K.source(), What + suggest(Key) +
                            "; allowed keys: include, exclude, files, main, "
                            "min_instructions, measure_inline_helpers");
    }
  }
}

} // namespace

std::string normalizePath(StringRef Path, StringRef Base) {
  SmallString<256> P(Path);
  if (!sys::path::is_absolute(P)) {
    if (!Base.empty())
      sys::fs::make_absolute(Base, P);
    else
      sys::fs::make_absolute(P);
  }
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

Expected<Config> parseConfig(StringRef Text, StringRef Path) {
  Config C;
  C.Path = Path.str();
  // From memory without a path (tests): globs are relative to the cwd.
  C.FilesBase = Path.empty()
                    ? normalizePath(".")
                    : std::string(sys::path::parent_path(normalizePath(Path)));
  toml::parse_result R =
      toml::parse(std::string_view(Text.data(), Text.size()),
                  std::string_view(Path.data(), Path.size()));
  if (!R) {
    const toml::parse_error &E = R.error();
    // toml++ may quote the offending text raw ("saw 'tru\n'"): keep the
    // diagnostic on one line.
    std::string What;
    for (char Ch : E.description()) {
      if (Ch == '\n')
        What += "\\n";
      else if (Ch == '\t' || Ch == '\r')
        What += ' ';
      else
        What += Ch;
    }
    return makeError(Path + ":" + Twine(E.source().begin.line) + ":" +
                     Twine(E.source().begin.column) + ": " + What);
  }
  const toml::table &Top = R.table();
  Problems P(Path);
  for (auto &&[K, V] : Top) {
    StringRef Key(K.str().data(), K.str().size());
    if (Key == "functions") {
      if (const toml::table *T = V.as_table())
        readFunctions(*T, C, P);
      else
        P.add(V.source(), "'functions' must be a table ([functions]), not " +
                              Twine(tomlTypeName(V)));
      continue;
    }
    bool Known = false;
    for (const char *FK : FunctionKeys)
      Known |= Key == FK;
    if (Known)
      P.add(K.source(), "'" + Key +
                            "' must be inside the [functions] table "
                            "(add a line [functions] above it)");
    else if (V.is_table())
      P.add(K.source(), "unknown table [" + Key +
                            "]; hotpath.toml has one table: [functions]");
    else
      P.add(K.source(), "unknown key '" + Key +
                            "'; hotpath.toml has one table: [functions]");
  }
  if (Error E = P.take())
    return std::move(E);
  return C;
}

namespace {
struct CacheEntry {
  uint64_t Size;
  sys::TimePoint<> MTime;
  Config Cfg;
};
std::mutex CacheMutex;
StringMap<CacheEntry> &cache() {
  static StringMap<CacheEntry> C;
  return C;
}
} // namespace

namespace {
// A hotpath.toml is a short list of patterns: anything larger is not one.
constexpr uint64_t MaxConfigBytes = 1 << 20;

const char *describeFileType(sys::fs::file_type T) {
  switch (T) {
  case sys::fs::file_type::character_file:
    return "a character device";
  case sys::fs::file_type::block_file:
    return "a block device";
  case sys::fs::file_type::fifo_file:
    return "a FIFO";
  case sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "not a file";
  }
}
} // namespace

Expected<Config> loadConfig(StringRef Path) {
  std::string Abs = normalizePath(Path);
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Abs, St))
    return makeError(Abs + ": cannot read hotpath config: " + EC.message());
  if (sys::fs::is_directory(St))
    return makeError(Abs + ": hotpath config is a directory, not a file");
  // Checked before opening: /dev/zero would be read until memory runs out,
  // and opening a FIFO would block the compiler.
  if (!sys::fs::is_regular_file(St))
    return makeError(Abs + ": hotpath config is not a regular file (" +
                     describeFileType(St.type()) + ")");
  if (St.getSize() > MaxConfigBytes)
    return makeError(Abs + ": hotpath config is larger than 1 MiB (" +
                     Twine(St.getSize()) + " bytes)");

  // clang runs the pass once per module, but opt and LTO may run it for
  // many modules in one process (several threads for ThinLTO backends).
  std::lock_guard<std::mutex> Lock(CacheMutex);
  auto It = cache().find(Abs);
  if (It != cache().end() && It->second.Size == St.getSize() &&
      It->second.MTime == St.getLastModificationTime())
    return It->second.Cfg;

  auto Buf = MemoryBuffer::getFile(Abs, /*IsText=*/true);
  if (!Buf)
    return makeError(
        Abs + ": cannot read hotpath config: " + Buf.getError().message());
  Expected<Config> C = parseConfig((*Buf)->getBuffer(), Abs);
  if (C) {
    // Parsed once per process (the cache below): so are the warnings said.
    for (const std::string &W : C->Warnings)
      errs() << W << "\n";
    cache()[Abs] = CacheEntry{St.getSize(), St.getLastModificationTime(), *C};
  }
  return C;
}

Expected<std::optional<std::string>> findConfigFile(StringRef SourceFile,
                                                    StringRef CompileDir) {
  if (const char *Env = std::getenv("HOTPATH_CONFIG"); Env && *Env) {
    std::string Abs = normalizePath(Env);
    if (!sys::fs::exists(Abs))
      return makeError("HOTPATH_CONFIG=" + Twine(Env) + ": no such file (" +
                       Abs + ")");
    if (sys::fs::is_directory(Abs))
      return makeError("HOTPATH_CONFIG=" + Twine(Env) +
                       ": is a directory, not a hotpath.toml file");
    return std::optional<std::string>(Abs);
  }
  // Like .clang-format: the nearest hotpath.toml above the source file.
  std::string Base = CompileDir.empty() ? "" : normalizePath(CompileDir);
  std::string Dir =
      SourceFile.empty() || SourceFile == "-" || SourceFile == "<stdin>"
          ? normalizePath(".", Base)
          : sys::path::parent_path(normalizePath(SourceFile, Base)).str();
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Candidate(D);
    sys::path::append(Candidate, "hotpath.toml");
    if (sys::fs::is_regular_file(Candidate))
      return std::optional<std::string>(std::string(Candidate.str()));
    if (D == sys::path::root_path(D))
      break;
  }
  return std::optional<std::string>();
}

const FileGlob *matchFiles(const Config &Cfg, StringRef Path) {
  if (Cfg.FileGlobs.empty() || Path.empty())
    return nullptr;
  std::string Abs = normalizePath(Path);
  for (const FileGlob &G : Cfg.FileGlobs)
    if (globMatch(G.Pattern, Abs))
      return &G;
  return nullptr;
}

} // namespace hotpath
