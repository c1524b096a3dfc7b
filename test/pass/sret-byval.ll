; REQUIRES: llvm-19
; Parameter and return attributes are part of the call's ABI: the wrapper
; forwards sret, byval, signext, nonnull... to the marker with the same
; attributes. (inalloca/preallocated are skipped: skipped.ll.)
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

%struct.Big = type { [8 x i64] }

; CHECK-LABEL: define void @_Z4make3Big(ptr noalias nocapture writable sret(%struct.Big) align 8 %out, ptr nocapture readonly byval(%struct.Big) align 8 %in, i8 signext %c) #0 {
; CHECK:         notail call void @_Z4make3Big.hotpath.[[N:[0-9]+]](ptr noalias nocapture writable sret(%struct.Big) align 8 %out, ptr nocapture readonly byval(%struct.Big) align 8 %in, i8 signext %c)
; CHECK:       define internal void @_Z4make3Big.hotpath.[[N]](ptr noalias nocapture writable sret(%struct.Big) align 8 %out, ptr nocapture readonly byval(%struct.Big) align 8 %in, i8 signext %c)
; CHECK-NEXT:    call void asm sideeffect "", ""()
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 8 %out, ptr align 8 %in, i64 64, i1 false)
define void @_Z4make3Big(ptr noalias nocapture writable sret(%struct.Big) align 8 %out, ptr nocapture readonly byval(%struct.Big) align 8 %in, i8 signext %c) nounwind {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %out, ptr align 8 %in, i64 64, i1 false)
  ret void
}

; Return attributes too.
; CHECK-LABEL: define nonnull ptr @_Z2idPv(ptr %p)
; CHECK:         %[[R:[0-9]+]] = notail call nonnull ptr @_Z2idPv.hotpath.{{[0-9]+}}(ptr %p)
; CHECK-NEXT:    call void @__hotpath_exit
; CHECK-NEXT:    ret ptr %[[R]]
define nonnull ptr @_Z2idPv(ptr %p) nounwind {
  ret ptr %p
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
