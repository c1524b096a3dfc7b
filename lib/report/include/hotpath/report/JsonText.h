//===- JsonText.h - Compact JSON written as it goes -------------*- C++ -*-===//
//
// Appends JSON to a string without building a document first: the bytes
// nlohmann's compact dump (indent -1, invalid UTF-8 replaced) writes for
// the same values, so a report reads the same whichever wrote it.
//
// Hand-written because nlohmann has no streaming writer, and the runtime
// writes its report when the profiled program exits, inside the time a
// user measures: a whole-program report built as a document was ~10^4
// small objects, each allocated, dumped and freed (6 ms of a 0.6 MB
// report, docs/performance.md). Strings and floating-point numbers that
// need more than a copy are still formatted by nlohmann.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_JSONTEXT_H
#define HOTPATH_REPORT_JSONTEXT_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::report {

class JsonText {
public:
  explicit JsonText(std::string &Out) : Out(Out) {}

  void beginObject() { open('{'); }
  void endObject() { close('}'); }
  void beginArray() { open('['); }
  void endArray() { close(']'); }
  /// The next member's key; its value follows.
  void key(std::string_view K);

  void value(std::string_view S);
  void value(const char *S) { value(std::string_view(S)); }
  void value(const std::string &S) { value(std::string_view(S)); }
  void value(uint64_t V);
  void value(int64_t V);
  void value(uint32_t V) { value(uint64_t(V)); }
  void value(int V) { value(int64_t(V)); }
  void value(double V);
  void value(bool V);
  void null();
  /// A value already built as a document (small sections).
  void value(const nlohmann::ordered_json &J);

  /// key(K) then value(V).
  template <typename T> void member(std::string_view K, const T &V) {
    key(K);
    value(V);
  }
  template <typename T>
  void member(std::string_view K, const std::vector<T> &Vs) {
    key(K);
    beginArray();
    for (const T &V : Vs)
      value(V);
    endArray();
  }

  /// key(K), then an array of one object for each of Items, its members
  /// written by Members(item).
  template <typename Range, typename F>
  void objects(std::string_view K, const Range &Items, F Members) {
    key(K);
    beginArray();
    for (const auto &Item : Items) {
      beginObject();
      Members(Item);
      endObject();
    }
    endArray();
  }

private:
  void open(char C);
  void close(char C);
  void separate(); // a comma before every element but the first

  std::string &Out;
  std::vector<bool> Empty; // per open container: nothing in it yet
  bool AfterKey = false;
};

} // namespace hotpath::report

#endif // HOTPATH_REPORT_JSONTEXT_H
