// UFO paper Fig. 1 foo with the guard flipped: reachable.
// verdict: unsafe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, x = 0;
  while (i < n) {
    if (i <= 2) x = 0; else x = i;
    i++;
  }
  if (x >= 3) reach_error();
  return 0;
}
