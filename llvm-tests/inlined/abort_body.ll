; clang -O2 inlined a reach_error() whose body is abort(): the error call is gone from main.
; ufo must not answer SAFE (see frontend::builtins::inlined_error_hazard).
source_filename = "hz.c"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @reach_error() local_unnamed_addr {
  tail call void @abort()
  unreachable
}

declare void @abort() local_unnamed_addr

define dso_local i32 @main() local_unnamed_addr {
  %1 = tail call i32 @__VERIFIER_nondet_int()
  %2 = icmp eq i32 %1, 42
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  tail call void @abort()
  unreachable

4:                                                ; preds = %0
  ret i32 0
}

declare i32 @__VERIFIER_nondet_int() local_unnamed_addr

