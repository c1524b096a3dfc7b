//===- ConfigTest.cpp - hotpath.toml parsing and its error messages -------===//
#include "Config.h"

#include "gtest/gtest.h"

using namespace hotpath;

namespace {

const char *const Path = "/proj/hotpath.toml";

Config parseOk(const std::string &Text) {
  llvm::Expected<Config> C = parseConfig(Text, Path);
  if (!C) {
    ADD_FAILURE() << "unexpected error: " << llvm::toString(C.takeError());
    return Config();
  }
  return std::move(*C);
}

/// The error message of a file that must not parse.
std::string errorOf(const std::string &Text) {
  llvm::Expected<Config> C = parseConfig(Text, Path);
  if (C) {
    ADD_FAILURE() << "parsed, but should not have:\n" << Text;
    return "";
  }
  return llvm::toString(C.takeError());
}

TEST(Config, EveryKey) {
  Config C = parseOk(R"(# a comment
[functions]
include = ["^myapp::parser::", "^compress_block$"]
exclude = ["::operator", "^std::"]
files   = ["src/engine/*.cpp", "/abs/**/x.c"]
main    = true
min_instructions = 12
)");
  EXPECT_EQ(C.Path, Path);
  ASSERT_EQ(C.Include.size(), 2u);
  EXPECT_EQ(C.Include[0].Source, "^myapp::parser::");
  EXPECT_EQ(C.Include[0].Line, 3u);
  EXPECT_TRUE(C.Include[0].Re->match("myapp::parser::parse(int)"));
  EXPECT_FALSE(C.Include[0].Re->match("yourapp::parser::parse(int)"));
  EXPECT_TRUE(C.Include[1].Re->match("compress_block"));
  ASSERT_EQ(C.Exclude.size(), 2u);
  EXPECT_EQ(C.Exclude[1].Source, "^std::");
  EXPECT_EQ(C.Exclude[1].Line, 4u);
  ASSERT_EQ(C.Files.size(), 2u);
  EXPECT_EQ(C.Files[0], "src/engine/*.cpp");
  EXPECT_EQ(C.FilesBase, "/proj");
  ASSERT_EQ(C.FileGlobs.size(), 2u);
  EXPECT_EQ(C.FileGlobs[0].Pattern, "/proj/src/engine/*.cpp");
  EXPECT_EQ(C.FileGlobs[1].Pattern, "/abs/**/x.c");
  EXPECT_EQ(C.FileGlobs[1].Line, 5u);
  EXPECT_TRUE(C.Main);
  EXPECT_EQ(C.MinInstructions, 12u);
  EXPECT_EQ(C.MinInstructionsLine, 7u);
}

TEST(Config, EmptyFileSelectsNothing) {
  Config C = parseOk("");
  EXPECT_TRUE(C.Include.empty());
  EXPECT_TRUE(C.Exclude.empty());
  EXPECT_TRUE(C.Files.empty());
  EXPECT_FALSE(C.Main);
  EXPECT_EQ(C.MinInstructions, 0u);
}

TEST(Config, CommentsOnlyAndEmptyTable) {
  Config C = parseOk("# nothing yet\n");
  EXPECT_TRUE(C.Include.empty());
  C = parseOk("[functions]\n");
  EXPECT_TRUE(C.Include.empty());
  EXPECT_FALSE(C.Main);
}

TEST(Config, InlineTableAndEmptyArrays) {
  Config C = parseOk("functions = { include = [\"a\"], exclude = [] }\n");
  ASSERT_EQ(C.Include.size(), 1u);
  EXPECT_TRUE(C.Exclude.empty());
}

TEST(Config, RelativeGlobsAreRelativeToTheConfigDirectory) {
  llvm::Expected<Config> C =
      parseConfig("[functions]\nfiles = [\"../lib/*.c\", \"./a//b.c\"]\n",
                  "/proj/sub/hotpath.toml");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(C->FilesBase, "/proj/sub");
  EXPECT_EQ(C->FileGlobs[0].Pattern, "/proj/lib/*.c");
  EXPECT_EQ(C->FileGlobs[1].Pattern, "/proj/sub/a/b.c");
}

TEST(ConfigErrors, TomlSyntax) {
  EXPECT_EQ(errorOf("[functions]\ninclude = [\"a\"\n"),
            "/proj/hotpath.toml:2:16: Error while parsing array: encountered "
            "end-of-file");
  EXPECT_EQ(errorOf("[functions\n"),
            "/proj/hotpath.toml:1:11: Error while parsing table header: "
            "expected ']', saw '\\n'");
  // One line, even when toml++ quotes a newline.
  EXPECT_EQ(errorOf("[functions]\nmain = tru\n"),
            "/proj/hotpath.toml:2:11: Error while parsing boolean: expected "
            "'true', saw 'tru\\n'");
}

TEST(ConfigErrors, MalformedKeysAreErrorsNotCrashes) {
  // toml++ asserts on these (found by fuzzing): they must be plain errors.
  EXPECT_EQ(errorOf("[(unctions]\ninclude = [\"a\"]\n"),
            "/proj/hotpath.toml:1:2: Error while parsing key: expected bare "
            "key starting character or string delimiter, saw '('");
  EXPECT_EQ(errorOf("a.(b = 1"),
            "/proj/hotpath.toml:1:3: Error while parsing key: expected bare "
            "key starting character or string delimiter, saw '('");
  // Non-ASCII outside strings reached __builtin_unreachable in toml++.
  EXPECT_EQ(errorOf("\xef\xb7\xbf"),
            "/proj/hotpath.toml:1:1: Error while parsing root table: expected "
            "keys, tables, whitespace or comments, saw '\xef\xb7\xbf'");
  EXPECT_EQ(errorOf("[functions]\nmain = \xc3\xa9\n"),
            "/proj/hotpath.toml:2:8: Error while parsing value: could not "
            "determine value type");
  EXPECT_EQ(errorOf(std::string("[functions]\ninclude = [\"a\0b\"]\n", 30))
                .rfind("/proj/hotpath.toml:2:", 0),
            0u);
}

TEST(ConfigErrors, DuplicateKey) {
  std::string E = errorOf("[functions]\nmain = true\nmain = false\n");
  EXPECT_EQ(E.rfind("/proj/hotpath.toml:3:", 0), 0u) << E;
}

TEST(ConfigErrors, UnknownKeyInFunctions) {
  EXPECT_EQ(errorOf("[functions]\nmain = true\n  includes = [\"x\"]\n"),
            "/proj/hotpath.toml:3:3: unknown key 'includes' in [functions] "
            "(did you mean 'include'?); allowed keys: include, exclude, "
            "files, main, min_instructions, measure_inline_helpers");
  EXPECT_EQ(errorOf("[functions]\ncolour = 1\n"),
            "/proj/hotpath.toml:2:1: unknown key 'colour' in [functions]; "
            "allowed keys: include, exclude, files, main, min_instructions, "
            "measure_inline_helpers");
}

TEST(ConfigErrors, FirstProblemByPositionIsReported) {
  // toml++ visits keys sorted by name; the message names the earliest.
  std::string E = errorOf("[functions]\nzzz = 1\naaa = 2\n");
  EXPECT_EQ(E.rfind("/proj/hotpath.toml:2:1: unknown key 'zzz'", 0), 0u) << E;
}

TEST(ConfigErrors, UnknownTopLevelTable) {
  EXPECT_EQ(errorOf("[functions]\nmain = true\n\n[function]\nx = 1\n"),
            "/proj/hotpath.toml:4:2: unknown table [function]; hotpath.toml "
            "has one table: [functions]");
  std::string E = errorOf("[functions.timing]\nx = 1\n");
  EXPECT_NE(E.find("unknown table [functions.timing]"), std::string::npos) << E;
  EXPECT_EQ(E.rfind("/proj/hotpath.toml:1:", 0), 0u) << E;
}

TEST(ConfigErrors, KeyOutsideTheTable) {
  EXPECT_EQ(errorOf("include = [\"x\"]\n"),
            "/proj/hotpath.toml:1:1: 'include' must be inside the [functions] "
            "table (add a line [functions] above it)");
  EXPECT_EQ(errorOf("version = 1\n"),
            "/proj/hotpath.toml:1:1: unknown key 'version'; hotpath.toml has "
            "one table: [functions]");
}

TEST(ConfigErrors, WrongTypes) {
  EXPECT_EQ(errorOf("[functions]\ninclude = \"^foo\"\n"),
            "/proj/hotpath.toml:2:11: 'include' must be an array of strings "
            "(regexes), not a string (write include = [\"...\"])");
  EXPECT_EQ(errorOf("[functions]\nexclude = [\"a\", 3]\n"),
            "/proj/hotpath.toml:2:17: 'exclude' entries must be strings "
            "(regexes), not an integer");
  EXPECT_EQ(errorOf("[functions]\nfiles = [true]\n"),
            "/proj/hotpath.toml:2:10: 'files' entries must be strings "
            "(globs), not a boolean");
  EXPECT_EQ(errorOf("[functions]\nmain = \"yes\"\n"),
            "/proj/hotpath.toml:2:8: 'main' must be a boolean (true or "
            "false), not a string");
  EXPECT_EQ(errorOf("[functions]\nmin_instructions = 1.5\n"),
            "/proj/hotpath.toml:2:20: 'min_instructions' must be a "
            "non-negative integer, not a floating-point number");
  EXPECT_EQ(errorOf("functions = 3\n"),
            "/proj/hotpath.toml:1:13: 'functions' must be a table "
            "([functions]), not an integer");
  std::string E = errorOf("[[functions]]\nmain = true\n");
  EXPECT_NE(E.find("'functions' must be a table ([functions]), not an array"),
            std::string::npos)
      << E;
}

TEST(ConfigErrors, NegativeAndHugeNumbers) {
  EXPECT_EQ(errorOf("[functions]\n\nmin_instructions = -1\n"),
            "/proj/hotpath.toml:3:20: 'min_instructions' must be a "
            "non-negative integer, not -1");
  EXPECT_EQ(errorOf("[functions]\nmin_instructions = 99999999999\n"),
            "/proj/hotpath.toml:2:20: 'min_instructions' is too large: "
            "99999999999");
}

TEST(ConfigErrors, InvalidRegex) {
  std::string E =
      errorOf("[functions]\ninclude = [\"ok\",\n  \"^myapp::(parser\"]\n");
  EXPECT_EQ(E.rfind("/proj/hotpath.toml:3:3: invalid regex '^myapp::(parser' "
                    "in 'include': ",
                    0),
            0u)
      << E;
  E = errorOf("[functions]\nexclude = [\"[z-a]\"]\n");
  EXPECT_EQ(E.rfind("/proj/hotpath.toml:2:12: invalid regex '[z-a]' in "
                    "'exclude': ",
                    0),
            0u)
      << E;
  EXPECT_EQ(errorOf("[functions]\ninclude = [\"\"]\n"),
            "/proj/hotpath.toml:2:12: empty regex (write \".*\" to match "
            "every function)");
}

TEST(ConfigErrors, BadGlobs) {
  EXPECT_EQ(errorOf("[functions]\nfiles = [\"src/[ab.c\"]\n"),
            "/proj/hotpath.toml:2:10: unterminated '[' in glob 'src/[ab.c'");
  EXPECT_EQ(errorOf("[functions]\nfiles = [\"\"]\n"),
            "/proj/hotpath.toml:2:10: empty glob in 'files'");
}

TEST(Config, LongTemplateNamesDoNotBreakTheRegex) {
  // std::regex overflows its stack on inputs like these; llvm::Regex not.
  Config C = parseOk("[functions]\ninclude = [\"^ns::deep<.*>::run\\\\(\"]\n");
  std::string Name = "ns::deep<";
  for (int I = 0; I < 2000; ++I)
    Name += "std::pair<int, std::vector<unsigned long>>, ";
  Name += "int>::run()";
  EXPECT_TRUE(C.Include[0].Re->match(Name));
  Name[Name.size() - 3] = 'X'; // "ruX()"
  EXPECT_FALSE(C.Include[0].Re->match(Name));
}

} // namespace
