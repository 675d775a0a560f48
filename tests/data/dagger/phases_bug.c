// The bug version of phases_safe.c: the loop ends at x = 60, not 59.
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
  assert(x == 59);
  return 0;
}
