; REQUIRES: llvm-19
; Google Benchmark's timed loop: the runtime is told right after each call
; of benchmark::State::StartKeepRunning() and right before each call of
; FinishKeepRunning(), whatever hotpath.toml selects. After an invoke, the
; start goes into its normal destination, split off when another block
; also leads there. A second run of the pass adds nothing.
; RUN: %opt -passes=hotpath-benchmark-regions,verify -S %s | %FileCheck %s
; RUN: %opt -passes=hotpath-benchmark-regions,hotpath-benchmark-regions,verify -S %s | %FileCheck %s --check-prefix=TWICE
; A module without Google Benchmark is left alone.
; RUN: echo 'define void @f() { ret void }' | %opt -passes=hotpath-benchmark-regions -S | %FileCheck %s --check-prefix=NONE

%"class.benchmark::State" = type opaque

declare void @_ZN9benchmark5State16StartKeepRunningEv(ptr)
declare void @_ZN9benchmark5State17FinishKeepRunningEv(ptr)
declare void @work()
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @range_for(ptr %s)
; CHECK:         call void @_ZN9benchmark5State16StartKeepRunningEv(ptr %s)
; CHECK-NEXT:    call void @__hotpath_bench_start()
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    call void @__hotpath_bench_stop()
; CHECK-NEXT:    call void @_ZN9benchmark5State17FinishKeepRunningEv(ptr %s)
define void @range_for(ptr %s) {
  call void @_ZN9benchmark5State16StartKeepRunningEv(ptr %s)
  call void @work()
  call void @_ZN9benchmark5State17FinishKeepRunningEv(ptr %s)
  ret void
}

; CHECK-LABEL: define void @invoked(ptr %s, i1 %c)
; CHECK:         invoke void @_ZN9benchmark5State16StartKeepRunningEv(ptr %s)
; CHECK-NEXT:      to label %[[SPLIT:.*]] unwind label %lpad
; CHECK:       [[SPLIT]]:
; CHECK-NEXT:    call void @__hotpath_bench_start()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    call void @work()
; CHECK:         call void @__hotpath_bench_stop()
; CHECK-NEXT:    invoke void @_ZN9benchmark5State17FinishKeepRunningEv(ptr %s)
define void @invoked(ptr %s, i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %start, label %loop
start:
  invoke void @_ZN9benchmark5State16StartKeepRunningEv(ptr %s)
      to label %loop unwind label %lpad
loop:
  call void @work()
  invoke void @_ZN9benchmark5State17FinishKeepRunningEv(ptr %s)
      to label %done unwind label %lpad
done:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}


; PauseTiming() inside the loop stops, ResumeTiming() starts again.
; CHECK-LABEL: define void @paused(ptr %s)
; CHECK:         call void @__hotpath_bench_stop()
; CHECK-NEXT:    call void @_ZN9benchmark5State11PauseTimingEv(ptr %s)
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    call void @_ZN9benchmark5State12ResumeTimingEv(ptr %s)
; CHECK-NEXT:    call void @__hotpath_bench_start()
declare void @_ZN9benchmark5State11PauseTimingEv(ptr)
declare void @_ZN9benchmark5State12ResumeTimingEv(ptr)
define void @paused(ptr %s) {
  call void @_ZN9benchmark5State11PauseTimingEv(ptr %s)
  call void @work()
  call void @_ZN9benchmark5State12ResumeTimingEv(ptr %s)
  ret void
}

; CHECK: declare void @__hotpath_bench_start() #[[ATTR:[0-9]+]]
; CHECK: declare void @__hotpath_bench_stop() #[[ATTR]]
; CHECK: attributes #[[ATTR]] = { nounwind }

; TWICE-COUNT-3: call void @__hotpath_bench_start()
; TWICE-NOT:     call void @__hotpath_bench_start()

; NONE-NOT: __hotpath_bench
