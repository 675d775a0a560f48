// SAFE: a remainder is never larger than the dividend. Under lia the remainder
// by a variable is a nonlinear term, on which Spacer answers "unknown"; the
// portfolio runs the member again under bv, which proves it.
// decided: O0 O2
// verdict: safe
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned short a = __VERIFIER_nondet_ushort();
  unsigned b = __VERIFIER_nondet_uint();
  unsigned r = b == 0u ? 10u : a % b;
  if (b != 0u && r > a) reach_error();
  return 0;
}
