/* A protocol's state machine driven by inputs, in the style of SV-COMP's
 * ssh-simplified tasks: the handshake ends (state 3) only through state 2,
 * which records that it was seen; `rounds` only grows. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0, seen = 0, rounds = 0;
  while (state != 3) {
    int input = __VERIFIER_nondet_int();
    if (state == 0) {
      if (input == 1) state = 1;
    } else if (state == 1) {
      state = input == 2 ? 2 : 0;
    } else if (state == 2) {
      seen = 1;
      state = 3;
    }
    rounds++;
  }
  if (!seen) reach_error();
  return 0;
}
