// A bug 40 iterations deep behind a second phase (the paper's p1-bad
// kind: the counterexample's length grows the refinements): y counts the
// iterations after the 20th, and reaches 20.
#include <assert.h>
int main(void) {
  int x = 0, y = 0;
  while (x < 40) {
    x++;
    if (x > 20)
      y++;
  }
  assert(y != 20);
  return 0;
}
