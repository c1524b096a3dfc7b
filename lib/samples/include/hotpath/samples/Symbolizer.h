//===- Symbolizer.h - Sampled addresses to functions and lines --*- C++ -*-===//
//
// After the run, on the report's record of the loaded objects: each
// sampled address to the functions (inlined ones first) and source lines
// it belongs to, through LLVM's symbolizer (DWARF where the object has it,
// the symbol table where not). An object whose file is gone or was rebuilt
// since the run (another build id) is not read: its addresses stay
// unnamed, and one warning says why.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_SYMBOLIZER_H
#define HOTPATH_SAMPLES_SYMBOLIZER_H

#include "hotpath/report/CpuSamples.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hotpath::samples {

/// One source-level frame: a function, or one inlined into it.
struct SourceFrame {
  std::string Symbol; // linkage name (mangled), or "" when unknown
  std::string File;   // "" when unknown
  uint32_t Line = 0;
  std::string Object;   // the file it is in, "" when no object holds it
  uint64_t Offset = 0;  // the address in that object's virtual addresses
  bool Inlined = false; // inlined into the next frame out (the same code)
};

class Symbolizer {
public:
  explicit Symbolizer(const report::CpuSamplesSection &S);
  ~Symbolizer();
  Symbolizer(const Symbolizer &) = delete;
  Symbolizer &operator=(const Symbolizer &) = delete;

  /// The frames of `Addr`, innermost (the deepest inlined) first; never
  /// empty. A return address (`Return`) is looked up one byte back: in
  /// the call instruction, whose line is the call's.
  const std::vector<SourceFrame> &frames(uint64_t Addr, bool Return);

  /// The report's object whose code holds `Addr` (an index in its
  /// objects), if one does.
  std::optional<size_t> objectOf(uint64_t Addr) const;

  /// Whether the report's object `I` can be read and is the build that ran
  /// (its build id); a warning says why not.
  bool readable(size_t I);

  /// One line per object that could not be read ("" none).
  std::vector<std::string> warnings() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_SYMBOLIZER_H
