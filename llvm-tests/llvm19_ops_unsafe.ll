; What LLVM 19's optimizer writes that LLVM 14's did not: three-way compares
; (llvm.scmp/llvm.ucmp) and the flags nneg, disjoint and trunc nuw. The
; compares must be encoded exactly: the bug needs 10 < x < 20.
; verdict: unsafe
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
declare i8 @llvm.scmp.i8.i32(i32, i32)
declare i8 @llvm.ucmp.i8.i32(i32, i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %s = call i8 @llvm.scmp.i8.i32(i32 %x, i32 10)
  %u = call i8 @llvm.ucmp.i8.i32(i32 %x, i32 20)
  %above = icmp eq i8 %s, 1
  %below = icmp eq i8 %u, -1
  %both = and i1 %above, %below
  br i1 %both, label %flags, label %done
flags:
  %w = zext nneg i32 %x to i64
  %o = or disjoint i64 %w, 256
  %t = trunc nuw i64 %o to i32
  %hit = icmp eq i32 %t, 271
  br i1 %hit, label %err, label %done
err:
  call void @reach_error()
  unreachable
done:
  ret i32 0
}
