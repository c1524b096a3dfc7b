//===- ConfigEdit.cpp - Add exclude lines to a hotpath.toml ---------------===//
#include "config/ConfigEdit.h"
#include "hotpath/support/AtomicFile.h"
#include "hotpath/support/SafeToml.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

// The byte offset of a toml++ source position (1-based line and column,
// the column counted in code points), or npos past the text.
size_t offsetOf(const std::string &T, toml::source_position P) {
  size_t At = 0;
  for (uint32_t L = 1; L < P.line; ++L) {
    At = T.find('\n', At);
    if (At == std::string::npos)
      return std::string::npos;
    ++At;
  }
  for (uint32_t C = 1; C < P.column; ++C) {
    if (At >= T.size() || T[At] == '\n')
      return std::string::npos;
    // Skip the code point's continuation bytes.
    do
      ++At;
    while (At < T.size() && (static_cast<unsigned char>(T[At]) & 0xC0) == 0x80);
  }
  return At <= T.size() ? At : std::string::npos;
}

// Where the line holding Pos ends: its '\n', or the text's end.
size_t lineEnd(const std::string &T, size_t Pos) {
  size_t P = T.find('\n', Pos);
  return P == std::string::npos ? T.size() : P;
}

// Text with Insert placed after the line holding Pos (a newline added
// first when that line is the last and has none).
std::string afterLine(const std::string &T, size_t Pos,
                      const std::string &Insert) {
  size_t End = lineEnd(T, Pos);
  if (End == T.size())
    return T + "\n" + Insert;
  return T.substr(0, End + 1) + Insert + T.substr(End + 1);
}

// The latest end of any value under N: where a dotted-key table's last
// line is.
toml::source_position lastEnd(const toml::node &N) {
  toml::source_position Last = N.source().end;
  auto Later = [&](toml::source_position P) {
    if (P.line > Last.line || (P.line == Last.line && P.column > Last.column))
      Last = P;
  };
  if (const toml::table *T = N.as_table())
    for (auto &&[K, V] : *T)
      Later(lastEnd(V));
  else if (const toml::array *A = N.as_array())
    for (const toml::node &V : *A)
      Later(lastEnd(V));
  return Last;
}

std::vector<std::string> excludesOf(const toml::table &Doc) {
  std::vector<std::string> Out;
  if (const toml::array *A = Doc["functions"]["exclude"].as_array())
    for (const toml::node &N : *A)
      if (const auto *S = N.as_string())
        Out.push_back(S->get());
  return Out;
}

// The document without [functions].exclude, to compare before and after.
toml::table withoutExclude(const toml::table &Doc) {
  toml::table Copy = Doc;
  if (toml::table *F = Copy["functions"].as_table()) {
    F->erase("exclude");
    if (F->empty()) // a [functions] table the edit added holds only it
      Copy.erase("functions");
  }
  return Copy;
}

// Whether Candidate parses to Old with Want as [functions].exclude.
bool sameWithExcludes(const std::string &Candidate, const toml::table &Old,
                      const std::vector<std::string> &Want) {
  toml::parse_result R = toml::parse(Candidate);
  if (!R)
    return false;
  return excludesOf(R.table()) == Want &&
         withoutExclude(R.table()) == withoutExclude(Old);
}

} // namespace

bool addExcludes(const std::string &Text,
                 const std::vector<ExcludeEntry> &Entries, std::string &Out,
                 size_t &Added, std::string &Error) {
  Added = 0;
  toml::parse_result R = toml::parse(Text);
  if (!R) {
    Error = "not valid TOML (line " +
            std::to_string(R.error().source().begin.line) + ": " +
            std::string(R.error().description()) + ")";
    for (char &C : Error)
      if (C == '\n' || C == '\r')
        C = ' ';
    return false;
  }
  const toml::table &Doc = R.table();
  const toml::node *Functions = Doc.get("functions");
  if (Functions && !Functions->is_table()) {
    Error = std::string("'functions' is ") + tomlTypeName(*Functions) +
            ", not a table";
    return false;
  }
  const toml::node *Exclude =
      Functions ? Functions->as_table()->get("exclude") : nullptr;
  if (Exclude && !Exclude->is_array()) {
    Error = std::string("[functions].exclude is ") + tomlTypeName(*Exclude) +
            ", not an array";
    return false;
  }
  std::vector<std::string> Old = excludesOf(Doc), Want;
  std::string Lines;
  for (const ExcludeEntry &E : Entries) {
    // The regex the literal stands for, as the plugin will read it.
    toml::parse_result L = toml::parse("x = " + E.Literal);
    std::optional<std::string> Regex =
        L ? L.table()["x"].value<std::string>() : std::nullopt;
    if (!Regex) {
      Error = "not a TOML string: " + E.Literal;
      return false;
    }
    if (std::find(Old.begin(), Old.end(), *Regex) != Old.end() ||
        std::find(Want.begin(), Want.end(), *Regex) != Want.end())
      continue;
    Want.push_back(*Regex);
    Lines += "  " + E.Literal + "," +
             (E.Comment.empty() ? "" : "  # " + E.Comment) + "\n";
    ++Added;
  }
  if (!Added) {
    Out = Text;
    return true;
  }
  Want.insert(Want.end(), Old.begin(), Old.end());
  std::string Array = "[\n" + Lines + "]";

  // The edits to try, most specific first; the first that parses back to
  // the same document with the entries added is the one.
  std::vector<std::string> Candidates;
  if (Exclude) {
    // Right after the array's `[`: the new entries first, each on its line,
    // the old ones after them as they were.
    size_t At = offsetOf(Text, Exclude->source().begin);
    if (At < Text.size() && Text[At] == '[')
      Candidates.push_back(Text.substr(0, At + 1) + "\n" + Lines +
                           Text.substr(At + 1));
  } else if (Functions) {
    const toml::table &F = *Functions->as_table();
    size_t Begin = offsetOf(Text, F.source().begin);
    size_t End = offsetOf(Text, F.source().end);
    if (F.is_inline()) {
      // Before the closing brace of functions = { ... }.
      if (End != std::string::npos && End > 0 && Text[End - 1] == '}')
        Candidates.push_back(Text.substr(0, End - 1) +
                             (F.empty() ? "exclude = " : ", exclude = ") +
                             Array + " " + Text.substr(End - 1));
    } else if (Begin < Text.size() && Text[Begin] == '[') {
      // The line after a [functions] (or ["functions"]) header. The same
      // position is a [functions.sub] header when [functions] has none:
      // the re-parse rejects that, and a new table at the end is tried.
      Candidates.push_back(afterLine(Text, Begin, "exclude = " + Array + "\n"));
    } else if (Begin != std::string::npos) {
      // Dotted keys (functions.include = ...): one more, after the last.
      size_t Last = offsetOf(Text, lastEnd(F));
      if (Last != std::string::npos)
        Candidates.push_back(
            afterLine(Text, Last, "functions.exclude = " + Array + "\n"));
    }
  }
  std::string Tail = Text;
  if (!Tail.empty() && Tail.back() != '\n')
    Tail += '\n';
  Candidates.push_back(Tail + "\n[functions]\nexclude = " + Array + "\n");

  for (std::string &C : Candidates)
    if (sameWithExcludes(C, Doc, Want)) {
      Out = std::move(C);
      return true;
    }
  Error = "cannot add the exclude array to this file's [functions] table "
          "without changing its meaning; add the lines by hand";
  return false;
}

bool replaceConfigFile(const std::string &Path, const std::string &Data,
                       std::string &Note, std::string &Error) {
  // The file itself, through any symlinks: the link stays a link and its
  // target is replaced, beside itself.
  char *Resolved = ::realpath(Path.c_str(), nullptr);
  if (!Resolved) {
    Error = std::strerror(errno);
    return false;
  }
  std::string Target = Resolved;
  std::free(Resolved);
  struct stat St;
  if (::stat(Target.c_str(), &St) != 0) {
    Error = std::strerror(errno);
    return false;
  }
  if (!S_ISREG(St.st_mode)) {
    Error = "not a regular file";
    return false;
  }
  // Read-only by its mode (root's access() would say yes): the user said
  // so, and a rename would silently override it.
  if (!(St.st_mode & 0222) || ::access(Target.c_str(), W_OK) != 0) {
    Error = "the file is read-only: refused (make it writable to edit it)";
    return false;
  }
  if (St.st_nlink > 1)
    Note = "it had " + std::to_string(St.st_nlink - 1) +
           " other hard link(s), which keep the old text";
  // A regular file: the shared writer's temporary file beside it and
  // rename, with its mode and owner.
  if (!support::writeFileAtomically(Target, Data, Error)) {
    Error += "; the file is unchanged";
    return false;
  }
  return true;
}

} // namespace hotpath::tool
