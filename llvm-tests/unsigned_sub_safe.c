// x - 10 wraps to a huge unsigned value; under unbounded integers it would be
// negative and "< 5", a spurious bug that replay must reject.
// verdict: safe
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x > 5) return 0;
  unsigned int y = x - 10;
  if (y < 5) reach_error();
  return 0;
}
