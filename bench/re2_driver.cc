// A workload for RE2 of the kind a log pipeline runs
// (bench/truth_codebases.py): over about 4 MB of generated log lines, parse
// each line, extract e-mail addresses, URLs and IPv4 addresses, redact them,
// classify each line with an RE2::Set, and compile a batch of patterns. Prints
// a checksum, so a measured build can be checked against the plain one.
//
//   re2_driver [MEGABYTES]     (default 4)
#include <re2/re2.h>
#include <re2/set.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// A fixed-seed generator: the same text in every run and build.
struct Rng {
  uint64_t S = 0x9e3779b97f4a7c15ull;
  uint32_t next() {
    S ^= S << 13;
    S ^= S >> 7;
    S ^= S << 17;
    return uint32_t(S >> 11);
  }
  uint32_t below(uint32_t N) { return next() % N; }
};

const char *const Words[] = {"request",  "handler", "timeout", "session",
                             "upstream", "retry",   "cache",   "commit",
                             "payload",  "client",  "worker",  "socket"};
const char *const Levels[] = {"INFO", "WARN", "ERROR", "DEBUG"};
const char *const Hosts[] = {"example.com", "mail.test.org", "cdn.net",
                             "api.service.io"};

std::string logText(size_t Bytes) {
  Rng R;
  std::string Out;
  Out.reserve(Bytes + 256);
  char Buf[512];
  while (Out.size() < Bytes) {
    int N =
        snprintf(Buf, sizeof Buf,
                 "2026-%02u-%02u %02u:%02u:%02u [%s] %s.%s: ", 1 + R.below(12),
                 1 + R.below(28), R.below(24), R.below(60), R.below(60),
                 Levels[R.below(4)], Words[R.below(12)], Words[R.below(12)]);
    Out.append(Buf, N);
    for (unsigned W = 3 + R.below(10); W > 0; --W) {
      switch (R.below(9)) {
      case 0:
        N = snprintf(Buf, sizeof Buf, "user%u@%s ", R.below(1000),
                     Hosts[R.below(4)]);
        break;
      case 1:
        N = snprintf(Buf, sizeof Buf, "https://%s/%s/%u?id=%u ",
                     Hosts[R.below(4)], Words[R.below(12)], R.below(100),
                     R.below(100000));
        break;
      case 2:
        N = snprintf(Buf, sizeof Buf, "%u.%u.%u.%u ", R.below(256),
                     R.below(256), R.below(256), R.below(256));
        break;
      case 3:
        N = snprintf(Buf, sizeof Buf, "took=%ums ", R.below(5000));
        break;
      default:
        N = snprintf(Buf, sizeof Buf, "%s ", Words[R.below(12)]);
      }
      Out.append(Buf, N);
    }
    Out.back() = '\n';
  }
  return Out;
}

std::vector<re2::StringPiece> lines(const std::string &Text) {
  std::vector<re2::StringPiece> Out;
  size_t At = 0;
  while (At < Text.size()) {
    size_t End = Text.find('\n', At);
    Out.emplace_back(Text.data() + At, End - At);
    At = End + 1;
  }
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  size_t MB = Argc > 1 ? strtoul(Argv[1], nullptr, 10) : 4;
  std::string Text = logText(MB << 20);
  std::vector<re2::StringPiece> Lines = lines(Text);
  uint64_t Sum = 0;

  // 1. Parse each line into its fields.
  RE2 Line(R"(^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+) \[(\w+)\] ([\w.]+): (.*)$)");
  for (re2::StringPiece L : Lines) {
    int Y, Mo, D, H, Mi, S;
    std::string Level, Where;
    re2::StringPiece Rest;
    if (RE2::FullMatch(L, Line, &Y, &Mo, &D, &H, &Mi, &S, &Level, &Where,
                       &Rest))
      Sum += Mo + D + H + Level.size() + Rest.size();
  }

  // 2. Extract e-mail addresses, URLs and IPv4 addresses.
  RE2 Email(R"(([\w.+-]+)@([\w-]+(?:\.[\w-]+)+))");
  RE2 Url(R"((https?)://([^/\s]+)(/[^\s?]*)?(?:\?(\S*))?)");
  RE2 Ip(R"(\b((?:\d{1,3}\.){3}\d{1,3})\b)");
  for (re2::StringPiece L : Lines) {
    re2::StringPiece In = L;
    std::string User, Host;
    while (RE2::FindAndConsume(&In, Email, &User, &Host))
      Sum += User.size() * 3 + Host.size();
    In = L;
    std::string Scheme, Authority;
    while (RE2::FindAndConsume(&In, Url, &Scheme, &Authority))
      Sum += Authority.size();
    In = L;
    std::string Addr;
    while (RE2::FindAndConsume(&In, Ip, &Addr))
      Sum += Addr.size();
  }

  // 3. Redact them.
  for (size_t I = 0; I < Lines.size(); I += 2) {
    std::string Copy(Lines[I].data(), Lines[I].size());
    Sum += RE2::GlobalReplace(&Copy, Email, "<email>");
    Sum += RE2::GlobalReplace(&Copy, Ip, "<ip>");
    Sum += Copy.size();
  }

  // 4. Classify each line with a set of patterns.
  RE2::Set Classes(RE2::DefaultOptions, RE2::UNANCHORED);
  const char *const Patterns[] = {
      R"(\[ERROR\].*timeout)",  R"(\[WARN\].*retry)", R"(took=[4-9]\d{3}ms)",
      R"(https://api\.)",       R"(user\d+@mail)",    R"(socket\s+worker)",
      R"(\b10\.\d+\.\d+\.\d+)", R"(commit.*commit)",  R"(id=\d{5}\b)",
      R"(cache\s+(?:hit|miss))"};
  for (const char *P : Patterns)
    if (Classes.Add(P, nullptr) < 0)
      return 2;
  if (!Classes.Compile())
    return 2;
  std::vector<int> Hit;
  for (re2::StringPiece L : Lines) {
    Hit.clear();
    if (Classes.Match(L, &Hit))
      Sum += Hit.size() * 7;
  }

  // 5. Compile patterns, as a program that builds them from its input.
  for (unsigned I = 0; I < 600; ++I) {
    std::string P = std::string("(") + Words[I % 12] + "|" +
                    Words[(I * 7) % 12] + R"()\s+(\d{)" +
                    std::to_string(1 + I % 4) + R"(}|[a-z]+)\.)" +
                    Words[(I * 5) % 12];
    RE2 Compiled(P);
    Sum += Compiled.ok() ? Compiled.ProgramSize() : 0;
  }

  printf("lines %zu checksum %llu\n", Lines.size(), (unsigned long long)Sum);
  return 0;
}
