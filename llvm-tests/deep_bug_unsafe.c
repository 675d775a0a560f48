// The bug needs exactly 12 loop iterations.
// verdict: unsafe
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 12) {
    i++;
  }
  if (k == 7 && i == 12) reach_error();
  return 0;
}
