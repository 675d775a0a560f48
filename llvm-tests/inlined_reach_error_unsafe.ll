; clang -O2 inlined SV-COMP's reach_error() into main: only __assert_fail(.., "reach_error") is left.
; It is still the error (frontend::builtins); the replay harness catches it in __assert_fail.
; verdict: unsafe
source_filename = "inlined_reach_error_unsafe.c"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"0\00", align 1
@.str.1 = private unnamed_addr constant [29 x i8] c"inlined_reach_error_unsafe.c\00", align 1
@.str.2 = private unnamed_addr constant [12 x i8] c"reach_error\00", align 1

define dso_local void @reach_error() local_unnamed_addr {
  tail call void @__assert_fail(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0), i8* noundef getelementptr inbounds ([29 x i8], [29 x i8]* @.str.1, i64 0, i64 0), i32 noundef 2, i8* noundef getelementptr inbounds ([12 x i8], [12 x i8]* @.str.2, i64 0, i64 0))
  unreachable
}

declare void @__assert_fail(i8* noundef, i8* noundef, i32 noundef, i8* noundef) local_unnamed_addr

define dso_local i32 @main() local_unnamed_addr {
  %1 = tail call i32 @__VERIFIER_nondet_int()
  %2 = icmp eq i32 %1, 42
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  tail call void @__assert_fail(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0), i8* noundef getelementptr inbounds ([29 x i8], [29 x i8]* @.str.1, i64 0, i64 0), i32 noundef 2, i8* noundef getelementptr inbounds ([12 x i8], [12 x i8]* @.str.2, i64 0, i64 0))
  unreachable

4:                                                ; preds = %0
  ret i32 0
}

declare i32 @__VERIFIER_nondet_int() local_unnamed_addr

