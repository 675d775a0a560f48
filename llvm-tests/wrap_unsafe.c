// Unsigned wrap-around: x + 1 == 0 only for UINT_MAX. Safe under --int math.
// verdict: unsafe
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x + 1;
  if (y == 0) reach_error();
  return 0;
}
