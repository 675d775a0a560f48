// __builtin_sub_overflow with a long long and an unsigned long long operand
// (an i65 computation): b can exceed a + 2^63, so the subtraction overflows.
// decided: O0 O2
// verdict: unsafe
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  long long r;
  if (a >= 0) {
    int o = __builtin_sub_overflow(a, b, &r);
    if (o) reach_error();
  }
  return 0;
}
