#include <assert.h>

/* Ten times 0.1 is 0.9999999999999999 in double. */
int main(void) {
  double s = 0;
  for (int i = 0; i < 10; i++)
    s += 0.1;
  assert(s == 1.0);
  return 0;
}
