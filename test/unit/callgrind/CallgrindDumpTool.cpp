//===- CallgrindDumpTool.cpp - Print what the Callgrind reader sees -------===//
//
// Test helper: `hotpath_cgdump inclusive FILE` prints, per part, every
// function's inclusive Ir as callgrind_annotate --inclusive=yes keys it
// ("part<TAB>file:function<TAB>Ir"); `hotpath_cgdump markers FILE...`
// prints each marker's N, calls=, raw and corrected inclusive Ir.
// Exit status 2 with one line on a malformed file.
//
//===----------------------------------------------------------------------===//
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/callgrind/CallgrindProfile.h"

#include <cstdio>
#include <cstring>

using namespace hotpath::callgrind;

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr, "usage: hotpath_cgdump inclusive|markers FILE...\n");
    return 2;
  }
  std::vector<Part> Parts;
  for (int I = 2; I < Argc; ++I) {
    Profile P;
    std::string Error;
    if (!readProfileFile(Argv[I], P, Error)) {
      std::fprintf(stderr, "hotpath_cgdump: %s: %s\n", Argv[I], Error.c_str());
      return 2;
    }
    for (Part &Pt : P.Parts)
      Parts.push_back(std::move(Pt));
  }
  if (!std::strcmp(Argv[1], "inclusive")) {
    for (size_t I = 0; I < Parts.size(); ++I) {
      int Ir = Parts[I].eventIndex("Ir");
      std::printf(
          "%zu\tPROGRAM TOTALS\t%llu\n", I,
          (unsigned long long)(Ir >= 0 && size_t(Ir) < Parts[I].total().size()
                                   ? Parts[I].total()[size_t(Ir)]
                                   : 0));
      for (auto &[K, C] : Parts[I].inclusiveLikeAnnotate())
        std::printf("%zu\t%s:%s\t%llu\n", I, K.File.c_str(), K.Name.c_str(),
                    (unsigned long long)(Ir >= 0 && size_t(Ir) < C.size()
                                             ? C[size_t(Ir)]
                                             : 0));
    }
    return 0;
  }
  Attribution A = attribute(Parts);
  std::printf("hook_ir\t%llu\n", (unsigned long long)A.HookIr);
  for (auto &[N, M] : A.Markers)
    std::printf("%llu\tcalls=%llu\tir=%llu\twrapper=%llu\n",
                (unsigned long long)N, (unsigned long long)M.Calls,
                (unsigned long long)M.Raw, (unsigned long long)M.WrapperIr);
  return 0;
}
