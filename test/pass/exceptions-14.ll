; REQUIRES: llvm-14
; LLVM 14 (typed pointers) version of exceptions.ll and nounwind.ll: the
; hook argument is the descriptor bitcast to i8*, the landing pad type is
; { i8*, i32 }, and the memory attributes of LLVM 14 (readnone, readonly,
; argmemonly...) leave the wrapper, the marker and the call sites.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

declare void @may_throw()

; CHECK: @__hotpath_desc.[[C:[0-9]+]] = internal global { i32, i32, i64, i8*, i8*, i8*, i32, i32 } { i32 5, i32 0, i64
; CHECK: @__hotpath_desc.[[P:[0-9]+]] = internal global
; CHECK: @llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 0, void ()* @hotpath.module_ctor, i8* null }]

; CHECK-LABEL: define void @c_func() personality i32 (...)* @__gcc_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(i8* bitcast ({{.*}}* @__hotpath_desc.[[C]] to i8*))
; CHECK-NEXT:    invoke void @c_func.hotpath.[[C]]()
; CHECK-NEXT:            to label %hotpath.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.ret:
; CHECK-NEXT:    call void @__hotpath_exit(i8* bitcast ({{.*}}* @__hotpath_desc.[[C]] to i8*))
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[0-9]+]] = landingpad { i8*, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(i8* bitcast ({{.*}}* @__hotpath_desc.[[C]] to i8*))
; CHECK-NEXT:    resume { i8*, i32 } %[[LP]]
; CHECK:       define internal void @c_func.hotpath.[[C]]()
; CHECK-NEXT:    call void asm sideeffect "", ""()
define void @c_func() {
  call void @may_throw()
  ret void
}

; CHECK:       define i32 @_Z4purei(i32 %x) #[[WRAP:[0-9]+]] {
; CHECK:         %[[R:[0-9]+]] = notail call i32 @_Z4purei.hotpath.[[P]](i32 %x) #[[NOINLINE:[0-9]+]]
; CHECK:       define internal i32 @_Z4purei.hotpath.[[P]](i32 %x) #[[WRAP]] {
define i32 @_Z4purei(i32 %x) nounwind readnone willreturn speculatable {
  %y = mul i32 %x, 3
  ret i32 %y
}

; CHECK-LABEL: define internal i32 @_Z6callerPi.hotpath.
; CHECK:         call i32 @_Z4purei(i32 1){{$}}
; CHECK-NEXT:    call i32 @_Z4purei(i32 1){{$}}
define i32 @_Z6callerPi(i32* %p) nounwind argmemonly readonly {
  %a = call i32 @_Z4purei(i32 1) readnone willreturn
  %b = call i32 @_Z4purei(i32 1) readnone willreturn
  ret i32 %a
}

; CHECK: declare void @__hotpath_enter(i8*) #[[HOOK:[0-9]+]]
; CHECK-DAG: attributes #[[WRAP]] = { nounwind }
; CHECK-DAG: attributes #[[NOINLINE]] = { noinline }
; CHECK-DAG: attributes #[[HOOK]] = { inaccessiblemem_or_argmemonly nounwind nonlazybind }
