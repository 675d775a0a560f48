// Nested loops: the inner loop reaches the error when i == 3 and j == 2.
// verdict: unsafe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      if (i == 3 && j == 2) reach_error();
    }
  }
  return 0;
}
