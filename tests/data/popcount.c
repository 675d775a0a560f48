// Counts the set bits of a random 31-bit value (issue 43): the loop ends within 32 rounds, bit-precisely.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
  uint32_t x = rand();
  int count = 0;
  while (x) { x &= x - 1; count++; }
  assert(count <= 32);
  return 0;
}
