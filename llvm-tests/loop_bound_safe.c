// A counter to a nondet bound stays within the bound's range (intervals with widening).
// verdict: safe
// decided: O2 (at -O0 uUFO unrolls the loop to the bound; intervals prove it at once)
// ai: O0 O2
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0;
  while (i < n) i++;
  if (i < 0 || i > 1000) reach_error();
  return 0;
}
