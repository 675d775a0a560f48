; The same loop in LLVM IR, with an error when the loop ran exactly 5 times.
; verdict: unsafe
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %n = call i32 @__VERIFIER_nondet_int()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %inc = add nsw i32 %i, 1
  br label %loop
exit:
  %bad = icmp eq i32 %i, 5
  br i1 %bad, label %err, label %done
err:
  call void @reach_error()
  unreachable
done:
  ret i32 0
}
