// UNSAFE: a % b == 7 for a = 7, b = 8 (and many more). Under lia the remainder
// by a variable is a nonlinear term, on which Spacer answers "unknown"; the
// portfolio runs the member again under bv, which finds the bug.
// decided: O0 O2
// verdict: unsafe
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned short a = __VERIFIER_nondet_ushort();
  unsigned b = __VERIFIER_nondet_uint();
  unsigned r = b == 0u ? 10u : a % b;
  if (r == 7) reach_error();
  return 0;
}
