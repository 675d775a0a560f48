// The bug of parity_select_safe.c: the loop runs up to 50, where an odd
// input's steps of 1 end on 50 too, even: the assertion fails for every
// odd input.
#include <assert.h>
#include <stdio.h>
int main(void) {
  unsigned seed;
  if (scanf("%u", &seed) != 1) return 0;
  unsigned step = (seed % 2 == 0) ? 2 : 1;
  unsigned n = 0;
  while (n < 50) n += step;
  assert(n % 2 == seed % 2);
  return 0;
}
