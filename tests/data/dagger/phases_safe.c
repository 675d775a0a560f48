// Two phases of one loop (Gulavani and Rajamani's example, as in
// loop-lit/gr2006 with other bounds): y climbs with x to 30, then falls;
// the loop ends when y drops below zero, at x = 61. Octagons join the
// phases into nothing useful (x - y and x + y each hold in one phase only);
// refinement keeps them apart as two states of the loop head (implicit
// disjuncts), x = y while x <= 30 and x + y = 60 after.
#include <assert.h>

int main(void) {
  int x = 0, y = 0;
  while (1) {
    if (x < 30)
      y++;
    else
      y--;
    if (y < 0)
      break;
    x++;
  }
  assert(x == 60);
  return 0;
}
