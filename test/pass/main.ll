; REQUIRES: llvm-19
; With `main = true`, main begins the session first and ends it before
; every return. main is not wrapped unless selected; when it is, the
; session begins before its enter hook and ends after its exit hook.
; RUN: env HOTPATH_CONFIG=%S/Inputs/main.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/main-measured.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=MEASURED
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOMAIN

; CHECK-LABEL: define i32 @main(i32 %argc) #0 {
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    call void @__hotpath_main_begin()
; CHECK-NEXT:    %c = icmp eq i32 %argc, 1
; CHECK:       one:
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    call void @__hotpath_main_end()
; CHECK-NEXT:    ret i32 0
; CHECK:       more:
; CHECK-NEXT:    call void @__hotpath_main_end()
; CHECK-NEXT:    ret i32 1
; CHECK-NOT:   @main.hotpath.
; CHECK:       define internal void @work.hotpath.

; MEASURED:      @__hotpath_desc.[[N:[0-9]+]] = internal global {{.*}} { i32 5, i32 4, i64
; MEASURED-LABEL: define i32 @main(i32 %argc) #0 {
; MEASURED-NEXT: entry:
; MEASURED-NEXT:   call void @__hotpath_main_begin()
; MEASURED-NEXT:   call void @__hotpath_enter(ptr @__hotpath_desc.[[N]])
; MEASURED-NEXT:   %[[R:[0-9]+]] = notail call i32 @main.hotpath.[[N]](i32 %argc)
; MEASURED-NEXT:   call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; MEASURED-NEXT:   call void @__hotpath_main_end()
; MEASURED-NEXT:   ret i32 %[[R]]

; Measured without `main = true`: main is an ordinary function, its record
; not flagged HOTPATH_FN_MAIN (4), which would stop the lazy session.
; NOMAIN-NOT: __hotpath_main_begin
; NOMAIN:     @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOMAIN:     @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOMAIN-NOT: __hotpath_main_begin
; NOMAIN-NOT: __hotpath_main_end

define i32 @main(i32 %argc) nounwind {
  %slot = alloca i32
  %c = icmp eq i32 %argc, 1
  br i1 %c, label %one, label %more
one:
  call void @work()
  ret i32 0
more:
  ret i32 1
}

define void @work() nounwind {
  ret void
}
