; REQUIRES: llvm-19
; Code whose definition runs in another module (available_externally: an
; extern template's members, std::string::append) calls the measured
; program's helpers only where the inliner takes it; left a call, it runs
; the library's copy, which calls the library's helpers. Counted in one
; body and not in another (a marker out of line, its copy inlined into a
; wrapper's fast path), those calls made the same build count differently
; in count-only mode and the others. Its calls go to the helpers' bodies:
; never counted, wherever it is inlined.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; And after the whole -O2 pipeline the helper is reached unmeasured.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes='hotpath,default<O2>' -S %s | %FileCheck %s --check-prefix=O2

; The helper is measured: it has a wrapper and a body.
; CHECK: define linkonce_odr i64 @helper(i64 %n)
; CHECK: define internal i64 @helper.hotpath.[[H:[0-9]+]](i64 %n)

; The foreign code calls the body.
; CHECK: define available_externally i64 @append(i64 %n)
; CHECK-NEXT: %m = call i64 @helper.hotpath.[[H]](i64 %n)

; The program's own call of the foreign code is measured as before (user
; is wrapped; its body calls append).
; CHECK: define internal i64 @user.hotpath.{{[0-9]+}}(i64 %n)
; CHECK: %r = call i64 @append(i64 %n)

; O2: define {{.*}}i64 @user.hotpath.{{[0-9]+}}(i64
; O2-NOT: call {{.*}}@helper(
; O2: ret i64

define linkonce_odr i64 @helper(i64 %n) {
  %m = mul i64 %n, 3
  ret i64 %m
}

define available_externally i64 @append(i64 %n) {
  %m = call i64 @helper(i64 %n)
  ret i64 %m
}

define i64 @user(i64 %n) {
  %r = call i64 @append(i64 %n)
  ret i64 %r
}
