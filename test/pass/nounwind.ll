; REQUIRES: llvm-19
; A nounwind body is called with a plain `notail call` between the hooks.
; The wrapper keeps symbol, linkage, attributes and calling convention,
; minus the attributes that would let the optimizer drop or merge calls;
; the marker is internal, called `noinline` between the hooks, and starts
; with an empty side-effecting asm. Calls of the function in the module lose the same attributes.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

; CHECK:       define fastcc i32 @_Z4purei(i32 noundef %x) #[[WRAP:[0-9]+]] section ".text.pure" align 32 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[N:[0-9]+]]) #[[NOUNWIND:[0-9]+]]
; CHECK-NEXT:    %[[R:[0-9]+]] = notail call fastcc i32 @_Z4purei.hotpath.[[N]](i32 noundef %x) #[[NOINLINE:[0-9]+]]
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]]) #[[NOUNWIND]]
; CHECK-NEXT:    ret i32 %[[R]]
; CHECK-NEXT:  }
; CHECK:       define internal fastcc i32 @_Z4purei.hotpath.[[N]](i32 noundef %x) #[[WRAP]] section ".text.pure" align 32 {
; CHECK-NEXT:    call void asm sideeffect "", ""() #[[PIN:[0-9]+]]
; CHECK-NEXT:    %y = mul i32 %x, 3
; CHECK-NEXT:    ret i32 %y
define fastcc i32 @_Z4purei(i32 noundef %x) nounwind memory(none) willreturn speculatable mustprogress section ".text.pure" align 32 {
  %y = mul i32 %x, 3
  ret i32 %y
}

; The call site's own memory(none) goes too: two calls stay two calls.
; CHECK-LABEL: define internal i32 @_Z6callerv.hotpath.
; CHECK:         call fastcc i32 @_Z4purei(i32 1){{$}}
; CHECK-NEXT:    call fastcc i32 @_Z4purei(i32 1){{$}}
define i32 @_Z6callerv() nounwind {
  %a = call fastcc i32 @_Z4purei(i32 1) memory(none) willreturn
  %b = call fastcc i32 @_Z4purei(i32 1) memory(none) willreturn
  ret i32 %a
}

; Internal functions stay internal; a void function returns void.
; CHECK-LABEL: define internal void @helper()
; CHECK:         notail call void @helper.hotpath.{{[0-9]+}}()
; CHECK-NEXT:    call void @__hotpath_exit
; CHECK-NEXT:    ret void
define internal void @helper() nounwind {
  ret void
}

; Hooks: nounwind and nonlazybind (GOT call, no PLT stub), reading their
; record and writing only the runtime's memory; so does the pin.
; CHECK: declare void @__hotpath_enter(ptr) #[[HOOK:[0-9]+]]
; CHECK: declare void @__hotpath_exit(ptr) #[[HOOK]]

; CHECK-DAG: attributes #[[WRAP]] = { mustprogress nounwind }
; CHECK-DAG: attributes #[[NOINLINE]] = { noinline }
; CHECK-DAG: attributes #[[HOOK]] = { nounwind nonlazybind memory(argmem: read, inaccessiblemem: readwrite) }
; CHECK-DAG: attributes #[[PIN]] = { nounwind memory(inaccessiblemem: readwrite) }
; CHECK-DAG: attributes #[[NOUNWIND]] = { nounwind }
