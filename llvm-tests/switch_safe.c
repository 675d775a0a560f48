// The same state machine; state 1 is never entered.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0;
  for (int step = 0; step < 6; step++) {
    int in = __VERIFIER_nondet_int();
    switch (state) {
    case 0: state = in ? 2 : 0; break;
    case 2: state = in ? 5 : 0; break;
    case 5: state = in ? 0 : 2; break;
    case 1: reach_error(); break;
    default: state = 0;
    }
  }
  return 0;
}
