// A loop that never ends for x > 0 guards the error: C11 lets a compiler
// assume it ends (clang marks it llvm.loop.mustprogress, and clang -O2 deletes
// it, turning the error into an assumption); ufo drops that property and
// keeps the loop, so the error stays unreachable at every level.
// verdict: safe
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    while (x > 0) {
    }
    reach_error();
  }
  return 0;
}
