// SV-COMP's shape: the program defines reach_error itself (its body aborts
// through __assert_fail, naming the function) and declares the nondet
// functions with types of its own.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "svcomp_error.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  _Bool b = __VERIFIER_nondet_bool();
  __VERIFIER_assert(!(b && c == 200));
  return 0;
}
