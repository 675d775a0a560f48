// Two loops in sequence; the second one overshoots by one.
// verdict: unsafe
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 5) return 0;
  unsigned int a = 0, b = 0;
  while (a < n) a++;
  while (b <= a) b++;
  if (b != n) reach_error();
  return 0;
}
