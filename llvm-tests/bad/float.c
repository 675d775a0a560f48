// Floating point is not supported: UNKNOWN, exit 20.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d * 2.0 == 3.0) reach_error();
  return 0;
}
