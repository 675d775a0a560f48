// At -O2 LLVM replaces the loop by its closed form n(n-1)/2, computed in
// 65 bits (i65) so that the product cannot overflow.
// decided: O0 O2
// verdict: unsafe
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  unsigned long s = 0;
  for (int i = 0; i < (long long)n; i++) s += i;
  if (s == 3) reach_error();
  return 0;
}
