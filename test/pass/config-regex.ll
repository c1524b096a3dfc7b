; Regexes are searched in demangled names (templates without their return
; type), C names as they are; exclude wins over include.
; The IR has no pointers, so it reads on LLVM 14 and 19 alike.
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-regex.toml HOTPATH_VERBOSE=2 \
; RUN:   %opt -passes=hotpath,verify -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=WHY < %t.err
; RUN: grep -c '^define internal .*\.hotpath\.[0-9]*(' %t.ll \
; RUN:   | FileCheck %s --check-prefix=COUNT

; COUNT: 5

; myapp::parser::parse(int)
define i32 @_ZN5myapp6parser5parseEi(i32 %x) {
  %r = mul i32 %x, 3
  ret i32 %r
}
; IR-DAG: define internal {{.*}}@_ZN5myapp6parser5parseEi.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented myapp::parser::parse(int) (matches include regex '^myapp::' in config-regex.toml:3)

; int myapp::twice<int>(int): the template's return type is not part of the name.
define linkonce_odr i32 @_ZN5myapp5twiceIiEET_S1_(i32 %x) {
  %r = add i32 %x, %x
  ret i32 %r
}
; IR-DAG: define internal {{.*}}@_ZN5myapp5twiceIiEET_S1_.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented myapp::twice<int>(int) (matches include regex '^myapp::' in config-regex.toml:3)

; myapp::Box<myapp::Box<int>>::get(int): ">>", never "> >".
define linkonce_odr i32 @_ZN5myapp3BoxINS0_IiEEE3getEi(i32 %x) {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@_ZN5myapp3BoxINS0_IiEEE3getEi.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented myapp::Box<myapp::Box<int>>::get(int) (matches include regex '^myapp::' in config-regex.toml:3)

; myapp::Vec::operator+(int): excluded although include matches.
define i32 @_ZN5myapp3VecplEi(i32 %x) {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped myapp::Vec::operator+(int): excluded by '::operator' (config-regex.toml:8)

; myapp::detail::helper(int)
define i32 @_ZN5myapp6detail6helperEi(i32 %x) {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped myapp::detail::helper(int): excluded by '^myapp::detail::' (config-regex.toml:9)

define i32 @compress_block(i32 %x) {
  %r = xor i32 %x, 5
  ret i32 %r
}
; IR-DAG: define internal {{.*}}@compress_block.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented compress_block (matches include regex '^compress_block$' in config-regex.toml:4)

; Anchored: compress_block_fast does not match "^compress_block$".
define i32 @compress_block_fast(i32 %x) {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped compress_block_fast: no rule selects it

; game::Engine::step(float): unanchored regex, found mid-name.
define float @_ZN4game6Engine4stepEf(float %x) {
  ret float %x
}
; IR-DAG: define internal {{.*}}@_ZN4game6Engine4stepEf.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented game::Engine::step(float) (named by include 'Engine::step' in config-regex.toml:5)

; The mangled name itself is never matched: "^myapp::" is not in "_ZN5myapp...".
define i32 @_ZN7other_n4funcEi(i32 %x) {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped other_n::func(int): no rule selects it
