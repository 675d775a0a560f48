/* The safe twin: an implicitly declared bounded counter. */
#include <assert.h>

int main(void) {
  int n = 0;
  while (n < 50) {
    n = step(n);
  }
  assert(n == 50);
  return 0;
}

int step(int v) { return v + 1; }
