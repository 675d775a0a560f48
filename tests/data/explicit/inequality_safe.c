/* Safe by an inequality over an input: no explicit value refutes the path
 * to the error (explicit-pred's predicates do). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
    int y = x - 1;
    if (y < 5) reach_error();
  }
  return 0;
}
