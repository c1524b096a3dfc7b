//===- LockNames.cpp - Names for the report's locks -----------------------===//
#include "hotpath/samples/LockNames.h"

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"

namespace hotpath::samples {

namespace {

llvm::symbolize::LLVMSymbolizer::Options options() {
  llvm::symbolize::LLVMSymbolizer::Options O;
  O.Demangle = true; // names for a person
  return O;
}

// "function (file:line)" of a return address, or "" when nothing is known.
std::string siteOf(llvm::symbolize::LLVMSymbolizer &Sym,
                   const std::string &Object, uint64_t Offset) {
  if (Object.empty() || !Offset)
    return "";
  auto Info = Sym.symbolizeCode(
      Object, {Offset - 1, llvm::object::SectionedAddress::UndefSection});
  if (!Info) {
    llvm::consumeError(Info.takeError());
    return "";
  }
  std::string Fn = Info->FunctionName == "<invalid>" ? "" : Info->FunctionName;
  std::string Where;
  if (Info->FileName != "<invalid>" && Info->Line)
    Where = llvm::sys::path::filename(Info->FileName).str() + ":" +
            std::to_string(Info->Line);
  if (Fn.empty())
    return Where;
  return Where.empty() ? Fn : Fn + " (" + Where + ")";
}

} // namespace

void nameLocks(report::LocksSection &S) {
  llvm::symbolize::LLVMSymbolizer Sym(options());
  for (report::LockRow &R : S.Data) {
    if (!R.Name.empty())
      continue;
    if (!R.Object.empty()) {
      auto G = Sym.symbolizeData(
          R.Object, {R.Offset, llvm::object::SectionedAddress::UndefSection});
      if (G && !G->Name.empty() && G->Name != "<invalid>") {
        R.Name = G->Name;
        if (G->Start != R.Offset && G->Start < R.Offset)
          R.Name += "+" + std::to_string(R.Offset - G->Start);
        continue;
      }
      if (!G)
        llvm::consumeError(G.takeError());
    }
    std::string Site = siteOf(Sym, R.SiteObject, R.SiteOffset);
    if (!R.FirstFunction.empty())
      R.Name = "first locked in " + R.FirstFunction +
               (Site.empty() ? "" : ", at " + Site);
    else if (!Site.empty())
      R.Name = "first locked at " + Site;
  }
}

} // namespace hotpath::samples
