// Bit operations on two variables: lia over-approximates them, so the first
// counterexample is spurious; its path is infeasible bit-precisely and the
// engine runs again under bv, which proves the program.
// decided: O0 O2
// verdict: safe
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = __VERIFIER_nondet_uint();
  unsigned z = x | y;
  unsigned w = x & y;
  if (z < x) reach_error();
  if (w > y) reach_error();
  if ((x ^ y) == 0 && x != y) reach_error();
  return 0;
}
