; LLVM 19's three-way compares encoded exactly: scmp(x, 10) == 1 means x > 10,
; so together with ucmp(x, 5) == -1 (x < 5 unsigned) nothing reaches the error.
; verdict: safe
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
declare i8 @llvm.scmp.i8.i32(i32, i32)
declare i32 @llvm.ucmp.i32.i32(i32, i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %s = call i8 @llvm.scmp.i8.i32(i32 %x, i32 10)
  %u = call i32 @llvm.ucmp.i32.i32(i32 %x, i32 5)
  %above = icmp eq i8 %s, 1
  %below = icmp eq i32 %u, -1
  %both = and i1 %above, %below
  br i1 %both, label %err, label %done
err:
  call void @reach_error()
  unreachable
done:
  ret i32 0
}
