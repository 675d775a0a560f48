// A state machine driven by inputs: s moves 0 -> 1 -> 2 -> 3 on the inputs
// 17, 42 and anything above 100, and in state 3 an input of 9 fails the
// assertion. At -O2 each move is a select on the input, so explicit values
// do not know s after a move, and the interpolants of the infeasible paths
// are facts about s whose Cartesian abstraction loses their disjunctions.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0;
  while (1) {
    int in = __VERIFIER_nondet_int();
    switch (s) {
    case 0:
      if (in == 17)
        s = 1;
      break;
    case 1:
      if (in == 42)
        s = 2;
      else
        s = 0;
      break;
    case 2:
      if (in > 100)
        s = 3;
      break;
    case 3:
      assert(in != 9);
      break;
    }
  }
  return 0;
}
