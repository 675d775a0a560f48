// A user's loop whose step depends on an input's parity: 2 for an even
// input, 1 for an odd one, up to 51; the count ends with the input's parity
// (52 or 51). At -O2 clang asks `((n ^ seed) & 1) == 0`: a bit operation on
// two values, exact only bit-precisely (`--int bv`).
#include <assert.h>
#include <stdio.h>
int main(void) {
  unsigned seed;
  if (scanf("%u", &seed) != 1) return 0;
  unsigned step = (seed % 2 == 0) ? 2 : 1;
  unsigned n = 0;
  while (n < 51) n += step;
  assert(n % 2 == seed % 2);
  return 0;
}
