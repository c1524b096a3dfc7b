; REQUIRES: llvm-19
; Inline functions and template instances (linkonce_odr in a comdat) keep
; linkage and comdat. Their marker is linkonce_odr, hidden, in a comdat of
; its own: once the wrapper is inlined into a caller outside the function's
; comdat, the caller still finds a marker when the linker drops this
; translation unit's copy of the function (an internal marker inside the
; function's comdat would be a reference into a discarded section). N does
; not depend on the module, so the copies fold. The descriptor is internal
; and outside any comdat (the registration table refers to it).
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: sed 's/^source_filename = .*/source_filename = "other.cpp"/' %s | env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath -S | %FileCheck %s

$_Z3maxIiET_S0_S0_ = comdat any
; CHECK: $_Z3maxIiET_S0_S0_ = comdat any
; CHECK: $_Z3maxIiET_S0_S0_.hotpath.14699687608902073330 = comdat any

; N = MD5("_Z3maxIiET_S0_S0_"), in decimal.
; CHECK: @__hotpath_desc.[[N:14699687608902073330]] = internal global { i32, i32, i64, ptr, ptr, ptr, i32, i32 } { i32 5, i32 0, i64 -3747056464807478286, {{.*}} }, align 8{{$}}
; CHECK: @__hotpath_desc.[[W:[0-9]+]] = internal global {{.*}} { i32 5, i32 0, i64

; CHECK-LABEL: define linkonce_odr i32 @_Z3maxIiET_S0_S0_(i32 %a, i32 %b) #0 comdat {
; CHECK:         notail call i32 @_Z3maxIiET_S0_S0_.hotpath.[[N]](i32 %a, i32 %b)
; CHECK:       define linkonce_odr hidden i32 @_Z3maxIiET_S0_S0_.hotpath.[[N]](i32 %a, i32 %b) #{{[0-9]+}} comdat {
define linkonce_odr i32 @_Z3maxIiET_S0_S0_(i32 %a, i32 %b) nounwind comdat {
  %c = icmp sgt i32 %a, %b
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}

; Weak functions without a comdat: the marker is internal, no comdat.
; CHECK-LABEL: define weak void @weakfn() #0 {
; CHECK:       define internal void @weakfn.hotpath.[[W]]() #{{[0-9]+}} {
define weak void @weakfn() nounwind {
  ret void
}
