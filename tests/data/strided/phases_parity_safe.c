// A user's loop in two phases: steps of 1 up to 1000, then steps of 2 (the
// first phase ends on an even value), so the count stays even after it.
// Boxes of intervals join the phases or lose the parity; boxes of strided
// intervals keep `n <= 1000` apart from `n >= 1002, n even`.
#include <assert.h>
int main(void) {
  unsigned n = 0;
  while (n < 5000000) {
    if (n < 1000)
      n++;
    else
      n += 2;
  }
  assert(n % 2 == 0);
  return 0;
}
