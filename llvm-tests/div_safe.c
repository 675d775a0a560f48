// C division truncates toward zero; remainders keep the dividend's sign.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > -1000 && x < 1000) {
    int q = x / 4;
    int r = x % 4;
    if (q * 4 + r != x) reach_error();
    if (x < 0 && r > 0) reach_error();
    unsigned u = (unsigned)x;
    if (x >= 0 && u / 2 != (unsigned)(x >> 1)) reach_error();
  }
  return 0;
}
