// __builtin_sub_overflow with a long long and an unsigned long long operand:
// clang computes it in 65 bits (i65). A non-negative a minus b <= 10 fits.
// decided: O0 O2
// verdict: safe
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  long long r;
  if (a >= 0 && b <= 10) {
    int o = __builtin_sub_overflow(a, b, &r);
    if (o) reach_error();
    if (r != a - (long long)b) reach_error();
  }
  return 0;
}
