// Bit operations on two variables: the inputs of the lia counterexample are
// wrong (lia over-approximates x & y and x | y), the path is right: its
// bit-precise model gives inputs that reach the error.
// decided: O0 O2
// verdict: unsafe
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = __VERIFIER_nondet_uint();
  if (x < 100 && y < 100 && (x & y) == 5 && (x | y) == 95) reach_error();
  return 0;
}
