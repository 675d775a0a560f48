// Two loops in sequence: the second relies on what the first established.
// decided: O2
// verdict: safe
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned int a = 0, b = 0;
  while (a < n) a++;
  while (b < a) b++;
  if (b != n) reach_error();
  return 0;
}
