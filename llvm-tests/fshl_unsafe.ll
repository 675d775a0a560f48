; Funnel shifts (a rotate, as -O3 makes of state machines) must be encoded exactly.
; verdict: unsafe
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
declare i32 @llvm.fshl.i32(i32, i32, i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %r = call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 8)
  %hit = icmp eq i32 %r, 258
  br i1 %hit, label %err, label %done
err:
  call void @reach_error()
  unreachable
done:
  ret i32 0
}
