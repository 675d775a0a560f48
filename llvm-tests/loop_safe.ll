; A loop written directly in LLVM IR: i counts to n, the error needs i > n.
; verdict: safe
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %n = call i32 @__VERIFIER_nondet_int()
  %pos = icmp sge i32 %n, 0
  br i1 %pos, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %inc = add nsw i32 %i, 1
  br label %loop
exit:
  %bad = icmp sgt i32 %i, %n
  br i1 %bad, label %err, label %done
err:
  call void @reach_error()
  unreachable
done:
  ret i32 0
}
